/**
 * Ranking of pages for a query, in the browser. A page is scored on its fields (title, keywords, summary,
 * breadcrumbs, from the page records) and on its body (Pagefind's score of each query word on its own, which weighs
 * headings above text). Every query word adds what it matches, weighted by how rare it is; a word a page lacks costs
 * it, but never excludes it. Then the best sections of a page are picked for deep links, from where Pagefind found
 * the words. Pure functions: the unit tests run them without a browser.
 *
 * The signals beyond that score each live in a module of their own, with their factors and reasons: the kind of
 * page (page-kind.ts), what the query asks (query-intent.ts), words together in a body (body-proximity.ts), a name
 * typed whole (compound-match.ts), "X to Y" (conversion-direction.ts), keywords that say the query
 * (keyword-cover.ts), the reader's own phrasing (phrasing-weight.ts), a heading that answers it (section-match.ts),
 * the error a pasted message names (error-code.ts), the function it calls (called-function.ts).
 * Fields and their weights are search-fields.ts; rare words, versions and generated indexes are handled here.
 */
import {
  plainText,
  termMatches,
  FIELDS,
  FIELD_WEIGHT,
  MATCH,
  CORRECTED,
  isSomeTitle,
  type FieldIndex,
  type PageDoc,
} from './search-fields.ts';
import { asksOverview, isReleaseIntent, kindPrior, topicStems } from './page-kind.ts';
import { isVersion, stem, synonymsOf, type QueryTerm } from './search-text.ts';
import { messageParticulars } from './body-proximity.ts';
import { RARE_PAGES, messageRuns } from './message-runs.ts';
import { phraseBonus } from './phrase-pairs.ts';
import { capPhrasingWeights } from './phrasing-weight.ts';
import { readNamesAsWords } from './name-word.ts';
import { addCompoundRuns, compoundHolders, documentedCompounds, typedCompounds } from './compound-match.ts';
import { conversionSource, directionFactor } from './conversion-direction.ts';
import { keywordCover } from './keyword-cover.ts';
import { liftCalled } from './called-function.ts';
import { SECTION_GAIN, sectionShare } from './section-match.ts';
import {
  askedStatements,
  asksConcept,
  asksWhen,
  intentPrior,
  questionFrame,
  statementPrior,
  yieldToStatement,
} from './query-intent.ts';

export const BODY_WEIGHT = 2.5;
/** A page whose fields answer nothing of the query keeps this share of its score (the body alone found it). */
export const FIELD_SHARE_BASE = 0.4;
export const COVERAGE_POWER = 2;
/**
 * A page whose body holds a run of the query's words in order (`body-proximity.ts`) gains up to this share for
 * each share of the query's weight the run holds: a pasted message, or a phrase, names its page.
 */
export const PHRASE_GAIN = 0.5;
/**
 * Fields a version (`v1.2`) is matched in: the title and keywords. Summaries and headings of reference pages print
 * the engine's version; a release note names its series in its title.
 */
const VERSION_FIELDS = 2;

