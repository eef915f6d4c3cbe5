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
