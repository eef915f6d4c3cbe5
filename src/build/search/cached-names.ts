/**
 * The documented names (functions, commands, settings, system tables, error codes) and the engine coverage, read
 * from the rendered pages and kept in the cache under what they are read from: each page's route, title, section,
 * summary and kind, and what its body names; the engine's lists; the commands' catalogue. An edit of a page's
 * prose leaves all of it as it was.
 */
import { ENGINE_OBJECTS_FILE } from '../../examples/engine-objects.ts';
import { ENGINE_ERRORS_FILE, ERROR_NOTES_FILE } from '../../reference/error-codes.ts';
import { SETTINGS_NOTES_FILE } from '../../reference/settings-data.ts';
import type { BuildContext } from '../build-context.ts';
import { sha256 } from '../cache/code-hash.ts';
import { readProjectFile } from '../load/function-cards.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import type { SiteModel } from '../load-site.ts';
import { computeNames, siteModelOf, type NamePage, type Names } from './names-work.ts';

/** The rendered site as the writers of names, sitemap and llms.txt read it: views, and what each body names. */
export interface RenderedSite {
  namePages: NamePage[];
  model: SiteModel;
}

export function renderedSiteOf(loaded: LoadedSite): RenderedSite {
  const namePages: NamePage[] = loaded.states.map((s) => ({
    view: { ...s.view, toc: s.meta?.toc ?? [] },
    ...(s.meta ? { places: s.meta.places } : {}),
  }));
  const usedAssets = new Set(loaded.states.flatMap((s) => s.meta?.assets ?? []));
  return {
    namePages,
    model: siteModelOf(loaded.tree, loaded.tree.root, loaded.catalogue, namePages, usedAssets),
  };
}

export function cachedNames(ctx: BuildContext, loaded: LoadedSite, rendered: RenderedSite): Names {
  const read = (rel: string) => readProjectFile(ctx.projectRoot, rel);
  const key = sha256(
    loaded.code.names,
    read(ENGINE_OBJECTS_FILE),
    read('content/catalogue/commands.tsv'),
    read(SETTINGS_NOTES_FILE),
    read(ENGINE_ERRORS_FILE),
    read(ERROR_NOTES_FILE),
    JSON.stringify(loaded.catalogue.sidebar.map((item) => item.label)),
    ...rendered.namePages.map(({ view, places }) =>
      JSON.stringify([view.route, view.title, view.section, view.description, view.kind, places ?? null]),
    ),
  );
  let names = ctx.cache.readJson<Names>('names', key);
  if (!names) {
    names = computeNames(rendered.model, ctx.projectRoot, loaded.objects);
    ctx.cache.writeText('names', key, '.json', JSON.stringify(names));
  }
  return names;
}
