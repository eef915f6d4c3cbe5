/**
 * Query words that follow each other in the query and in a page's title, a keyword, its summary or a heading
 * ("rows to columns"): a small bonus on top of each word's own score. Split from search-rank.ts.
 */
import type { PageDoc } from './search-fields.ts';

/**
 * Each page's pairs of stems that follow each other in its title, a keyword, its summary or a heading (first stem
 * → second stem → the weight of the heaviest such phrase): made once per page, the first time a query of two
 * words scores it.
 */
const pairsOf = new WeakMap<PageDoc, Map<string, Map<string, number>>>();
function stemPairs(doc: PageDoc): Map<string, Map<string, number>> {
  let pairs = pairsOf.get(doc);
  if (!pairs) {
    pairs = new Map();
    for (const { stems, weight } of doc.phrases)
      for (let i = 0; i + 1 < stems.length; i++) {
        const first = stems[i] ?? '';
        const next = stems[i + 1] ?? '';
        let after = pairs.get(first);
        if (!after) pairs.set(first, (after = new Map()));
        if (weight > (after.get(next) ?? 0)) after.set(next, weight);
      }
    pairsOf.set(doc, pairs);
  }
  return pairs;
}

/** Query words that follow each other in the query and in a title, keyword or summary ("rows to columns"). */
export function phraseBonus(doc: PageDoc, readAs: readonly (readonly string[])[], weights: number[]): number {
  if (readAs.length < 2) return 0;
  const pairs = stemPairs(doc);
  let bonus = 0;
  for (let t = 0; t + 1 < readAs.length; t++) {
    // The heaviest phrase holding a reading of word t followed by a reading of word t + 1.
    let best = 0;
    for (const x of readAs[t] ?? []) {
      const after = pairs.get(x);
      if (after) for (const y of readAs[t + 1] ?? []) best = Math.max(best, after.get(y) ?? 0);
    }
    bonus += best * ((weights[t] ?? 0) + (weights[t + 1] ?? 0));
  }
  return bonus;
}
