/**
 * A question about an idea is answered by the page that explains it, not by the reference entry of one name: a
 * function's, a command's or a system table's page.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { record } from './search-records.ts';
import { isNamePage } from '../../src/islands/query-intent.ts';

// [url, title, crumbs, summary, section, headings]

describe('a system table’s page', () => {
  it('is the reference entry of one name, as a function’s or a command’s page is', () => {
    expect(isNamePage('/doc/sql-reference/system-tables/system-roles')).toBe(true);
    expect(isNamePage('/doc/sql-reference/system-tables/')).toBe(false);
    expect(isNamePage('/doc/sql-reference/access-control-privileges')).toBe(false);
  });

  it('does not answer a question about the idea its name holds', () => {
    const pages: Record<string, PageRecord> = {
      table: record('/doc/sql-reference/system-tables/system-roles', 'system.roles', 'The roles and who holds them.'),
      idea: record(
        '/doc/sql-reference/access-control',
        'Roles and Privileges',
        'How roles and privileges work together.',
      ),
    };
    const q = 'how do roles work';
    // The table's page says "roles" more often (a column, its rows): without the question, it comes first.
    const roles: BodyHit[] = [
      { id: 'table', score: 10, locations: [1] },
      { id: 'idea', score: 6, locations: [4] },
    ];
    const rank = (text: string) => rankPages(buildFieldIndex(pages), queryTerms(text), [roles, []], undefined, text);
    expect(rank('roles')[0]?.doc.url).toBe('/doc/sql-reference/system-tables/system-roles');
    const ranked = rank(q);
    expect(ranked[0]?.doc.url).toBe('/doc/sql-reference/access-control');
  });
});

describe('a command’s page with a keyword that is the idea', () => {
  const keyworded = (url: string, title: string, summary: string, keywords: string[]): PageRecord => [
    url,
    title,
    'Docs',
    summary,
    'Docs',
    [],
    keywords,
  ];
  const pages: Record<string, PageRecord> = {
    presign: keyworded('/doc/sql-commands/ddl/presign/presign', 'PRESIGN', 'Generate a presigned URL for a file.', [
      'presigned url',
    ]),
    stage: keyworded('/doc/load-data/stage/stage-files', 'Staging Files', 'Upload files with a presigned URL.', [
      'presigned url',
    ]),
  };
  const index = buildFieldIndex(pages);
  // The guide says "presigned URL" more often than the command's page.
  const bodies = (n: number): BodyHit[][] =>
    Array.from({ length: n }, () => [
      { id: 'stage', score: 10, locations: [1] },
      { id: 'presign', score: 6, locations: [1] },
    ]);
  const first = (q: string) => rankPages(index, queryTerms(q), bodies(queryTerms(q).length), undefined, q)[0]?.doc.url;

  it('answers a question about that idea: its author made it the page for it', () => {
    expect(first('what is a presigned url')).toBe('/doc/sql-commands/ddl/presign/presign');
  });
  it('is still lowered when the keyword names only part of the question', () => {
    expect(first('what is a presigned url for upload')).toBe('/doc/load-data/stage/stage-files');
  });
});

describe('a query asking for an overview', () => {
  it("is answered by a topic's overview page, whose title names the topic, not by a page titled Overview", () => {
    const pages: Record<string, PageRecord> = {
      home: record('/doc/overview', 'Overview', 'What Databend is, and how its data is stored and loaded.'),
      types: record('/doc/data-types/', 'Data Types', 'Each type a column can have.'),
      numeric: record('/doc/data-types/numeric', 'Numeric', 'Whole numbers and decimals.'),
      p0: record('/doc/p0', 'Page 0', 'Nothing in particular.'),
      p1: record('/doc/p1', 'Page 1', 'Nothing in particular.'),
      p2: record('/doc/p2', 'Page 2', 'Nothing in particular.'),
      p3: record('/doc/p3', 'Page 3', 'Nothing in particular.'),
    };
    const q = 'overview of data types';
    const at = (ids: string[]): BodyHit[] => ids.map((id) => ({ id, score: 10, locations: [1] }));
    // "overview" is on the home page alone, so rare that it outweighs the topic.
    const body = [at(['home']), at(['home', 'types', 'numeric', 'p0']), at(['home', 'types', 'numeric', 'p1'])];
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), body, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/data-types/');
  });
});
