/**
 * The direction of a conversion. "Unix epoch seconds to a timestamp" asks for the function that produces a
 * timestamp (TO_TIMESTAMP), not the one that produces a Unix timestamp from it (TO_UNIX_TIMESTAMP), though both
 * names hold the query's words. A query "X to Y" names what the reader has (X) and what they want (Y); a function
 * named `…TO_Z` produces Z. A function whose product is what the reader already has goes the wrong way.
 */
import { stem, synonymsOf, words } from './search-text.ts';

/** A page whose function produces only what the reader has keeps this share of its score. */
export const WRONG_WAY = 0.5;

/** The words that name a conversion's product: "X to Y", "X into Y", "X as Y". */
const INTO: ReadonlySet<string> = new Set(['to', 'into', 'as']);

/** What a query "X to Y" (or "into", "as") starts from: X's words (as stems, with synonyms) not also in Y; null for other queries. */
export function conversionSource(query: string): Set<string> | null {
  const all = words(query);
  const at = all.findIndex((w, i) => i > 0 && INTO.has(w));
  if (at < 0 || at === all.length - 1) return null;
  const expand = (ws: string[]) => new Set(ws.flatMap((w) => [stem(w), ...synonymsOf(stem(w))]));
  const target = expand(all.slice(at + 1));
  return new Set([...expand(all.slice(0, at))].filter((s) => !target.has(s)));
}

/** What a function named `TO_Z` or `X_TO_Z` produces: the stems of Z; empty for a title that is not such a name. */
export function producedBy(title: string): string[] {
  if (!/^[A-Za-z0-9_]+$/.test(title)) return [];
  const parts = title.toLowerCase().split('_');
  const at = parts.lastIndexOf('to');
  return at < 0 ? [] : parts.slice(at + 1).map(stem);
}

/**
 * The factor for a page: `WRONG_WAY` when its product holds a word the reader starts from (TO_UNIX_TIMESTAMP, for
 * "epoch seconds to a timestamp", produces a Unix timestamp, and the reader has Unix seconds), else 1.
 */
export function directionFactor(source: Set<string> | null, title: string): number {
  if (!source?.size) return 1;
  return producedBy(title).some((s) => source.has(s)) ? WRONG_WAY : 1;
}
