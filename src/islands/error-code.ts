/**
 * An error the engine prints names itself: `UnknownFunction. Code: 1008, Text = no function matches the given
 * name: nosuchfunc.` When no page quotes the message's text (its words are on many pages, or on none), the page
 * that explains the error by its name and code is the answer, as it is for the name or the code typed alone. The
 * error names and codes come from the name records, so nothing is listed by hand. Pure functions: the unit tests
 * run them without a browser.
 */
import type { NameRecord } from './name-match.ts';
import type { QueryTerm } from './search-text.ts';

/** An error's name as the engine prints it: words run together, each with a capital (`UnknownTable`). */
const ERROR_NAME = /\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g;
/** An error's number as the engine prints it (`Code: 1008`) or a reader writes it (`error code 1008`). */
const ERROR_NUMBER = /\bcode\s*:?\s*(\d{1,5})\b/gi;

/**
 * The pages explaining each error, by its number and name as the engine prints them together (`1008
 * unknownfunction`): from the error code records (`1008 UnknownFunction`).
 */
export function errorCodePages(names: readonly NameRecord[], docOf: (url: string) => number | undefined) {
  const out = new Map<string, number[]>();
  for (const n of names) {
    const code = n.kind === 'error code' ? /^(\d+) ([A-Za-z][A-Za-z0-9]*)$/.exec(n.name) : null;
    const d = code ? docOf(n.url.split('#')[0] ?? n.url) : undefined;
    if (!code || d === undefined) continue;
    const key = `${code[1]} ${(code[2] ?? '').toLowerCase()}`;
    const pages = out.get(key) ?? [];
    if (!pages.includes(d)) pages.push(d);
    out.set(key, pages);
  }
  return out;
}

/**
 * The pages explaining the error a query names as the engine prints it, by its name in its own spelling and its
 * number after "code" (`UnknownFunction. Code: 1008`), with the query words that name it. A name or a number alone
 * may be a word of the reader's own.
 */
export function namedErrors(
  query: string,
  terms: readonly QueryTerm[],
  errorPages: ReadonlyMap<string, readonly number[]>,
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const names = [...query.matchAll(ERROR_NAME)].map((m) => m[0].toLowerCase());
  const numbers = [...query.matchAll(ERROR_NUMBER)].map((m) => m[1] ?? '');
  for (const name of names)
    for (const number of numbers) {
      const named = [name, number].map((key) => terms.findIndex((term) => term.text === key));
      if (named.includes(-1)) continue;
      for (const d of errorPages.get(`${number} ${name}`) ?? [])
        out.set(d, [...new Set([...(out.get(d) ?? []), ...named])]);
    }
  return out;
}
