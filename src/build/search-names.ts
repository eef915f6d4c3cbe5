import fs from 'node:fs';
import path from 'node:path';
import type { SiteModel } from './load-site.ts';
import { namedPlaces, normalName, type EngineObjects, type NamePlace } from '../examples/engine-objects.ts';
import type { NameIndex, NameKind, NameRecord } from '../islands/name-match.ts';

/** `content/catalogue/commands.tsv`: every SQL command and the route of its page. */
function readCommandRows(projectRoot: string): { command: string; route: string }[] {
  const file = path.join(projectRoot, 'content/catalogue/commands.tsv');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [, command = '', route = ''] = line.split('\t');
      return { command, route };
    });
}


/**
 * The records of the exact-name search, read from the pages as rendered: a function, setting or system table
 * is indexed where the site documents it (the same rule as the engine coverage), a command where its page is.
 * Nothing is listed by hand, and a name without a page is never offered.
 */
export function nameIndex(model: SiteModel, projectRoot: string, objects: EngineObjects | undefined): NameIndex {
  const byRoute = new Map(model.pages.map((p) => [p.view.route, p]));
  const places = namedPlaces(model);
  const records: NameRecord[] = [];
  const seen = new Set<string>();
  const add = (name: string, kind: NameKind, place: NamePlace | undefined) => {
    const built = place && byRoute.get(place.route);
    if (!place || !built || built.view.kind !== 'doc') return;
    const key = `${kind}:${normalName(name)}`;
    if (seen.has(key)) return;
    seen.add(key);
    records.push({
      name,
      kind,
      url: place.anchor ? `${place.route}#${place.anchor}` : place.route,
      page: built.view.title,
      section: built.view.section,
      summary: built.view.description,
    });
  };

  for (const built of model.pages) {
    if (built.view.kind === 'doc' && built.view.route.startsWith('/doc/sql-commands/')) add(built.view.title, 'command', { route: built.view.route, title: built.view.title });
  }
  for (const row of readCommandRows(projectRoot)) add(row.command, 'command', byRoute.has(row.route) ? { route: row.route, title: row.command } : undefined);

  if (objects) {
    for (const fn of objects.functions) {
      const place = places.titled.get(normalName(fn)) ?? places.aliased.get(fn.toLowerCase());
      if (place?.route.startsWith('/doc/sql-functions/')) add(fn.toUpperCase(), 'function', place);
    }
    for (const setting of objects.settings) {
      const key = setting.toLowerCase();
      // A setting mentioned in passing on a function page is not its documentation: only the reference counts.
      const code = places.code.get(key);
      add(setting, 'setting', places.titled.get(normalName(setting)) ?? places.tabled.get(key) ?? (code?.route.startsWith('/doc/sql-reference/') ? code : undefined));
    }
    for (const table of objects.systemTables) {
      const name = `system.${table}`;
      add(name, 'system table', places.titled.get(normalName(name)) ?? places.code.get(name));
    }
  }

  const sections = model.catalogue.sidebar.map((item) => item.label);
  const used = new Set(records.map((r) => r.section));
  for (const built of model.pages) if (built.view.kind === 'doc') used.add(built.view.section);
  return { sections: sections.filter((s) => used.has(s)), names: records };
}
