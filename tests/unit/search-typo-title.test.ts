import { describe, expect, it } from 'vitest';
import { matchNames, type NameRecord } from '../../src/islands/name-match.ts';
import { mergeResults } from '../../src/islands/search-hits.ts';
import { pageHit } from './page-hit.ts';

const tables: NameRecord = {
  name: 'system.tables',
  kind: 'system table',
  url: '/doc/system-tables',
  page: 'system.tables',
  section: 'SQL Reference',
  summary: 'Every table.',
};
const page = (url: string, title: string) => pageHit(url, title);

describe('a query one typo from both a name and a page title', () => {
  // "tableu" is one letter from "tables" (a system table's name) and from "Tableau" (a page's title).
  const names = matchNames([tables], 'tableu');
  it('matches the name as a typo', () => {
    expect(names[0]?.quality).toBe('typo');
  });
  it('lets the ranking choose: the page ranked above the name’s page comes first', () => {
    const pages = [
      page('/doc/tableau', 'Tableau'),
      page('/doc/create-table', 'CREATE TABLE'),
      page('/doc/system-tables', 'system.tables'),
    ];
    expect(
      mergeResults('tableu', names, pages, 10)
        .map((h) => h.url)
        .slice(0, 2),
    ).toEqual(['/doc/tableau', '/doc/system-tables']);
  });
  it('keeps the name first when its page ranks above the page of the close title', () => {
    const pages = [page('/doc/system-tables', 'system.tables'), page('/doc/tableau', 'Tableau')];
    expect(mergeResults('tableu', names, pages, 10)[0]?.url).toBe('/doc/system-tables');
  });
  it('keeps the name first when no page title is as close as the name', () => {
    const pages = [page('/doc/create-table', 'CREATE TABLE'), page('/doc/other', 'Other')];
    expect(mergeResults('tableu', names, pages, 10)[0]?.url).toBe('/doc/system-tables');
  });
});
