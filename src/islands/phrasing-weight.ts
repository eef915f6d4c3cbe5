/**
 * The weight of the reader's own phrasing in a sentence-long query: words that name no page weigh no more than the
 * words that do. Pure function: the unit tests run it without a browser.
 */
import { MATCH } from './search-fields.ts';
import type { QueryTerm } from './search-text.ts';

/** Queries of fewer words than this are names and keep every word's weight. */
export const PHRASING_MIN_WORDS = 4;

/**
 * A word that no page's title or keywords hold is the reader's phrasing ("no longer", "came from", "by mistake"),
 * not the name of a subject: it is rare in the index because few pages happen to use it, not because it names a
 * page. It weighs no more than the heaviest word that some title or keyword holds, so a long page that uses every
 * word of the sentence in passing does not beat the page named after what was asked.
 */
export function capPhrasingWeights(
  weights: number[],
  quality: readonly Float64Array[],
  fields: number,
  rare: readonly boolean[],
  terms: readonly QueryTerm[],
): void {
  // A short query names its subject in every word; a number or code is never phrasing.
  if (terms.length < PHRASING_MIN_WORDS) return;
  const named = quality.map((q) => q.some((m, code) => code % fields < 2 && m >= MATCH.typo));
  const cap = Math.max(0, ...weights.filter((_, t) => named[t]));
  if (cap <= 0) return;
  weights.forEach((w, t) => {
    if (!named[t] && !rare[t] && !/\d/.test(terms[t]?.text ?? '') && w > cap) weights[t] = cap;
  });
}
