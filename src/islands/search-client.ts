/**
 * Search in the browser: the exact-name records (`/search-records.json`) merged with the Pagefind full-text index
 * (`/pagefind/`). Both are loaded on first use: a reader who never searches never downloads either.
 */
import {
  matchNames,
  normalName,
  SEARCH_RECORDS_FILE,
  unpackNameIndex,
  type NameHit,
  type NameIndex,
  type NameKind,
  type StoredIndex,
} from './name-match.ts';
import { buildFieldIndex, commonTerms, type FieldIndex } from './search-fields.ts';
import { rankPages, type BodyHit, type RankedPage } from './search-rank.ts';
import { pickSections, scoreSections, type Fragment, type Section } from './search-sections.ts';
import { isVersion, queryTerms, type QueryTerm } from './search-text.ts';
import { comparableScores, indexParts, type IndexParts } from './index-parts.ts';
import { chunkProbes } from './chunk-range.ts';

export interface ExcerptRun {
  text: string;
  marked: boolean;
}

/** A heading inside a result page that also matches: a deep link to its anchor. */
export interface SubHit {
  url: string;
  title: string;
  excerpt: ExcerptRun[];
}

export interface SearchHit {
  url: string;
  title: string;
  /** Where the page sits ("SQL Functions › Date & Time Functions"), or the kind of name and its page. */
  crumbs: string;
  /** Set for an exact-name record: function, command, setting or system table. */
  kind?: NameKind;
  /** The excerpt as plain text runs; `marked` runs are the matched words. Never HTML. */
  excerpt: ExcerptRun[];
  /** The heading of the section the result opens at, when a section answers the query better than the page top. */
  section?: string;
  sub: SubHit[];
}

