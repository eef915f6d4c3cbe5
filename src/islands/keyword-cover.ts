/**
 * Keywords of several words that, each said in the query, together say all of it ("replace null" and "default
 * value" on COALESCE for "replace null with a default value"): the author's phrases for the page make up the
 * question, which a single keyword (`names` in `search-rank.ts`) does not see.
 */

/** A page whose multi-word keywords together say the whole query gains this factor. */
export const KEYWORDS_SAY_ALL = 1.2;

/** The factor for a page, from its keywords' stems, the query's stems and the share of the query a set of stems answers. */
export function keywordCover(
  keywordStems: readonly string[][],
  asked: ReadonlySet<string>,
  shareOf: (stems: readonly string[]) => number,
): number {
  const said = keywordStems.filter((k) => k.length > 1 && k.every((s) => asked.has(s)));
  return said.length > 1 && shareOf(said.flat()) > 0.999 ? KEYWORDS_SAY_ALL : 1;
}
