/**
 * Words of the reader's, not of the docs. A reader's own word (one no page's fields hold, in more than a few bodies: "straight", "arrive") costs a page that lacks it only part of its
 * weight: it is rare, so heavy, but it does not say which page is meant. The word that frames a question ("how
 * does X work") weighs nothing.
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

const pages: Record<string, PageRecord> = {
  why: record('/doc/why-stages', 'Understanding Stages', 'Why you load files through a stage.'),
  query: record('/doc/query-staged', 'Querying Staged Files', 'Read the files of a stage in a query.'),
};
for (let i = 0; i < 12; i++) pages[`p${i}`] = record(`/doc/page-${i}`, `Page ${i}`, 'Nothing in particular.');

describe("a reader's own word", () => {
  const q = 'load through a stage straight';
  const bodies: BodyHit[][] = [
    hits({ why: [10], query: [40], p0: [3], p1: [3] }), // load
    hits({ why: [11], query: [12], p2: [5] }), // through
    hits({ why: [12], query: [2] }), // stage
    hits({ query: [90], p3: [1], p4: [1], p5: [1], p6: [1] }), // straight: a few bodies, in passing
  ];

  it('does not put first the page that merely uses it over the page whose fields answer the rest', () => {
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/why-stages');
  });

  it('still counts for the page that holds it, when the pages answer the rest alike', () => {
    const alike: Record<string, PageRecord> = {
      ...pages,
      query: record('/doc/query-staged', 'Understanding Stages', 'Why you load files through a stage.'),
    };
    const ranked = rankPages(buildFieldIndex(alike), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/query-staged');
  });
});

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