interface PagefindData {
  url: string;
  content: string;
  raw_content?: string;
  anchors?: { element: string; id: string; text?: string; location: number }[];
}
interface PagefindResult {
  /** The page's fragment name: the key of its page record. */
  id: string;
  score: number;
  /** Where in the page the word is (word positions). */
  words: number[];
  data(): Promise<PagefindData>;
}
export interface Pagefind {
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  options(o: Record<string, unknown>): Promise<void>;
  mergeIndex(basePath: string, options?: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}

/** Pagefind with every part of the index merged, and the part each result id belongs to. */
interface FullText {
  pf: Pagefind;
  parts: IndexParts;
  /** Where the index chunks start (`chunk-range.ts`); empty for records written before they were listed. */
  chunks: readonly string[];
}

let loadingPagefind: Promise<FullText> | undefined;
let loadingNames: Promise<NameIndex> | undefined;

const PAGEFIND_BASE = '/pagefind/';
const EXCERPT_LENGTH = 24;

/**
 * Opens the full-text index: its first part with Pagefind's code and WebAssembly, the others merged into it
 * (`mergeIndex` shares the WebAssembly; each part brings only its own metadata and chunks). The list of parts
 * comes with the name records, fetched meanwhile.
 */
async function openPagefind(pf: Pagefind, basePath: string): Promise<FullText> {
  // On the main thread: Pagefind's worker is one more script to fetch (12 KB), and a search here takes a few
  // milliseconds.
  await pf.options({ basePath, excerptLength: EXCERPT_LENGTH, noWorker: true });
  const [index] = await Promise.all([loadNames(), pf.init()]);
  const parts = indexParts(index.parts, Object.keys(index.pages));
  await Promise.all(
    parts.dirs.slice(1).map((dir) => pf.mergeIndex(`${basePath}${dir}`, { excerptLength: EXCERPT_LENGTH })),
  );
  return { pf, parts, chunks: index.chunks ?? [] };
}

export function loadPagefind(): Promise<FullText> {
  loadingPagefind ??= (async () => {
    const url = `${PAGEFIND_BASE}pagefind.js`;
    return openPagefind((await import(/* @vite-ignore */ url)) as Pagefind, PAGEFIND_BASE);
  })();
  return loadingPagefind;
}

/**
 * Uses this Pagefind module, its index at `basePath`, instead of loading `/pagefind/pagefind.js` (the relevance
 * script runs search in Node).
 */
export function usePagefind(pf: Pagefind, basePath: string): void {
  loadingPagefind = openPagefind(pf, basePath);
}

export function loadNames(): Promise<NameIndex> {
  loadingNames ??= fetch(`/${SEARCH_RECORDS_FILE}`).then((r) => {
    if (!r.ok) throw new Error(`${SEARCH_RECORDS_FILE}: ${r.status}`);
    return (r.json() as Promise<StoredIndex>).then(unpackNameIndex);
  });
  return loadingNames;
}

let wholeIndex: Promise<void> | undefined;

/**
 * On a desk (a wide screen and a mouse, no data saver), the rest of the index loads in the background after the
 * first answer (every word starts with one of these characters, so preloading each loads every chunk): later
 * queries then never wait for the network. A phone fetches only what its queries need: the whole index is four
 * times what a query costs. `html[data-search-index="loaded"]` marks the end, for tests and the benchmark.
 */
function loadWholeIndexLater(pf: Pagefind): void {
  if (typeof window === 'undefined') return;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (saveData || !window.matchMedia('(min-width: 50rem) and (pointer: fine)').matches) return;
  wholeIndex ??= new Promise<void>((resolve) => setTimeout(resolve, 1000))
    // oxlint-disable-next-line typescript/no-misused-spread -- an ASCII literal: its code points are its characters
    .then(() => Promise.all([...'abcdefghijklmnopqrstuvwxyz0123456789'].map((c) => pf.preload(c))))
    .then(() => {
      document.documentElement.dataset.searchIndex = 'loaded';
    })
    .catch(() => undefined);
}

/** Starts both downloads (when the dialog opens), so the first keystroke finds them ready. */
export function preloadSearch(): Promise<unknown> {
  return Promise.all([loadPagefind(), loadNames()]);
}

const pageOf = (url: string) => url.split('#')[0] ?? url;

const KIND_LABEL: Record<NameKind, string> = {
  function: 'Function',
  command: 'Command',
  setting: 'Setting',
  'system table': 'System table',
  'error code': 'Error code',
};

/** An exact-name record as a result: the name, its kind and page, and the page's summary. */
export function nameHitResult(hit: NameHit): SearchHit {
  const { record } = hit;
  const onPage = record.page.toLowerCase() === record.name.toLowerCase() ? '' : ` · ${record.page}`;
  return {
    url: record.url,
    title: record.name,
    crumbs: `${KIND_LABEL[record.kind]}${onPage}`,
    kind: record.kind,
    excerpt: [{ text: record.summary, marked: false }],
    sub: [],
  };
}

/** A full-text result, with what the merge needs to know about how it matched. */
export interface PageHit extends SearchHit {
  /** Every query word is in the title. */
  titleHolds: boolean;
  /** Every query word is in the title, keywords or summary, as typed or in another form (not a typo). */
  wordsInFields: boolean;
  /** One of the page's keywords is the query itself. */
  keywordIsQuery?: boolean;
}

/**
 * One list from both searches; each page appears once. Strong name hits come first (at most `maxNames`), names of
 * equal standing in the order full-text search ranks their pages; a typo of a name waits behind pages whose title,
 * keywords or summary hold every query word (`cast` is not `LAST`); weak name hits follow the best three pages.
 * The list for a larger limit starts with the list for a smaller one: the dialog and the search page agree.
 */
export function mergeResults(
  query: string,
  names: NameHit[],
  pages: PageHit[],
  limit: number,
  maxNames = 5,
): SearchHit[] {
  const pageRank = new Map(pages.map((p, i) => [pageOf(p.url), i]));
  const rankOf = (h: NameHit) => pageRank.get(pageOf(h.record.url)) ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...names].sort((a, b) => b.score - a.score || rankOf(a) - rankOf(b));
  const strong = ordered.filter((h) => h.strong).slice(0, maxNames);
  const weak = ordered.filter((h) => !h.strong).slice(0, maxNames);
  const out: SearchHit[] = [];
  const seen = new Set<string>();
  const push = (hit: SearchHit) => {
    const key = pageOf(hit.url);
    if (out.length >= limit || seen.has(key)) return;
    seen.add(key);
    out.push(hit);
  };
  const shown = ({ titleHolds: _t, wordsInFields: _w, keywordIsQuery: _k, ...hit }: PageHit): SearchHit => hit;
  // A page titled exactly as the query (`bitmap` → "Bitmap") stands with the exact names.
  const q = normalName(query);
  for (const h of strong.filter((n) => n.quality === 'exact')) push(nameHitResult(h));
  for (const p of pages) if (normalName(p.title) === q) push(shown(p));
  // So does a page with the query as one of its keywords (`json` → the VARIANT type): its author named it so.
  for (const p of pages) if (p.keywordIsQuery) push(shown(p));
  for (const h of strong.filter((n) => n.quality === 'prefix')) push(nameHitResult(h));
  // Then pages whose title holds the whole query ("Understanding Cluster Key" for `cluster key`), before names
  // that merely contain it (SET CLUSTER KEY).
  for (const p of pages) if (p.titleHolds) push(shown(p));
  for (const h of strong) if (h.quality !== 'typo') push(nameHitResult(h));
  // A name one typo away waits behind pages that hold every query word, as typed, in a title, keywords or summary.
  const typos = strong.filter((h) => h.quality === 'typo');
  if (typos.length) for (const p of pages) if (p.wordsInFields) push(shown(p));
  for (const h of typos) push(nameHitResult(h));
  pages.slice(0, 3).forEach((p) => push(shown(p)));
  for (const h of weak) push(nameHitResult(h));
  pages.slice(3).forEach((p) => push(shown(p)));
  return out;
}

