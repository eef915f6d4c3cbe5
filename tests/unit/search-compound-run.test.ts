/**
 * A pasted message that holds a compound name (`default.active_sessions`, `add_weeks`): the index puts the parts of
 * a compound at one position, so the run of the message's words must take them there, or the message is no phrase.
 */
import { describe, expect, it } from 'vitest';
import { joinedTerms, phraseRun } from '../../src/islands/body-proximity.ts';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms, words } from '../../src/islands/search-text.ts';
import { addFillerPages, record } from './search-records.ts';

describe('a compound name in a pasted message', () => {
  it('is read as words typed joined to each other', () => {
    const q = 'default.active_sessions engine is VIEW';
    expect(joinedTerms(q, queryTerms(q), words)).toEqual([false, true, true, false, false]);
    const apart = 'default active sessions engine is VIEW';
    expect(joinedTerms(apart, queryTerms(apart), words)).toEqual([false, false, false, false, false]);
  });

  it('runs through the parts of the compound at one position, and only for parts typed joined', () => {
    const at = [[5], [5], [5], [6], [8]];
    expect(phraseRun(at, [1, 1, 1, 1, 1], 3, [false, true, true, false, false])).toEqual([0, 1, 2, 3, 4]);
    expect(phraseRun(at, [1, 1, 1, 1, 1], 3)).toHaveLength(3);
  });

  it('puts the page that prints the message first', () => {
    const pages: Record<string, PageRecord> = {
      drop: record('/doc/drop-table', 'DROP TABLE', 'Remove a table.'),
      sessions: record('/doc/show-processlist', 'SHOW PROCESSLIST', 'The active sessions of the server.'),
    };
    addFillerPages(pages);
    const q = 'default.active_sessions engine is VIEW';
    const at = (per: Record<string, number[]>): BodyHit[] =>
      Object.entries(per).map(([id, locations]) => ({ id, score: 10, locations }));
    // DROP TABLE prints the message once; the other page names the sessions and says every word somewhere, apart.
    const bodies = [
      at({ drop: [40], sessions: [3], p0: [1] }),
      at({ drop: [40], sessions: [10] }),
      at({ drop: [40], sessions: [20] }),
      at({ drop: [41], sessions: [30], p1: [2] }),
      at({ drop: [43], sessions: [50], p2: [2], p3: [5] }),
    ];
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/drop-table');
  });
});
