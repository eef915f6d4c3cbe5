/**
 * Ranking of pages for a query, in the browser. A page is scored on its fields (title, keywords, summary,
 * breadcrumbs, from the page records) and on its body (Pagefind's score of each query word on its own, which weighs
 * headings above text). Every query word adds what it matches, weighted by how rare it is; a word a page lacks costs
 * it, but never excludes it. Then the best sections of a page are picked for deep links, from where Pagefind found
 * the words. Pure functions: the unit tests run them without a browser.
 */
import { editDistance, type PageRecord } from './name-match.ts';
import { STOP_WORDS, stem, synonymsOf, words, type QueryTerm } from './search-text.ts';

/** The fields of a page record that search reads, strongest first. */
export const FIELDS = ['title', 'keywords', 'summary', 'headings', 'crumbs'] as const;
export type Field = (typeof FIELDS)[number];

/**
 * What a query word is worth in each place. The title and the keywords an author chose say what the page is about;
 * the summary says what it answers; the headings name the page's topics; the body (Pagefind, headings weighing
 * more than text) counts less, so a long
 * tutorial that mentions the words in passing does not outrank the reference page whose summary answers them.
 */
export const FIELD_WEIGHT: Record<Field, number> = { title: 6, keywords: 5, summary: 3.5, headings: 3, crumbs: 1.5 };
export const BODY_WEIGHT = 2.5;
/** A page whose fields answer nothing of the query keeps this share of its score (the body alone found it). */
export const FIELD_SHARE_BASE = 0.4;
export const COVERAGE_POWER = 2;
/**
 * A word on at most this many pages (field or body) is a name of its own: an error name, a code, a rare term.
 * Found in a page's body, it says what the page is about as much as its summary would.
 */
export const RARE_PAGES = 3;

/** How well a word of a page answers a word of the query: the word itself down to one typo away. */
export const MATCH = { exact: 1, stem: 0.9, synonym: 0.7, prefix: 0.5, typo: 0.3 } as const;
/**
 * A typo of a word when the query word itself is on no page (`clsuter`, `travle`): read as the word it misspells,
 * nearly as well as the word itself. A word that pages do hold keeps its typos at `MATCH.typo`.
 */
export const CORRECTED = 0.85;

/** A page as the ranking sees it: its record, and its fields cut into words. */
export interface PageDoc {
  /** Pagefind's result id for the page (the key of its record). */
  id: string;
  url: string;
  title: string;
  crumbs: string;
  summary: string;
  section: string;
  keywords: string[];
  /** A generated section index: a list of links to the pages that hold the content. */
  listing: boolean;
  kind: PageKind;
  /** Stems of the title's words that carry meaning. */
  titleStems: string[];
  /** Stems of each keyword's words that carry meaning. */
  keywordStems: string[][];
  /** Each keyword as a reader would type it: lower case, single spaces. */
  keywordTexts: string[];
  /** The title, each keyword and the summary as sequences of meaningful stems, for words that follow each other. */
  phrases: { stems: string[]; weight: number }[];
}

/** The stems of a text's words that carry meaning, in order. */
const meaningfulStems = (text: string) =>
  words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stem);
/** A text as typed, compared without case, punctuation or extra spaces. */
export const plainText = (text: string) => words(text).join(' ');

/** The fields of every page, word by word: which pages (and which field) hold each word. */
export interface FieldIndex {
  docs: PageDoc[];
  byId: Map<string, number>;
  /** word → `doc * FIELDS.length + field` for each page field holding it. */
  postings: Map<string, number[]>;
  /** stem → the words with that stem. */
  byStem: Map<string, string[]>;
  vocabulary: string[];
  /** Query word → its matches, so typing the next word does not recompute the previous ones. */
  matchCache: Map<string, Map<string, number>>;
}

