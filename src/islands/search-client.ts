/**
 * Search in the browser: the exact-name records (`/search-records.json`) merged with the Pagefind full-text index
 * (`/pagefind/`). Both are loaded on first use: a reader who never searches never downloads either.
 */
import { matchNames, normalName, SEARCH_RECORDS_FILE, type NameHit, type NameIndex, type NameKind } from './name-match.ts';

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
  sub: SubHit[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/**
 * Pagefind's excerpt is escaped text with <mark> around matches. We turn it into text runs so the dialog
 * renders text only: nothing from the index can ever become markup.
 */
export function excerptRuns(excerpt: string): ExcerptRun[] {
  const runs: ExcerptRun[] = [];
  const parts = excerpt.split(/(<mark>|<\/mark>)/);
  let marked = false;
  for (const part of parts) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) runs.push({ text: part.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e), marked });
  }
  return runs;
}

interface PagefindData {
  url: string;
  meta: { title?: string; crumbs?: string };
  excerpt: string;
  sub_results?: { title: string; url: string; excerpt: string }[];
}
interface PagefindResult {
  /** The page's fragment name: the key of its page record. */
  id: string;
  data(): Promise<PagefindData>;
}
interface Pagefind {
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  options(o: Record<string, unknown>): Promise<void>;
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>;
}

let loadingPagefind: Promise<Pagefind> | undefined;
let loadingNames: Promise<NameIndex> | undefined;

export function loadPagefind(): Promise<Pagefind> {
  loadingPagefind ??= (async () => {
    const url = '/pagefind/pagefind.js';
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind;
    await pf.options({ excerptLength: 24 });
    await pf.init();
    return pf;
  })();
  return loadingPagefind;
}

export function loadNames(): Promise<NameIndex> {
  loadingNames ??= fetch(`/${SEARCH_RECORDS_FILE}`).then((r) => {
    if (!r.ok) throw new Error(`${SEARCH_RECORDS_FILE}: ${r.status}`);
    return r.json() as Promise<NameIndex>;
  });
  return loadingNames;
}

let wholeIndex: Promise<void> | undefined;

/**
 * After the first answer, the rest of the index loads in the background (every word starts with one of these
 * characters, so preloading each loads every chunk): later queries then never wait for the network. The first
 * query fetches only what it needs. `html[data-search-index="loaded"]` marks the end, for tests and the benchmark.
 */
