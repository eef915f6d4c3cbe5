/**
 * A pasted error message: a page that quotes its fixed text ("Table columns count is not match") is the page for it,
 * even without the particulars the engine filled in ("expect 1, input: 2"), and the page quoting the most of it
 * beats a page quoting a part.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { messageParticulars, phraseRun, unplacedBefore } from '../../src/islands/body-proximity.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { rarePhraseRuns } from '../../src/islands/message-runs.ts';
import { queryTerms, stem } from '../../src/islands/search-text.ts';
import { addFillerPages, record } from './search-records.ts';

const at = (per: Record<string, number[]>): BodyHit[] =>
  Object.entries(per).map(([id, locations]) => ({ id, score: 5, locations }));

const first = (pages: Record<string, PageRecord>, q: string, words: Record<string, BodyHit[]>, common: string[]) => {
  const terms = queryTerms(q);
  const ranked = rankPages(
    buildFieldIndex(pages),
    terms,
    terms.map((t) => words[t.text] ?? []),
    undefined,
    q,
    terms.map((t) => common.includes(t.text)),
  );
  return ranked[0]?.doc.url;
};

describe('a pasted message', () => {
  it('finds the page quoting its opening text, though the page lacks the values that follow it', () => {
    const pages: Record<string, PageRecord> = {
      insert: record('/doc/insert', 'INSERT INTO', 'Adds rows to a table, one value for each of its columns.'),
      codes: record('/doc/codes', 'Error Codes', 'What each error code means.'),
    };
    addFillerPages(pages);
    // Both pages quote "columns count is not match"; the error codes page also says "expect" and "input" far off.
    const words = {
      columns: at({ insert: [10, 90], codes: [50] }),
      count: at({ insert: [11], codes: [51] }),
      not: at({ insert: [13, 70], codes: [53, 7], p0: [3] }),
      match: at({ insert: [14], codes: [54] }),
      expect: at({ insert: [200], codes: [300], p5: [5], p6: [5], p7: [5] }),
      input: at({ codes: [400], p1: [5], p2: [5], p3: [5], p4: [5] }),
    };
    const q = 'Table columns count is not match, expect 1, input: 2';
    expect(first(pages, q, words, ['table'])).toBe('/doc/insert');
  });

  it('counts as particulars the words after a run that opens the query, and the words a run skips', () => {
    // "table option foo is invalid for create table statement": the page prints <name> where "foo" is.
    expect([...messageParticulars([1, 3, 4, 5], [false, true, false, true, true, true], 6)]).toEqual([2]);
    // "columns count not match" after "table" (too common to look up): "expect", "1", "input" follow.
    expect([...messageParticulars([1, 2, 3, 4], [false, true, true, true, true, true, false, true], 8)]).toEqual([
      5, 6, 7,
    ]);
    // "remove the root user that has no password": the reader's verb before the run is a word pages print, so the
    // run does not open a message, and a page lacking the verb still misses it.
    expect([...messageParticulars([1, 2, 3, 5], [true, true, true, true, false, true], 6)]).toEqual([4]);
    expect(messageParticulars([1, 2, 3], [false, true, true, true, true], 5).size).toBe(0);
  });

  it('keeps only the pages quoting the most of it', () => {
    // Page 0 holds six query words in a row, page 1 five of them: page 1 quotes another, shorter sentence.
    const six = [0, 1, 2, 3, 4, 5];
    const where = six.map((t) => {
      const m = new Map<number, number[]>([[0, [20 + t]]]);
      if (t < 5) m.set(1, [40 + t]);
      return m;
    });
    const runs = rarePhraseRuns(where, [1, 1, 1, 1, 1, 1]);
    expect([...runs.keys()]).toEqual([0]);
  });

  it("leaves room in the run for the reader's own words, which the page prints as its own values", () => {
    // "Duplicated table name t1 in the same FROM clause", printed as "... name orders in the same FROM clause":
    // "t1" is on no page, so "same" may stand one word further from "name" than a plain gap allows.
    const q = 'Duplicated table name t1 in the same FROM clause';
    const stems = queryTerms(q).map((t) => t.stem);
    const typed = ['duplicated', 'table', 'name', 't1', 'same', 'clause'];
    const room = unplacedBefore(typed, stems, [true, true, true, false, true, true], stem);
    expect(room).toEqual([0, 0, 0, 0, 1, 1]);
    const positions = [[100], [101], [102], [], [106], [108]];
    expect(phraseRun(positions, [1, 1, 1, 1, 1, 1])).toEqual([0, 1, 2]);
    expect(phraseRun(positions, [1, 1, 1, 1, 1, 1], undefined, room)).toEqual([0, 1, 2, 4, 5]);
  });

  it('finds the page printing a message with a value of its own where the reader typed theirs', () => {
    const pages: Record<string, PageRecord> = {
      join: record('/doc/join', 'JOIN', 'Combines the rows of two tables.'),
      with: record(
        '/doc/with',
        'WITH',
        'Gives a query a table name for the same statement to read in its FROM clause.',
      ),
    };
    addFillerPages(pages);
    // JOIN prints "Duplicated table name orders in the same FROM clause"; WITH holds the words far apart.
    const words = {
      duplicated: at({ join: [100], with: [300] }),
      table: at({ join: [101, 20], with: [40], p0: [1], p1: [1] }),
      name: at({ join: [102], with: [10], p2: [1], p3: [1] }),
      same: at({ join: [106], with: [60] }),
      clause: at({ join: [108], with: [61] }),
    };
    expect(first(pages, 'Duplicated table name t1 in the same FROM clause', words, [])).toBe('/doc/join');
  });
});
