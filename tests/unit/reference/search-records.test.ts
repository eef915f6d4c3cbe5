/**
 * The search records of settings and error codes: a setting links to its entry in the settings reference (the
 * page whose headings name the most settings), with its own summary, not to a page that names it in passing; an
 * error code links to its entry, found by its code or its name. Pages are built here as the renderer's HAST.
 */
import path from 'node:path';
import type { Element, ElementContent, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/build/load-site.ts';
import { nameIndex } from '../../../src/build/search/search-names.ts';
import { engineCoverage } from '../../../src/examples/engine-objects.ts';
import { matchNames } from '../../../src/islands/name-match.ts';

const text = (value: string): ElementContent => ({ type: 'text', value });
const el = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const heading = (depth: number, id: string, title: string) => el(`h${depth}`, { id }, [text(title)]);
const para = (...parts: (string | Element)[]) =>
  el(
    'p',
    {},
    parts.map((p) => (typeof p === 'string' ? text(p) : p)),
  );
const code = (value: string) => el('code', {}, [text(value)]);
const page = (route: string, title: string, ...children: Element[]) => ({
  view: {
    route,
    title,
    breadcrumbs: [],
    section: 'SQL Reference',
    description: `About ${title}.`,
    kind: 'doc' as const,
    body: { type: 'root', children } as Root,
  },
});
const root = path.resolve(import.meta.dirname, '../../..');
const objects = {
  engine: 'v1.2.453',
  functions: ['now'],
  settings: ['max_threads', 'sql_dialect', 'timezone'],
  systemTables: ['one'],
};

const model = {
  pages: [
    // Managing Settings names two settings in passing (as code and as a heading of its own).
    page(
      '/doc/sql-reference/manage-settings',
      'Managing Settings',
      heading(3, 'timezone', 'timezone'),
      para('See ', code('max_threads'), '.'),
    ),
    page(
      '/doc/sql-reference/settings-reference',
      'Settings Reference',
      heading(2, 'sql-behaviour', 'SQL behaviour'),
      heading(3, 'sql_dialect', 'sql_dialect'),
      para('The dialect.'),
      heading(3, 'timezone', 'timezone'),
      para('The zone.'),
      heading(3, 'max_threads', 'max_threads'),
      para('Threads.'),
    ),
    page(
      '/doc/sql-reference/error-codes/codes-1100-1999',
      'Error Codes 1100–1999',
      heading(3, '1118-unclusteredtable', '1118 UnclusteredTable'),
      para('Not clustered.'),
    ),
  ],
  catalogue: { sidebar: [{ label: 'SQL Reference' }] },
} as unknown as SiteModel;

describe('search records of settings and error codes', () => {
  const summaries = new Map([
    ['max_threads', 'The threads one query uses.'],
    ['sql_dialect', 'The dialect the parser follows.'],
    ['timezone', 'The time zone of the session.'],
  ]);
  const index = nameIndex(model, root, objects, summaries, [
    { code: 1118, name: 'UnclusteredTable', means: 'The table has no cluster key.' },
  ]);
  const byName = new Map(index.names.map((r) => [r.name, r]));

  it("link each setting to its entry in the settings reference, with the setting's own summary", () => {
    expect(byName.get('max_threads')).toMatchObject({
      kind: 'setting',
      url: '/doc/sql-reference/settings-reference#max_threads',
      summary: 'The threads one query uses.',
    });
    expect(byName.get('timezone')).toMatchObject({
      url: '/doc/sql-reference/settings-reference#timezone',
      summary: 'The time zone of the session.',
    });
    expect(matchNames(index.names, 'sql_dialect')[0]?.record.url).toBe(
      '/doc/sql-reference/settings-reference#sql_dialect',
    );
  });

  it('link an error code to its entry, found by its code and by its name', () => {
    expect(byName.get('1118 UnclusteredTable')).toMatchObject({
      kind: 'error code',
      url: '/doc/sql-reference/error-codes/codes-1100-1999#1118-unclusteredtable',
      summary: 'The table has no cluster key.',
    });
    expect(matchNames(index.names, '1118')[0]?.record.name).toBe('1118 UnclusteredTable');
    expect(matchNames(index.names, 'UnclusteredTable')[0]?.record.name).toBe('1118 UnclusteredTable');
  });

  it('count a setting with an entry as documented', () => {
    const settings = engineCoverage(
      { pages: model.pages },
      { ...objects, settings: ['sql_dialect', 'enable_cbo'] },
    )[1]!;
    expect(settings.documented).toEqual(['sql_dialect']);
    expect(settings.missing).toEqual(['enable_cbo']);
  });
});
