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

/** Step 1 of Porter 2: inflections taken off anywhere (`-ly` stands for step 2's `-li`, from a final `y`). */
const INFLECTION = /(?:ingly|edly|ing|ed|ies|ied|es|s|ly)$/;
/** Steps 2 to 5: suffixes taken off (or shortened) only inside R1, longest first. */
const SUFFIXES = [
  'ization',
  'ational',
  'fulness',
  'iveness',
  'ousness',
  'biliti',
  'lessli',
  'tional',
  'ation',
  'alism',
  'aliti',
  'iviti',
  'entli',
  'fulli',
  'ousli',
  'alize',
  'icate',
  'iciti',
  'ative',
  'ement',
  'ator',
  'izer',
  'enci',
  'anci',
  'abli',
  'alli',
  'ical',
  'ness',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'bli',
  'ogi',
  'ful',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'li',
  'al',
  'er',
  'ic',
  'e',
];

/**
 * A prefix of the word that its Snowball (Porter 2) stem, Pagefind's, starts with. Step 1 takes off an inflection
 * anywhere (then may undouble a consonant, add an `e`, or turn a final `y` into `i`); steps 2 to 5 take off or
 * shorten suffixes only in R1 (what follows the first consonant after a vowel), and step 5 a final `l` of `ll`.
 * Taking off more than the stemmer would only loads more chunks; taking off less would make the answer depend
 * on what is loaded again.
 */
export function stemFloor(word: string): string {
  // A `y` at the start or after a vowel is a consonant (Porter 2 writes it `Y`).
  const vowel = (i: number): boolean => /[aeiou]/.test(word[i] ?? '') || (word[i] === 'y' && i > 0 && !vowel(i - 1));
  const regionAfter = (from: number) => {
    for (let i = from + 1; i < word.length; i++) if (vowel(i - 1) && !vowel(i)) return i + 1;
    return word.length;
  };
  const r1 = regionAfter(0);
  const r2 = regionAfter(r1);
  // Ends with a short syllable: consonant, vowel, consonant other than w, x or Y; or a two-letter vowel-consonant.
  const shortEnd = (n: number) =>
    (n === 2 && vowel(0) && !vowel(1)) ||
    (n >= 3 &&
      !vowel(n - 3) &&
      vowel(n - 2) &&
      !vowel(n - 1) &&
      !/[wx]/.test(word[n - 1]!) &&
      !(word[n - 1] === 'y' && vowel(n - 2)));
  const inflection = INFLECTION.exec(word);
  let keep = inflection ? inflection.index : word.length;
  // What step 1 may change at the end of what it leaves: a doubled consonant after -ed or -ing, a final y.
  const endMayChange = word.slice(0, keep).endsWith('y') || (inflection !== null && /^(?:ing|ed)/.test(inflection[0]));
  let stripped = false;
  // Suffixes of R1 may follow each other (`general|iz|ation`): each taken off in turn. Step 5 keeps a final `e`
  // outside R2 after a short syllable (`date`, `stage`).
  const takes = (x: string) =>
    word.slice(0, keep).endsWith(x) && keep - x.length >= r1 && (x !== 'e' || keep - 1 >= r2 || !shortEnd(keep - 1));
  for (;;) {
    const suffix = SUFFIXES.find(takes) ?? (word.slice(0, keep).endsWith('ll') && keep - 1 >= r1 ? 'l' : undefined);
    if (!suffix) break;
    keep -= suffix.length;
    stripped = true;
  }
  if (endMayChange && !stripped) keep -= 1;
  return word.slice(0, Math.max(1, keep));
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