const NONE: ReadonlySet<number> = new Set();

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
  /** Per query word: the title, keywords, summary or headings answer it (or a rare word of the body does). */
  answers: boolean[];
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
  const where: Map<number, readonly number[]>[] = [];
  const rare: boolean[] = [];
  const weights: number[] = [];
  // The stems each query word is read as: its own, its synonyms', and for a misspelling the words it misspells.
  const readAs: string[][] = terms.map((term) => [term.stem, ...synonymsOf(term.stem)]);
  // The pages some field or the body answers a word for: the only ones that can score.
  const touched = new Uint8Array(n);
  terms.forEach((term, t) => {
    const q = new Float64Array(n * F);
    const matches = termMatches(index, term);
    // A word no page field holds, found in the body of a few pages at most (a typo there too), but one typo away
    // from words of the fields: a misspelling, read as the word it misspells.
    const unknown =
      (bodies[t] ?? []).length <= RARE_PAGES &&
      ![...matches.values()].some((m) => m >= MATCH.prefix) &&
      [...matches.values()].includes(MATCH.typo);
    const fieldsOf = isVersion(term.text) ? VERSION_FIELDS : F;
    for (const [w, found] of matches) {
      const m = unknown && found === MATCH.typo ? CORRECTED : found;
      if (m === CORRECTED) readAs[t]?.push(stem(w));
      for (const code of index.postings.get(w) ?? [])
        if (code % F < fieldsOf && m > (q[code] ?? 0)) {
          q[code] = m;
          touched[Math.floor(code / F)] = 1;
        }
    }
    // "overview of data types": a word asking for a topic's overview is answered by every overview's title.
    if (asksOverview(term.text))
      index.docs.forEach((doc, d) => {
        if (doc.kind === 'overview') q[d * F] = Math.max(q[d * F] ?? 0, MATCH.stem);
      });
    const b = new Map<number, number>();
    const at = new Map<number, readonly number[]>();
    let max = 0;
    for (const hit of bodies[t] ?? []) {
      const doc = index.byId.get(hit.id);
      if (doc === undefined) continue;
      b.set(doc, hit.score);
      touched[doc] = 1;
      at.set(doc, hit.locations);
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
    where.push(at);
    // A rare word that a page's title is (a tool: "Jaeger") names that page; elsewhere it is a mention.
    rare.push(df > 0 && df <= RARE_PAGES && !common[t] && !unknown && !isSomeTitle(index, q));
    // A common word not looked up in the body is on most pages there: it weighs little.
    weights.push(Math.log(1 + n / (1 + (common[t] ? Math.max(df, 0.6 * n) : df))));
  });
  // The words that frame the question ("how does X work") weigh nothing: they name no page.
  // Whether any page's fields hold the word (a word of the subject, not of the reader's phrasing).
  const fieldHeld = quality.map((q) => q.some((m) => m >= MATCH.stem));
  questionFrame(query, terms, fieldHeld).forEach((frame, t) => {
    if (frame) weights[t] = 0;
  });
  readNamesAsWords(query, terms, index.functionPages, quality, weights);
  capPhrasingWeights(weights, quality, F, rare, terms);
  const total = weights.reduce((a, w) => a + w, 0);
  // Which query words (by weight) a set of stems answers, directly or through a synonym.
  const shareOf = (stems: readonly string[]) => {
    let share = 0;
    terms.forEach((term, t) => {
      if ((readAs[t] ?? [term.stem]).some((s) => stems.includes(s))) share += weights[t] ?? 0;
    });
    return total > 0 ? share / total : 0;
  };
  const asked = new Set(readAs.flat());
  const typed = plainText(query);
  const stems = terms.map((t) => t.stem);
  // Query words some page's body prints (looked up and found): the ones a pasted message's run may not follow.
  const heard = terms.map((_term, t) => !common[t] && (bodies[t] ?? []).length > 0);
  // A pasted message's words in a page's body, in order: the page quoting it, or explaining the error it names.
  const { runs, errorDocs, called } = messageRuns(query, terms, heard, where, weights, index);
  const quoting: RankedPage[] = [];
  const callee: RankedPage[] = [];
  // A name typed whole (`add_weeks`) that few pages' text holds counts as a run of its words there.
  addCompoundRuns(runs, compoundHolders(typedCompounds(query, terms), where));
  // And on the page documenting it, however many pages mention it, as if its title said it.
  for (const [d, parts] of documentedCompounds(query, terms, index.namePages))
    for (const t of parts) {
      const q = quality[t];
      if (q) q[d * F] = MATCH.exact;
      touched[d] = 1;
    }
  const concept = asksConcept(query);
  const statements = askedStatements(query);
  const when = asksWhen(query);
  const source = conversionSource(query);
  const out: RankedPage[] = [];
  const releaseIntent = terms.map((term) => isReleaseIntent(term.stem));
  // What a word is worth in each field (headings scaled per page).
  const fieldWorth = FIELDS.map((field) => FIELD_WEIGHT[field]);
  const headingsAt = FIELDS.indexOf('headings');
  for (let d = 0; d < n; d++) {
    const doc = index.docs[d];
    // A page nothing answers scores nothing.
    if (!touched[d] || !doc || (section && doc.section !== section)) continue;
    let sum = 0;
    let matched = 0;
    let inFields = 0;
    let titleHolds = true;
    let wordsInFields = true;
    const parts: [number, number][] = [];
    const answers: boolean[] = [];
    let namesFeature = false;
    const run = runs.get(d);
    const inRun = run ? new Set(run) : NONE;
    // A page that quotes a pasted message's opening text does not miss its particulars (the values after it); on
    // the page explaining the error a message names, every word of it is a particular of that error.
    const particulars = errorDocs.has(d)
      ? new Set(terms.keys())
      : run
        ? messageParticulars(run, heard, terms.length)
        : NONE;
    for (let t = 0; t < terms.length; t++) {
      const q = quality[t];
      let best = 0;
      for (let f = 0; f < F; f++) {
        const worth = (fieldWorth[f] ?? 0) * (f === headingsAt ? doc.headingWeight : 1);
        best = Math.max(best, worth * (q?.[d * F + f] ?? 0));
      }
      const inTitle = q?.[d * F] ?? 0;
      if (inTitle < MATCH.stem) titleHolds = false;
      if (Math.max(inTitle, q?.[d * F + 1] ?? 0, q?.[d * F + 2] ?? 0) < MATCH.stem) wordsInFields = false;
      const b = body[t]?.get(d) ?? 0;
      if (best > 0 || b > 0 || common[t] || particulars.has(t)) matched += weights[t] ?? 0;
      let inAnyField =
        Math.max(inTitle, q?.[d * F + 1] ?? 0, q?.[d * F + 2] ?? 0, q?.[d * F + 3] ?? 0) >= MATCH.synonym;
      // A rare word in the body (an error name, a code), or a word of a run of the query, counts as if the summary
      // said it.
      if ((rare[t] || inRun.has(t)) && b > 0) {
        best = Math.max(best, FIELD_WEIGHT.summary * b);
        inAnyField = true;
      }
      if (inAnyField) inFields += weights[t] ?? 0;
      answers.push(inAnyField);
      if (inAnyField && !releaseIntent[t]) namesFeature = true;
      sum += (weights[t] ?? 0) * (best + BODY_WEIGHT * b);
      parts.push([best, b]);
    }
    if (sum <= 0) continue;
    sum += phraseBonus(doc, readAs, weights);
    const coverage = total > 0 ? matched / total : 0;
    // What the title, keywords, summary and headings answer counts again: the page is about it, not just using it.
    const about = total > 0 ? inFields / total : 0;
    let score = sum * coverage ** COVERAGE_POWER * (FIELD_SHARE_BASE + (1 - FIELD_SHARE_BASE) * about * about);
    score *= 1 + SECTION_GAIN * doc.headingWeight * sectionShare(doc.headingStems, doc.titleStems, readAs, weights);
    if (inRun.size && total > 0)
      score *= 1 + (PHRASE_GAIN * [...inRun].reduce((a, t) => a + (weights[t] ?? 0), 0)) / total;
    // The title, or a keyword, names only what was asked, and most of it: a page about exactly this.
    const names = (field: string[]) => field.length > 0 && field.every((s) => asked.has(s)) && shareOf(field) >= 0.5;
    if (names(doc.titleStems)) score *= 1.25;
    // A keyword of several words that answers the whole question ("presigned url" on PRESIGN): its author made the
    // name's page the page for that idea, so a question about it is not lowered there.
    const ideaKeyword = doc.keywordStems.some((k) => k.length > 1 && names(k) && shareOf(k) > 0.999);
    const intent = intentPrior(concept && !ideaKeyword, doc.url) * statementPrior(statements, doc.url, doc.title);
    score *= intent;
    if (doc.keywordStems.some(names)) score *= 1.2;
    score *= keywordCover(doc.keywordStems, asked, shareOf);
    const keywordIsQuery = typed !== '' && doc.keywordTexts.includes(typed);
    if (keywordIsQuery) score *= 1.6;
    if (doc.listing) score *= 0.6;
    const direction = directionFactor(source, doc.title);
    score *= direction;
    const topic = topicStems(doc.titleStems);
    const prior = kindPrior(
      doc.kind,
      stems,
      topic.length > 0 && topic.every((s) => asked.has(s)),
      doc.titleStems,
      namesFeature,
      when,
    );
    score *= prior;
    // A page of a kind the query does not ask for (an RFC) is not put first for holding the query in its title.
    if (prior < 1 || intent < 1 || direction < 1) titleHolds = false;
    // Nor, for a question about an idea, is a page whose title holds it among other words ("Meta Service HTTP
    // APIs" for "what is the meta service"): the reader asks for the page about it, not about a part of it.
    if (concept && !names(doc.titleStems) && !names(topic)) titleHolds = false;
    // Nor is a generated section index: a list of links loses to the pages it lists.
    if (doc.listing) titleHolds = wordsInFields = false;
    const ranked: RankedPage = { doc, score, titleHolds, wordsInFields, keywordIsQuery, weights, parts, answers };
    out.push(ranked);
    if (inRun.size && !errorDocs.has(d)) (called.has(d) ? callee : quoting).push(ranked);
  }
  liftCalled([...quoting, ...callee], callee);
  yieldToStatement(out, query);
  return out.sort((a, b) => b.score - a.score || a.doc.url.localeCompare(b.doc.url));
}
