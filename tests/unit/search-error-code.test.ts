/**
 * A message the engine prints names its error (`UnknownFunction. Code: 1008`): when no page quotes its text, the
 * page explaining that error is the answer, not a page that happens to print the same kind of error.
 */
import { describe, expect, it } from 'vitest';
import type { NameRecord, PageRecord } from '../../src/islands/name-match.ts';
import { errorCodePages, namedErrors } from '../../src/islands/error-code.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { addFillerPages, firstRanked, hits, record } from './search-records.ts';

const code = (name: string, url: string): NameRecord => ({
  name,
  kind: 'error code',
  url,
  page: 'Error Codes',
  section: 'SQL Reference',
  summary: '',
});

describe('an error named by a pasted message', () => {
  const names = [
    code('1008 UnknownFunction', '/doc/codes#1008-unknownfunction'),
    code('1025 UnknownTable', '/doc/codes#1025-unknowntable'),
  ];

  it('is found by its name and number as the engine prints them together', () => {
    const pages = errorCodePages(names, (url) => (url === '/doc/codes' ? 7 : undefined));
    const terms = (q: string) => queryTerms(q);
    const q = 'UnknownFunction. Code: 1008, Text = no function matches the given name: nosuchfunc.';
    expect([...namedErrors(q, terms(q), pages)]).toEqual([[7, [0, 2]]]);
    // A number alone, or a name and another error's number, may be the reader's own.
    expect(namedErrors('UnknownFunction code 1025', terms('UnknownFunction code 1025'), pages).size).toBe(0);
    expect(namedErrors('code 1008', terms('code 1008'), pages).size).toBe(0);
  });

  it('puts the page explaining the error first when many pages print the same kind of message', () => {
    const pages: Record<string, PageRecord> = {
      codes: record('/doc/codes', 'Error Codes', 'What each error code means.', [
        '1008 UnknownFunction',
        '1025 UnknownTable',
      ]),
    };
    // Five function pages print "UnknownFunction. Code: 1008, Text = no function matches the given name: ..."
    // for their own examples; one of them also has "match" in its summary.
    const printers = ['f0', 'f1', 'f2', 'f3', 'f4'];
    for (const f of printers) pages[f] = record(`/doc/${f}`, f.toUpperCase(), 'A string function.');
    pages.f0 = record('/doc/f0', 'NOT MATCH', 'Whether a string does not match a pattern.');
    addFillerPages(pages);
    const index = buildFieldIndex(pages);
    const docOf = (url: string) => index.docs.findIndex((d) => d.url === url.replace(/\/$/, ''));
    index.errorPages = errorCodePages(names, (url) => (docOf(url) >= 0 ? docOf(url) : undefined));
    const printed = (offset: number) => Object.fromEntries(printers.map((f) => [f, [100 + offset]]));
    const q = 'UnknownFunction. Code: 1008, Text = no function matches the given name: nosuchfunc.';
    const words: Record<string, ReturnType<typeof hits>> = {
      unknownfunction: hits({ ...printed(0), codes: [10] }),
      code: hits({ ...printed(1), codes: [1, 11], p0: [1], p1: [1] }),
      1008: hits({ ...printed(2), codes: [12] }),
      text: hits({ ...printed(3), p2: [1] }),
      function: hits({ ...printed(6), p3: [1], p4: [1] }),
      matches: hits({ ...printed(7) }),
      given: hits({ ...printed(9) }),
    };
    expect(firstRanked(index, q, words)).toBe('/doc/codes');
  });
});
