import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ContentError, ContentErrors } from '../content/errors.ts';
import type { Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { SiteModel } from '../build/load-site.ts';
import { normalName } from '../islands/name-match.ts';

/** The engine's own lists of what a complete reference documents, recorded by `npm run examples -- --coverage`. */
export interface EngineObjects {
  engine: string;
  functions: string[];
  settings: string[];
  systemTables: string[];
}

export const ENGINE_OBJECTS_FILE = 'content/catalogue/engine-objects.json';

const engineObjectsSchema = z.strictObject({ engine: z.string(), functions: z.array(z.string()).min(1), settings: z.array(z.string()).min(1), systemTables: z.array(z.string()).min(1) });

/**
 * The engine's lists. Missing or unreadable, the build stops naming the file: without them search would lose
 * every setting and system table, and coverage could not be told.
 */
export function readEngineObjects(projectRoot: string): EngineObjects {
  const file = path.join(projectRoot, ENGINE_OBJECTS_FILE);
  const fail = (reason: string, line?: number): never => {
    throw new ContentErrors([new ContentError(ENGINE_OBJECTS_FILE, line, `${reason} (record it again with: npm run examples -- --coverage)`)]);
  };
  if (!fs.existsSync(file)) return fail('the engine\'s lists of functions, settings and system tables are missing');
  const text = fs.readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message);
    return fail(`not valid JSON: ${(err as Error).message}`, at ? text.slice(0, Number(at[1])).split('\n').length : undefined);
  }
  const parsed = engineObjectsSchema.safeParse(data);
  if (!parsed.success) return fail(`not the expected lists: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export interface CoverageLine {
  kind: 'functions' | 'settings' | 'system tables';
  documented: string[];
  missing: string[];
}

// `DATE_TRUNC`, `date trunc` and `datetrunc` are one name, for coverage as for search.
export { normalName };

/** Where the site documents a name: the page, and the heading's anchor when a heading (not the title) names it. */
export interface NamePlace {
  route: string;
  anchor?: string;
  title: string;
}

/** What the rendered pages name, by normalised name; the first place found wins, titles before headings. */
export interface NamedPlaces {
  /** Page titles and headings: "TO_START_OF_DAY, TO_START_OF_HOUR" names two. */
  titled: Map<string, NamePlace>;
  /** Inline code (not code inside <pre>: that is an example), lower case. */
  code: Map<string, NamePlace>;
  /** Cells of result tables recorded from the engine (`'timezone'` in a table of settings), lower case: every page. */
  tabled: Map<string, NamePlace[]>;
  /** Inline code in a sentence about aliases ("Alias: `LCASE`"), lower case. */
  aliased: Map<string, NamePlace>;
}

// The build asks twice (search records, coverage summary): one walk over the pages serves both.
const placesOfModel = new WeakMap<SiteModel, NamedPlaces>();

/** Reads names from the pages as rendered (the build already has them), not by parsing the Markdown again. */
export function namedPlaces(model: SiteModel): NamedPlaces {
  const known = placesOfModel.get(model);
  if (known) return known;
  const places: NamedPlaces = { titled: new Map(), code: new Map(), tabled: new Map(), aliased: new Map() };
  const put = (map: Map<string, NamePlace>, key: string, place: NamePlace) => {
    if (key && !map.has(key)) map.set(key, place);
  };
  for (const built of model.pages) put(places.titled, normalName(built.view.title), { route: built.view.route, title: built.view.title });
  for (const built of model.pages) {
    if (!built.view.body) continue;
    const page = { route: built.view.route, title: built.view.title };
    visit(built.view.body, 'element', (node: Element, _index, parent) => {
      if (/^h[1-6]$/.test(node.tagName)) {
        const text = toString({ ...node, children: node.children.filter((c) => !(c.type === 'element' && c.tagName === 'a')) });
        const anchor = typeof node.properties.id === 'string' ? node.properties.id : undefined;
        for (const part of text.split(/\s*[,/]\s*/)) put(places.titled, normalName(part.replace(/\(.*$/, '')), { ...page, anchor });
      }
      if (node.tagName === 'code' && !(parent?.type === 'element' && parent.tagName === 'pre')) put(places.code, toString(node).toLowerCase(), page);
      if ((node.tagName === 'p' || node.tagName === 'li') && /\balias/i.test(toString(node))) {
        visit(node, 'element', (code: Element) => {
          // "Aliases: `DAY(<date>)`" names DAY: the call's arguments are not part of the name.
          if (code.tagName === 'code') put(places.aliased, toString(code).replace(/\(.*$/s, '').trim().toLowerCase(), page);
        });
      }
      if (node.tagName === 'table' && String(node.properties.className ?? '').includes('result-table')) {
        visit(node, 'element', (cell: Element) => {
          if (cell.tagName !== 'td') return;
          const key = toString(cell).replace(/^'|'$/g, '').toLowerCase();
          const list = places.tabled.get(key) ?? [];
          if (!list.some((p) => p.route === page.route)) list.push(page);
          places.tabled.set(key, list);
        });
      }
    });
  }
  placesOfModel.set(model, places);
  return places;
}

/**
 * What the site documents, by the engine's lists. A function counts when a page title or heading names it
 * (a mention in prose is not documentation); a setting when a page mentions it as code or lists it in a table
 * the engine produced (the complete table of settings); a system table when a page names `system.<table>` as
 * code or titles a page with it.
 */
export function engineCoverage(model: SiteModel, objects: EngineObjects, places = namedPlaces(model)): CoverageLine[] {
  const split = (kind: CoverageLine['kind'], names: string[], has: (n: string) => boolean): CoverageLine => ({
    kind,
    documented: names.filter(has),
    missing: names.filter((n) => !has(n)),
  });
  return [
    split('functions', objects.functions, (n) => places.titled.has(normalName(n))),
    split('settings', objects.settings, (n) => places.code.has(n.toLowerCase()) || places.tabled.has(n.toLowerCase())),
    split('system tables', objects.systemTables, (n) => places.code.has(`system.${n}`.toLowerCase()) || places.titled.has(normalName(`system.${n}`))),
  ];
}

export function coverageSummary(lines: CoverageLine[]): string {
  return lines.map((l) => `${l.kind} ${l.documented.length}/${l.documented.length + l.missing.length}`).join(', ');
}
