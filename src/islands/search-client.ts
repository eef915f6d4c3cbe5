/**
 * Talks to the Pagefind index the build writes to /pagefind/. Loaded on first use: a reader who never searches
 * never downloads the index or its WebAssembly.
 */
export interface SearchHit {
  url: string;
  title: string;
  /** Pagefind's excerpt: escaped text with <mark> around the matched words. */
  excerpt: string;
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
  return data.map((d) => ({ url: cleanUrl(d.url), title: d.meta.title ?? d.url, excerpt: d.excerpt }));
}