export function buildFieldIndex(pages: Record<string, PageRecord>): FieldIndex {
  const docs: PageDoc[] = [];
  const postings = new Map<string, number[]>();
  const byStem = new Map<string, string[]>();
  for (const id of Object.keys(pages).sort()) {
    const [url, title = '', crumbs = '', summary = '', section = '', headings = [], keywords = [], listing] =
      pages[id] ?? [];
    if (!url) continue;
    const doc = docs.length;
    const keywordStems = keywords.map(meaningfulStems);
    const titleStems = meaningfulStems(title);
    docs.push({
      id,
      url,
      title,
      crumbs,
      summary,
      section,
      keywords,
      listing: listing === 1,
      kind: pageKindOf(url, listing === 1),
      titleStems: [...new Set(titleStems)],
      keywordStems,
      keywordTexts: keywords.map(plainText),
      phrases: [
        { stems: titleStems, weight: 1 },
        ...keywordStems.map((stems) => ({ stems, weight: 1 })),
        { stems: meaningfulStems(summary), weight: 0.6 },
        ...headings.map((h) => ({ stems: meaningfulStems(h), weight: 0.8 })),
      ],
    });
    const texts: Record<Field, string> = {
      title,
      keywords: keywords.join(' ; '),
      summary,
      headings: headings.join(' ; '),
      crumbs,
    };
    FIELDS.forEach((field, f) => {
      for (const w of new Set(words(texts[field]))) {
        let list = postings.get(w);
        if (!list) {
          list = [];
          postings.set(w, list);
          const s = stem(w);
          const same = byStem.get(s);
          if (same) same.push(w);
          else byStem.set(s, [w]);
        }
        list.push(doc * FIELDS.length + f);
      }
    });
  }
  return {
    docs,
    byId: new Map(docs.map((d, i) => [d.id, i])),
    postings,
    byStem,
    vocabulary: [...postings.keys()],
    matchCache: new Map(),
  };
}

/**
 * What kind of page a route is, for the priors below: a design proposal (RFC), a contributor guide, a release
 * note, a folder's own page (the overview of a topic: SHARE, Understanding Cluster Key), or any other.
 */
