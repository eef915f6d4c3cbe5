/**
 * The files for tools: every function as data (`functions.json`) with its schema, and every page's Markdown with
 * its results (`llms-full.txt`). Each kept in the cache under what it is read from (the cards, the entries, the
 * pages and their results), and each entry's section under what its page is made from, so a rebuild after an
 * edit reads the edited page's sections from the outline its render thread sent (`entry-outline.ts`).
 */
import path from 'node:path';
import type { RecordedPage } from '../../content/recorded.ts';
import type { Names } from '../search/names-work.ts';
import { dataForTools } from '../../reference/data-files.ts';
import { ENGINE_SETTINGS_FILE, SETTINGS_NOTES_FILE } from '../../reference/settings-data.ts';
import { siteConfig } from '../../site.config.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { sha256 } from '../cache/code-hash.ts';
import { readProjectFile } from '../load/function-cards.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import type { SiteModel } from '../load-site.ts';
import type { EntryOutline } from '../render/entry-outline.ts';
import type { EntryPage, EntrySection, SectionMemo } from './functions-json.ts';
import { llmsFullOf, llmsFullPart } from './outputs.ts';

/** Recorded examples of a page, parsed from its results text (`LoadedSite.resultsOf`). */
const recordedIn = (text: string) => (text ? (JSON.parse(text) as RecordedPage).examples : undefined);

/** A file of the site by what it is made from (`key`), made only when the site does not hold it already. */
export interface KeyedFile {
  key: string;
  make: () => string;
}

/**
 * `llms-full.txt`: every written page's Markdown with its results. Made from what the load stage read alone, so
 * the build makes it while the edited pages render. Each page's part is kept in the cache's segments under that
 * page's inputs: a rebuild after an edit makes (and writes) the edited page's part only, and the file is their
 * concatenation, never written to the cache whole (three megabytes on every edit). The file's key is made of the
 * parts' keys: when it is the key of the file the last build wrote (`lastKey`), nothing is read, joined or hashed
 * unless the site's copy is gone (a rebuild with nothing changed), and the parts are kept for the next edit.
 */
export function llmsFullFile(cache: BuildCache, loaded: LoadedSite, lastKey?: string): KeyedFile {
  const docs = loaded.states.flatMap((s) => {
    if (s.page.kind !== 'doc') return [];
    const { view } = s;
    // The body and its results enter through the body key, which holds them, rather than hashed again.
    return [{ view, source: s.page.source, key: sha256(loaded.code.tools, view.route, view.title, s.bodyKey!) }];
  });
  const key = sha256('llms-full', loaded.code.tools, loaded.site.engineVersion, ...docs.map((d) => d.key));
  const make = () => {
    const parts = docs.map(({ view, source, key: partKey }) => {
      const known = cache.readParts(LLMS_PART, partKey)?.get('md')?.toString('utf8');
      if (known !== undefined) return known;
      const { body, relPath } = source;
      const part = llmsFullPart({
        title: view.title,
        url: siteConfig.origin + view.route,
        body,
        recorded: recordedIn(loaded.resultsOf(relPath)),
      });
      cache.appendParts(LLMS_PART, partKey, { md: part });
      return part;
    });
    return llmsFullOf(parts, loaded.site.engineVersion);
  };
  if (key !== lastKey) {
    const text = make();
    return { key, make: () => text };
  }
  for (const d of docs) cache.hasParts(LLMS_PART, d.key);
  return { key, make };
}

/** The cache's kind of entry for a page's part of `llms-full.txt`. */
const LLMS_PART = 'llms';

/**
 * `functions.json` and its schema, which need what the rendered pages name. Kept under exactly what the file is
 * made from: the cards, where each function is documented, and the pages of those entries (description, body key,
 * category), so an edit of any other page (a guide, a reference) takes the file from the cache.
 * `functions-json.ts` is loaded only when the file is made: it brings remark, which a rebuild that takes it from
 * the cache never loads on this thread.
 */
