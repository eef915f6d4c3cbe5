/**
 * A reader's own word (one no page's fields hold, in more than a few bodies: "straight", "arrive") costs a page that lacks it only part of its
 * weight: it is rare, so heavy, but it does not say which page is meant.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';

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
