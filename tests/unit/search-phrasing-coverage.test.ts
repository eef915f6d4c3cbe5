/**
 * A word of the reader's phrasing ("no longer") names no page, so a page that lacks it lacks nothing that was
 * asked: it must not lose to a page that happens to say it, as it would if the word counted as a missing subject.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { phrasingWords } from '../../src/islands/phrasing-weight.ts';
import { buildFieldIndex, FIELDS, MATCH } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { addFillerPages, record } from './search-records.ts';

const body = (ids: string[]): BodyHit[] => ids.map((id) => ({ id, score: 5, locations: [1] }));

describe('a page lacking only the reader’s phrasing', () => {
  it('is not counted as missing a word of the question', () => {
    const pages: Record<string, PageRecord> = {
      remove: [
        '/doc/remove-stage',
        'REMOVE STAGE FILES',
        'Docs',
        'Removes files from a stage.',
        'Docs',
        [],
        ['delete staged files'],
      ],
      // Says the phrasing in a heading, and the subject only in passing.
      optimize: record('/doc/optimize-table', 'OPTIMIZE TABLE', 'Merges the files of a table.', [
        'Staged files no longer needed',
      ]),
    };
    addFillerPages(pages);
    const q = 'delete staged files i no longer need';
    // "no" and "longer" are in the text of several pages (not rare words), the optimizer's among them.
    const phrase = body(['optimize', 'p0', 'p1', 'p2', 'p3']);
    // The optimizer's text also uses "staged" and "files".
    const used = body(['optimize']);
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [[], used, used, phrase, phrase], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/remove-stage');
  });

  it('are the words of a long query no title or keyword holds, never a rare word or a number', () => {
    const F = FIELDS.length;
    const inField = (f: number) => {
      const q = new Float64Array(2 * F);
      if (f >= 0) q[f] = MATCH.exact;
      return q;
    };
    // Word 0 in a title, word 1 in keywords, word 2 only in a summary, word 3 nowhere, word 4 a code.
    const quality = [inField(0), inField(1), inField(2), inField(-1), inField(-1)];
    const terms = queryTerms('stage purge longer lately 1025');
    expect(phrasingWords(quality, F, [false, false, false, false, false], terms)).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
    // A rare body word (an error name) is not phrasing; nor is any word of a short query.
    expect(phrasingWords(quality, F, [false, false, false, true, false], terms)[3]).toBe(false);
    expect(phrasingWords(quality.slice(0, 3), F, [false, false, false], queryTerms('stage purge longer'))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
