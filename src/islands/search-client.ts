/**
 * Search in the browser: the exact-name records (`/search-names.json`) merged with the Pagefind full-text index
 * (`/pagefind/`). Both are loaded on first use: a reader who never searches never downloads either.
 */
import { matchNames, NAME_INDEX_FILE, type NameHit, type NameIndex, type NameKind } from './name-match.ts';

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
  data(): Promise<PagefindData>;
}
interface Pagefind {
  init(): Promise<void>;
  options(o: Record<string, unknown>): Promise<void>;
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>;
}

let loadingPagefind: Promise<Pagefind> | undefined;
let loadingNames: Promise<NameIndex> | undefined;

export function loadPagefind(): Promise<Pagefind> {
  loadingPagefind ??= (async () => {
    const url = '/pagefind/pagefind.js';
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind;
    // Long reference pages should not lose to short landing pages that merely mention a word: weaker length bias.
    await pf.options({ excerptLength: 24, ranking: { pageLength: 0.3 } });
    await pf.init();
    return pf;
  })();
  return loadingPagefind;
}

export function loadNames(): Promise<NameIndex> {
  loadingNames ??= fetch(`/${NAME_INDEX_FILE}`).then((r) => {
    if (!r.ok) throw new Error(`${NAME_INDEX_FILE}: ${r.status}`);
    return r.json() as Promise<NameIndex>;
  });
  return loadingNames;
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

/** Names first (at most `maxNames`), then full-text pages not already listed; each page appears once. */
export function mergeResults(names: NameHit[], pages: SearchHit[], limit: number, maxNames = 5): SearchHit[] {
  const out: SearchHit[] = [];
  const seenPages = new Set<string>();
  for (const hit of names.slice(0, maxNames)) {
    const result = nameHitResult(hit);
    const key = `${pageOf(result.url)} ${result.title}`;
    if (seenPages.has(key)) continue;
    seenPages.add(key);
    seenPages.add(pageOf(result.url));
    out.push(result);
  }
  for (const page of pages) {
    if (out.length >= limit) break;
    if (seenPages.has(pageOf(page.url))) continue;
    seenPages.add(pageOf(page.url));
    out.push(page);
  }
  return out.slice(0, limit);
}

export interface SearchOptions {
  /** Only results in this top-level section. */
  section?: string;
  limit?: number;
}

/** Full-text hits from Pagefind, with their breadcrumbs and up to two matching headings as deep links. */
async function pageHits(query: string, section: string | undefined, limit: number): Promise<SearchHit[]> {
  const pf = await loadPagefind();
  const res = await pf.search(query, section ? { filters: { section } } : undefined);
  if (!res) return [];
  const data = await Promise.all(res.results.slice(0, limit).map((r) => r.data()));
  return data.map((d) => {
    const url = cleanUrl(d.url);
    const sub = (d.sub_results ?? [])
      .filter((s) => s.url.includes('#'))
      .slice(0, 2)
      .map((s) => ({ url: cleanUrl(s.url), title: s.title, excerpt: excerptRuns(s.excerpt) }));
    return { url, title: d.meta.title ?? url, crumbs: d.meta.crumbs ?? '', excerpt: excerptRuns(d.excerpt), sub };
  });
}

export async function search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
  const limit = options.limit ?? 10;
  const [names, pages] = await Promise.all([loadNames().then((index) => matchNames(index.names, query, options.section)), pageHits(query, options.section, limit)]);
  return mergeResults(names, pages, limit);
}

/** The sections the filter offers (from the name index, in sidebar order). */
export async function searchSections(): Promise<string[]> {
  return (await loadNames()).sections;
}
