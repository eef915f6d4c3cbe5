/**
 * The page fields search reads (title, keywords, summary, headings, breadcrumbs), cut into words: which pages hold
 * each word and in which field, and how well a page's word answers a query word (exact, stem, synonym, prefix,
 * typo). Pure functions, built once from the page records.
 */
import { editDistance, type PageRecord } from './name-match.ts';
import { STOP_WORDS, isVersion, stem, synonymsOf, words, type QueryTerm } from './search-text.ts';
import { asksAboutRelease, pageKindOf, type PageKind } from './page-kind.ts';

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
/**
 * Up to this many headings, each heading of a page counts in full; beyond, a heading's words count as
 * `sqrt(HEADINGS_FULL / headings)` (a page of 110 settings: about a third).
 */
export const HEADINGS_FULL = 12;
export const headingWeightOf = (count: number) => (count <= HEADINGS_FULL ? 1 : Math.sqrt(HEADINGS_FULL / count));

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
  /**
   * What a word in one of the page's headings is worth, as a share of `FIELD_WEIGHT.headings`: less on a reference
   * page with hundreds of headings (every setting's name), where a heading holding a query word says little.
   */
  headingWeight: number;
  /** Each heading's meaningful stems: a heading holding several query words names the section that answers it. */
  headingStems: string[][];
  /** The title, each keyword and the summary as sequences of meaningful stems, for words that follow each other. */
  phrases: { stems: string[]; weight: number }[];
}

/** The stems of a text's words that carry meaning, in order. */
export const meaningfulStems = (text: string) =>
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
  /** A function's whole name, one word, → the pages documenting it (`name-word.ts`; empty without name records). */
  functionPages: Map<string, number[]>;
  /** An error's name (lower case) or number → the page explaining it (`error-code.ts`; empty without records). */
  errorPages: Map<string, number[]>;
  /** A function's name, as names compare, → the pages documenting it (`called-function.ts`). */
  functionNamePages: Map<string, number[]>;
  /** Every documented name, as names compare, → the pages documenting it (`compound-match.ts`). */
  namePages: Map<string, number[]>;
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
      headingWeight: headingWeightOf(headings.length),
      headingStems: headings.map(meaningfulStems),
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
    functionPages: new Map(),
    errorPages: new Map(),
    functionNamePages: new Map(),
    namePages: new Map(),
  };
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
  return index.docs.length ? fieldDocs(index, term).size / index.docs.length : 0;
}
/** Each index's `fieldDocs` by query word: a search asks for them twice, and the next key again. */
const fieldDocsCache = new WeakMap<FieldIndex, Map<string, Set<number>>>();
/** The pages whose fields hold a word, in some form. */
function fieldDocs(index: FieldIndex, term: QueryTerm): Set<number> {
  let cache = fieldDocsCache.get(index);
  if (!cache) fieldDocsCache.set(index, (cache = new Map()));
  const key = `${term.text}\0${term.stem}`;
  const known = cache.get(key);
  if (known) return known;
  const docs = new Set<number>();
  for (const [w, m] of termMatches(index, term))
    if (m >= MATCH.stem) for (const code of index.postings.get(w) ?? []) docs.add(Math.floor(code / FIELDS.length));
  if (cache.size > 500) cache.clear();
  cache.set(key, docs);
  return docs;
}
/**
 * A word that more than half of the pages whose fields hold it are release notes ("series": "What's new in the
 * v1.2 series"): beside a version, it asks about that release as "new" or "changes" do.
 */
export function namesReleases(index: FieldIndex, term: QueryTerm): boolean {
  const docs = fieldDocs(index, term);
  let notes = 0;
  for (const d of docs) if (index.docs[d]?.kind === 'release') notes++;
  return notes > 1 && notes > docs.size / 2;
}
export const COMMON_SHARE = 0.25;

/**
 * The query words whose body lookup can be skipped, and which weigh as little as a word on most pages: common ones,
 * when the query has a rarer word. A version is one too when the query asks about something else and not about a
 * release ("install databend 1.2 with docker", "settings of 1.2.453"): it says which Databend the reader runs, and
 * every page documents one, so it must not make the release note of that series outweigh the page about the rest.
 */
export function commonTerms(index: FieldIndex, terms: QueryTerm[]): boolean[] {
  const common = terms.map((t) => fieldShare(index, t) >= COMMON_SHARE);
  if (common.every(Boolean)) return terms.map(() => false);
  const topic = terms.some((t, i) => !common[i] && !isVersion(t.text));
  const asksRelease = terms.some((t) => asksAboutRelease(t.stem) || (!isVersion(t.text) && namesReleases(index, t)));
  const current = currentSeries(index);
  return common.map((c, i) => c || (topic && !asksRelease && terms[i]?.text === current));
}

const seriesOf = new WeakMap<FieldIndex, { series: string | undefined }>();
/** The series of the newest release note (`v1.2`): the Databend every page documents. */
function currentSeries(index: FieldIndex): string | undefined {
  let known = seriesOf.get(index);
  if (!known) seriesOf.set(index, (known = { series: newestSeries(index) }));
  return known.series;
}
function newestSeries(index: FieldIndex): string | undefined {
  let newest: [number, number] | undefined;
  for (const doc of index.docs) {
    const m = doc.kind === 'release' ? /\/v(\d+)\.(\d+)/.exec(doc.url) : null;
    if (!m) continue;
    const v: [number, number] = [Number(m[1]), Number(m[2])];
    if (!newest || v[0] > newest[0] || (v[0] === newest[0] && v[1] > newest[1])) newest = v;
  }
  return newest && `v${newest[0]}.${newest[1]}`;
}

/** Whether some page's title is the word alone (a tool's page: "Jaeger"), from the word's match per page and field. */
export function isSomeTitle(index: FieldIndex, quality: Float64Array): boolean {
  const F = FIELDS.length;
  return index.docs.some((doc, d) => doc.titleStems.length === 1 && (quality[d * F] ?? 0) >= MATCH.stem);
}
