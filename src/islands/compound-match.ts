/**
 * A name typed whole (`add_weeks`, `max_threads`, `system.query_log`): search cuts it into words, but Pagefind
 * puts every part of a compound word at the compound's own position, so a page whose text holds the name has all
 * of its parts at one position. Where few pages do, the name is as rare as an error code: it names those pages.
 * Read from the word positions Pagefind already returns for each word: no request of its own.
 */
import { STOP_WORDS, stem, words, type QueryTerm } from './search-text.ts';
import { normalName } from './name-match.ts';

/** A compound held by more pages than this is a common name, not one that says which page is meant. */
export const COMPOUND_MAX_PAGES = 3;

/** The query's compound names, each as typed and as the indexes of the query words it is made of (two or more). */
function compoundTokens(query: string, terms: readonly QueryTerm[]): { token: string; parts: number[] }[] {
  const out: { token: string; parts: number[] }[] = [];
  for (const token of query.toLowerCase().split(/[^\p{L}\p{N}._]+/u)) {
    if (!/[\p{L}\p{N}][._][\p{L}\p{N}]/u.test(token)) continue;
    const meaningful = words(token.replace(/_/g, ' ')).filter((w) => !STOP_WORDS.has(w));
    const parts = [...new Set(meaningful.map((w) => terms.findIndex((t) => t.stem === stem(w))))];
    if (parts.length >= 2 && !parts.includes(-1)) out.push({ token: token.replace(/^[._]+|[._]+$/g, ''), parts });
  }
  return out;
}

/** The query's compound names, each as the indexes of the query words it is made of (two or more). */
export const typedCompounds = (query: string, terms: readonly QueryTerm[]): number[][] =>
  compoundTokens(query, terms).map((c) => c.parts);

/**
 * The pages documenting a name the query types whole (`data_retention_time_in_days` in "how long are old snapshots
 * kept data_retention_time_in_days"), however many pages mention it, each with the name's query words: `pages` are
 * the documented names' pages by their name as names compare (`namePages`).
 */
export function documentedCompounds(
  query: string,
  terms: readonly QueryTerm[],
  pages: ReadonlyMap<string, readonly number[]>,
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const { token, parts } of compoundTokens(query, terms))
    for (const d of pages.get(normalName(token)) ?? []) out.set(d, [...new Set([...(out.get(d) ?? []), ...parts])]);
  return out;
}

/**
 * The pages whose body holds one of the query's compound names (all its parts at one position), for the names
 * at most `COMPOUND_MAX_PAGES` pages hold: each page with the query words of the names it holds.
 */
export function compoundHolders(
  compounds: readonly number[][],
  where: readonly Map<number, readonly number[]>[],
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const parts of compounds) {
    const [first, ...rest] = parts.map((t) => where[t]);
    if (!first || rest.some((at) => !at)) continue;
    const holders: number[] = [];
    for (const [d, locations] of first) {
      const others = rest.map((at) => new Set(at?.get(d) ?? []));
      if (locations.some((l) => others.every((s) => s.has(l)))) holders.push(d);
    }
    if (holders.length > COMPOUND_MAX_PAGES) continue;
    for (const d of holders) out.set(d, [...new Set([...(out.get(d) ?? []), ...parts])]);
  }
  return out;
}

/** Adds the query words of the compound names each page holds to the runs of query words found there. */
export function addCompoundRuns(runs: Map<number, number[]>, holders: Map<number, number[]>): void {
  for (const [d, parts] of holders) runs.set(d, [...new Set([...(runs.get(d) ?? []), ...parts])]);
}
