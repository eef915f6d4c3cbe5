import { readCatalogueTsv } from '../coverage.ts';
import type { SiteModel } from '../load-site.ts';
import {
  functionEntries,
  namedPlaces,
  normalName,
  type EngineObjects,
  type NamePlace,
} from '../../examples/engine-objects.ts';
import type { NameIndex, NameKind, NameRecord } from '../../islands/name-match.ts';
import { errorEntryUrl } from '../../reference/error-pages.ts';

/**
 * The records of the exact-name search, read from the pages as rendered: a function, setting or system table
 * is indexed where the site documents it (the same rule as the engine coverage), a command where its page is.
 * Nothing is listed by hand, and a name without a page is never offered.
 */
export function nameIndex(
  model: SiteModel,
  projectRoot: string,
  objects: EngineObjects | undefined,
  settingSummaries?: ReadonlyMap<string, string>,
  errorCodes?: readonly { code: number; name: string; means: string }[],
): NameIndex {
  const byRoute = new Map(model.pages.map((p) => [p.view.route, p]));
  const places = namedPlaces(model);
  const records: NameRecord[] = [];
  const seen = new Set<string>();
  const add = (name: string, kind: NameKind, place: NamePlace | undefined, summary?: string) => {
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
      summary: summary ?? built.view.description,
    });
  };

  for (const built of model.pages) {
    // A command page, not a group's own index page (`Query Syntax` is not a command).
    if (
      built.view.kind === 'doc' &&
      built.view.route.startsWith('/doc/sql-commands/') &&
      !built.view.route.endsWith('/')
    )
      add(built.view.title, 'command', { route: built.view.route, title: built.view.title });
  }
  // A function page titled with a name (`NOT LIKE`, an operator the engine lists under another name) is one too.
  for (const built of model.pages) {
    const { title, route, kind } = built.view;
    if (kind === 'doc' && route.startsWith('/doc/sql-functions/') && /^[A-Z][A-Z0-9_ ]*$/.test(title))
      add(title, 'function', { route, title });
  }
  // `commands.tsv`: group, command, route of its page.
  for (const [, command = '', route = ''] of readCatalogueTsv(projectRoot, 'commands.tsv'))
    add(command, 'command', byRoute.has(route) ? { route, title: command } : undefined);

  if (objects) {
    // A function links to its entry (the title, heading or alias line with examples that counts it as
    // documented); a name that only a heading or an alias sentence gives still links there.
    const entries = functionEntries(places, objects.functions);
    for (const fn of objects.functions) {
      const place =
        entries.get(normalName(fn)) ?? places.titled.get(normalName(fn)) ?? places.aliased.get(fn.toLowerCase());
      if (place?.route.startsWith('/doc/sql-functions/')) add(fn.toUpperCase(), 'function', place);
    }
    // The page whose headings name the most settings is the settings reference (an entry per setting); failing
    // that, the page that tables the most. A setting links to its entry there, with its own summary.
    const headedOf = new Map<string, number>();
    const settingNames = new Set(objects.settings.map((s) => normalName(s)));
    for (const section of places.sections)
      if (section.anchor && section.names.some((n) => settingNames.has(n)))
        headedOf.set(section.route, (headedOf.get(section.route) ?? 0) + 1);
    const referencePage = [...headedOf].sort((a, b) => b[1] - a[1])[0];
    const tablesOf = new Map<string, number>();
    for (const setting of objects.settings)
      for (const p of places.tabled.get(setting.toLowerCase()) ?? [])
        tablesOf.set(p.route, (tablesOf.get(p.route) ?? 0) + 1);
    const settingsPage = [...tablesOf].sort((a, b) => b[1] - a[1])[0]?.[0];
    const entryOf = new Map<string, NamePlace>();
    if (referencePage && referencePage[1] > 1) {
      for (const section of places.sections)
        if (section.route === referencePage[0] && section.anchor)
          for (const n of section.names) if (settingNames.has(n) && !entryOf.has(n)) entryOf.set(n, section);
    }
    const summaries = settingSummaries ?? new Map<string, string>();
    for (const setting of objects.settings) {
      const key = setting.toLowerCase();
      const tabled = places.tabled.get(key) ?? [];
      // A setting mentioned in passing on a function page is not its documentation: only the reference counts.
      const code = places.code.get(key);
      const titled = places.titled.get(normalName(setting));
      const heading = titled && !titled.route.startsWith('/doc/sql-functions/') ? titled : undefined; // TIMEZONE() is not the setting
      const entry = entryOf.get(normalName(setting));
      add(
        setting,
        'setting',
        entry ??
          tabled.find((p) => p.route === settingsPage) ??
          heading ??
          tabled[0] ??
          (code?.route.startsWith('/doc/sql-reference/') ? code : undefined),
        entry ? summaries.get(setting) : undefined,
      );
    }
    // An error code links to its entry in the error reference (a heading `<code> <Name>`), with what it means.
    for (const e of errorCodes ?? []) {
      const url = errorEntryUrl(e);
      const [route = '', anchor = ''] = (url ?? '').split('#');
      const section = places.sections.find((s) => s.route === route && s.anchor === anchor);
      if (section) add(`${e.code} ${e.name}`, 'error code', section, e.means);
    }
    for (const table of objects.systemTables) {
      const name = `system.${table}`;
      add(name, 'system table', places.titled.get(normalName(name)) ?? places.code.get(name));
    }
  }

  const sections = model.catalogue.sidebar.map((item) => item.label);
  const used = new Set(records.map((r) => r.section));
  for (const built of model.pages) if (built.view.kind === 'doc') used.add(built.view.section);
  return { sections: sections.filter((s) => used.has(s)), names: records, pages: {} };
}
