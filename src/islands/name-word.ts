/**
 * A function's whole name used as a plain word ("which queries are running right now", "query data as it was
 * yesterday"): the word is rare in the index because one function is named after it, so it outweighs the rest of
 * the sentence and puts that function's page first. A reader who wants the function types its name alone, with
 * parentheses or arguments, in capitals or beside "function"; one who writes a sentence in lower case around the
 * word usually does not, unless the function's page also answers the sentence's other words ("split a string by a
 * delimiter"). Pure functions: the unit tests run them without a browser.
 */
import type { NameRecord } from './name-match.ts';
import { FIELDS, MATCH } from './search-fields.ts';
import { words, type QueryTerm } from './search-text.ts';

/** A query of fewer words than this (stop words included) names something; longer, it may be a sentence. */
export const SENTENCE_MIN_WORDS = 4;
/**
 * The share of the sentence's other words (by weight) that a function's page must answer for its name to keep its
 * weight as a name: the page is about what the sentence asks ("what time is it now": NOW's page says "time"), not
 * just named after one of its words ("which queries are running right now").
 */
export const NAME_EVIDENCE = 0.25;

/**
 * Whether a query reads as a sentence in plain words, where a function's name may be an ordinary word: enough
 * words, with none of the marks of code (parentheses, backticks, double quotes, underscores, `=`), and not saying
 * "function".
 */
export function readsAsSentence(query: string): boolean {
  if (/[(){}[\]`"_=]/.test(query)) return false;
  const all = words(query);
  return all.length >= SENTENCE_MIN_WORDS && !all.some((w) => /^functions?$/.test(w));
}

/**
 * Whether the query types this word with capitals (`TIMEZONE`, `Now`), as a name is written: not just the capital
 * that starts a sentence ("Yesterday's failed queries").
 */
export function typedAsName(query: string, word: string): boolean {
  const tokens = query.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return tokens.some((w, i) => {
    if (w.toLowerCase() !== word || w === word) return false;
    return !(i === 0 && w.slice(1) === word.slice(1));
  });
}

/**
 * The pages of the functions whose whole name is one word (`TIMEZONE`, `YESTERDAY`, `WEEK` on TO_WEEK_OF_YEAR's
 * page), by that word in lower case: from the name records, so no word is listed by hand.
 */
export function functionWordPages(names: readonly NameRecord[], docOf: (url: string) => number | undefined) {
  const out = new Map<string, number[]>();
  for (const n of names) {
    const word = n.name.toLowerCase();
    const d = n.kind === 'function' && /^[a-z]+$/.test(word) ? docOf(n.url.split('#')[0] ?? n.url) : undefined;
    if (d === undefined) continue;
    const pages = out.get(word) ?? [];
    if (!pages.includes(d)) pages.push(d);
    out.set(word, pages);
  }
  return out;
}

/**
 * Lowers, in place, the weight of each query word that is a function's whole name and that the sentence uses as a
 * plain word: no more than the heaviest other word, unless the function's page answers at least `NAME_EVIDENCE` of
 * the other words' weight in its title, keywords, summary or headings. `quality[t][d * FIELDS.length + f]` is how
 * well field f of page d answers word t; `functionPages` is `functionWordPages`.
 */
export function readNamesAsWords(
  query: string,
  terms: readonly QueryTerm[],
  functionPages: ReadonlyMap<string, readonly number[]>,
  quality: readonly Float64Array[],
  weights: number[],
): void {
  if (!readsAsSentence(query)) return;
  const F = FIELDS.length;
  const before = [...weights];
  terms.forEach((term, t) => {
    const others = before.map((w, u) => (u === t ? 0 : w));
    const othersTotal = others.reduce((a, w) => a + w, 0);
    const cap = Math.max(0, ...others);
    if (othersTotal <= 0 || (before[t] ?? 0) <= cap || typedAsName(query, term.text)) return;
    const pages = functionPages.get(term.text) ?? functionPages.get(term.stem) ?? [];
    if (!pages.length) return;
    let evidence = 0;
    for (const d of pages) {
      let held = 0;
      others.forEach((w, u) => {
        const q = quality[u];
        let best = 0;
        for (let f = 0; f < F - 1; f++) best = Math.max(best, q?.[d * F + f] ?? 0);
        if (best >= MATCH.stem) held += w;
      });
      evidence = Math.max(evidence, held / othersTotal);
    }
    if (evidence < NAME_EVIDENCE) weights[t] = cap;
  });
}
