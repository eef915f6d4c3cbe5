/**
 * How search reads words, in the browser: a query and a page's title, summary and keywords are cut into the same
 * words, compared by a light English stem (`dropped` = `drop`, `queries` = `query`), with the words that carry no
 * meaning in a question left out and a short list of words that mean the same thing to a reader.
 */

/**
 * Words a question is built from but that say nothing about what is asked: articles, pronouns, prepositions and
 * common verbs ("how do I use ..."). They never veto a page. A query made only of them keeps them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the to of in on at for with from into onto by and or but is are was were be been being it its this that these those there ' +
    'their them they my me i we our you your he she his her how what which when where why who whom whose do does did done doing ' +
    'can could should would will shall may might must want wants need needs way ways some any each every using use used uses get ' +
    'gets getting make makes see find about as if than then so also just only very more most please help example examples vs via ' +
    'without within up out over under between like thing things one two three four five six seven eight nine ten'
  ).split(' '),
);

/**
 * Groups of words readers use for the same thing (a word of ours and a reader's word). A query word also finds
 * pages that use another word of its group, at a lower weight than the word itself. Words particular to one page
 * belong in that page's `keywords:` instead.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['cancel', 'kill', 'abort', 'terminate'],
  ['json', 'variant'],
  ['restore', 'undrop', 'recover'],
  ['delete', 'remove'],
  ['export', 'unload'],
  ['import', 'load', 'ingest'],
  ['text', 'string', 'varchar'],
  ['integer', 'int'],
  ['boolean', 'bool'],
  ['datetime', 'timestamp'],
  ['permission', 'privilege'],
  ['licence', 'license'],
  ['kubernetes', 'k8s'],
  ['golang', 'go'],
  ['plan', 'explain'],
  ['release', 'version'],
];

/**
 * A version number (`1.2`, `v0.8`, `v1.2.453`) as one word, its release series: `v1.2`. Readers ask for a release
 * by its number, and the series is what names a release note; split into digits it would match every page.
 */
const VERSION = /^v?(\d{1,2})\.(\d{1,3})(?:\.\d+)*$/;
export const isVersion = (word: string) => /^v\d+\.\d+$/.test(word);

/** The words of a text, lower case: letters and digits (`DATE_TRUNC` is `date` and `trunc`), versions whole. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}.]+/u)) {
    const version = VERSION.exec(token.replace(/^\.+|\.+$/g, ''));
    if (version) {
      out.push(`v${version[1]}.${version[2]}`);
      continue;
    }
    for (const w of token.split('.')) if (w.length > 1 || /\d/.test(w)) out.push(w);
  }
  return out;
}

const VOWEL = /[aeiouy]/;

/**
 * A light English stem, the same for a word and its usual inflections: plurals, -ing, -ed, -tion, -ment and a final
 * e (`tables`/`table`, `running`/`run`, `dropped`/`drop`, `created`/`creation`/`create`, `settings`/`set`).
 * Not a linguistic stemmer: it only has to give the same stem to the forms readers and pages use.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (/(?:ss|x|ch|sh)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(?:ss|us|is)$/.test(s)) s = s.slice(0, -1);
  // An adverb is read as its adjective (`approximately`/`approximate`, `easily`/`easy`, `reliably`/`reliable`): a
  // reader says "count fast approximately", the page "approximate". Not `-ply` (`apply`, `multiply`).
  if (s.length >= 6 && /[^p]ly$/.test(s)) {
    s = s.slice(0, -2);
    if (s.endsWith('i')) s = `${s.slice(0, -1)}y`;
    else if (s.endsWith('b')) s = `${s}le`;
  }
  const base = s;
  const cut = (n: number, min: number) => {
    const rest = s.slice(0, -n);
    if (rest.length >= min && VOWEL.test(rest)) s = rest;
  };
  if (s.endsWith('ied') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('ing')) cut(3, 2);
  else if (s.endsWith('ed') && !s.endsWith('eed')) cut(2, 2);
  else if (s.endsWith('ation') && s.length - 5 >= 5) s = s.slice(0, -5);
  else if (s.endsWith('tion')) cut(3, 3);
  else if (s.endsWith('ment')) cut(4, 4);
  // `running` → `runn` → `run`; `install` keeps its double l, `added` stays `add`.
  if (s !== base && s.length > 3 && /([b-df-hj-km-np-rtv-z])\1$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('e') && s.length > 3) s = s.slice(0, -1);
  return s;
}

/** Each word's group of synonyms, by stem. */
const synonymsByStem: Map<string, string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const group of SYNONYMS) for (const w of group) map.set(stem(w), group.filter((o) => o !== w).map(stem));
  return map;
})();

/** The stems of the words that mean the same as this one (not the word itself). */
export const synonymsOf = (wordStem: string): readonly string[] => synonymsByStem.get(wordStem) ?? [];

/** A word of the query, as typed and as stemmed. */
export interface QueryTerm {
  text: string;
  stem: string;
}

/** The words of a query that count: without stop words (unless nothing else is left), each once. */
export function queryTerms(query: string): QueryTerm[] {
  const all = words(query);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  const chosen = meaningful.length ? meaningful : all;
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const text of chosen) {
    const s = stem(text);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push({ text, stem: s });
  }
  return out;
}