export async function functionsFiles(
  cache: BuildCache,
  loaded: LoadedSite,
  model: SiteModel,
  functions: Names['functions'],
  outlines?: ReadonlyMap<string, EntryOutline>,
): Promise<Record<string, string>> {
  const { code, cards, site } = loaded;
  const byRoute = new Map(model.pages.flatMap((p) => (p.page.kind === 'doc' ? [[p.page.route, p.page]] : [])));
  const entries = new Map(functions);
  const entryRoutes = [...new Set([...entries.values()].map((e) => e.route))].sort();
  const recordedText = (route: string) => {
    const page = byRoute.get(route);
    return page ? loaded.resultsOf(page.source.relPath) : '';
  };
  const categoryOf = (route: string) => {
    const page = byRoute.get(route);
    return page ? cards.categoryOfDir[path.dirname(page.source.relPath)] : undefined;
  };
  // A page's body and results enter through its body key (which holds them), not hashed again.
  const bodyKeys = new Map(loaded.states.map((s) => [s.page.route, s.bodyKey ?? '']));
  const pageKeyOf = (route: string) => sha256(byRoute.get(route)?.description ?? '', bodyKeys.get(route) ?? '');
  const toolsKey = sha256(
    code.tools,
    cards.key,
    site.engineVersion,
    JSON.stringify([...entries]),
    ...entryRoutes.map((route) => `${route}\0${pageKeyOf(route)}\0${categoryOf(route) ?? ''}`),
  );
  const known = cache.readJson<Record<string, string>>('tools', toolsKey);
  if (known) return known;
  const { functionsFile, functionsSchema } = await import('./functions-json.ts');
  // Each entry's summary and examples, kept by what its page is made from: a rebuild remakes the edited page's only.
  const sections: SectionMemo = {
    known: cache.readJson<Record<string, EntrySection>>('tools', sectionsKeyOf(code.tools)) ?? {},
    used: {},
  };
  const pages = new Map<string, EntryPage | undefined>();
  const file = functionsFile(
    site.engineVersion,
    siteConfig.origin,
    cards.cards,
    entries,
    (route) => {
      // Once per page (a page documents many functions), its results parsed only when a section is made.
      if (pages.has(route)) return pages.get(route);
      const page = byRoute.get(route);
      const text = recordedText(route);
      let recorded: { examples: ReturnType<typeof recordedIn> } | undefined;
      const entry = page && {
        description: page.description,
        body: page.source.body,
        get recorded() {
          return (recorded ??= { examples: recordedIn(text) }).examples;
        },
        key: pageKeyOf(route),
      };
      pages.set(route, entry);
      return entry;
    },
    categoryOf,
    sections,
    outlines,
  );
  cache.writeText('tools', sectionsKeyOf(code.tools), '.json', JSON.stringify(sections.used));
  const tools = {
    'functions.json': `${JSON.stringify(file)}\n`,
    'functions.schema.json': `${JSON.stringify(functionsSchema(siteConfig.origin), null, 2)}\n`,
  };
  cache.writeText('tools', toolsKey, '.json', JSON.stringify(tools));
  return tools;
}

const sectionsKeyOf = (codeKey: string) => sha256(codeKey, 'sections');

/**
 * `/settings.json` and its schema, by path in the site: kept under the two files they are made from (reading the
 * notes' YAML is the slow part), so a rebuild that changes neither takes them from the cache.
 */
export function settingsFiles(cache: BuildCache, codeKey: string, projectRoot: string): [string, string][] {
  const key = sha256(
    codeKey,
    'settings',
    readProjectFile(projectRoot, ENGINE_SETTINGS_FILE),
    readProjectFile(projectRoot, SETTINGS_NOTES_FILE),
  );
  const known = cache.readJson<[string, string][]>('tools', key);
  if (known) return known;
  const files = dataForTools(projectRoot).map((f): [string, string] => [f.path, f.text()]);
  cache.writeText('tools', key, '.json', JSON.stringify(files));
  return files;
}
