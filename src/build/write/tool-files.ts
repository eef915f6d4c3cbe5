/**
 * The files for tools: every function as data (`functions.json`) with its schema, and every page's Markdown with
 * its results (`llms-full.txt`). Kept in the cache under what they are read from (the cards, the entries, the
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
import { functionsFile, functionsSchema, type EntrySection, type SectionMemo } from './functions-json.ts';
import { llmsFullTxt } from './outputs.ts';

/** The files by their path in the site. */
export function toolFiles(cache: BuildCache, loaded: LoadedSite, model: SiteModel): Record<string, string> {
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
  const recordedOf = (route: string) => {
    const t = recordedText.get(route);
    return t ? (JSON.parse(t) as RecordedPage).examples : undefined;
  };
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
  const full = llmsFullTxt(
    docPages.map((p) => ({
      title: p.view.title,
      url: siteConfig.origin + p.view.route,
      body: p.page.kind === 'doc' ? p.page.source.body : '',
      recorded: recordedOf(p.page.route),
    })),
    site.engineVersion,
  );
  const tools = {
    'functions.json': `${JSON.stringify(file)}\n`,
    'functions.schema.json': `${JSON.stringify(functionsSchema(siteConfig.origin), null, 2)}\n`,
    'llms-full.txt': full,
  };
  cache.writeText('tools', toolsKey, '.json', JSON.stringify(tools));
  return tools;
}
