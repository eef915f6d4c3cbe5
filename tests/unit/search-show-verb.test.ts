/**
 * "See which queries are running": a reader's verb of showing asks for the statement that shows it (SHOW, DESCRIBE,
 * EXPLAIN), not for the system table a SELECT would read, when both answer the query.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { addFillerPages, record } from './search-records.ts';

const body = (per: Record<string, number>): BodyHit[] =>
  Object.entries(per).map(([id, score]) => ({ id, score, locations: [1] }));

describe('a verb of showing', () => {
  const pages: Record<string, PageRecord> = {
    table: record(
      '/doc/sql-reference/system-tables/system-processes',
      'system.processes',
      'The queries running now, one row each.',
    ),
    show: record('/doc/sql-commands/show/show-processlist', 'SHOW PROCESSLIST', 'Lists the queries running now.'),
  };
  addFillerPages(pages);
  const index = buildFieldIndex(pages);
  const first = (q: string, bodies: BodyHit[][]) => rankPages(index, queryTerms(q), bodies, undefined, q)[0]?.doc.url;

  it('puts the SHOW statement above the system table when both answer the query', () => {
    const q = 'see which queries are running now';
    const bodies = [body({ table: 10, show: 6 }), body({ table: 10, show: 6 }), body({ table: 10, show: 6 })];
    expect(first(q, bodies)).toBe('/doc/sql-commands/show/show-processlist');
    // Without a verb of showing, or when the reader searches ("find"), the table keeps its place.
    expect(first('queries running now', bodies)).toBe('/doc/sql-reference/system-tables/system-processes');
    expect(first('find queries running now', bodies)).toBe('/doc/sql-reference/system-tables/system-processes');
  });

  it('leaves the table first when no statement answers what it answers', () => {
    const q = 'see recent queries';
    const recent: Record<string, PageRecord> = {
      ...pages,
      log: record(
        '/doc/sql-reference/system-tables/system-query-log',
        'system.query_log',
        'Recent queries, one row each.',
      ),
    };
    const ranked = rankPages(buildFieldIndex(recent), queryTerms(q), [[], body({ log: 10, show: 10 })], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/sql-reference/system-tables/system-query-log');
  });
});
