/**
 * The full-text index is written in parts, each a Pagefind index of a run of pages in catalogue order; the browser
 * merges them (`src/islands/index-parts.ts`). A part is written from its pages' entries (`index-writer.ts`), so an
 * edit indexes only the edited page; what a part's size still costs a rebuild is writing the part again.
 *
 * Parts trade the cost of a rebuild against the cost of a search: a query fetches each part's entry and metadata
 * once, then at least one index chunk per part and word. So a part holds about `PAGES_PER_PART` pages, and a site
 * has at most `MAX_PARTS` parts (a larger site has larger parts): the catalogue's 590 pages are two parts. Four
 * parts of 150 cost a phone 8 to 17 more requests and 10 to 55 KB more per typed query
 * (`npm run bench -- --phone-only`).
 */

export const PAGES_PER_PART = 300;
export const MAX_PARTS = 8;
/**
 * Word positions per index chunk: an eighth of Pagefind's default (20,000). A query fetches one chunk per part
 * and word: small chunks keep it light on a phone (a chunk is about 4 KB compressed).
 */
export const INDEX_CHUNK_SIZE = 20_000 / 8;

export interface SearchPart {
  /** Folder of the part under `pagefind/`: `''` for the first, which also carries Pagefind's code. */
  dir: string;
  /** The part's pages: indexes `from` (included) to `to` (excluded) in catalogue order. */
  from: number;
  to: number;
}

/** The parts of a site of `pages` pages: as many as needed for `pagesPerPart` pages each, all of equal size. */
export function planParts(pages: number, pagesPerPart = PAGES_PER_PART): SearchPart[] {
  const count = Math.max(1, Math.min(MAX_PARTS, Math.ceil(pages / Math.max(1, pagesPerPart))));
  return Array.from({ length: count }, (_, k) => ({
    dir: k === 0 ? '' : `part-${k}/`,
    from: Math.floor((k * pages) / count),
    to: Math.floor(((k + 1) * pages) / count),
  }));
}

/**
 * The files of a part's index the site publishes: its index data. Pagefind's own code (`pagefind.js`, its
 * WebAssembly, worker and UI) is not published: the browser reads the index itself (`islands/pagefind-reader.ts`).
 */
export function publishedInPart(file: string): boolean {
  return /^(?:pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|(?:index|fragment|filter)\/[^/]+)$/.test(file);
}
