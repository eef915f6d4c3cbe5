/**
 * The engine's lists (functions, settings, system tables) and the coverage rule: which of them the site
 * documents, and the functions it may leave without an entry (function-exceptions.tsv).
 */
import { readRecordedJson } from '../content/recorded.ts';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ContentError, ContentErrors } from '../content/errors.ts';
import { normalName } from '../islands/name-match.ts';
import { namedPlaces, type NamedPages, type NamedPlaces, type NamePlace, type Section } from './named-places.ts';

// What the pages name is read in named-places.ts; the build and the reference import it from here, as before the
// split, so they keep one module to ask about engine objects.
export {
  namedPlaces,
  namesOfHeading,
  pagePlaces,
  type NamedPages,
  type NamedPlaces,
  type NamePlace,
  type PagePlaces,
  type Section,
} from './named-places.ts';

/** The engine's own lists of what a complete reference documents, recorded by `npm run examples -- --coverage`. */
export interface EngineObjects {
  engine: string;
  functions: string[];
  settings: string[];
  systemTables: string[];
}

export const ENGINE_OBJECTS_FILE = 'content/catalogue/engine-objects.json';

const engineObjectsSchema = z.strictObject({
  engine: z.string(),
  functions: z.array(z.string()).min(1),
  settings: z.array(z.string()).min(1),
  systemTables: z.array(z.string()).min(1),
});

/**
 * The engine's lists. Missing or unreadable, the build stops naming the file: without them search would lose
 * every setting and system table, and coverage could not be told.
 */
export function readEngineObjects(projectRoot: string): EngineObjects {
  return readRecordedJson(
    projectRoot,
    ENGINE_OBJECTS_FILE,
    engineObjectsSchema,
    "the engine's lists of functions, settings and system tables",
    'npm run examples -- --coverage',
  );
}

export interface CoverageLine {
  kind: 'functions' | 'settings' | 'system tables';
  documented: string[];
  missing: string[];
}

// `DATE_TRUNC`, `date trunc` and `datetrunc` are one name, for coverage as for search.
export { normalName };

const placeOf = (s: Section): NamePlace => ({
  route: s.route,
  title: s.title,
  ...(s.anchor ? { anchor: s.anchor } : {}),
});

/** Where the function reference lives: its pages are the entries of functions, other pages name them. */
export const FUNCTIONS_ROUTE = '/doc/sql-functions/';

/**
 * Where each engine function has its entry, by normalised name. An entry is a page whose title names the
 * function, or a heading's section that names it, and it must hold at least one example run on the engine with
 * its result shown: a name in a heading without an example is not documentation. An alias counts when the
 * entry's title or heading names it, or when an "Alias:" / "Aliases:" line in the entry (the nearest enclosing
 * section that names an engine function, else the page) gives it in inline code; its place is that entry.
 * Titles come first, then headings, then alias lines, each in page order.
 */
export function functionEntries(places: NamedPlaces, functions: readonly string[]): Map<string, NamePlace> {
  const wanted = new Set(functions.map(normalName));
  const entries = new Map<string, NamePlace>();
  const put = (name: string, s: Section) => {
    if (wanted.has(name) && !entries.has(name)) entries.set(name, placeOf(s));
  };
  // The function reference first: the MAP function's page, not the Map type's, is where MAP() is documented.
  const sections = [
    ...places.sections.filter((s) => s.route.startsWith(FUNCTIONS_ROUTE)),
    ...places.sections.filter((s) => !s.route.startsWith(FUNCTIONS_ROUTE)),
  ];
  for (const s of sections) if (s.depth === 1 && s.examples > 0) for (const n of s.names) put(n, s);
  for (const s of sections) if (s.depth > 1 && s.examples > 0) for (const n of s.names) put(n, s);
  const entryOf = (s: Section): Section => {
    for (let at: Section | undefined = s; at; at = at.parent)
      if (at.depth === 1 || at.names.some((n) => wanted.has(n))) return at;
    return s;
  };
  for (const s of places.sections) {
    if (!s.aliases.length) continue;
    const entry = entryOf(s);
    if (entry.examples > 0) for (const a of s.aliases) put(normalName(a), entry);
  }
  return entries;
}

/**
 * What the site documents, by the engine's lists. A function counts when it has an entry (see
 * `functionEntries`: a title, heading or alias line naming it, with an example run on the engine); a setting
 * when a page heads an entry with it outside the functions (the settings reference), mentions it as code or lists
 * it in a table the engine produced; a
 * system table when a page names `system.<table>` as code or titles a page with it.
 */
export function engineCoverage(model: NamedPages, objects: EngineObjects, places = namedPlaces(model)): CoverageLine[] {
  const split = (kind: CoverageLine['kind'], names: string[], has: (n: string) => boolean): CoverageLine => ({
    kind,
    documented: names.filter(has),
    missing: names.filter((n) => !has(n)),
  });
  const entries = functionEntries(places, objects.functions);
  const settingHeadings = new Set(
    places.sections.filter((s) => s.anchor && !s.route.startsWith(FUNCTIONS_ROUTE)).flatMap((s) => s.names),
  );
  return [
    split('functions', objects.functions, (n) => entries.has(normalName(n))),
    split(
      'settings',
      objects.settings,
      (n) =>
        settingHeadings.has(normalName(n)) || places.code.has(n.toLowerCase()) || places.tabled.has(n.toLowerCase()),
    ),
    split(
      'system tables',
      objects.systemTables,
      (n) => places.code.has(`system.${n}`.toLowerCase()) || places.titled.has(normalName(`system.${n}`)),
    ),
  ];
}

export function coverageSummary(lines: CoverageLine[]): string {
  return lines.map((l) => `${l.kind} ${l.documented.length}/${l.documented.length + l.missing.length}`).join(', ');
}

/**
 * Engine functions the site may leave without an entry, each with its reason (e.g. it needs a network service):
 * `function<TAB>reason` per line after a header. `npm run check:content` fails on any other function without an
 * entry, and on an exception that is no longer needed (the function has an entry or the engine dropped it).
 */
export const FUNCTION_EXCEPTIONS_FILE = 'content/catalogue/function-exceptions.tsv';

export function readFunctionExceptions(projectRoot: string): Map<string, string> {
  const file = path.join(projectRoot, FUNCTION_EXCEPTIONS_FILE);
  const exceptions = new Map<string, string>();
  if (!fs.existsSync(file)) return exceptions;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (i === 0 || !line.trim()) return;
    const [name = '', reason = ''] = line.split('\t').map((c) => c.trim());
    if (!name || !reason)
      throw new ContentErrors([
        new ContentError(
          FUNCTION_EXCEPTIONS_FILE,
          i + 1,
          'each line is a function name, a tab and the reason it has no entry',
        ),
      ]);
    exceptions.set(name.toLowerCase(), reason);
  });
  return exceptions;
}

/** The functions check:content fails on: missing without an exception, and exceptions that are no longer needed. */
export function functionProblems(
  line: CoverageLine,
  exceptions: ReadonlyMap<string, string>,
): { missing: string[]; staleExceptions: string[] } {
  const missing = [...new Set(line.missing)].filter((n) => !exceptions.has(n.toLowerCase()));
  const missingSet = new Set(line.missing.map((n) => n.toLowerCase()));
  const staleExceptions = [...exceptions.keys()].filter((n) => !missingSet.has(n));
  return { missing, staleExceptions };
}
