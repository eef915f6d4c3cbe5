/**
 * The engine-coverage rule for functions: a function counts only when an entry (a page title or a heading's
 * section) names it and holds an example run on the engine with its result shown. Aliases count through the
 * entry's heading or an "Alias:" line in it. Pages are built here as the renderer's HAST.
 */
import path from 'node:path';
import type { Element, ElementContent, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { nameIndex } from '../../../src/build/search/search-names.ts';
import type { SiteModel } from '../../../src/build/load-site.ts';
import {
  engineCoverage,
  functionEntries,
  functionProblems,
  namedPlaces,
  namesOfHeading,
  pagePlaces,
  type EngineObjects,
  type NamedPages,
} from '../../../src/examples/engine-objects.ts';

const text = (value: string): ElementContent => ({ type: 'text', value });
const el = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const heading = (depth: number, id: string, title: string) =>
  el(`h${depth}`, { id }, [el('a', { className: ['heading-anchor'], href: `#${id}` }, [text('#')]), text(title)]);
const para = (...parts: (string | Element)[]) =>
  el(
    'p',
    {},
    parts.map((p) => (typeof p === 'string' ? text(p) : p)),
  );
const code = (value: string) => el('code', {}, [text(value)]);
const figure = (kind: string, result: 'ok' | 'error' | 'none') =>
  el('figure', { className: ['code-block'], dataLanguage: 'sql', dataKind: kind }, [
    el('pre', {}, [el('code', {}, [text('SELECT 1')])]),
    ...(result === 'none' ? [] : [el('div', { className: [`example-result example-result-${result}`] }, [])]),
  ]);
/** A run example with its result table. */
const example = () => figure('example', 'ok');
const page = (route: string, title: string, ...children: Element[]) => ({
  view: { route, title, body: { type: 'root', children } as Root },
});
const objects = (...functions: string[]): EngineObjects => ({
  engine: 'v1.2.453',
  functions,
  settings: ['max_threads'],
  systemTables: ['one'],
});
const coverage = (model: NamedPages, fns: string[]) => engineCoverage(model, objects(...fns))[0]!;

describe('function coverage: an entry with an example run on the engine', () => {
  it('counts a page titled with the function only when the page shows a run example', () => {
    const model = {
      pages: [
        page('/doc/f/upper', 'UPPER', heading(2, 'syntax', 'Syntax'), heading(2, 'examples', 'Examples'), example()),
        page('/doc/f/lower', 'LOWER', heading(2, 'syntax', 'Syntax'), para('No example yet.')),
      ],
    };
    const line = coverage(model, ['upper', 'lower']);
    expect(line.documented).toEqual(['upper']);
    expect(line.missing).toEqual(['lower']);
  });

  it('counts a heading only when its own section (subsections included, up to the next heading of its level) has an example', () => {
    const model = {
      pages: [
        page(
          '/doc/f/json',
          'JSON Functions',
          heading(2, 'json_typeof', 'JSON_TYPEOF'),
          para('Returns the type.'),
          heading(3, 'json_typeof-examples', 'Examples'),
          example(),
          heading(2, 'json_pretty', 'JSON_PRETTY'),
          para('Formats JSON.'),
          // The example after the next `##` belongs to that section, not to JSON_PRETTY's.
          heading(2, 'json_strip_nulls', 'JSON_STRIP_NULLS'),
          example(),
        ),
      ],
    };
    const line = coverage(model, ['json_typeof', 'json_pretty', 'json_strip_nulls']);
    expect(line.documented).toEqual(['json_typeof', 'json_strip_nulls']);
    expect(line.missing).toEqual(['json_pretty']);
  });

  it('counts only examples that show a result: a syntax block, a statement without result or a block not run here does not count', () => {
    const model = {
      pages: [
        page('/doc/f/a', 'A_FN', figure('syntax', 'none')),
        page('/doc/f/b', 'B_FN', figure('example', 'none')),
        page('/doc/f/c', 'C_FN', figure('norun', 'none')),
        page('/doc/f/d', 'D_FN', figure('example error', 'error')),
        page('/doc/f/e', 'E_FN', figure('example nondeterministic', 'ok')),
      ],
    };
    expect(coverage(model, ['a_fn', 'b_fn', 'c_fn', 'd_fn', 'e_fn']).documented).toEqual(['d_fn', 'e_fn']);
  });

  it('counts every name of a heading that lists aliases, ignoring argument lists', () => {
    const model = {
      pages: [
        page(
          '/doc/f/conv',
          'Conversion',
          heading(2, 'to_string-to_varchar-to_text', 'TO_STRING, TO_VARCHAR, TO_TEXT'),
          example(),
          heading(2, 'to_decimal', 'TO_DECIMAL(p, s)'),
          example(),
        ),
      ],
    };
    expect(coverage(model, ['to_string', 'to_varchar', 'to_text', 'to_decimal']).missing).toEqual([]);
    expect(namesOfHeading('TO_STRING, TO_VARCHAR / TO_TEXT')).toEqual(['tostring', 'tovarchar', 'totext']);
  });

  it('counts an alias given in inline code on an "Aliases:" line of the entry, and only in the line\'s first sentence', () => {
    const model = {
      pages: [
        page(
          '/doc/f/week',
          'TO_WEEK_OF_YEAR',
          heading(2, 'syntax', 'Syntax'),
          // The line sits under "Syntax": its entry is the page, which has an example.
          para(
            'Aliases: ',
            code('WEEK(<date>)'),
            ' and ',
            code('WEEKOFYEAR'),
            '. ',
            code('DATE_PART(WEEK, <date>)'),
            ' does the same.',
          ),
          heading(2, 'examples', 'Examples'),
          example(),
        ),
        page('/doc/f/keys', 'OBJECT_KEYS', para('This function has no aliases; see ', code('GET'), '.'), example()),
      ],
    };
    const line = coverage(model, ['to_week_of_year', 'week', 'weekofyear', 'date_part', 'get', 'object_keys']);
    expect(line.documented).toEqual(['to_week_of_year', 'week', 'weekofyear', 'object_keys']);
  });

  it("gives an alias line in a function heading's section to that heading, and does not count it when the section has no example", () => {
    const model = {
      pages: [
        page(
          '/doc/f/ctx',
          'Context Functions',
          heading(2, 'current_user', 'CURRENT_USER'),
          para('Aliases: ', code('CURRENTUSER'), ', ', code('USER'), '.'),
          heading(2, 'version', 'VERSION'),
          example(),
        ),
      ],
    };
    const line = coverage(model, ['current_user', 'currentuser', 'user', 'version']);
    expect(line.documented).toEqual(['version']);
    const entries = functionEntries(namedPlaces(model), ['current_user', 'currentuser', 'user', 'version']);
    expect(entries.get('version')).toEqual({ route: '/doc/f/ctx', title: 'Context Functions', anchor: 'version' });
  });

  it('links a function to its entry: titles first, then headings, then alias lines; anchors for headings and their aliases', () => {
    const model = {
      pages: [
        page('/doc/f/one', 'Overview', heading(2, 'get', 'GET'), para('See the page.')),
        page(
          '/doc/f/two',
          'More',
          heading(2, 'get', 'GET'),
          example(),
          heading(2, 'json_to_string', 'JSON_TO_STRING'),
          para('Alias: ', code('TO_STRING_ALIAS'), '.'),
          example(),
        ),
        page('/doc/f/get', 'GET', example()),
      ],
    };
    const entries = functionEntries(namedPlaces(model), ['get', 'json_to_string', 'to_string_alias']);
    expect(entries.get('get')).toEqual({ route: '/doc/f/get', title: 'GET' });
    expect(entries.get('jsontostring')).toEqual({ route: '/doc/f/two', title: 'More', anchor: 'json_to_string' });
    expect(entries.get('tostringalias')).toEqual({ route: '/doc/f/two', title: 'More', anchor: 'json_to_string' });
  });

  it('takes the function reference before a page elsewhere whose title is the same name (the Map type)', () => {
    const model = {
      pages: [
        page('/doc/sql-reference/data-types/map', 'Map', example()),
        page('/doc/sql-functions/semi-structured-functions/map', 'MAP', example()),
      ],
    };
    expect(functionEntries(namedPlaces(model), ['map']).get('map')).toEqual({
      route: '/doc/sql-functions/semi-structured-functions/map',
      title: 'MAP',
    });
  });

  it("gives search records the entry's deep link, aliases included", () => {
    const base = { breadcrumbs: [], section: 'SQL Functions', description: 'About it.', kind: 'doc' as const };
    const built = (p: ReturnType<typeof page>) => ({ view: { ...base, ...p.view } });
    const model = {
      pages: [
        built(
          page(
            '/doc/sql-functions/conv/',
            'Conversion Functions',
            heading(2, 'to_string-to_varchar', 'TO_STRING, TO_VARCHAR'),
            para('Aliases: ', code('TO_TEXT'), '.'),
            example(),
          ),
        ),
      ],
      catalogue: { sidebar: [{ label: 'SQL Functions' }] },
    } as unknown as SiteModel;
    const index = nameIndex(
      model,
      path.resolve(import.meta.dirname, '../../..'),
      objects('to_string', 'to_varchar', 'to_text'),
    );
    const urls = Object.fromEntries(index.names.filter((r) => r.kind === 'function').map((r) => [r.name, r.url]));
    expect(urls).toEqual({
      TO_STRING: '/doc/sql-functions/conv/#to_string-to_varchar',
      TO_VARCHAR: '/doc/sql-functions/conv/#to_string-to_varchar',
      TO_TEXT: '/doc/sql-functions/conv/#to_string-to_varchar',
    });
  });
});

describe('what each page names, kept with the page', () => {
  it('gives the same places, entries and coverage as reading the bodies, after a trip through JSON (the build cache)', () => {
    const bodies = [
      page(
        '/doc/f/ctx',
        'Context Functions',
        para('Alias: ', code('TOP_ALIAS'), '.'),
        heading(2, 'current_user', 'CURRENT_USER'),
        para('Aliases: ', code('CURRENTUSER'), ', ', code('USER'), '.'),
        example(),
        heading(3, 'notes', 'Notes'),
        para('Uses ', code('max_threads'), '.'),
        heading(2, 'version', 'VERSION'),
        example(),
      ),
      page(
        '/doc/f/settings',
        'Settings',
        el('table', { className: ['result-table'] }, [
          el('tr', {}, [el('td', {}, [text("'max_threads'")]), el('td', {}, [text('')])]),
        ]),
      ),
      { view: { route: '/doc/f/', title: 'Functions' } },
      page('/doc/f/user', 'USER', para('Uses ', code('CURRENTUSER'), '.'), example()),
    ];
    const kept = {
      pages: bodies.map((p) => ({
        view: { route: p.view.route, title: p.view.title },
        ...('body' in p.view ? { places: JSON.parse(JSON.stringify(pagePlaces(p.view.body))) } : {}),
      })),
    };
    const fns = ['current_user', 'currentuser', 'user', 'version', 'top_alias'];
    const read = namedPlaces({ pages: bodies });
    const fromKept = namedPlaces(kept);
    expect([...fromKept.titled]).toEqual([...read.titled]);
    expect([...fromKept.code]).toEqual([...read.code]);
    expect([...fromKept.tabled]).toEqual([...read.tabled]);
    expect([...fromKept.aliased]).toEqual([...read.aliased]);
    const sectionsOf = (places: typeof read) =>
      places.sections.map((s) => [
        s.route,
        s.anchor,
        s.depth,
        s.names,
        s.aliases,
        s.examples,
        s.parent?.anchor ?? s.parent?.route,
      ]);
    expect(sectionsOf(fromKept)).toEqual(sectionsOf(read));
    expect([...functionEntries(fromKept, fns)]).toEqual([...functionEntries(read, fns)]);
    expect(engineCoverage(kept, objects(...fns))).toEqual(engineCoverage({ pages: bodies }, objects(...fns)));
    // The section of `### Notes` sits in CURRENT_USER's, which holds the example.
    expect(fromKept.sections.find((s) => s.anchor === 'notes')?.parent?.anchor).toBe('current_user');
    expect(fromKept.sections.find((s) => s.anchor === 'current_user')?.examples).toBe(1);
    expect(fromKept.sections.find((s) => s.depth === 1 && s.route === '/doc/f/ctx')?.aliases).toEqual(['top_alias']);
  });
});

describe('function exceptions', () => {
  const line = { kind: 'functions' as const, documented: ['upper'], missing: ['geo_lookup', 'lower', 'lower'] };

  it('fails on a missing function without a reason, once per name, and on an exception no longer needed', () => {
    const exceptions = new Map([
      ['geo_lookup', 'needs a network service'],
      ['upper', 'was missing once'],
    ]);
    expect(functionProblems(line, exceptions)).toEqual({ missing: ['lower'], staleExceptions: ['upper'] });
  });

  it('passes when every missing function has a reason', () => {
    const exceptions = new Map([
      ['geo_lookup', 'needs a network service'],
      ['lower', 'deprecated'],
    ]);
    expect(functionProblems(line, exceptions)).toEqual({ missing: [], staleExceptions: [] });
  });
});
