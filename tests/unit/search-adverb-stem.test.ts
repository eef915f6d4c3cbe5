import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages } from '../../src/islands/search-rank.ts';
import { queryTerms, stem } from '../../src/islands/search-text.ts';
import { addFillerPages, record } from './search-records.ts';

describe('an adverb read as its adjective', () => {
  it('gives the adverb the stem of its adjective, but not words that only end in -ly', () => {
    for (const [a, b] of [
      ['approximately', 'approximate'],
      ['easily', 'easy'],
      ['reliably', 'reliable'],
      ['quickly', 'quick'],
    ])
      expect(stem(a ?? '')).toBe(stem(b ?? ''));
    expect(stem('apply')).toBe('apply');
    expect(stem('multiply')).toBe('multiply');
  });

  it("puts first the page whose keyword is the adjective of the reader's adverb", () => {
    const pages: Record<string, PageRecord> = {
      // Holds every word, "approximately" only in its text.
      exact: record('/doc/count-distinct', 'COUNT DISTINCT', 'The exact number of different values.'),
      approx: [
        '/doc/approx-count-distinct',
        'APPROX_COUNT_DISTINCT',
        'Docs',
        'An estimate of the number of different values.',
        'Docs',
        [],
        ['approximate'],
      ],
    };
    addFillerPages(pages);
    const q = 'count distinct values approximately';
    // "approximately" is in the text of a few pages, the exact count's among them.
    const body = ['exact', 'p0', 'p1', 'p2'].map((id) => ({ id, score: 5, locations: [9] }));
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [[], [], [], body], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/approx-count-distinct');
  });
});
