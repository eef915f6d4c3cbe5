/**
 * A pasted message that names the function it was evaluating (`to_date(...)`): of the pages quoting the message,
 * the called function's own page comes first, though another page prints more of the message.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { calledPages, functionNamePages } from '../../src/islands/called-function.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { addFillerPages, firstRanked, functionName, hits, record } from './search-records.ts';

describe('a function a pasted message calls', () => {
  it('is read from the call, by its name as names compare', () => {
    const pages = functionNamePages(
      [functionName('TO_DATE', '/doc/todate'), functionName('STR_TO_DATE', '/doc/strtodate')],
      (url) => (url === '/doc/todate' ? 1 : url === '/doc/strtodate' ? 2 : undefined),
    );
    expect([...calledPages("while evaluating function `to_date('2024/13/45', '%Q')`", pages)]).toEqual([1]);
    expect(calledPages('convert a string to a date', pages).size).toBe(0);
  });

  it("puts the called function's page first among the pages quoting the message", () => {
    const pages: Record<string, PageRecord> = {
      todate: record('/doc/todate', 'TO_DATE', 'Converts a string or a timestamp to a date.'),
      strtodate: record('/doc/strtodate', 'STR_TO_DATE', 'Reads a date from a string in a format.', [
        'Bad or unsupported format strings',
      ]),
      other: record('/doc/other', 'DATE_FORMAT', 'Formats a date as a string.'),
    };
    addFillerPages(pages);
    const index = buildFieldIndex(pages);
    const docOf = (url: string) => index.docs.findIndex((d) => d.url === url);
    index.functionNamePages = functionNamePages(
      [
        functionName('TO_DATE', '/doc/todate'),
        functionName('STR_TO_DATE', '/doc/strtodate'),
        functionName('DATE_FORMAT', '/doc/other'),
      ],
      (url) => (docOf(url) >= 0 ? docOf(url) : undefined),
    );
    // STR_TO_DATE prints the whole message (at 100-108); TO_DATE says "fails with bad or unsupported format
    // string" (at 50-54); DATE_FORMAT uses the words apart.
    const q = "bad or unsupported format string while evaluating function `to_date('2024/13/45', '%Q')`";
    const words: Record<string, ReturnType<typeof hits>> = {
      bad: hits({ strtodate: [100], todate: [50], other: [5] }),
      unsupported: hits({ strtodate: [102], todate: [52] }),
      format: hits({ strtodate: [103], todate: [53, 10], other: [1, 30], p0: [1] }),
      string: hits({ strtodate: [104], todate: [54, 11], other: [2, 31], p1: [1] }),
      while: hits({ strtodate: [105], p2: [1], p3: [1] }),
      evaluating: hits({ strtodate: [106] }),
      function: hits({ strtodate: [107], todate: [3], other: [3], p4: [1], p5: [1] }),
      date: hits({ strtodate: [108, 1], todate: [1, 2], other: [4], p6: [1] }),
    };
    expect(firstRanked(index, q, words)).toBe('/doc/todate');
  });
});