export { KINDS, type HitKind } from './search-kinds.ts';
import type { HitKind } from './search-kinds.ts';

export interface SearchOptions {
  /** Only results in this top-level section. */
  section?: string;
  /** Only entries of this kind: names of one kind, or pages (`page`). */
  kind?: HitKind;
  limit?: number;
  /** How many of the first results get excerpts and deep links (each fetches its page's fragment). */
  detailed?: number;
}

/** What a search gives: results to show now, and the same results with excerpts and deep links a moment later. */
export interface SearchAnswer {
  hits: SearchHit[];
  details: Promise<SearchHit[]>;
}

/** At most this many query words are looked up in the full-text index (a pasted paragraph stays fast). */
const MAX_TERMS = 8;
/**
 * Shorter words are not looked up in the full-text index: Pagefind matches a word as a prefix, and every word
 * that starts with one or two letters spans many chunks (a phone would fetch them for a word still being typed).
 * The page fields still match them.
 */
export const MIN_BODY_WORD = 3;
const bodyLookups = (fields: FieldIndex, terms: QueryTerm[]) => {
  const common = commonTerms(fields, terms);
  // A version (`v1.2`) is matched in the page fields only: the body of every page prints the engine's version.
  return terms.map((t, i) => common[i] || t.text.length < MIN_BODY_WORD || isVersion(t.text));
};

interface BodyAnswer {
  hits: BodyHit[];
  handles: Map<string, PagefindResult>;
}

/**
 * Pagefind's answer for one word (the same word always gives the same answer, whatever else is loaded): cached,
 * so a query typed word by word, or asked again, looks each word up once.
 */
const bodyCache = new Map<string, Promise<BodyAnswer>>();
/** Words preloaded (`chunkProbes`), or being preloaded: a chunk once loaded stays, so each is asked for once. */
const preloaded = new Map<string, Promise<void>>();
function bodyResults({ pf, parts, chunks }: FullText, word: string): Promise<BodyAnswer> {
  let answer = bodyCache.get(word);
  if (!answer) {
    // Every chunk the word's extensions may be in, first: the answer is then the same whatever else is loaded.
    const probes = chunkProbes(chunks, word);
    const fresh = probes.filter((p) => !preloaded.has(p));
    if (fresh.length) {
      const loading = pf.preload(fresh.join(' '));
      for (const p of fresh) preloaded.set(p, loading);
      // A failed fetch is tried again by the next word that needs it.
      loading.catch(() => fresh.forEach((p) => preloaded.delete(p)));
    }
    // Unfiltered: a section filter is applied by the ranking, and each part's IDF needs all its pages that hold
    // the word (see index-parts.ts). The same word then has one answer whatever the section.
    answer = Promise.all(probes.flatMap((p) => preloaded.get(p) ?? []))
      .then(() => Promise.all([pf.search(word), pf.search(`"${word}"`)]))
      .then(([res, exact]) => {
        // A part that lacks the word's stem answers with the longest loaded word the stem starts with (`t` for
        // `travel`), which depends on what is loaded: only the parts that hold the stem itself are heard.
        const holding = new Set((exact?.results ?? []).map((r) => parts.partOf.get(r.id) ?? 0));
        const results = (res?.results ?? []).filter((r) => holding.has(parts.partOf.get(r.id) ?? 0));
        const scores = comparableScores(results, parts);
        const hits: BodyHit[] = [];
        const handles = new Map<string, PagefindResult>();
        results.forEach((r, i) => {
          hits.push({ id: r.id, score: scores[i] ?? 0, locations: r.words });
          handles.set(r.id, r);
        });
        return { hits, handles };
      });
    // A failed lookup (the network) is not remembered: the next query tries again.
    answer.catch(() => bodyCache.delete(word));
    if (bodyCache.size > 300) bodyCache.clear();
    bodyCache.set(word, answer);
  }
  return answer;
}

const NO_BODY: Promise<BodyAnswer> = Promise.resolve({ hits: [], handles: new Map() });

const fieldIndexes = new WeakMap<NameIndex, FieldIndex>();
function fieldIndexOf(index: NameIndex): FieldIndex {
  let fields = fieldIndexes.get(index);
  if (!fields) {
    fields = buildFieldIndex(index.pages);
    fieldIndexes.set(index, fields);
  }
  return fields;
}

