/**
 * The full-text side of search: Pagefind's index, in parts (`index-parts.ts`), read by our reader of it
 * (`pagefind-reader.ts`, Pagefind's answers without its script or WebAssembly), opened on first use, and its
 * answer for one query word, the same whatever was loaded before (`chunk-range.ts`).
 */
import { comparableScores, indexParts, type IndexParts } from './index-parts.ts';
import { chunkProbes } from './chunk-range.ts';
import { PagefindReader } from './pagefind-reader.ts';
import { commonTerms, type FieldIndex } from './search-fields.ts';
import type { BodyHit } from './search-rank.ts';
import { loadNames } from './search-records.ts';
import { isVersion, type QueryTerm } from './search-text.ts';

export interface PagefindData {
  url: string;
  content: string;
  raw_content?: string;
  anchors?: { element: string; id: string; text?: string; location: number }[];
}
export interface PagefindResult {
  /** The page's fragment name: the key of its page record. */
  id: string;
  score: number;
  /** Where in the page the word is (word positions). */
  words: number[];
  data(): Promise<PagefindData>;
}
/** What the client asks of Pagefind: our reader, or Pagefind's own module (the relevance script's `--wasm`). */
export interface Pagefind {
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  options(o: Record<string, unknown>): Promise<void>;
  mergeIndex(basePath: string, options?: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
  /** Whether searching `query` would fetch nothing (our reader only: Pagefind's own module cannot tell). */
  loaded?(query: string): boolean;
}

/** Pagefind with every part of the index merged, and the part each result id belongs to. */
export interface FullText {
  pf: Pagefind;
  parts: IndexParts;
  /** Where the index chunks start (`chunk-range.ts`); empty for records written before they were listed. */
  chunks: readonly string[];
}

let loadingPagefind: Promise<FullText> | undefined;

const PAGEFIND_BASE = '/pagefind/';
const EXCERPT_LENGTH = 24;

/**
 * Opens the full-text index: its first part, the others merged into it (each brings its own metadata and
 * chunks). The list of parts comes with the name records, fetched meanwhile.
 */
async function openPagefind(pf: Pagefind, basePath: string): Promise<FullText> {
  // `noWorker`: Pagefind's own module (the relevance script's oracle) searches on the calling thread, as the reader.
  await pf.options({ basePath, excerptLength: EXCERPT_LENGTH, noWorker: true });
  const [index] = await Promise.all([loadNames(), pf.init()]);
  const parts = indexParts(index.parts, Object.keys(index.pages));
  await Promise.all(
    parts.dirs.slice(1).map((dir) => pf.mergeIndex(`${basePath}${dir}`, { excerptLength: EXCERPT_LENGTH })),
  );
  return { pf, parts, chunks: index.chunks ?? [] };
}

export function loadPagefind(): Promise<FullText> {
  // Our reader of the index (`pagefind-reader.ts`): Pagefind's own script and WebAssembly are never fetched.
  loadingPagefind ??= openPagefind(new PagefindReader(), PAGEFIND_BASE);
  return loadingPagefind;
}

/**
 * Uses this Pagefind (Pagefind's own module, or a reader at another address), its index at `basePath`, instead
 * of the reader at `/pagefind/` (the relevance script runs search in Node).
 */
export function usePagefind(pf: Pagefind, basePath: string): void {
  loadingPagefind = openPagefind(pf, basePath);
}

let wholeIndex: Promise<void> | undefined;

/**
 * On a desk (a wide screen and a mouse, no data saver), the rest of the index loads in the background after the
 * first answer (every word starts with one of these characters, so preloading each loads every chunk): later
 * queries then never wait for the network. A phone fetches only what its queries need: the whole index is four
 * times what a query costs. `html[data-search-index="loaded"]` marks the end, for tests and the benchmark.
 */
export function loadWholeIndexLater(pf: Pagefind): void {
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

/**
 * Shorter words are not looked up in the full-text index: Pagefind matches a word as a prefix, and every word
 * that starts with one or two letters spans many chunks (a phone would fetch them for a word still being typed).
 * The page fields still match them.
 */
export const MIN_BODY_WORD = 3;
export const bodyLookups = (fields: FieldIndex, terms: QueryTerm[]) => {
  const common = commonTerms(fields, terms);
  // A version (`v1.2`) is matched in the page fields only: the body of every page prints the engine's version.
  return terms.map((t, i) => common[i] || t.text.length < MIN_BODY_WORD || isVersion(t.text));
};

export interface BodyAnswer {
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
export function bodyResults({ pf, parts, chunks }: FullText, word: string): Promise<BodyAnswer> {
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

/**
 * Whether `bodyResults` can answer `word` without fetching a chunk: it was looked up before, or every chunk it
 * needs is in (an earlier word's, or the whole index on a desk). A Pagefind that cannot tell is taken as ready.
 */
export function bodyReady({ pf, chunks }: FullText, word: string): boolean {
  if (bodyCache.has(word) || !pf.loaded) return true;
  return pf.loaded([...chunkProbes(chunks, word), word].join(' '));
}

export const NO_BODY: Promise<BodyAnswer> = Promise.resolve({ hits: [], handles: new Map() });
