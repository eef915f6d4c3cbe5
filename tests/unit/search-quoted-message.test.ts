import { describe, expect, it } from 'vitest';
import { matchNames, type NameRecord } from '../../src/islands/name-match.ts';
import { mergeResults } from '../../src/islands/search-hits.ts';
import { pageHit } from './page-hit.ts';

const unknownTable: NameRecord = {
  name: '1025 UnknownTable',
  kind: 'error code',
  url: '/doc/error-codes#1025-unknowntable',
  page: 'Error Codes 0-1099',
  section: 'SQL Reference',
  summary: 'No such table.',
};
const bitmap = pageHit('/doc/bitmap', 'Bitmap');
const createTable = pageHit('/doc/create-table', 'CREATE TABLE');

describe('a pasted message with the reader’s identifier in quotes', () => {
  // The engine prints `Unknown table 'x'`; readers paste it with or without the quotes.
  for (const query of ["Unknown table 'x'", 'Unknown table "x"', 'Unknown table `x`', 'Unknown table ‘x’'])
    it(`finds the error's entry for ${query}, as for the text unquoted`, () => {
      const names = matchNames([unknownTable], query);
      expect(names[0]?.record.name).toBe('1025 UnknownTable');
      expect(names[0]?.strong).toBe(true);
      expect(mergeResults(query, names, [createTable], 10)[0]?.url).toBe(unknownTable.url);
    });
  it('reads a quoted name alone as the name', () => {
    expect(matchNames([unknownTable], "'UnknownTable'")[0]?.quality).toBe('exact');
  });
  it('puts a page titled as the quoted query with the exact names', () => {
    expect(mergeResults('"bitmap"', [], [createTable, bitmap], 10)[0]?.url).toBe('/doc/bitmap');
  });
});
