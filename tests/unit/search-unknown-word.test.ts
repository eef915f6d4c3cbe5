/**
 * A query word that no page holds in any form (the reader's own name for an object, `hr_share`, or a word of their
 * phrasing, "myself") tells no page from another: it weighs nothing, so it does not dilute the share of the query
 * that the other words answer.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';

const body = (per: Record<string, number>): BodyHit[] =>
  Object.entries(per).map(([id, score]) => ({ id, score, locations: [1] }));

describe('a query word on no page', () => {
  const pages: Record<string, PageRecord> = {
    guide: ['/doc/compile', 'Compile', 'Docs', 'Build Databend from its source.', 'Docs', []],
    credits: ['/doc/system-credits', 'Compiled Crates', 'Docs', 'The crates built into Databend.', 'Docs', []],
  };
  // Many pages, a few of them about Databend as a whole: "myself" would weigh more than any word.
  for (let i = 0; i < 100; i++)
    pages[`p${i}`] = [`/doc/page-${i}`, `Page ${i}`, 'Docs', i < 5 ? 'Databend itself.' : 'Nothing here.', 'Docs', []];
  const index = buildFieldIndex(pages);
  const ranked = (q: string) => {
    const bodies = queryTerms(q).map((t) =>
      t.stem === 'compil'
        ? body({ guide: 5, credits: 10 })
        : t.stem === 'databend'
          ? body({ guide: 5, credits: 10 })
          : [],
    );
    return rankPages(index, queryTerms(q), bodies, undefined, q);
  };
  it('weighs nothing', () => {
    expect(ranked('compile databend myself')[0]?.weights[2]).toBe(0);
  });
  it('leaves the order the other words give: the page named after them first', () => {
    expect(ranked('compile databend')[0]?.doc.url).toBe('/doc/compile');
    expect(ranked('compile databend myself')[0]?.doc.url).toBe('/doc/compile');
  });
});