export type PageKind = 'rfc' | 'contributing' | 'release' | 'overview' | 'page';
export function pageKindOf(url: string, listing: boolean): PageKind {
  if (/\/contributing\/rfcs\/./.test(url)) return 'rfc';
  if (/\/contributing\//.test(url)) return 'contributing';
  if (/\/releases\/v\d/.test(url)) return 'release';
  if (url.endsWith('/') && !listing && url !== '/doc/') return 'overview';
  return 'page';
}

/**
 * Priors by kind of page, unless the query asks for that kind: a reader's question is answered by the page that
 * documents it, not by the proposal that designed it, the guide for people who change Databend, or the release
 * note that announced it; a topic's overview comes before the commands it lists when the query names the topic
 * (every word of the overview's title) and no command.
 */
const ASKS: Record<Exclude<PageKind, 'page' | 'overview'>, RegExp> = {
  rfc: /^(?:rfc|proposal|design)$/,
  contributing:
    /^(?:contribut|contributor|pr|pull|benchmark|profil|hyperfin|sourc|maintainer|develop|roadmap|rfc|test|debug)$/,
  release: /^(?:releas|new|chang|changelog|version|v\d+\.\d+)$/,
};
export const KIND_PRIOR: Record<PageKind, number> = {
  rfc: 0.7,
  contributing: 0.8,
  release: 0.8,
  overview: 1.15,
  page: 1,
};
const COMMAND_VERB =
  /^(?:creat|drop|alter|show|grant|revok|insert|delet|updat|select|copy|set|unset|desc|describ|truncat|undrop|renam|optimiz|vacuum|merg|replac|call|explain|kill|use|list|remov|attach)$/;

/** The prior of a page for a query (its stems); `named`: the query names every word of the page's title. */
export function kindPrior(kind: PageKind, stems: readonly string[], named: boolean): number {
  if (kind === 'page') return 1;
  if (kind === 'overview') return named && !stems.some((s) => COMMAND_VERB.test(s)) ? KIND_PRIOR.overview : 1;
  return stems.some((s) => ASKS[kind].test(s)) ? 1 : KIND_PRIOR[kind];
}

/** Typos forgiven in a word of this length: none below five letters (`cast` is not `last`). */
const typoBudget = (length: number) => (length >= 8 ? 2 : length >= 5 ? 1 : 0);

/** The words of the page fields that answer a query word, each with how well (`MATCH`). */
export function termMatches(index: FieldIndex, term: QueryTerm): Map<string, number> {
  const cached = index.matchCache.get(term.text);
  if (cached) return cached;
  const out = new Map<string, number>();
  const offer = (w: string, q: number) => {
    if ((out.get(w) ?? 0) < q) out.set(w, q);
  };
  for (const w of index.byStem.get(term.stem) ?? []) offer(w, w === term.text ? MATCH.exact : MATCH.stem);
  for (const s of synonymsOf(term.stem)) for (const w of index.byStem.get(s) ?? []) offer(w, MATCH.synonym);
  const budget = typoBudget(term.text.length);
  for (const w of index.vocabulary) {
    if (out.has(w)) continue;
    // A word being typed (`kafk`) or a longer form of it (`json` in `jsonb`).
    if (term.text.length >= 3 && w.startsWith(term.text))
      offer(w, MATCH.prefix * (0.6 + (0.4 * term.text.length) / w.length));
    else if (budget && Math.abs(w.length - term.text.length) <= budget && editDistance(term.text, w, budget) <= budget)
      offer(w, MATCH.typo);
  }
  if (index.matchCache.size > 500) index.matchCache.clear();
  index.matchCache.set(term.text, out);
  return out;
}

/**
 * The share of pages whose title, keywords, summary, headings or breadcrumbs hold a word (in some form). A word
 * on a quarter of the pages or more (`table`, `function`, `sql`) is common: looking it up in the body is slow
 * (hundreds of pages) and tells little, so a query that has rarer words skips that lookup.
 */
export function fieldShare(index: FieldIndex, term: QueryTerm): number {
  const docs = new Set<number>();
  for (const [w, m] of termMatches(index, term))
    if (m >= MATCH.stem) for (const code of index.postings.get(w) ?? []) docs.add(Math.floor(code / FIELDS.length));
  return index.docs.length ? docs.size / index.docs.length : 0;
}
export const COMMON_SHARE = 0.25;

/** The query words whose body lookup can be skipped: common ones, when the query has a rarer word. */
export function commonTerms(index: FieldIndex, terms: QueryTerm[]): boolean[] {
  const common = terms.map((t) => fieldShare(index, t) >= COMMON_SHARE);
  return common.every(Boolean) ? terms.map(() => false) : common;
}

/** Pagefind's answer for one query word: each page holding it, its score and where in the page the word is. */
export interface BodyHit {
  id: string;
  score: number;
  locations: number[];
}

export interface RankedPage {
  doc: PageDoc;
  score: number;
  /** Every query word is in the title (or a form of it): the page is named after the query. */
  titleHolds: boolean;
  /** Every query word is, as typed or in another form, in the title, keywords or summary. */
  wordsInFields: boolean;
  /** One of the page's keywords is the query, as typed: its author says this is the page for it. */
  keywordIsQuery: boolean;
  /** Each query word's weight (rarer words weigh more), for picking sections. */
  weights: number[];
  /** Per query word: its best field score and its body score (for tuning). */
  parts: [number, number][];
}

/** Query words that follow each other in the query and in a title, keyword or summary ("rows to columns"). */
function phraseBonus(doc: PageDoc, terms: QueryTerm[], weights: number[]): number {
  let bonus = 0;
  const same = (s: string, term: QueryTerm) => s === term.stem || synonymsOf(term.stem).includes(s);
  for (let t = 0; t + 1 < terms.length; t++) {
    const a = terms[t];
    const b = terms[t + 1];
    if (!a || !b) continue;
    let best = 0;
    for (const phrase of doc.phrases) {
      for (let i = 0; i + 1 < phrase.stems.length; i++) {
        if (same(phrase.stems[i] ?? '', a) && same(phrase.stems[i + 1] ?? '', b)) {
          best = Math.max(best, phrase.weight);
          break;
        }
      }
    }
    bonus += best * ((weights[t] ?? 0) + (weights[t + 1] ?? 0));
  }
  return bonus;
}

/**
 * Scores every page for the query words. A word counts once per page, where it weighs most (title, keywords,
 * summary, breadcrumbs) plus its body score; rarer words count more (inverse document frequency); query words
 * that follow each other in a title, keyword or summary add a little. The sum is scaled by the square of the share
 * of the query's weight the page answers, so each missing word costs. A page whose title, or one of its keywords,
 * says nothing but what was asked ("KILL QUERY" for "cancel a running query") gains; a keyword that is the query
 * itself gains more; a generated section index (a list of links) loses to the pages it lists.
 */
export function rankPages(
  index: FieldIndex,
  terms: QueryTerm[],
  bodies: BodyHit[][],
  section?: string,
  query = '',
  common: boolean[] = [],
): RankedPage[] {
  const n = index.docs.length;
  const F = FIELDS.length;
  if (!terms.length || !n) return [];
  const quality: Float64Array[] = [];
  const body: Map<number, number>[] = [];
  const rare: boolean[] = [];
  const weights: number[] = [];
  terms.forEach((term, t) => {
    const q = new Float64Array(n * F);
    const matches = termMatches(index, term);
    // A word no page field holds, found in the body of a few pages at most (a typo there too), but one typo away
    // from words of the fields: a misspelling, read as the word it misspells.
    const unknown =
      (bodies[t] ?? []).length <= RARE_PAGES &&
      ![...matches.values()].some((m) => m >= MATCH.prefix) &&
      [...matches.values()].includes(MATCH.typo);
    for (const [w, found] of matches) {
      const m = unknown && found === MATCH.typo ? CORRECTED : found;
      for (const code of index.postings.get(w) ?? []) if (m > (q[code] ?? 0)) q[code] = m;
    }
    const b = new Map<number, number>();
    let max = 0;
    for (const hit of bodies[t] ?? []) {
      const doc = index.byId.get(hit.id);
      if (doc === undefined) continue;
      b.set(doc, hit.score);
      max = Math.max(max, hit.score);
    }
    let df = b.size;
    for (let d = 0; d < n; d++) {
      if (b.has(d)) continue;
      for (let f = 0; f < F; f++)
        if ((q[d * F + f] ?? 0) >= (unknown ? CORRECTED : MATCH.stem)) {
          df++;
          break;
        }
    }
    for (const [d, s] of b) b.set(d, max > 0 ? Math.sqrt(s / max) : 0);
    quality.push(q);
    body.push(b);
    rare.push(df > 0 && df <= RARE_PAGES && !common[t] && !unknown);
    // A common word not looked up in the body is on most pages there: it weighs little.
    weights.push(Math.log(1 + n / (1 + (common[t] ? Math.max(df, 0.6 * n) : df))));
  });
  const total = weights.reduce((a, w) => a + w, 0);
  // Which query words (by weight) a set of stems answers, directly or through a synonym.
  const shareOf = (stems: readonly string[]) => {
    let share = 0;
    terms.forEach((term, t) => {
      if (stems.includes(term.stem) || synonymsOf(term.stem).some((s) => stems.includes(s))) share += weights[t] ?? 0;
    });
    return total > 0 ? share / total : 0;
  };
  const asked = new Set(terms.flatMap((t) => [t.stem, ...synonymsOf(t.stem)]));
  const typed = plainText(query);
  const stems = terms.map((t) => t.stem);
  const out: RankedPage[] = [];
  for (let d = 0; d < n; d++) {
    const doc = index.docs[d];
    if (!doc || (section && doc.section !== section)) continue;
    let sum = 0;
    let matched = 0;
    let inFields = 0;
    let titleHolds = true;
    let wordsInFields = true;
    const parts: [number, number][] = [];
    terms.forEach((_term, t) => {
      const q = quality[t];
      let best = 0;
      for (let f = 0; f < F; f++) best = Math.max(best, FIELD_WEIGHT[FIELDS[f] ?? 'crumbs'] * (q?.[d * F + f] ?? 0));
      const inTitle = q?.[d * F] ?? 0;
      if (inTitle < MATCH.stem) titleHolds = false;
      if (Math.max(inTitle, q?.[d * F + 1] ?? 0, q?.[d * F + 2] ?? 0) < MATCH.stem) wordsInFields = false;
      const b = body[t]?.get(d) ?? 0;
      if (best > 0 || b > 0 || common[t]) matched += weights[t] ?? 0;
      let inAnyField =
        Math.max(inTitle, q?.[d * F + 1] ?? 0, q?.[d * F + 2] ?? 0, q?.[d * F + 3] ?? 0) >= MATCH.synonym;
      // A rare word in the body (an error name, a code) counts as if the summary said it.
      if (rare[t] && b > 0) {
        best = Math.max(best, FIELD_WEIGHT.summary * b);
        inAnyField = true;
      }
      if (inAnyField) inFields += weights[t] ?? 0;
      sum += (weights[t] ?? 0) * (best + BODY_WEIGHT * b);
      parts.push([best, b]);
    });
    if (sum <= 0) continue;
    sum += phraseBonus(doc, terms, weights);
    const coverage = total > 0 ? matched / total : 0;
    // What the title, keywords, summary and headings answer counts again: the page is about it, not just using it.
    const about = total > 0 ? inFields / total : 0;
    let score = sum * coverage ** COVERAGE_POWER * (FIELD_SHARE_BASE + (1 - FIELD_SHARE_BASE) * about * about);
    // The title, or a keyword, names only what was asked, and most of it: a page about exactly this.
    const names = (field: string[]) => field.length > 0 && field.every((s) => asked.has(s)) && shareOf(field) >= 0.5;
    if (names(doc.titleStems)) score *= 1.25;
    if (doc.keywordStems.some(names)) score *= 1.2;
    const keywordIsQuery = typed !== '' && doc.keywordTexts.includes(typed);
    if (keywordIsQuery) score *= 1.6;
    if (doc.listing) score *= 0.6;
    score *= kindPrior(doc.kind, stems, doc.titleStems.length > 0 && doc.titleStems.every((s) => asked.has(s)));
    out.push({ doc, score, titleHolds, wordsInFields, keywordIsQuery, weights, parts });
  }
  return out.sort((a, b) => b.score - a.score || a.doc.url.localeCompare(b.doc.url));
}

/** A run of excerpt text; `marked` runs are the matched words. */
export interface Run {
  text: string;
  marked: boolean;
}

/** A Pagefind fragment, as far as sections and excerpts need it. */
export interface Fragment {
  url: string;
  content: string;
  raw_content?: string;
  anchors?: { element: string; id: string; text?: string; location: number }[];
}

export interface Section {
  /** The heading's anchor (`overwrite`), or empty for the top of the page. */
  anchor: string;
  title: string;
  score: number;
  /** A query word (or a synonym) is in the heading. */
  named: boolean;
  /** The share of the query's weight found in the section. */
  coverage: number;
  /** How many query words the section holds. */
  words: number;
  excerpt: Run[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
const decode = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e);

/** The densest window of `length` words between `from` and `to`, as runs with the matched words marked. */
export function excerptIn(
  contentWords: string[],
  weightAt: Map<number, number>,
  from: number,
  to: number,
  length: number,
): Run[] {
  const end = Math.min(to, contentWords.length);
  let start = from;
  let best = -1;
  let sum = 0;
  for (let i = from; i < end; i++) {
    sum += weightAt.get(i) ?? 0;
    if (i - length >= from) sum -= weightAt.get(i - length) ?? 0;
    const s = Math.max(from, i - length + 1);
    if (sum > best) {
      best = sum;
      start = s;
    }
  }
  // Centre the matches a little: a few words of context before the first one.
  const firstHit = [...weightAt.keys()].filter((l) => l >= start && l < start + length).sort((a, b) => a - b)[0];
  if (firstHit !== undefined) start = Math.max(from, Math.min(start, firstHit - 3));
  if (start + length > end) start = Math.max(from, end - length);
  const runs: Run[] = [];
  const push = (text: string, marked: boolean) => {
    const last = runs[runs.length - 1];
    if (last && last.marked === marked) last.text += text;
    else runs.push({ text, marked });
  };
  for (let i = start; i < Math.min(end, start + length); i++) {
    if (i > start) push(' ', false);
    push(decode((contentWords[i] ?? '').replace(/<[^>]*>/g, '')), weightAt.has(i));
  }
  return runs.filter((r) => r.text);
}

/** True when a heading's words answer this query word (the word, a form of it, or a synonym). */
function headingHas(headingStems: Set<string>, term: QueryTerm): boolean {
  if (headingStems.has(term.stem)) return true;
  return synonymsOf(term.stem).some((s) => headingStems.has(s));
}

/**
 * The page's sections scored for the query: a query word in the heading weighs most, then how often the words
 * occur in the section (up to two times each). The top of the page (before the first heading) is scored the same
 * way, with the page title as its heading. `locations[t]` are the word positions Pagefind found for query word t.
 */
export function scoreSections(
  fragment: Fragment,
  pageTitle: string,
  terms: QueryTerm[],
  weights: number[],
  locations: number[][],
  excerptLength = 24,
): Section[] {
  const contentWords = (fragment.raw_content ?? fragment.content).split(/[\r\n\s]+/g);
  const anchors = (fragment.anchors ?? [])
    .filter((a) => /^h\d$/i.test(a.element) && a.text && /\S/.test(a.text) && a.id)
    .sort((a, b) => a.location - b.location);
  const bounds = [
    { anchor: '', title: pageTitle, location: 0 },
    ...anchors.map((a) => ({ anchor: a.id, title: a.text ?? '', location: a.location })),
  ];
  const weightAt = new Map<number, number>();
  locations.forEach((locs, t) => {
    for (const l of locs) weightAt.set(l, (weightAt.get(l) ?? 0) + (weights[t] ?? 1));
  });
  return bounds.map((b, i) => {
    const to = bounds[i + 1]?.location ?? contentWords.length;
    const stems = new Set(words(b.title).map(stem));
    let score = 0;
    let named = false;
    let found = 0;
    let total = 0;
    let held = 0;
    terms.forEach((term, t) => {
      const w = weights[t] ?? 1;
      total += w;
      if (headingHas(stems, term)) {
        score += 3 * w;
        named = true;
      }
      const count = (locations[t] ?? []).filter((l) => l >= b.location && l < to).length;
      score += w * Math.min(1, count / 2);
      if (count) {
        found += w;
        held++;
      }
    });
    return {
      anchor: b.anchor,
      title: b.title,
      score,
      named,
      coverage: total ? found / total : 0,
      words: held,
      excerpt: excerptIn(contentWords, weightAt, b.location, to, excerptLength),
    };
  });
}

/**
 * The sections to offer under a result, best first: headings that name a query word, each at least half as good
 * as the best one (the top of the page is the result itself). A heading that names nothing asked (Syntax,
 * Examples) is offered only when its text holds every word of a query of several words and the top of the page
 * does not; "See also" (links to other pages, which rank on their own) never is. `jump` is set when the best
 * section clearly beats the top of the page: the result then opens there.
 */
export function pickSections(sections: Section[], max = 2): { sub: Section[]; jump?: Section } {
  const [top, ...rest] = sections;
  const whole = (s: Section) =>
    s.coverage > 0.999 && s.words > 1 && (top?.coverage ?? 0) < 0.999 && !/^see also$/i.test(s.title.trim());
  const ranked = rest.filter((s) => s.named || whole(s)).sort((a, b) => b.score - a.score);
  const best = ranked[0];
  const sub = ranked.filter((s) => best && s.score >= best.score / 2).slice(0, max);
  const jump = best?.named && top && best.score >= 1.5 * top.score ? best : undefined;
  return { sub, jump };
}
