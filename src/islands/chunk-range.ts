/**
 * Which chunks of the full-text index a word needs, so that Pagefind's answer for it never depends on what else
 * is loaded. Pagefind looks a word up by its stem and matches every loaded word that starts with that stem (so
 * `stream` also finds `streaming`), but it fetches only the chunk the word itself sorts into: extensions in the
 * next chunk were found or not depending on the queries before (a word typed earlier, the whole index loaded on a
 * desk), and the dialog and the search page could rank one query in two orders. Before a word is searched, every
 * chunk that can hold a word starting with its stem is loaded: the chunk starts come with the records
 * (`pagefind-meta.ts` reads them from each part's metadata). Pure helpers.
 */

/** Strings in code point order, as Pagefind (Rust) orders words. */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

const VOWEL = /[aeiouy]/;

/**
 * A prefix of the word that its Snowball (Porter 2) stem, Pagefind's, starts with: the stemmer changes only the
 * region after the first consonant that follows a vowel (R1), except for step 1, which takes off an inflection
 * (`-s`, `-es`, `-ies`, `-ed`, `-ing`, `-ingly`, `-edly`, then a doubled consonant or a final `y`) anywhere, and
 * no suffix chain it removes is longer than eight letters.
 */
export function stemFloor(word: string): string {
  let r1 = word.length;
  for (let i = 1; i < word.length; i++) {
    if (VOWEL.test(word[i - 1]!) && !VOWEL.test(word[i]!)) {
      r1 = i + 1;
      break;
    }
  }
  const inflection = /ingly$/.test(word) ? 6 : /edly$/.test(word) ? 5 : /ing$/.test(word) ? 4 : /(?:ed|ies|ied)$/.test(word) ? 3 : /[sy]$/.test(word) ? 1 : 0;
  const keep = Math.max(1, Math.min(Math.max(r1, word.length - 8), word.length - inflection));
  return word.slice(0, keep);
}

/**
 * The words to preload (Pagefind loads the chunk each one sorts into) so that every chunk that may hold a word
 * starting with `word`'s stem is loaded: the chunk where the stem would sort, and each chunk whose first word
 * starts with it. `starts`: every chunk's first word, sorted (`compareCodePoints`).
 */
export function chunkProbes(starts: readonly string[], word: string): string[] {
  const floor = stemFloor(word);
  const probes: string[] = [];
  let holding: string | undefined;
  for (const start of starts) {
    if (compareCodePoints(start, floor) <= 0) holding = start;
    else if (start.startsWith(floor)) probes.push(start);
    else break;
  }
  return holding === undefined ? probes : [holding, ...probes];
}
