/**
 * Talks to the Pagefind index the build writes to /pagefind/. Loaded on first use: a reader who never searches
 * never downloads the index or its WebAssembly.
 */
export interface SearchHit {
  url: string;
  title: string;
  /** The excerpt as plain text runs; `marked` runs are the matched words. Never HTML. */
  excerpt: ExcerptRun[];
}

export interface ExcerptRun {
  text: string;
  marked: boolean;
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

interface PagefindResult {
  data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }>;
}
interface Pagefind {
  init(): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}

let loading: Promise<Pagefind> | undefined;

export function loadPagefind(): Promise<Pagefind> {
  loading ??= (async () => {
    const url = '/pagefind/pagefind.js';
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind;
    await pf.init();
    return pf;
  })();
  return loading;
}

/** Pagefind URLs end with the folder's slash; the site's canonical pages mostly do not. */
export function cleanUrl(url: string): string {
  return url.replace(/\/index\.html$/, '/').replace(/(.)\/$/, '$1').replace(/^\/doc$/, '/doc/');
}

export async function search(query: string, limit = 10): Promise<SearchHit[]> {
  const pf = await loadPagefind();
  const res = await pf.search(query);
  if (!res) return [];
  const data = await Promise.all(res.results.slice(0, limit).map((r) => r.data()));
  return data.map((d) => ({ url: cleanUrl(d.url), title: d.meta.title ?? d.url, excerpt: excerptRuns(d.excerpt) }));
}
