/**
 * The English stemmer Pagefind 1.6.0 applies to every query word: Snowball 3.0's English (Porter 2) algorithm, as
 * the `pagefind_stem` crate generates it from `english.sbl`. Written from that algorithm, step by step; the
 * npm packages implement an older revision (without the `inter`, `organ`, `past`… regions, `ogist`, or the
 * `succeed`/`inning` exceptions), and one differing word would make the reader match other words than Pagefind.
 * Works on code points: letters outside a–z count as consonants, as in Snowball.
 */

/** Words stemmed as a whole (Snowball's `exception1`); `''` keeps the word. */
const EXCEPTIONS: Record<string, string> = {
  andes: '',
  atlas: '',
  bias: '',
  cosmos: '',
  early: 'earli',
  gently: 'gentl',
  howe: '',
  idly: 'idl',
  news: '',
  only: 'onli',
  singly: 'singl',
  skies: 'sky',
  skis: 'ski',
  sky: '',
  ugly: 'ugli',
};
/** Prefixes after which R1 starts (`mark_regions`). */
const REGION_PREFIXES = ['arsen', 'commun', 'emerg', 'gener', 'inter', 'later', 'organ', 'past', 'univers'];
/** Step 2: suffix → replacement (`null`: the conditional `ogi` and `li`). */
const STEP2: [string, string | null][] = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['tional', 'tion'],
  ['lessli', 'less'],
  ['biliti', 'ble'],
  ['fulli', 'ful'],
  ['ousli', 'ous'],
  ['entli', 'ent'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['alism', 'al'],
  ['ation', 'ate'],
  ['ogist', 'og'],
  ['anci', 'ance'],
  ['enci', 'ence'],
  ['abli', 'able'],
  ['alli', 'al'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['bli', 'ble'],
  ['ogi', null],
  ['li', null],
];
/** Step 3: suffix → replacement in R1 (`null`: `ative`, deleted in R2 only). */
const STEP3: [string, string | null][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', null],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];
/** Step 4: suffixes deleted in R2 (`ion` only after `s` or `t`), longest first. */
const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];
const DOUBLES = ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'];

const isVowel = (c: string | undefined) => c !== undefined && 'aeiouy'.includes(c);
/** The longest of `list` that `w` ends with. */
const longestEnding = <T extends string>(w: string, list: readonly T[]): T | undefined =>
  list.filter((s) => w.endsWith(s)).sort((a, b) => b.length - a.length)[0];

/** A short syllable ends `w`: non-vowel, vowel, non-vowel other than w, x, Y; or vowel, non-vowel at the start; or `past`. */
function endsShort(w: string[]): boolean {
  const n = w.length;
  if (n >= 3 && !isVowel(w[n - 3]) && isVowel(w[n - 2]) && !isVowel(w[n - 1]) && !'wxY'.includes(w[n - 1]!))
    return true;
  if (n === 2 && isVowel(w[0]) && !isVowel(w[1])) return true;
  return w.join('').endsWith('past');
}

/** Where R1 and R2 start: after the first non-vowel that follows a vowel (R1 after a listed prefix instead). */
function regions(w: string[]): [number, number] {
  const after = (from: number) => {
    for (let i = from; i < w.length - 1; i++) if (isVowel(w[i]) && !isVowel(w[i + 1])) return i + 2;
    return w.length;
  };
  const text = w.join('');
  const prefix = w.length >= 4 ? REGION_PREFIXES.find((p) => text.startsWith(p)) : undefined;
  const r1 = prefix ? prefix.length : after(0);
  // R2 is looked for from R1 on: its vowel must be at or after R1's start.
  let r2 = w.length;
  for (let i = r1; i < w.length - 1; i++)
    if (isVowel(w[i]) && !isVowel(w[i + 1])) {
      r2 = i + 2;
      break;
    }
  return [r1, r2];
}

/** The stem of one lower-case word, as Pagefind's wasm computes it. */
export function stemEnglish(word: string): string {
  if (Object.hasOwn(EXCEPTIONS, word)) return EXCEPTIONS[word] || word;
  // oxlint-disable-next-line typescript/no-misused-spread -- Snowball works on code points
  let w = [...word];
  if (w.length < 3) return word;
  // Prelude: a leading apostrophe goes; a y at the start or after a vowel is a consonant, written Y.
  if (w[0] === "'") w = w.slice(1);
  let yFound = false;
  for (let i = 0; i < w.length; i++)
    if (w[i] === 'y' && (i === 0 || isVowel(w[i - 1]))) {
      w[i] = 'Y';
      yFound = true;
    }
  const [r1, r2] = regions(w);
  const s = () => w.join('');
  const cut = (n: number, add = '') => {
    // oxlint-disable-next-line typescript/no-misused-spread -- ASCII suffixes
    w = [...w.slice(0, w.length - n), ...add];
  };
  // Step 1a.
  const apostrophe = longestEnding(s(), ["'s'", "'s", "'"]);
  if (apostrophe) cut(apostrophe.length);
  const s1a = longestEnding(s(), ['sses', 'ied', 'ies', 'ss', 'us', 's']);
  if (s1a === 'sses') cut(2);
  else if (s1a === 'ied' || s1a === 'ies') cut(3, w.length - 3 >= 2 ? 'i' : 'ie');
  else if (s1a === 's' && w.slice(0, -2).some((c) => isVowel(c))) cut(1);
  // Step 1b.
  step1b();
  function step1b() {
    const suffix = longestEnding(s(), ['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed']);
    if (!suffix) return;
    const before = w.length - suffix.length;
    const stem = w.slice(0, before).join('');
    if (suffix === 'eed' || suffix === 'eedly') {
      if (before >= r1 && !['succ', 'proc', 'exc'].includes(stem)) cut(suffix.length, 'ee');
      return;
    }
    if (suffix === 'ing') {
      if (['even', 'cann', 'inn', 'earr', 'herr', 'out'].includes(stem)) return;
      if (before === 2 && w[1] === 'y' && !isVowel(w[0])) return cut(4, 'ie');
    }
    if (!w.slice(0, before).some((c) => isVowel(c))) return;
    cut(suffix.length);
    const t = s();
    if (t.endsWith('at') || t.endsWith('bl') || t.endsWith('iz')) return cut(0, 'e');
    const double = w.length >= 2 ? DOUBLES.find((d) => t.endsWith(d)) : undefined;
    if (double) {
      if (!(w.length === 3 && 'aeo'.includes(w[0]!))) cut(1);
      return;
    }
    if (w.length === r1 && endsShort(w)) cut(0, 'e');
  }
  // Step 1c: a final y after a non-vowel that is not the first letter.
  const last = w.length - 1;
  if ((w[last] === 'y' || w[last] === 'Y') && last >= 2 && !isVowel(w[last - 1])) w[last] = 'i';
  // Step 2.
  const s2 = w.length >= 2 ? STEP2.find(([x]) => s().endsWith(x)) : undefined;
  if (s2 && w.length - s2[0].length >= r1) {
    const [x, to] = s2;
    const prev = w[w.length - x.length - 1];
    if (to !== null) cut(x.length, to);
    else if (x === 'ogi' && prev === 'l') cut(3, 'og');
    else if (x === 'li' && prev !== undefined && 'cdeghkmnrt'.includes(prev)) cut(2);
  }
  // Step 3.
  const s3 = STEP3.find(([x]) => s().endsWith(x));
  if (s3 && w.length - s3[0].length >= r1) {
    const [x, to] = s3;
    if (to !== null) cut(x.length, to);
    else if (w.length - x.length >= r2) cut(x.length);
  }
  // Step 4.
  const s4 = longestEnding(s(), STEP4);
  if (s4 && w.length - s4.length >= r2) {
    const prev = w[w.length - s4.length - 1];
    if (s4 !== 'ion' || prev === 's' || prev === 't') cut(s4.length);
  }
  // Step 5.
  const end = w.length - 1;
  if (w[end] === 'e') {
    if (end >= r2 || (end >= r1 && !endsShort(w.slice(0, end)))) cut(1);
  } else if (w[end] === 'l' && end >= r2 && w[end - 1] === 'l') cut(1);
  const out = s();
  return yFound ? out.replaceAll('Y', 'y') : out;
}
