import { describe, expect, it } from 'vitest';
import { packNameIndex, unpackNameIndex, type NameIndex } from '../../src/islands/name-match.ts';
import { packRecordsFile, unpackRecordsFile } from '../../src/islands/search-records-format.ts';

const index: NameIndex = {
  sections: ['SQL Functions', 'SQL Reference'],
  pages: {
    en_a1: [
      '/doc/sql-functions/datetime-functions/date-trunc',
      'DATE_TRUNC',
      'Date',
      'Truncates a date.',
      'SQL Functions',
    ],
    en_b2: [
      '/doc/sql-reference/settings-reference',
      'Settings Reference',
      'Reference',
      'Every setting.',
      'SQL Reference',
    ],
    en_c3: ['/doc/sql-functions/arithmetic/', 'Arithmetic', 'Functions', 'Operators.', 'SQL Functions', [], [], 1],
    // A section the filter does not offer, and breadcrumbs another page has too.
    en_d4: ['/doc/guides/x', 'X', 'Functions', 'A guide.', 'Guides', ['Setup'], ['x tool']],
  },
  names: [
    {
      name: 'DATE_TRUNC',
      kind: 'function',
      url: '/doc/sql-functions/datetime-functions/date-trunc',
      page: 'DATE_TRUNC',
      section: 'SQL Functions',
      summary: 'Truncates a date.',
    },
    {
      name: 'max_threads',
      kind: 'setting',
      url: '/doc/sql-reference/settings-reference#max_threads',
      page: 'Settings Reference',
      section: 'SQL Reference',
      summary: 'Threads of one query.',
    },
    {
      name: 'ADD',
      kind: 'function',
      url: '/doc/sql-functions/arithmetic/#plus-add-',
      page: 'Arithmetic',
      section: 'SQL Functions',
      summary: 'Operators.',
    },
    {
      name: 'LOST',
      kind: 'function',
      url: '/doc/elsewhere#lost',
      page: 'Elsewhere',
      section: 'SQL Functions',
      summary: 'A page without a record.',
    },
  ],
};

describe('the records as stored', () => {
  it('give back every name and page as the ranking reads them, own summaries from the second file', () => {
    const stored = packNameIndex(index);
    const { records, summaries } = packRecordsFile(JSON.parse(JSON.stringify(stored)) as typeof stored);
    const read = unpackNameIndex(unpackRecordsFile(JSON.parse(JSON.stringify(records)) as typeof records));
    expect(read.pages).toEqual(index.pages);
    expect(read.sections).toEqual(index.sections);
    // The setting's own summary waits in the summaries file, never replaced by its page's.
    expect(summaries).toEqual({ 1: 'Threads of one query.' });
    expect(read.names[1]!.summary).toBe('');
    read.names[1]!.summary = summaries[1]!;
    expect(read.names).toEqual(index.names);
  });

  it('store a name as a short tuple: its page by place, its anchor left out when it is the name slug', () => {
    const { records } = packRecordsFile(packNameIndex(index));
    expect(records.names.slice(0, 3)).toEqual([
      // Named as its page is titled: the title is not stored twice.
      [0, 0, 0],
      ['max_threads', 2, 1, 1, 1],
      ['ADD', 0, 2, 'plus-add-'],
    ]);
    // A name whose page has no record is kept whole.
    expect(records.names[3]).toMatchObject({ name: 'LOST', url: '/doc/elsewhere#lost' });
  });

  it('store each breadcrumb once, a section as its place in the filter, the ids apart', () => {
    const { records } = packRecordsFile(packNameIndex(index));
    expect(records.crumbs).toEqual(['Date', 'Reference', 'Functions']);
    expect(records.ids).toEqual(['en_a1', 'en_b2', 'en_c3', 'en_d4']);
    expect(records.pages.map((p) => [p[2], p[4]])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 'Guides'],
    ]);
    // The order of the pages is kept: the full-text index's parts list them in it.
    expect(Object.keys(unpackRecordsFile(records).pages)).toEqual(records.ids);
  });

  it('names the file and the name that points to a page it does not hold', () => {
    const { records } = packRecordsFile(packNameIndex(index));
    records.names[0] = ['DATE_TRUNC', 0, 9];
    expect(() => unpackRecordsFile(records)).toThrow(/search-records\.json: the name DATE_TRUNC points to page 9/);
  });
});
