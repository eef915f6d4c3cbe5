import { describe, expect, it } from 'vitest';
import { editDistance, matchNames } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { functionName } from './search-records.ts';

/** Edit distance with transpositions, row by row as a textbook writes it: what the fast one must equal. */
function plainDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_row, i) =>
    Array.from({ length: b.length + 1 }, (_cell, j) => i || j),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

describe('what a keystroke computes once and keeps', () => {
  it('edit distance: the same as the plain computation within the budget, over the budget once past it', () => {
    // A fixed sequence of short strings over a small alphabet: every kind of edit occurs, long words included.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = (max: number) =>
      Array.from({ length: Math.floor(next() * max) }, () => 'abcab_'[Math.floor(next() * 6)]).join('');
    for (let n = 0; n < 3000; n++) {
      const a = text(n % 50 ? 10 : 90);
      const b = text(n % 50 ? 10 : 90);
      const max = n % 4;
      const exact = plainDistance(a, b);
      const fast = editDistance(a, b, max);
      if (exact <= max) expect(fast).toBe(exact);
      else expect(fast).toBeGreaterThan(max);
    }
  });

  it('a name put in a list already searched is found: its keys are not those of the name it replaced', () => {
    const names = [functionName('DATE_TRUNC', '/doc/datetrunc'), functionName('ARRAY_AGG', '/doc/array-agg')];
    expect(matchNames(names, 'date_trunc')[0]?.record.name).toBe('DATE_TRUNC');
    names[0] = functionName('TO_DATE', '/doc/to-date');
    expect(matchNames(names, 'date_trunc')).toEqual([]);
    expect(matchNames(names, 'to_date')[0]?.record.name).toBe('TO_DATE');
    names.push(functionName('DATE_TRUNC', '/doc/datetrunc'));
    expect(matchNames(names, 'date_trunc')[0]?.record.url).toBe('/doc/datetrunc');
  });

  it('two query words that follow each other in a heading lift its page, the same the second time', () => {
    const pages: Record<string, PageRecord> = {
      a: ['/doc/a', 'Loading', 'Guides', 'Load files.', 'Guides', ['Rows to columns']],
      b: ['/doc/b', 'Loading', 'Guides', 'Load files.', 'Guides', ['Columns and rows']],
    };
    const index = buildFieldIndex(pages);
    const q = 'rows to columns';
    const first = rankPages(index, queryTerms(q), [[], []], undefined, q);
    expect(first.map((r) => r.doc.url)).toEqual(['/doc/a', '/doc/b']);
    expect(first[0]!.score).toBeGreaterThan(first[1]!.score);
    expect(rankPages(index, queryTerms(q), [[], []], undefined, q).map((r) => r.score)).toEqual(
      first.map((r) => r.score),
    );
  });
});