function loadWholeIndexLater(pf: Pagefind): void {
  wholeIndex ??= new Promise<void>((resolve) => setTimeout(resolve, 1000))
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

/** Pagefind URLs end with the folder's slash; the site's canonical pages mostly do not. */
export function cleanUrl(url: string): string {
  const [pathPart = '', hash] = url.split('#');
  const clean = pathPart.replace(/\/index\.html$/, '/').replace(/(.)\/$/, '$1').replace(/^\/doc$/, '/doc/');
  return hash ? `${clean}#${hash}` : clean;
}

const pageOf = (url: string) => url.split('#')[0] ?? url;

const KIND_LABEL: Record<NameKind, string> = { function: 'Function', command: 'Command', setting: 'Setting', 'system table': 'System table' };

/** An exact-name record as a result: the name, its kind and page, and the page's summary. */
export function nameHitResult(hit: NameHit): SearchHit {
  const { record } = hit;
  const onPage = record.page.toLowerCase() === record.name.toLowerCase() ? '' : ` · ${record.page}`;
  return { url: record.url, title: record.name, crumbs: `${KIND_LABEL[record.kind]}${onPage}`, kind: record.kind, excerpt: [{ text: record.summary, marked: false }], sub: [] };
}

/**
 * One list from both searches; each page appears once. Strong name hits come first (at most `maxNames`), names of
 * equal standing in the order full-text search ranks their pages; weak name hits follow the best three pages.
 */
export function mergeResults(query: string, names: NameHit[], pages: SearchHit[], limit: number, maxNames = 5): SearchHit[] {
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
  // A page titled exactly as the query (`bitmap` → "Bitmap") stands with the exact names.
  const q = normalName(query);
  for (const h of strong.filter((n) => n.quality === 'exact')) push(nameHitResult(h));
  for (const p of pages) if (normalName(p.title) === q) push(p);
  for (const h of strong.filter((n) => n.quality === 'prefix')) push(nameHitResult(h));
  // Then pages whose title holds the whole query ("Understanding Cluster Key" for `cluster key`), before names
  // that merely contain it (SET CLUSTER KEY).
  for (const p of pages) if (titleHoldsQuery(query, p.title)) push(p);
  for (const h of strong) push(nameHitResult(h));
  pages.slice(0, 3).forEach(push);
  for (const h of weak) push(nameHitResult(h));
  pages.slice(3).forEach(push);
  return out;
}

/**
 * Pages whose title holds every word of the query (`fuse engine` → "Fuse Engine", `build from source` →
 * "Building Databend from Source") move ahead of pages that only mention the words often; otherwise the order
 * of full-text ranking stays.
 */
export function promoteTitleMatches(query: string, hits: SearchHit[]): SearchHit[] {
  const inTitle = (h: SearchHit) => titleHoldsQuery(query, h.title);
  return [...hits.filter(inTitle), ...hits.filter((h) => !inTitle(h))];
}

/** True when every word of the query (two letters or more) appears in the title. */
export function titleHoldsQuery(query: string, title: string): boolean {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2);
  const t = title.toLowerCase();
  return words.length > 0 && words.every((w) => t.includes(w));
}

export interface SearchOptions {
  /** Only results in this top-level section. */
  section?: string;
  limit?: number;
}

/** What a search gives: results to show now, and the same results with excerpts and deep links a moment later. */
export interface SearchAnswer {
  hits: SearchHit[];
  details: Promise<SearchHit[]>;
}

/** A result's details from its Pagefind fragment: the excerpt and up to two matching headings as deep links. */
async function withDetails(hit: SearchHit, handle: PagefindResult | undefined): Promise<SearchHit> {
  if (!handle) return hit;
  const d = await handle.data();
  const sub = (d.sub_results ?? [])
    .filter((s) => s.url.includes('#'))
    .slice(0, 2)
    .map((s) => ({ url: cleanUrl(s.url), title: s.title, excerpt: excerptRuns(s.excerpt) }));
  return { ...hit, excerpt: excerptRuns(d.excerpt), sub };
}

/**
 * Names and full-text pages merged. The page list comes straight from the index's answer and the page records
 * (no fragment fetch), so results show as soon as the index answers; excerpts and deep links follow in `details`.
 */
export async function search(query: string, options: SearchOptions = {}): Promise<SearchAnswer> {
  const limit = options.limit ?? 10;
  const [index, pf] = await Promise.all([loadNames(), loadPagefind()]);
  const res = await pf.search(query, options.section ? { filters: { section: options.section } } : undefined);
  loadWholeIndexLater(pf);
  const handles = new Map<string, PagefindResult>();
  const pages: SearchHit[] = [];
  for (const r of res?.results ?? []) {
    const record = index.pages[r.id];
    if (!record) continue;
    const [url, title, crumbs, summary] = record;
    handles.set(url, r);
    pages.push({ url, title, crumbs, excerpt: summary ? [{ text: summary, marked: false }] : [], sub: [] });
    if (pages.length >= limit * 2) break;
  }
  const hits = mergeResults(query, matchNames(index.names, query, options.section), promoteTitleMatches(query, pages), limit);
  const details = Promise.all(hits.map((h) => (h.kind ? h : withDetails(h, handles.get(h.url)).catch(() => h))));
  return { hits, details };
}

/** The sections the filter offers (from the name index, in sidebar order). */
export async function searchSections(): Promise<string[]> {
  return (await loadNames()).sections;
}
