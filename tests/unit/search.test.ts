import { describe, expect, it } from 'vitest';
import { editDistance, matchNames, nameKeys, normalName, type NameRecord } from '../../src/islands/name-match.ts';
import { rememberSearch, recentSearches } from '../../src/islands/recent-searches.ts';
import { cleanUrl, mergeResults, promoteTitleMatches, type SearchHit } from '../../src/islands/search-client.ts';

const rec = (name: string, kind: NameRecord['kind'], url: string, section = 'SQL Functions'): NameRecord => ({ name, kind, url, page: name, section, summary: `${name} summary` });

const records: NameRecord[] = [
  rec('DATE_TRUNC', 'function', '/doc/sql-functions/datetime-functions/datetrunc'),
  rec('TRUNCATE TABLE', 'command', '/doc/sql-commands/ddl/table/ddl-truncate-table', 'SQL Commands'),
  rec('ARRAY_AGG', 'function', '/doc/sql-functions/aggregate-functions/aggregate-array-agg'),
  rec('ROW_NUMBER', 'function', '/doc/sql-functions/window-functions/row-number'),
  rec('COPY INTO <table>', 'command', '/doc/sql-commands/dml/dml-copy-into-table', 'SQL Commands'),
  rec('system.query_log', 'system table', '/doc/sql-reference/system-tables/system-query-log', 'SQL Reference'),
  rec('timezone', 'setting', '/doc/sql-reference/manage-settings', 'SQL Reference'),
  rec('TIMEZONE', 'function', '/doc/sql-functions/datetime-functions/timezone'),
];
const top = (q: string, section?: string) => matchNames(records, q, section)[0]?.record.name;

describe('exact-name search', () => {
  it('treats case, underscores, spaces and hyphens as the same name', () => {
    expect(normalName('DATE_TRUNC')).toBe(normalName('date trunc'));
    expect(['date_trunc', 'DATE TRUNC', 'DateTrunc', 'date-trunc'].map((q) => top(q))).toEqual(['DATE_TRUNC', 'DATE_TRUNC', 'DATE_TRUNC', 'DATE_TRUNC']);
  });
  it('keeps underscores inside one name: row_number is one token, not two common words', () => {
    expect(top('row_number')).toBe('ROW_NUMBER');
    expect(matchNames(records, 'row_number')[0]?.quality).toBe('exact');
  });
  it('finds names from part of a word', () => {
    const names = matchNames(records, 'trunc').map((h) => h.record.name);
    expect(names).toContain('DATE_TRUNC');
    expect(names).toContain('TRUNCATE TABLE');
  });
  it('forgives a short typo, but not in very short queries', () => {
    expect(top('aray_agg')).toBe('ARRAY_AGG');
    expect(matchNames(records, 'arry_agg')[0]?.quality).toBe('typo');
    expect(matchNames(records, 'xy')).toEqual([]);
  });
  it('answers to command names without placeholders and system tables without their prefix', () => {
    expect(nameKeys('COPY INTO <table>')).toContain('copyinto');
    expect(top('copy into')).toBe('COPY INTO <table>');
    expect(top('query_log')).toBe('system.query_log');
  });
  it('prefers a function to a setting of the same name, and filters by section', () => {
    expect(top('timezone')).toBe('TIMEZONE');
    expect(top('timezone', 'SQL Reference')).toBe('timezone');
  });
  it('computes edit distance with transpositions and stops past the budget', () => {
    expect(editDistance('arrayagg', 'araryagg', 1)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('merging names and full-text results', () => {
  const page = (url: string, title: string): SearchHit => ({ url, title, crumbs: 'SQL Functions', excerpt: [{ text: title, marked: false }], sub: [] });
  it('puts names first and lists each page once', () => {
    const merged = mergeResults('date_trunc', matchNames(records, 'date_trunc'), [page('/doc/sql-functions/datetime-functions/datetrunc', 'DATE_TRUNC'), page('/doc/guides/', 'Guides')], 10);
    expect(merged.map((h) => h.url)).toEqual(['/doc/sql-functions/datetime-functions/datetrunc', '/doc/guides/']);
    expect(merged[0]?.kind).toBe('function');
    expect(merged[0]?.excerpt).toEqual([{ text: 'DATE_TRUNC summary', marked: false }]);
  });
  it('keeps to the limit', () => {
    expect(mergeResults('trunc', matchNames(records, 'trunc'), [page('/a', 'A'), page('/b', 'B')], 2)).toHaveLength(2);
  });
  it('keeps anchors of deep links', () => {
    expect(cleanUrl('/doc/sql-commands/dml/dml-insert/#examples')).toBe('/doc/sql-commands/dml/dml-insert#examples');
  });
});

describe('recent searches', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  };
  it('keeps the newest five, once each, newest first', () => {
    const store = memory();
    for (const q of ['a1', 'b2', 'A1', 'c3', 'd4', 'e5', 'f6']) rememberSearch(q, store);
    expect(recentSearches(store)).toEqual(['f6', 'e5', 'd4', 'c3', 'A1']);
  });
  it('survives broken storage contents', () => {
    const store = memory();
    store.setItem('docs-recent-searches', '{not json');
    expect(recentSearches(store)).toEqual([]);
  });
});

describe('weak name hits', () => {
  const settings: NameRecord[] = [{ name: 'disable_variant_check', kind: 'setting', url: '/doc/settings', page: 'Settings', section: 'SQL Reference', summary: '' }];
  it('wait behind the best full-text pages when a common word sits inside a long setting name', () => {
    const hits = matchNames(settings, 'variant');
    expect(hits[0]?.strong).toBe(false);
    const page = (url: string): SearchHit => ({ url, title: url, crumbs: '', excerpt: [], sub: [] });
    const merged = mergeResults('variant', hits, [page('/doc/variant'), page('/doc/json')], 10);
    expect(merged.map((h) => h.url)).toEqual(['/doc/variant', '/doc/json', '/doc/settings']);
  });
  it('let a page titled exactly as the query stand with the exact names', () => {
    const bitmapNames: NameRecord[] = [{ name: 'BITMAP_UNION', kind: 'function', url: '/doc/bitmap-union', page: 'BITMAP_UNION', section: 'SQL Functions', summary: '' }];
    const page = (url: string, title: string): SearchHit => ({ url, title, crumbs: '', excerpt: [], sub: [] });
    const merged = mergeResults('bitmap', matchNames(bitmapNames, 'bitmap'), [page('/doc/other', 'Other'), page('/doc/types/bitmap', 'Bitmap')], 10);
    expect(merged[0]?.url).toBe('/doc/types/bitmap');
  });
  it('stay strong for an exact setting name', () => {
    expect(matchNames(settings, 'disable_variant_check')[0]?.strong).toBe(true);
  });
});

describe('title matches', () => {
  const page = (title: string): SearchHit => ({ url: `/${title}`, title, crumbs: '', excerpt: [], sub: [] });
  it('move pages whose title holds every word of the query ahead, keeping the rest in order', () => {
    const hits = [page('system.table_functions'), page('Memory Engine'), page('Fuse Engine'), page('Random Engine')];
    expect(promoteTitleMatches('fuse engine', hits).map((h) => h.title)).toEqual(['Fuse Engine', 'system.table_functions', 'Memory Engine', 'Random Engine']);
    expect(promoteTitleMatches('build from source', [page('system.contributors'), page('Building Databend from Source')])[0]?.title).toBe('Building Databend from Source');
  });
});
