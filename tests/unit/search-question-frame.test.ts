/**
 * Words that frame a reader's question rather than name its subject: the closing "work" of "how does X work" weighs
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { questionFrame } from '../../src/islands/query-intent.ts';

// [url, title, crumbs, summary, section, headings]
const record = (url: string, title: string, summary: string): PageRecord => [url, title, 'Docs', summary, 'Docs', []];
const hits = (per: Record<string, number[]>): BodyHit[] =>
  Object.entries(per).map(([id, locations]) => ({ id, score: 10, locations }));

describe('the frame of a question', () => {
  it('is the closing "work" of a "how" question, nothing else', () => {
    const frame = (q: string) => questionFrame(q, queryTerms(q));
    expect(frame('how do roles work')).toEqual([false, true]);
    expect(frame('how time travel works')).toEqual([false, false, true]);
    expect(frame('which versions work together')).toEqual([false, false, false]);
    expect(frame('how work')).toEqual([false]);
  });

  it('does not let a page that says "work" in passing outrank the page that explains the subject', () => {
    const concept: Record<string, PageRecord> = {
      explain: record('/doc/access-control', 'Roles', 'Roles, privileges and who holds them.'),
      grant: record('/doc/grant-role', 'GRANT ROLE', 'Give roles to a user.'),
    };
    for (let i = 0; i < 12; i++) concept[`p${i}`] = record(`/doc/page-${i}`, `Page ${i}`, 'Nothing in particular.');
    const q = 'how do roles work';
    const bodies: BodyHit[][] = [
      hits({ explain: [3], grant: [3] }), // roles
      hits({ grant: [9], p0: [1], p1: [1], p2: [1], p3: [1] }), // work
    ];
    const ranked = rankPages(buildFieldIndex(concept), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/access-control');
  });
});