/**
 * A result's details from its Pagefind fragment: an excerpt around the query words, and the sections that match
 * best as deep links. The first result opens at its best section when that section clearly beats the top of the page.
 */
async function withDetails(
  hit: SearchHit,
  page: RankedPage,
  terms: QueryTerm[],
  bodies: BodyAnswer[],
  first: boolean,
): Promise<SearchHit> {
  const handle = bodies.map((b) => b.handles.get(page.doc.id)).find(Boolean);
  if (!handle) return hit;
  // Only the fragment's own fields are read: Pagefind reuses one object per page for every word's answer.
  const d = await handle.data();
  const fragment: Fragment = { url: d.url, content: d.content, raw_content: d.raw_content, anchors: d.anchors };
  const locations = bodies.map((b) => b.handles.get(page.doc.id)?.words ?? []);
  const sections = scoreSections(fragment, page.doc.title, terms, page.weights, locations);
  const { sub, jump } = pickSections(sections);
  const link = (s: Section) => `${hit.url}#${s.anchor}`;
  const top = sections[0];
  const opensAt = first ? jump : undefined;
  const excerpt = opensAt?.excerpt ?? (top?.excerpt.some((r) => r.marked) ? top.excerpt : hit.excerpt);
  return {
    ...hit,
    url: opensAt ? link(opensAt) : hit.url,
    section: opensAt?.title,
    excerpt,
    sub: sub.filter((s) => s !== opensAt).map((s) => ({ url: link(s), title: s.title, excerpt: s.excerpt })),
  };
}

/**
 * Names and full-text pages merged. The ranking reads only the name and page records and Pagefind's answer for
 * each query word (no fragment fetch), so results show as soon as the index answers; excerpts and deep links
 * follow in `details` without changing the order. The same query gives the same order wherever it is typed.
 */
export async function search(query: string, options: SearchOptions = {}): Promise<SearchAnswer> {
  const limit = options.limit ?? 10;
  const [index, fullText] = await Promise.all([loadNames(), loadPagefind()]);
  const fields = fieldIndexOf(index);
  const terms = queryTerms(query).slice(0, MAX_TERMS);
  const common = commonTerms(fields, terms);
  const skipped = bodyLookups(fields, terms);
  const bodies = await Promise.all(terms.map((t, i) => (skipped[i] ? NO_BODY : bodyResults(fullText, t.text))));
  loadWholeIndexLater(fullText.pf);
  const ranked = rankPages(
    fields,
    terms,
    bodies.map((b) => b.hits),
    options.section,
    query,
    common,
  );
  const byUrl = new Map<string, RankedPage>();
  const pages: PageHit[] = ranked.map((r) => {
    byUrl.set(r.doc.url, r);
    return {
      url: r.doc.url,
      title: r.doc.title,
      crumbs: r.doc.crumbs,
      excerpt: r.doc.summary ? [{ text: r.doc.summary, marked: false }] : [],
      sub: [],
      titleHolds: r.titleHolds,
      wordsInFields: r.wordsInFields,
      keywordIsQuery: r.keywordIsQuery,
    };
  });
  const kind = options.kind;
  const names =
    kind === 'page'
      ? []
      : matchNames(index.names, query, options.section).filter((n) => !kind || n.record.kind === kind);
  const hits = mergeResults(query, names, kind && kind !== 'page' ? [] : pages, limit);
  const detailed = options.detailed ?? limit;
  const details = Promise.all(
    // oxlint-disable-next-line typescript/await-thenable -- on purpose a mix: the hits to complete are promises, the others plain values
    hits.map((h, i) => {
      const page = h.kind || i >= detailed ? undefined : byUrl.get(h.url);
      return page ? withDetails(h, page, terms, bodies, i === 0).catch(() => h) : h;
    }),
  );
  return { hits, details };
}

/** The page ranking for a query, scores included (for tuning: `scripts/search-relevance.ts --scores`). */
export async function explainRanking(query: string, section?: string): Promise<RankedPage[]> {
  const [index, fullText] = await Promise.all([loadNames(), loadPagefind()]);
  const fields = fieldIndexOf(index);
  const terms = queryTerms(query).slice(0, MAX_TERMS);
  const common = commonTerms(fields, terms);
  const skipped = bodyLookups(fields, terms);
  const bodies = await Promise.all(terms.map((t, i) => (skipped[i] ? NO_BODY : bodyResults(fullText, t.text))));
  return rankPages(
    fields,
    terms,
    bodies.map((b) => b.hits),
    section,
    query,
    common,
  );
}

/** The sections the filter offers (from the name index, in sidebar order). */
export async function searchSections(): Promise<string[]> {
  return (await loadNames()).sections;
}
