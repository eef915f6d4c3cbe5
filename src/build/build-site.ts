/**
 * The production build, as a pipeline of stages (docs/architecture.md, "The build pipeline"); each stage's
 * module says what it takes and gives:
 *
 *   load (`load/`) → render (`render/`) → link check (`links/`) → index (`search/`) → write (`assets/`, `write/`)
 *
 * What earlier builds made is kept in `.cache/build/` (`cache/`), so a rebuild renders, indexes and writes only
 * what changed, and writes the site a build without the cache writes. Per page, memory holds keys, anchors and
 * the table of contents; bodies and pages stream through the cache to the site.
 */
import './production-env.ts';
import { coverageSummary } from '../examples/engine-objects.ts';
import { bundleOnce } from './assets/cached-assets.ts';
import { finishAssets } from './assets/site-assets.ts';
import { closeBuild, openBuild, type BuildOptions, type BuildSummary } from './build-context.ts';
import { checkLinks } from './links/link-check.ts';
import { load } from './load/load-stage.ts';
import { lookUpPages } from './render/cache-lookup.ts';
import { PageRenderer } from './render/page-renderer.ts';
import { cachedNames, renderedSiteOf } from './search/cached-names.ts';
import { pageRecordsOf } from './search/index-store.ts';
import { SearchIndexBuild } from './search/index-stage.ts';
import { summaryLine } from './summary.ts';
import { functionsFiles, llmsFullFile } from './write/tool-files.ts';
import type { SiteWriter } from './write/write-site.ts';
import {
  openSiteWriter,
  placeAssets,
  placePages,
  placeSearchIndex,
  placeSiteFiles,
  placeStandalonePages,
  saveBuildState,
  writeHostConfig,
} from './write/write-stage.ts';

export type { BuildOptions, BuildSummary };
export { building } from './write/output-folder.ts';

export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const ctx = openBuild(options);
  const { cache, clock } = ctx;
  // Render threads and Pagefind start first: they load while this thread reads the content.
  const renderer = new PageRenderer(cache, options, Object.keys(ctx.previous.bodies).length === 0);
  const index = new SearchIndexBuild();
  let writer: SiteWriter | undefined;
  try {
    // 1. Load: content, catalogue, views; what the cache holds of each body.
    const loaded = await load(ctx);
    writer = openSiteWriter(options.outDir, ctx.previous.site, loaded.catalogue);
    // The bundle of islands and styles, made meanwhile (or taken from the cache).
    const bundle = bundleOnce(ctx.projectRoot, cache, loaded.code.assets);
    bundle.catch(() => undefined);

    // 2. Render what the cache does not hold, feeding the search index as each page is settled.
    const jobs = lookUpPages(loaded, cache);
    if (jobs.length === 0) await renderer.close();
    await index.start(loaded, cache, jobs, options.searchPagesPerPart);
    clock.stage('cache lookup');
    // Meanwhile (this thread waits for the render threads): the file for tools made from the sources alone.
    const llmsFull = afterTurn(() => llmsFullFile(cache, loaded, ctx.previous.site?.files['llms-full.txt']?.key));
    llmsFull.catch(() => undefined);
    await renderer.render(loaded, jobs, (i) => index.ready(i));
    clock.stage('render');

    // 3. Link check: content errors of every page, and the anchors cached bodies assumed.
    await checkLinks(loaded, renderer);

    // 4. Index: Pagefind builds its last parts in its own process while this thread writes the site.
    const searchFiles = index.finish();
    clock.stage('pages');
    const rendered = renderedSiteOf(loaded);

    // 5. Write: assets, pages, names and the pages made from them, data files, the search index; then commit.
    const assets = finishAssets(await bundle, loaded.catalogue, loaded.states);
    clock.stage('assets');
    placeAssets(writer, assets);
    placePages(writer, ctx, loaded, assets);
    clock.stage('write pages');
    const names = cachedNames(ctx, loaded, rendered);
    await renderer.close();
    await placeStandalonePages(writer, ctx, loaded, assets, names);
    clock.stage('names');
    const tools = {
      ...(await functionsFiles(cache, loaded, rendered.model, names.functions, renderer.outlines)),
      'llms-full.txt': await llmsFull,
    };
    placeSiteFiles(writer, ctx, loaded, rendered.model, tools);
    clock.stage('outputs');
    const parts = await searchFiles;
    placeSearchIndex(writer, parts, { ...names.index, ...(await pageRecordsOf(parts)) });
    clock.stage('search index');
    const { site: written, wrote: filesWritten } = await writer.commit();
    writeHostConfig(options.outDir);
    saveBuildState(ctx, loaded, written);
    clock.stage('swap');

    const ms = performance.now() - clock.started;
    const pages = loaded.states.length;
    const docs = loaded.states.filter((s) => s.page.kind === 'doc').length;
    return {
      pages,
      generated: pages - docs,
      ms,
      line: summaryLine({
        pages,
        docs,
        ms,
        outDir: options.outDir,
        projectRoot: ctx.projectRoot,
        coverage: loaded.coverage,
        engine: coverageSummary(names.coverage),
      }),
      rendered: {
        bodies: renderer.bodies,
        pages: renderer.pages,
        threads: renderer.threads,
        searchParts: index.parts,
        searchPages: index.pagesIndexed,
        allSearchParts: index.allParts,
        filesWritten,
        inPlace: writer.mode === 'update',
      },
      stages: clock.stages,
    };
  } finally {
    await renderer.close();
    await index.close();
    closeBuild(ctx);
    // A failed build leaves the previous site as it was, and nothing of its own.
    await writer?.abandon();
  }
}

/** `make` run once the jobs already started have had their turn (the render threads get their pages first). */
function afterTurn<T>(make: () => T | PromiseLike<T>): Promise<T> {
  return new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(make());
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    }),
  );
}
