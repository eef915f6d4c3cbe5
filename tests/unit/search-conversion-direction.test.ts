import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { conversionSource, directionFactor, producedBy } from '../../src/islands/conversion-direction.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages } from '../../src/islands/search-rank.ts';
import { queryTerms, stem } from '../../src/islands/search-text.ts';
import { addFillerPages, record } from './search-records.ts';

describe('the direction of a conversion ("X to Y")', () => {
  it('reads what a function named TO_Z or X_TO_Z produces, and what a query starts from', () => {
    expect(producedBy('TO_UNIX_TIMESTAMP')).toEqual(['unix', 'timestamp']);
    expect(producedBy('STR_TO_DATE')).toEqual([stem('date')]);
    expect(producedBy('Add a node to a cluster')).toEqual([]);
    expect([...(conversionSource('convert unix epoch seconds to a timestamp') ?? [])]).toContain('unix');
    expect(conversionSource('how to connect')?.has('connect')).toBeFalsy();
    expect(directionFactor(conversionSource('timestamp to unix epoch'), 'TO_TIMESTAMP')).toBeLessThan(1);
    expect(directionFactor(conversionSource('unix epoch to a timestamp'), 'TO_TIMESTAMP')).toBe(1);
    // "into" and "as" name the product as "to" does: a timestamp formatted as text is not made by TO_TIMESTAMP.
    expect(directionFactor(conversionSource('format a timestamp as text'), 'TO_TIMESTAMP')).toBeLessThan(1);
    expect(directionFactor(conversionSource('turn a timestamp into text'), 'TO_TIMESTAMP')).toBeLessThan(1);
    expect(directionFactor(conversionSource('format a string as a timestamp'), 'TO_TIMESTAMP')).toBe(1);
  });
  it('puts first the function that produces what is asked for, not the one that produces what the reader has', () => {
    const pages: Record<string, PageRecord> = {
      unix: record('/doc/tounixtimestamp', 'TO_UNIX_TIMESTAMP', 'Convert a timestamp to Unix epoch seconds.'),
      ts: record('/doc/totimestamp', 'TO_TIMESTAMP', 'Convert a string, or Unix epoch seconds, to a timestamp.'),
    };
    addFillerPages(pages);
    const q = 'convert unix epoch seconds to a timestamp';
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/totimestamp');
    // The other way round, the Unix timestamp function stays first.
    const back = 'convert a timestamp to unix epoch seconds';
    expect(rankPages(buildFieldIndex(pages), queryTerms(back), [], undefined, back)[0]?.doc.url).toBe(
      '/doc/tounixtimestamp',
    );
  });
});
