import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { addFillerPages, record } from './search-records.ts';

const withKeywords = (r: PageRecord, keywords: string[]): PageRecord => [
  r[0],
  r[1],
  r[2],
  r[3],
  r[4],
  r[5] ?? [],
  keywords,
];

describe('keywords that together say the whole query', () => {
  it('put first the page whose author phrases make up the question', () => {
    const pages: Record<string, PageRecord> = {
      // A section overview whose summary, a heading and keywords hold every word of the question.
      overview: withKeywords(
        record(
          '/doc/conditional',
          'Conditional Functions',
          'Replace a NULL, pick a default value, or choose a value by condition.',
          ['Replace NULL values'],
        ),
        ['null value', 'default'],
      ),
      coalesce: withKeywords(record('/doc/coalesce', 'COALESCE', 'The first argument that is not NULL.'), [
        'replace null',
        'default value',
      ]),
    };
    addFillerPages(pages);
    const q = 'replace null with a default value';
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/coalesce');
  });
});
