/**
 * The full-text index comes in parts, each a Pagefind index of a run of pages in catalogue order, so that editing a
 * page re-indexes its part only (`src/build/search/search-index.ts`); the browser merges them (`mergeIndex`). Pure helpers.
 *
 * Pagefind scores a one-word search on a page as the word's inverse document frequency (IDF) over the pages of
 * the part, times what the page holds of it (how often and where, against the page's length, plus its title).
 * The IDF differs from part to part (a word common in the function reference is rare among the guides), so
 * scores from two parts compare only once each part's IDF is taken out. Within one part it is the same factor
 * for every page: the ranking, which compares each word's scores with the best one, sees no difference.
 */

/** The parts as `search-records.json` lists them: each one's folder (under `/pagefind/`) and number of pages. */
export type StoredParts = [dir: string, pages: number][];

export interface IndexParts {
  /** Folders of the parts, relative to `/pagefind/` (`''` for the first, which carries Pagefind's code). */
  dirs: string[];
  /** Pages in each part. */
  sizes: number[];
  /** The part of each page, by its Pagefind result id. */
  partOf: Map<string, number>;
}

/**
 * The parts, from the stored list and the page ids in the order of the records, which list the pages part by
 * part (the first `sizes[0]` ids are the first part's, and so on). Without a list, the index is one part.
 */
export function indexParts(stored: StoredParts | undefined, ids: readonly string[]): IndexParts {
  const list: StoredParts = stored?.length ? stored : [['', ids.length]];
  const partOf = new Map<string, number>();
  let at = 0;
  list.forEach(([, size], part) => {
    for (const id of ids.slice(at, at + size)) partOf.set(id, part);
    at += size;
  });
  return { dirs: list.map(([dir]) => dir), sizes: list.map(([, size]) => size), partOf };
}

/** Pagefind's IDF of a word found on `containing` of a part's `total` pages (BM25's, plus one inside the log). */
export function pagefindIdf(total: number, containing: number): number {
  return Math.log((total - containing + 0.5) / (containing + 0.5) + 1);
}

/**
 * Scores of one word's results (an unfiltered search, so the results in each part are every page of the part
 * that holds the word), each divided by the word's IDF in its part: comparable across parts.
 */
export function comparableScores(results: readonly { id: string; score: number }[], parts: IndexParts): number[] {
  // oxlint-disable-next-line unicorn/no-new-array -- the argument is a count (a number), filled at once: no single-element ambiguity
  const containing = new Array<number>(parts.sizes.length).fill(0);
  const partOfResult = results.map((r) => parts.partOf.get(r.id) ?? 0);
  for (const part of partOfResult) containing[part]!++;
  return results.map((r, i) => {
    const part = partOfResult[i]!;
    return r.score / pagefindIdf(parts.sizes[part] ?? 1, containing[part] ?? 0);
  });
}
