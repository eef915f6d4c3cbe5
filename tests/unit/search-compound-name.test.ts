/**
 * A name typed whole in a pasted message ("function `add_weeks` does not exist"): search cuts it into words, which
 * many pages hold apart, but only the pages whose text holds the name have its parts at one position.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { compoundHolders, documentedCompounds, typedCompounds } from '../../src/islands/compound-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { addFillerPages, firstRanked, record } from './search-records.ts';

const at = (per: Record<string, number[]>): BodyHit[] =>
  Object.entries(per).map(([id, locations]) => ({ id, score: 5, locations }));

describe('a compound name typed whole', () => {
  it('is found by its parts at one position, on few pages only', () => {
    const q = 'function `add_weeks` does not exist';
    const terms = queryTerms(q);
    const compounds = typedCompounds(q, terms);
    expect(compounds.map((c) => c.map((t) => terms[t]?.text))).toEqual([['add', 'weeks']]);
    // Page 1 holds "add_weeks" (both parts at 40); page 2 says "add" and "weeks" apart.
    const where = [
      new Map<number, number[]>(),
      new Map([
        [1, [3, 40]],
        [2, [7]],
      ]),
      new Map([
        [1, [40]],
        [2, [9]],
      ]),
    ];
    expect([...compoundHolders(compounds, where)]).toEqual([[1, [1, 2]]]);
    // Held by more than a few pages, the name says nothing about which page is meant.
    const many = [new Map(), new Map([0, 1, 2, 3].map((d) => [d, [5]])), new Map([0, 1, 2, 3].map((d) => [d, [5]]))];
    expect(compoundHolders(compounds, many).size).toBe(0);
    expect(typedCompounds('add weeks to a date', queryTerms('add weeks to a date'))).toEqual([]);
  });

  it('puts first the page whose text holds the name over pages whose fields hold its words apart', () => {
    const pages: Record<string, PageRecord> = {
      dateadd: record('/doc/date-add', 'DATE_ADD', 'Adds an interval to a date.'),
      week: record('/doc/to-week', 'TO_WEEK', 'The number of weeks since a date.'),
    };
    addFillerPages(pages);
    const q = 'function add_weeks does not exist';
    // "function" and "exist" on every page's text; "add" and "weeks" on both pages, at one position on DATE_ADD only.
    const everywhere = at({ dateadd: [1], week: [1], p0: [1], p1: [1], p2: [1], p3: [1] });
    const bodies = [everywhere, at({ dateadd: [30], week: [4] }), at({ dateadd: [30], week: [9] }), [], everywhere];
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/date-add');
  });

  it('names the page documenting it, however many pages mention it', () => {
    const pages: Record<string, PageRecord> = {
      settings: record('/doc/settings', 'Settings Reference', 'Every setting and its default.'),
      at: record('/doc/at', 'AT', 'Query a table as it was at an older snapshot, kept for a number of days.'),
    };
    addFillerPages(pages);
    const index = buildFieldIndex(pages);
    index.namePages = new Map([['dataretentiontimeindays', [index.byId.get('settings') ?? -1]]]);
    const q = 'how long are old snapshots kept data_retention_time_in_days';
    const terms = queryTerms(q);
    expect([...documentedCompounds(q, terms, index.namePages)]).toEqual([[index.byId.get('settings'), [4, 5, 6, 7]]]);
    // Five pages print the setting's name (at one position), AT among them; AT also says "snapshot" and "kept".
    const named = at({ settings: [300], at: [50], p0: [1], p1: [1], p2: [1] });
    const words: Record<string, BodyHit[]> = {
      old: at({ at: [3], settings: [9], p3: [1] }),
      snapshots: at({ at: [4], settings: [500], p4: [1] }),
      kept: at({ at: [5], p5: [1] }),
      data: named,
      retention: named,
      time: named,
      days: named,
    };
    expect(firstRanked(index, q, words)).toBe('/doc/settings');
  });
});
