import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { addFillerPages, hits, record } from './search-records.ts';

describe('a heading that answers the query, beside a title that answers part of it', () => {
  // "csv into table": the loading command is titled after the table and has a section on CSV; the unloading command
  // has a heading that happens to hold both words ("Unload a table as CSV"). Both pages use both words as often.
  const pages: Record<string, PageRecord> = {
    table: record('/doc/copy-into-table', 'COPY INTO <table>', 'Load staged files into a table.', [
      'CSV options',
      'Load chosen files',
    ]),
    location: record('/doc/copy-into-location', 'COPY INTO <location>', 'Unload a table or a query into files.', [
      'Unload a table as CSV',
      'An empty result writes no file',
    ]),
  };
  addFillerPages(pages);
  const q = 'csv into table';
  const body = hits({ table: [4], location: [4] });

  it('does not let the heading outweigh the title: the page named after the table comes first', () => {
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [body, body], undefined, q);
    expect(ranked.slice(0, 2).map((r) => r.doc.url)).toEqual(['/doc/copy-into-table', '/doc/copy-into-location']);
  });

  it('still lets the heading lift its page above a page whose title says none of the query', () => {
    // Without the title's word the loading page answers "table" only in its summary, as the unloading page does.
    const untitled = {
      ...pages,
      table: record('/doc/copy-into-table', 'COPY INTO', 'Load staged files into a table.', ['CSV options']),
    };
    const ranked = rankPages(buildFieldIndex(untitled), queryTerms(q), [body, body], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/copy-into-location');
  });
});
