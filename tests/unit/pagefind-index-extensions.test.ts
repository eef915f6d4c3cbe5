import { describe, expect, it } from 'vitest';
import type { WordData } from '../../src/islands/pagefind-format.ts';
import { PagefindIndex } from '../../src/islands/pagefind-index.ts';

/** A word on one page, at one position of weight 1. */
const on = (page: number, position = 0): WordData => ({
  pages: [{ page, locs: [[1, position]], metaLocs: [] }],
  variants: [],
});
const index = () =>
  new PagefindIndex({
    version: '1.6.0',
    pages: [0, 1, 2, 3].map((i) => ({ hash: `p${i}`, wordCount: 10 })),
    chunks: [],
    metaFields: [],
  });
const pagesOf = (ix: PagefindIndex, term: string) =>
  ix
    .search(term, term)
    .map((r) => r.page)
    .sort();

describe('a query word matches the loaded words it begins', () => {
  it('finds every word with the prefix, and none beside it in the sorted list', () => {
    const ix = index();
    ix.addChunk(
      new Map([
        ['dat', on(0)],
        ['date', on(1)],
        ['datum', on(2)],
        ['day', on(3)],
      ]),
    );
    expect(pagesOf(ix, 'date')).toEqual(['p1']);
    expect(pagesOf(ix, 'dat')).toEqual(['p0', 'p1', 'p2']);
  });

  it('sees words loaded after an earlier search', () => {
    const ix = index();
    ix.addChunk(new Map([['date', on(1)]]));
    expect(pagesOf(ix, 'date')).toEqual(['p1']);
    ix.addChunk(new Map([['dateadd', on(2)]]));
    expect(pagesOf(ix, 'date')).toEqual(['p1', 'p2']);
  });

  it('falls back to the longest loaded word the query word begins with', () => {
    const ix = index();
    ix.addChunk(
      new Map([
        ['tim', on(0)],
        ['time', on(1)],
        ['timezone', on(2)],
      ]),
    );
    expect(pagesOf(ix, 'timestamp')).toEqual(['p1']);
  });
});
