/**
 * The weight of the reader's own phrasing in a sentence-long query: words that name no page weigh no more than the
 * words that do. Pure function: the unit tests run it without a browser.
 */
import { MATCH } from './search-fields.ts';
import type { QueryTerm } from './search-text.ts';

/** Queries of fewer words than this are names and keep every word's weight. */
export const PHRASING_MIN_WORDS = 4;

/** Some page's title or keywords hold the word, at least as a typo. */
const namedBy = (q: Float64Array | undefined, fields: number) =>
  Boolean(q?.some((m, code) => code % fields < 2 && m >= MATCH.typo));

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
  const phrasing = phrasingWords(quality, fields, rare, terms);
  if (!phrasing.some(Boolean)) return;
  const cap = Math.max(0, ...weights.filter((_, t) => namedBy(quality[t], fields)));
  if (cap <= 0) return;
  weights.forEach((w, t) => {
    if (phrasing[t] && w > cap) weights[t] = cap;
  });
}

/**
 * The words of a sentence-long query that are the reader's phrasing: no page's title or keywords hold them, not
 * even as a typo, and they are neither a rare body word (an error name) nor a number or code. A page that lacks
 * one is not missing any subject of the question, so the ranking does not count it as missing (coverage).
 */
export function phrasingWords(
  quality: readonly Float64Array[],
  fields: number,
  rare: readonly boolean[],
  terms: readonly QueryTerm[],
): boolean[] {
  // A short query names its subject in every word; a number or code is never phrasing.
  if (terms.length < PHRASING_MIN_WORDS) return terms.map(() => false);
  return quality.map((q, t) => !namedBy(q, fields) && !rare[t] && !/\d/.test(terms[t]?.text ?? ''));
}
