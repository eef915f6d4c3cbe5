import { describe, expect, it } from 'vitest';
import {
  compareSidebarOrder,
  docIdFromPath,
  docRoute,
  numberPrefix,
  routeKey,
  stripNumberPrefix,
} from '../../../src/catalogue/ids.ts';

describe('ids and routes', () => {
  it('strips number prefixes from every segment', () => {
    expect(stripNumberPrefix('10-ddl-create-table.md')).toBe('ddl-create-table.md');
    expect(stripNumberPrefix('00-ddl')).toBe('ddl');
    expect(stripNumberPrefix('tableau.md')).toBe('tableau.md');
    expect(docIdFromPath('14-sql-commands/00-ddl/20-table/10-ddl-create-table.md')).toBe(
      'sql-commands/ddl/table/ddl-create-table',
    );
  });
  it('reads the position a prefix gives', () => {
    expect(numberPrefix('20-table')).toBe(20);
    expect(numberPrefix('121-test-functions')).toBe(121);
    expect(numberPrefix('tableau.md')).toBeUndefined();
  });
  it('lets frontmatter id replace the last segment', () => {
    expect(docIdFromPath('15-sql-functions/40-string-functions/length.md', 'string-length')).toBe(
      'sql-functions/string-functions/string-length',
    );
  });
  it('puts index pages at their folder with a trailing slash', () => {
    expect(docRoute('guides/index', '/doc')).toBe('/doc/guides/');
    expect(docRoute('index', '/doc')).toBe('/doc/');
    expect(docRoute('develop/api/rest', '/doc')).toBe('/doc/develop/api/rest');
  });
  it('uses slug as the route under /doc', () => {
    expect(docRoute('overview/index', '/doc', '/')).toBe('/doc/');
    expect(docRoute('x/y', '/doc', '/reference/sql/ddl/table')).toBe('/doc/reference/sql/ddl/table');
  });
  it('compares routes without their trailing slash', () => {
    expect(routeKey('/doc/guides/')).toBe('/doc/guides');
    expect(routeKey('/doc/deploy')).toBe('/doc/deploy');
  });
  it('orders by position, then unpositioned items, then by name with numbers read as numbers', () => {
    const items = [
      { sortName: 'b.md' },
      { position: 10, sortName: '10-x.md' },
      { position: 2, sortName: '2-y.md' },
      { position: 10, sortName: '10-a' },
      { sortName: 'a.md' },
    ];
    expect([...items].sort(compareSidebarOrder).map((i) => i.sortName)).toEqual([
      '2-y.md',
      '10-a',
      '10-x.md',
      'a.md',
      'b.md',
    ]);
  });
});
