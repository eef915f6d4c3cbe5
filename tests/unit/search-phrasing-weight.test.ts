/**
 * A sentence-long task query ("get the file name each row came from"): its everyday words ("came") are on few
 * pages, so they weigh like names, yet no page is named after them. A long page that uses them in passing must not
 * beat the page named after what was asked.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { capPhrasingWeights } from '../../src/islands/phrasing-weight.ts';
import { buildFieldIndex, FIELDS, MATCH } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { record } from './search-records.ts';

const body = (per: Record<string, number>): BodyHit[] =>
  Object.entries(per).map(([id, score]) => ({ id, score, locations: [1] }));
const on = (ids: string[], score: number) => Object.fromEntries(ids.map((id) => [id, score]));

describe('the reader’s phrasing in a long query', () => {
  it('ranks the page named after the task above a long page that uses every everyday word', () => {
    const pages: Record<string, PageRecord> = {
      meta: record('/doc/metadata', 'Metadata of Staged Files', 'The file name and row number of staged rows.'),
      optimize: record('/doc/optimize-table', 'OPTIMIZE TABLE', 'Merge small blocks of a table.'),
    };
    // Forty other pages; the task's words are on thirty of them, "came" on three.
    for (let i = 0; i < 40; i++) pages[`p${i}`] = record(`/doc/page-${i}`, `Page ${i}`, 'Nothing in particular.');
    const q = 'get the file name each row came from';
    const common = Array.from({ length: 30 }, (_, i) => `p${i}`);
    const bodies = [
      body({ meta: 6, optimize: 8, ...on(common, 5) }),
      body({ meta: 6, optimize: 8, ...on(common, 5) }),
      body({ meta: 6, optimize: 8, ...on(common, 5) }),
      // "came" is on few pages, so it weighs like a name, but no page is named after it.
      body({ optimize: 10, ...on(['p30', 'p31', 'p32'], 5) }),
    ];
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/metadata');
  });

  it('caps only words no title or keyword holds, in queries of four words or more, never a number', () => {
    const F = FIELDS.length;
    // Word 0 is in a title (field 0), word 1 only in a summary (field 2), word 2 nowhere, word 3 is a code.
    const inField = (f: number) => {
      const q = new Float64Array(2 * F);
      if (f >= 0) q[f] = MATCH.exact;
      return q;
    };
    const quality = [inField(0), inField(2), inField(-1), inField(-1)];
    const terms = queryTerms('stage purging longer 1025');
    const weights = [1, 3, 4, 5];
    capPhrasingWeights(weights, quality, F, [false, false, false, false], terms);
    expect(weights).toEqual([1, 1, 1, 5]);
    const rare = [1, 3, 4, 5];
    capPhrasingWeights(rare, quality, F, [false, false, true, false], terms);
    expect(rare).toEqual([1, 1, 4, 5]);
    const short = [1, 3, 4];
    capPhrasingWeights(short, quality.slice(0, 3), F, [false, false, false], queryTerms('stage purging longer'));
    expect(short).toEqual([1, 3, 4]);
  });
});
