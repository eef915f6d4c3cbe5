/**
 * Which chunks of the full-text index a word needs, so that Pagefind's answer for it never depends on what else
 * is loaded. Pagefind looks a word up by its stem and matches every loaded word that starts with that stem (so
 * `stream` also finds `streaming`), but it fetches only the chunk the word itself sorts into: extensions in the
 * next chunk were found or not depending on the queries before (a word typed earlier, the whole index loaded on a
 * desk), and the dialog and the search page could rank one query in two orders. Before a word is searched, every
 * chunk that can hold a word starting with its stem is loaded: the chunk starts come with the records
 * (`pagefind-meta.ts` reads them from each part's metadata). Pure helpers.
 */
import { stemEnglish } from './pagefind-stem.ts';

/** Strings in code point order, as Pagefind (Rust) orders words. */
export function compareCodePoints(a: string, b: string): number {
  // Code points, as Pagefind orders its words (a JavaScript string compares UTF-16 units).
  // oxlint-disable-next-line typescript/no-misused-spread -- code points are what is compared
  const x = [...a];
  // oxlint-disable-next-line typescript/no-misused-spread -- code points are what is compared
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

/**
 * The words to preload (Pagefind loads the chunk each one sorts into) so that every chunk that may hold a word
 * starting with `word`'s stem is loaded: the chunk where the stem would sort, and each chunk whose first word
 * starts with it. `starts`: every chunk's first word, sorted (`compareCodePoints`); `word`: normalized, as the
 * reader stems it.
 */
export function chunkProbes(starts: readonly string[], word: string): string[] {
  // Pagefind matches the loaded words that start with the query word's stem (`queri` for `query`).
  const floor = stemEnglish(word);
  const probes: string[] = [];
  let holding: string | undefined;
  for (const start of starts) {
    if (compareCodePoints(start, floor) <= 0) holding = start;
    else if (start.startsWith(floor)) probes.push(start);
    else break;
  }
  return holding === undefined ? probes : [holding, ...probes];
}
