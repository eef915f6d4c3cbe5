/**
 * The files for tools: every function as data (`functions.json`) with its schema, and every page's Markdown with
 * its results (`llms-full.txt`). Each kept in the cache under what it is read from (the cards, the entries, the
 * pages and their results), and each entry's section under what its page is made from, so a rebuild after an
 * edit parses the edited page only.
 */
import path from 'node:path';
import type { RecordedPage } from '../../content/recorded.ts';
import { functionEntries, namedPlaces } from '../../examples/engine-objects.ts';
import { siteConfig } from '../../site.config.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { sha256 } from '../cache/code-hash.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import type { SiteModel } from '../load-site.ts';
import type { EntrySection, SectionMemo } from './functions-json.ts';
import { llmsFullTxt } from './outputs.ts';

/** Recorded examples of a page, parsed from its results text (`LoadedSite.resultsOf`). */
const recordedIn = (text: string) => (text ? (JSON.parse(text) as RecordedPage).examples : undefined);

/**
 * `llms-full.txt`: every written page's Markdown with its results. Made from what the load stage read alone, so
 * the build makes it while the edited pages render; kept under those inputs.
 */
export function llmsFullFile(cache: BuildCache, loaded: LoadedSite): string {
  const docs = loaded.states.flatMap((s) => (s.page.kind === 'doc' ? [{ view: s.view, source: s.page.source }] : []));
  const key = sha256(
    loaded.code.tools,
    'llms-full',
    loaded.site.engineVersion,
    ...docs.map(
      ({ view, source }) => `${view.route}\0${view.title}\0${source.body}\0${loaded.resultsOf(source.relPath)}`,
    ),
  );
  const known = cache.readText('tools', key, '.txt');
  if (known !== undefined) return known;
  const full = llmsFullTxt(
    docs.map(({ view, source }) => ({
      title: view.title,
      url: siteConfig.origin + view.route,
      body: source.body,
      recorded: recordedIn(loaded.resultsOf(source.relPath)),
    })),
    loaded.site.engineVersion,
  );
  cache.writeText('tools', key, '.txt', full);
  return full;
}

/**
 * `functions.json` and its schema, which need what the rendered pages name. `functions-json.ts` is loaded only when
 * they are made: it brings remark, which a rebuild that takes them from the cache never loads on this thread.
 */
export async function functionsFiles(
  cache: BuildCache,
  loaded: LoadedSite,
  model: SiteModel,
): Promise<Record<string, string>> {
  const { code, cards, site } = loaded;
  const docPages = model.pages.filter((p) => p.page.kind === 'doc');
  const recordedText = new Map(
    docPages.map((p) => [p.page.route, p.page.kind === 'doc' ? loaded.resultsOf(p.page.source.relPath) : '']),
  );
  const toolsKey = sha256(
    code.tools,
    cards.key,
    site.engineVersion,
    ...docPages.map(
      (p) =>
        `${p.page.route}\0${p.view.title}\0${p.view.description}\0${p.markdown ?? ''}\0${recordedText.get(p.page.route)}\0${JSON.stringify(p.places ?? null)}`,
    ),
  );
  const known = cache.readJson<Record<string, string>>('tools', toolsKey);
  if (known) return known;
  const { functionsFile, functionsSchema } = await import('./functions-json.ts');
  const recordedOf = (route: string) => recordedIn(recordedText.get(route) ?? '');
  const byRoute = new Map(docPages.map((p) => [p.page.route, p]));
  const entries = functionEntries(namedPlaces(model), loaded.objects.functions);
  // Each entry's summary and examples, kept by what its page is made from: a rebuild parses the edited page only.
  const sectionsKey = sha256(code.tools, 'sections');
  const sections: SectionMemo = {
    known: cache.readJson<Record<string, EntrySection>>('tools', sectionsKey) ?? {},
    used: {},
  };
  const file = functionsFile(
    site.engineVersion,
    siteConfig.origin,
    cards.cards,
    entries,
    (route) => {
      const p = byRoute.get(route);
      return p && p.page.kind === 'doc'
        ? {
            description: p.view.description,
            body: p.page.source.body,
            recorded: recordedOf(route),
            key: sha256(p.view.description, p.page.source.body, recordedText.get(route) ?? ''),
          }
        : undefined;
    },
    (route) => {
      const p = byRoute.get(route);
      return p && p.page.kind === 'doc' ? cards.categoryOfDir[path.dirname(p.page.source.relPath)] : undefined;
    },
    sections,
  );
  cache.writeText('tools', sectionsKey, '.json', JSON.stringify(sections.used));
  const tools = {
    'functions.json': `${JSON.stringify(file)}\n`,
    'functions.schema.json': `${JSON.stringify(functionsSchema(siteConfig.origin), null, 2)}\n`,
  };
  cache.writeText('tools', toolsKey, '.json', JSON.stringify(tools));
  return tools;
}
