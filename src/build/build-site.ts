/**
 * The production build: content → catalogue → every page rendered on every core → site/, with a cache of what
 * earlier builds made (`.cache/build/`, see `build-cache.ts`) so a rebuild renders only what changed.
 *
 * 1. Main thread: scan, catalogue, git dates, and the views of every page (everything but the bodies).
 * 2. Each page's body is looked up in the cache under a hash of its source, its recorded results and the code
 *    that renders it; the questions it asked about the rest of the site (routes, anchors, images) are checked
 *    against the site as it is now. Each whole page is looked up under the body's hash plus its view, its
 *    sidebar and the site around it. What is missing is rendered by `PageWork` in worker threads; a wrong
 *    answer (an anchor assumed before its page was rendered) renders that page again with the full answers.
 * 3. Pages are kept with placeholders for the asset URLs, which only exist once every page is known (the
 *    stylesheet holds the classes of every code token); they are filled in as each page is written.
 * 4. Pagefind indexes what `pagefindInput` keeps of each page, fed in catalogue order (its output depends on
 *    the order; a rebuild feeds the unchanged pages while the edited ones render, see `startFeeding`); an
 *    unchanged set of pages takes the previous index from the cache.
 *
 * Per-page data held in memory is small (anchors, table of contents, keys); bodies and pages stream through
 * the cache (appended to this build's segment as each comes back from its thread) to the site, a few at a time,
 * so memory stays flat as the site grows.
 */
import './production-env.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { routeKey } from '../catalogue/ids.ts';
import { scanContent } from '../content/scan.ts';
import { pinnedEngineVersion } from '../examples/bridge.ts';
import { SETTINGS_NOTES_FILE } from '../reference/settings-data.ts';
import { ENGINE_ERRORS_FILE, ERROR_NOTES_FILE } from '../reference/error-codes.ts';
import { dataForTools } from '../reference/data-files.ts';
import {
  cardInputs,
  cardsByNormalName,
  catalogueCategories,
  readFunctionCards,
  type FunctionCard,
} from '../examples/signatures/cards.ts';
import { normalName } from '../islands/name-match.ts';
import type { RecordedPage } from '../content/recorded.ts';
import {
  coverageSummary,
  functionEntries,
  namedPlaces,
  ENGINE_OBJECTS_FILE,
  readEngineObjects,
} from '../examples/engine-objects.ts';
import { resultsFileOf } from '../examples/results-store.ts';
import { themeBootstrap } from '../islands/theme.ts';
import type { NameIndex } from '../islands/name-match.ts';
import { searchRecordFiles } from './search/records-files.ts';
import { grammarsOf } from '../markdown/languages.ts';
import { siteConfig } from '../site.config.ts';
import { sidebarData, sidebarHtml } from '../ui/Sidebar.tsx';
import { uiStrings } from '../strings.ts';
import type { SiteView } from '../ui/types.ts';
import { BUILD_ASSET_DIR, finishSidebarData, finishStylesheet } from './build-assets.ts';
import { BuildCache } from './cache/build-cache.ts';
import { readManifest, type Manifest } from './cache/manifest.ts';
import { codeHash, filesUnder, moduleClosure, sha256 } from './cache/code-hash.ts';
import { catalogueCoverage } from './coverage.ts';
import { lastCommitDatesAsync } from './git-dates.ts';
import { functionsFile, functionsSchema, type EntrySection, type SectionMemo } from './write/functions-json.ts';
import {
  catalogueJson,
  llmsFullTxt,
  llmsTxt,
  metaContentSecurityPolicy,
  openSearchXml,
  robotsTxt,
  serveJson,
  sitemapXml,
} from './write/outputs.ts';
import {
  ASSET_PLACEHOLDERS,
  bodyRefOf,
  hasBody,
  hasPage,
  pageKeyOf,
  readBody,
  readPagePart,
  writeBody,
  writePage,
  type BodyMeta,
  type PageJob,
  type PageResult,
  type WorkSetup,
  tokenCss,
  withSidebar,
} from './render/page-keys.ts';
import { CONTENT_ASSET_BASE, markdownUrlOf } from './paths.ts';
import { RenderPool } from './render/render-pool.ts';
import { sourceFile } from './source-dir.ts';
import { workerBundle } from './render/worker-bundle.ts';
import type { PartFiles, SearchIndexService } from './search/search-index.ts';
import { planParts, publishedInPart, type SearchPart } from './search/search-parts.ts';
import { computeNames, siteModelOf, type NamePage, type Names } from './search/names-work.ts';
import { pageViewOf } from './views.ts';
import { checkOutputPaths, SEARCH_PAGE } from './write/output-paths.ts';
import { frontmatterMemo, regexStore } from './cache/cache-stores.ts';
import { bundleOnce, standalonePage } from './cache/cached-assets.ts';
import { throwContentErrors, wrongAnswers, type PageState } from './render/page-state.ts';
import { fromPack, RECORDS_IN_PACK, startFeeding, startSearch, type PartPlan } from './search/search-feed.ts';
import { checkOutputFolder, FAVICON_SVG, htmlFileOf, PHASE, SiteWriter, type Phase } from './write/write-site.ts';

export { building } from './write/write-site.ts';

export interface BuildOptions {
  projectRoot: string;
  contentDir?: string;
  outDir: string;
  quiet?: boolean;
  /** The build cache (default `<project>/.cache/build`); `false` builds without one (a temporary folder). */
  cacheDir?: string | false;
  /** Render threads (default: one per core for a full build, none for a handful of pages). */
  threads?: number;
  /** Pages per part of the search index (`search-parts.ts`; tests use a few, to have several parts). */
  searchPagesPerPart?: number;
}

export interface BuildSummary {
  pages: number;
  generated: number;
  ms: number;
  line: string;
  /**
   * Bodies and whole pages rendered (the rest came from the cache), render threads, search index parts indexed
   * (of all), files of the site written (the others were kept) and whether the site was updated in place.
   */
  rendered: {
    bodies: number;
    pages: number;
    threads: number;
    searchParts: number;
    allSearchParts: number;
    filesWritten: number;
    inPlace: boolean;
  };
  /** Milliseconds of each stage, for the benchmark. */
  stages: Record<string, number>;
}

/** The code behind each kind of output (see `code-hash.ts`). */
function codeKeys(projectRoot: string) {
  const at = sourceFile;
  const hash = (files: string[]) => codeHash(projectRoot, files);
  const body = hash(
    moduleClosure([
      at('markdown/parse.ts'),
      at('markdown/render-markdown.ts'),
      at('ui/ArticleBody.tsx'),
      at('examples/results-store.ts'),
      at('build/cache/code-hash.ts'),
    ]).concat(at('build/render/page-work.tsx')),
  );
  return {
    body,
    page: hash(
      moduleClosure([
        at('build/render/page-work.tsx'),
        at('build/render/render-page.tsx'),
        at('build/search/pagefind-input.ts'),
      ]),
    ),
    assets: codeHash(
      projectRoot,
      [...moduleClosure([at('islands/main.tsx'), at('build/build-assets.ts')]), ...filesUnder(at('ui/styles'))],
      `NODE_ENV=${process.env.NODE_ENV}`,
    ),
    searchIndex: hash(moduleClosure([at('build/search/search-index.ts')])),
    frontmatter: hash(moduleClosure([at('content/frontmatter.ts')])),
    // What oniguruma-to-es makes of a pattern depends on the packages and Node, which every key covers.
    regexes: hash(moduleClosure([at('markdown/regex-memo.ts')])),
    names: hash(moduleClosure([at('build/search/names-work.ts')])),
    cards: hash(moduleClosure([at('examples/signatures/cards.ts')])),
    tools: hash(moduleClosure([at('build/write/functions-json.ts'), at('build/write/outputs.ts')])),
  };
}

export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const stages: Record<string, number> = {};
  let mark = started;
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = (stages[name] ?? 0) + (now - mark);
    mark = now;
  };
  const { projectRoot } = options;
  const contentDir = options.contentDir ?? siteConfig.contentDir;
  const contentRoot = path.resolve(projectRoot, contentDir);
  const tempCache =
    options.cacheDir === false ? fs.mkdtempSync(path.join(os.tmpdir(), 'docs-build-cache-')) : undefined;
  const cacheDir = tempCache ?? (options.cacheDir || path.join(projectRoot, '.cache', 'build'));
  const cache = new BuildCache(cacheDir);
  const manifestKey = sha256(contentRoot).slice(0, 16);
  const previous = readManifest(cache, manifestKey);
  // Before anything starts: the output must be a folder the build may replace.
  try {
    checkOutputFolder(options.outDir, { projectRoot, contentRoot, lastWritten: previous.site?.dir });
  } catch (err) {
    if (tempCache) fs.rmSync(tempCache, { recursive: true, force: true });
    throw err;
  }
  cache.useEntries(previous.entries);
  let pool: RenderPool | undefined;
  // Pagefind's process, started now without waiting for it: it is ready by the time the first page is (a
  // rebuild's pages come from the cache as soon as the content is read). Stopped unused if the last index holds.
  let search: Promise<SearchIndexService> | undefined = startSearch();
  search.catch(() => undefined);
  // The render threads' module, and the threads themselves, start now: they load (React, remark, Shiki's
  // grammars) while this thread reads the content. A first build gets one per core; a rebuild one, which
  // renders an edited page without waiting for a thread to start, and is stopped unused if nothing changed.
  const bundled = workerBundle();
  const first = Object.keys(previous.bodies).length === 0;
  // Not awaited: making the bundle (a first build after a change of the code) goes on while the content is read.
  const starting =
    options.threads === 0
      ? undefined
      : bundled.then(
          (bundle) => (pool = new RenderPool(options.threads ?? (first ? os.availableParallelism() : 1), bundle)),
        );
  starting?.catch(() => undefined);
  let searchParts = 0;
  let allSearchParts = 0;
  let output: SiteWriter | undefined;
  let engineLine = '';
  try {
    // 1. Content, catalogue, views.
    const dates = lastCommitDatesAsync(projectRoot, contentDir);
    const code = codeKeys(projectRoot);
    const memo = frontmatterMemo(cache, code.frontmatter);
    const regexes = regexStore(cache, code.regexes);
    const tree = scanContent(contentRoot, projectRoot, memo);
    const catalogue = buildCatalogue(tree, { routeBase: siteConfig.routeBase });
    // Before anything is written: no route may land on another page's file or one the build makes itself.
    checkOutputPaths(catalogue, [SEARCH_PAGE]);
    stage('catalogue');
    // A first build makes the output's folders (one per route) meanwhile, many at once: on a journaled file
    // system each costs most of a millisecond. A later one updates the site in place (see `SiteWriter`).
    output = new SiteWriter(options.outDir, previous.site, [
      ...catalogue.pages.map((p) => path.dirname(htmlFileOf(p.route))),
      path.dirname(htmlFileOf(SEARCH_PAGE)),
      BUILD_ASSET_DIR,
    ]);
    // The catalogue's data is read before anything is written: missing or corrupt, the build stops here.
    const objects = readEngineObjects(projectRoot);
    // The function cards, kept under the files they are made from (collapsing 12,000 accepted calls into readable
    // signatures is half a second, on every build otherwise).
    const cardsFrom = sha256(code.cards, ...cardInputs(projectRoot, contentRoot).map(readOr));
    let cards = cache.readJson<Record<string, FunctionCard>>('cards', cardsFrom);
    if (!cards) {
      cards = readFunctionCards(projectRoot, contentRoot);
      cache.writeText('cards', cardsFrom, '.json', JSON.stringify(cards));
    }
    const categoryOfDir = Object.fromEntries(catalogueCategories(projectRoot).byDir);
    const cardsKey = sha256(JSON.stringify(cards), JSON.stringify(categoryOfDir));
    const cardNames = cardsByNormalName(cards);
    const coverage = catalogueCoverage(projectRoot, catalogue);
    // The bundle of islands and styles, made meanwhile (or taken from the cache).
    const bundle = bundleOnce(projectRoot, cache, code.assets);
    bundle.catch(() => undefined);

    // Pages are made with an empty sidebar, each filled with its own as it is written.
    const site: SiteView = {
      sidebar: [],
      version: catalogue.version,
      stylesheets: [ASSET_PLACEHOLDERS.stylesheet],
      scripts: [ASSET_PLACEHOLDERS.script],
      themeScript: themeBootstrap,
      origin: siteConfig.origin,
      engineVersion: pinnedEngineVersion(projectRoot),
      contentSecurityPolicy: metaContentSecurityPolicy(themeBootstrap),
      sidebarData: ASSET_PLACEHOLDERS.sidebarData,
    };
    const siteKey = sha256(code.page, JSON.stringify(site));
    const routeOfSource: Record<string, string> = {};
    for (const [rel, p] of catalogue.bySource) routeOfSource[rel] = p.route;
    const pageKeys = catalogue.pages.map((p) => routeKey(p.route));
    const assets = tree.assets.map((a) => a.relPath);
    const anchorsOf = (state: PageState): string[] => [
      ...(state.meta?.anchors ?? []),
      ...(state.page.cards.length > 0 ? ['section-cards-heading'] : []),
    ];
    const knownAnchors = () => {
      const out: Record<string, string[]> = {};
      for (const s of states)
        if (s.page.kind === 'generated-index' || s.meta) out[routeKey(s.page.route)] = anchorsOf(s);
      return out;
    };
    const setup = (): WorkSetup => ({
      contentRoot,
      routeOfSource,
      pages: pageKeys,
      anchors: knownAnchors(),
      assets,
      site,
      siteKey,
      regexes: regexes.known,
      cards,
      categoryOfDir,
    });
    const dateOf = await dates;
    const states: PageState[] = catalogue.pages.map((page) => {
      const view = pageViewOf(page, contentDir, dateOf);
      let bodyKey: string | undefined;
      let meta: BodyMeta | undefined;
      if (page.kind === 'doc') {
        // The title reaches the body only through the cards of the functions it names (usually none).
        const titleCards = page.title
          .split(/\s*[,/]\s*/)
          .map(normalName)
          .filter((n) => cardNames.has(n))
          .join(',');
        bodyKey = sha256(
          code.body,
          page.source.relPath,
          titleCards,
          page.source.body,
          readOr(resultsFileOf(contentRoot, page.source.relPath)),
          cardsKey,
        );
        const known = previous.bodies[page.source.relPath];
        if (known?.key === bodyKey) {
          // The last build's: of use while its entry (with the HTML) is there.
          meta = hasBody(cache, bodyKey) ? known.meta : undefined;
        } else {
          meta = readBody(cache, bodyKey)?.meta;
        }
      }
      return { page, view, bodyKey, meta, errors: [] };
    });

    // 2. Pages: what the cache holds, once the answers its bodies got hold; the rest rendered.
    const bodyRef = (s: PageState) => (s.meta ? bodyRefOf(s.bodyKey!, s.meta) : 'generated');
    const cachedPage = (s: PageState): string | undefined => {
      const key = pageKeyOf(siteKey, bodyRef(s), s.view);
      return hasPage(cache, key) ? key : undefined;
    };
    // A job is made when its turn comes: a cached body's HTML is read then, so only the jobs in flight hold one.
    const jobOf = (s: PageState, index: number): PageJob => {
      if (s.page.kind !== 'doc') return { index, view: { ...s.view, toc: [] } };
      const html = s.meta ? readBody(cache, s.bodyKey!)?.html : undefined;
      // A damaged entry: the body is rendered again.
      if (html === undefined) s.meta = undefined;
      const cachedBody = s.meta && html !== undefined ? { ref: bodyRef(s), html } : undefined;
      const grammars = cachedBody ? [] : grammarsOf(s.page.source.body);
      return {
        index,
        doc: {
          relPath: s.page.source.relPath,
          file: s.page.source.file,
          title: s.page.title,
          body: s.page.source.body,
          bodyKey: s.bodyKey!,
          ...(cachedBody ? { cachedBody } : {}),
        },
        view: { ...s.view, toc: s.meta?.toc ?? [] },
        ...(grammars.length ? { grammars } : {}),
      };
    };
    let bodiesRendered = 0;
    let pagesRendered = 0;
    let threads = 0;
    const runJobs = async (indexes: number[], onResult?: (i: number) => void) => {
      if (indexes.length === 0) return;
      await starting;
      if (!pool) pool = new RenderPool(options.threads ?? RenderPool.threadsFor(indexes.length), await bundled);
      if (options.threads === undefined) pool.grow(RenderPool.threadsFor(indexes.length));
      if (!pool.ready) pool.setup(setup());
      threads = Math.max(threads, pool.size);
      let next = 0;
      const runner = async () => {
        while (next < indexes.length) {
          const i = indexes[next++]!;
          const s = states[i]!;
          const result: PageResult = await pool!.run(jobOf(s, i));
          pagesRendered++;
          regexes.add(result.regexes);
          if (result.meta) {
            bodiesRendered++;
            s.meta = result.meta;
            if (result.bodyHtml !== undefined) writeBody(cache, s.bodyKey!, result.meta, result.bodyHtml);
          }
          if (result.page && result.pageKey) writePage(cache, result.pageKey, result.page.html, result.page.pf);
          s.errors = result.errors;
          s.pageKey = result.pageKey;
          onResult?.(i);
        }
      };
      // Jobs queued: enough for each thread to find pages in the languages it knows (see RenderPool), few enough
      // that the cached bodies they carry stay few.
      await Promise.all(Array.from({ length: Math.min(indexes.length, Math.max(1, pool.size) * 16) }, runner));
    };

    // A cached body holds while every answer it got holds. Routes, pages and images are known now; anchors are
    // known for every page with a cached body (they follow from the body alone). A body whose answer no longer
    // holds is rendered again; an anchor of a page rendered now is checked once it is (if it is missing, the
    // build fails with the page's error, so no page settled now changes).
    const check = (pending = new Set<string>()) =>
      wrongAnswers(states, routeOfSource, new Set(pageKeys), new Set(assets), anchorsOf, pending, contentRoot);
    const unknownAnchors = new Set(
      states.flatMap((s) => (s.page.kind === 'doc' && !s.meta ? [routeKey(s.page.route)] : [])),
    );
    for (const i of check(unknownAnchors)) states[i]!.meta = undefined;
    for (const s of states) if (s.page.kind === 'generated-index' || s.meta) s.pageKey = cachedPage(s);
    const jobs = states.flatMap((s, i) => (s.pageKey ? [] : [i]));
    if (jobs.length === 0) {
      await starting;
      await pool?.close();
      pool = undefined;
    }

    // The search index, in parts (`search-parts.ts`), each fed in catalogue order as its pages are settled
    // (Pagefind's output depends on the order): Pagefind indexes in its own process while pages render. A part
    // whose pages are all unchanged takes its last index from the cache.
    const parts = planParts(states.length, options.searchPagesPerPart);
    allSearchParts = parts.length;
    const inRound = new Set(jobs);
    const partKey = (part: SearchPart) =>
      sha256(
        code.searchIndex,
        part.dir,
        ...states.slice(part.from, part.to).map((s) => `${htmlFileOf(s.view.route)}\0${s.pageKey}`),
      );
    const plans: PartPlan[] = parts.map((part) => {
      const changed = jobs.some((i) => i >= part.from && i < part.to);
      const cached = changed ? undefined : fromPack(part, cache.readPack('search', partKey(part), '.pack'));
      return cached ? { part, cached } : { part };
    });
    searchParts = plans.filter((p) => !p.cached).length;
    if (searchParts === 0) {
      const unused = search;
      search = undefined;
      await (await unused.catch(() => undefined))?.close();
    }
    // A rebuild with a few pages to render indexes the others meanwhile, ahead of the pages still rendering.
    const feeder = startFeeding(
      states,
      cache,
      search,
      plans,
      jobs.length <= Math.max(16, states.length / 8),
      async (part, files) => {
        const { partRecords } = await import('./search/search-index.ts');
        const made: PartFiles = {
          part,
          files,
          records: partRecords(
            files,
            states.slice(part.from, part.to).map((s) => s.view),
          ),
        };
        cache.writePack('search', partKey(part), '.pack', {
          ...Object.fromEntries(files),
          [RECORDS_IN_PACK]: JSON.stringify(made.records),
        });
        return made;
      },
    );
    feeder.done.catch(() => undefined);
    for (const [i] of states.entries()) if (!inRound.has(i)) feeder.ready(i);
    stage('cache lookup');
    await runJobs(jobs, (i) => feeder.ready(i));
    stage('render');

    // Content errors first: a page that failed has no anchors, so what other pages asked of it cannot hold.
    throwContentErrors(states);
    // The anchors of the pages just rendered, against what the cached bodies assumed.
    const wrong = check();
    if (wrong.length) {
      pool?.setup(setup());
      for (const i of wrong) states[i]!.meta = undefined;
      await runJobs(wrong);
      if (check().length)
        throw new Error(
          `build: pages whose links still do not resolve after a second render: ${check()
            .map((i) => states[i]!.view.route)
            .join(', ')}`,
        );
    }
    // Content errors of every page, in catalogue order, before anything is written.
    throwContentErrors(states);
    // Every page is in: Pagefind builds the last parts in its own process while this thread writes the site.
    const searchFiles: Promise<PartFiles[]> = (async () => {
      const files = await feeder.done;
      await (await search)?.close();
      search = undefined;
      return files;
    })();
    searchFiles.catch(() => undefined);
    stage('pages');
    // The pages as the writers of names, sitemap and llms.txt read them: views, and what each body names.
    const namePages: NamePage[] = states.map((s) => ({
      view: { ...s.view, toc: s.meta?.toc ?? [] },
      ...(s.meta ? { places: s.meta.places } : {}),
    }));
    const model = siteModelOf(
      tree,
      contentRoot,
      catalogue,
      namePages,
      new Set(states.flatMap((s) => s.meta?.assets ?? [])),
    );

    // 3. Assets, now that every code token is known.
    const assetBundle = await bundle;
    const stylesheet = finishStylesheet(assetBundle.bundle.css, tokenCss(states.map((s) => s.meta?.styles ?? [])));
    const sidebarJson = finishSidebarData(JSON.stringify(sidebarData(catalogue.sidebar)));
    const url = (name: string) => `/${BUILD_ASSET_DIR}/${name}`;
    const fill = (html: string, route: string) =>
      withSidebar(
        html
          .replaceAll(`href="${ASSET_PLACEHOLDERS.stylesheet}"`, `href="${url(stylesheet.name)}"`)
          .replaceAll(`src="${ASSET_PLACEHOLDERS.script}"`, `src="${url(assetBundle.bundle.entry)}"`)
          .replaceAll(`data-sidebar="${ASSET_PLACEHOLDERS.sidebarData}"`, `data-sidebar="${url(sidebarJson.name)}"`),
        sidebarHtml(catalogue.sidebar, route),
      );
    // What a page's file holds besides its cached page: the asset names and the sidebar's tree.
    const fillKey = sha256(stylesheet.name, assetBundle.bundle.entry, sidebarJson.name);
    stage('assets');

    // 4. The site: a new folder swapped into place, or the last one updated (see `SiteWriter`).
    {
      const place = output.place.bind(output);
      const assetPath = (name: string) => `${BUILD_ASSET_DIR}/${name}`;
      // Named by their content: the name is the key.
      for (const f of assetBundle.bundle.jsFiles)
        place(assetPath(f), f, () => fs.readFileSync(path.join(assetBundle.dir, f)), PHASE.linked);
      place(assetPath(stylesheet.name), stylesheet.name, () => stylesheet.text, PHASE.linked);
      place(assetPath(sidebarJson.name), sidebarJson.name, () => sidebarJson.text, PHASE.linked);

      for (const s of states) {
        const pageKey = s.pageKey!;
        place(htmlFileOf(s.view.route), sha256(pageKey, fillKey), () => {
          const template = readPagePart(cache, pageKey, 'html');
          if (template === undefined)
            throw new Error(
              `build: the page ${s.view.route} went missing from the cache folder ${cacheDir} during the build`,
            );
          return fill(template, s.view.route);
        });
        if (s.page.kind === 'doc') {
          const raw = s.page.source.raw;
          place(markdownUrlOf(s.view.route).slice(1), sha256('markdown', raw), () => raw);
        }
      }
      stage('write pages');

      // Names of functions, commands, settings and system tables, read from the rendered pages: kept under what
      // they are read from (each page's route, title, section, summary and kind, and what its body names; the
      // engine's lists; the commands' catalogue), which an edit of a page's prose leaves as it was.
      const namesKey = sha256(
        code.names,
        readOr(path.join(projectRoot, ENGINE_OBJECTS_FILE)),
        readOr(path.join(projectRoot, 'content/catalogue/commands.tsv')),
        readOr(path.join(projectRoot, SETTINGS_NOTES_FILE)),
        readOr(path.join(projectRoot, ENGINE_ERRORS_FILE)),
        readOr(path.join(projectRoot, ERROR_NOTES_FILE)),
        JSON.stringify(catalogue.sidebar.map((item) => item.label)),
        ...namePages.map(({ view, places }) =>
          JSON.stringify([view.route, view.title, view.section, view.description, view.kind, places ?? null]),
        ),
      );
      let names = cache.readJson<Names>('names', namesKey);
      if (!names) {
        names = computeNames(model, projectRoot, objects);
        cache.writeText('names', namesKey, '.json', JSON.stringify(names));
      }
      engineLine = `; engine coverage: ${coverageSummary(names.coverage)} documented`;
      await pool?.close();
      pool = undefined;
      const searchView = {
        kind: 'search' as const,
        route: SEARCH_PAGE,
        title: uiStrings.searchPageTitle,
        description: uiStrings.searchPageDescription,
        breadcrumbs: [],
        section: '',
        cards: [],
        toc: [],
        enterprise: false,
        names: names.index.names,
      };
      const notFoundView = {
        kind: 'not-found' as const,
        route: '/404.html',
        title: uiStrings.notFoundTitle,
        description: uiStrings.notFoundText,
        breadcrumbs: [],
        section: '',
        cards: [],
        toc: [],
        enterprise: false,
      };
      for (const [view, file] of [
        [notFoundView, '404.html'],
        [searchView, htmlFileOf(SEARCH_PAGE)],
      ] as const) {
        const key = await standalonePage(cache, siteKey, view, site);
        place(file, sha256(key, fillKey), () => fill(readPagePart(cache, key, 'html')!, view.route));
      }
      stage('names');
      // Small files, made now and kept under the hash of their bytes.
      const text = (rel: string, data: string | Buffer, phase: Phase = PHASE.page) =>
        place(rel, sha256(data), () => data, phase);
      text('opensearch.xml', openSearchXml());
      // `/` leads to `/doc/`: serve.json redirects; this page does the same on hosts that ignore serve.json.
      text(
        'index.html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${siteConfig.title}</title><meta ` +
          `http-equiv="refresh" content="0; url=/doc/"><link rel="canonical" ` +
          `href="${siteConfig.origin}/doc/"></head><body><p><a ` +
          `href="/doc/">${siteConfig.title}</a></p></body></html>`,
      );
      // Only what a page shows or links is published: a stray file in the content folder stays private.
      const usedAssets = model.usedAssets;
      for (const asset of tree.assets)
        if (usedAssets.has(asset.relPath))
          text(`${CONTENT_ASSET_BASE.slice(1)}/${asset.relPath}`, fs.readFileSync(asset.absPath), PHASE.linked);
      text('favicon.svg', FAVICON_SVG, PHASE.linked);
      text('catalogue.json', catalogueJson(catalogue));
      text('sitemap.xml', sitemapXml(model.pages));
      text('robots.txt', robotsTxt());
      for (const file of dataForTools(projectRoot)) text(file.path, file.text());
      text('llms.txt', llmsTxt(catalogue, model.pages));
      // For tools: every function as data, its schema, and every page's Markdown with its results. Made again
      // only when what they are read from changes (the cards, the entries, the pages and their results).
      const docPages = model.pages.filter((p) => p.page.kind === 'doc');
      const recordedText = new Map(
        docPages.map((p) => [
          p.page.route,
          readOr(resultsFileOf(contentRoot, p.page.kind === 'doc' ? p.page.source.relPath : '')),
        ]),
      );
      const toolsKey = sha256(
        code.tools,
        cardsKey,
        site.engineVersion,
        ...docPages.map(
          (p) =>
            `${p.page.route}\0${p.view.title}\0${p.view.description}\0${p.markdown ?? ''}\0${recordedText.get(p.page.route)}\0${JSON.stringify(p.places ?? null)}`,
        ),
      );
      let tools = cache.readJson<Record<string, string>>('tools', toolsKey);
      if (!tools) {
        const recordedOf = (route: string) => {
          const t = recordedText.get(route);
          return t ? (JSON.parse(t) as RecordedPage).examples : undefined;
        };
        const byRoute = new Map(docPages.map((p) => [p.page.route, p]));
        const entries = functionEntries(namedPlaces(model), objects.functions);
        // Each entry's summary and examples, kept by what its page is made from: a rebuild parses the edited page only.
        const sectionsKey = sha256(code.tools, 'sections');
        const sections: SectionMemo = {
          known: cache.readJson<Record<string, EntrySection>>('tools', sectionsKey) ?? {},
          used: {},
        };
        const file = functionsFile(
          site.engineVersion,
          siteConfig.origin,
          cards,
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
            return p && p.page.kind === 'doc' ? categoryOfDir[path.dirname(p.page.source.relPath)] : undefined;
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
        tools = {
          'functions.json': `${JSON.stringify(file)}\n`,
          'functions.schema.json': `${JSON.stringify(functionsSchema(siteConfig.origin), null, 2)}\n`,
          'llms-full.txt': full,
        };
        cache.writeText('tools', toolsKey, '.json', JSON.stringify(tools));
      }
      for (const [rel, data] of Object.entries(tools)) text(rel, data);
      stage('outputs');

      const index = await searchFiles;
      // Named by their content, most of them the same after an edit, and kept in the site as they are. The entry
      // files point to the rest of their part: put in place last.
      for (const { part, files } of index)
        for (const [rel, content] of files)
          if (publishedInPart(part, rel))
            place(
              `pagefind/${part.dir}${rel}`,
              sha256(content),
              () => content,
              rel === 'pagefind-entry.json' ? PHASE.index : PHASE.linked,
            );
      const { pageRecords } = await import('./search/search-index.ts');
      const records: NameIndex = { ...names.index, ...pageRecords(index) };
      for (const [file, content] of searchRecordFiles(records)) text(file, content, PHASE.index);
      stage('search index');
    }
    const { site: written, wrote: filesWritten } = await output.commit();
    // How to serve it, beside the site rather than in it: a host's configuration is not a file to publish.
    const hostConfig = `${options.outDir}.serve.json`;
    fs.writeFileSync(`${hostConfig}.tmp-${process.pid}`, serveJson(themeBootstrap));
    fs.renameSync(`${hostConfig}.tmp-${process.pid}`, hostConfig);

    const manifest: Manifest = { bodies: {}, site: written, entries: cache.finishEntries() };
    for (const s of states)
      if (s.page.kind === 'doc' && s.meta) manifest.bodies[s.page.source.relPath] = { key: s.bodyKey!, meta: s.meta };
    cache.writeText('manifest', manifestKey, '.json', JSON.stringify(manifest));
    memo.save();
    regexes.save();
    cache.maintain();
    stage('swap');

    const ms = performance.now() - started;
    const docs = states.filter((s) => s.page.kind === 'doc').length;
    const generated = states.length - docs;
    const cov = coverage;
    const coverageText =
      `; catalogue coverage: ${cov.writtenPages}/${cov.cataloguePages} pages written ` +
      `(${((100 * cov.writtenPages) / cov.cataloguePages).toFixed(1)}%), ` +
      `${cov.generatedIndexes}/${cov.catalogueIndexes} generated indexes`;
    const line =
      `built ${states.length} pages (${docs} written, ${generated} generated) into ` +
      `${path.relative(projectRoot, options.outDir) || '.'} in ${(ms / 1000).toFixed(2)} ` +
      `s${coverageText}${engineLine}`;
    return {
      pages: states.length,
      generated,
      ms,
      line,
      rendered: {
        bodies: bodiesRendered,
        pages: pagesRendered,
        threads,
        searchParts,
        allSearchParts,
        filesWritten,
        inPlace: output.mode === 'update',
      },
      stages,
    };
  } finally {
    cache.close();
    await starting?.catch(() => undefined);
    await pool?.close();
    await (await search?.catch(() => undefined))?.close();
    if (tempCache) fs.rmSync(tempCache, { recursive: true, force: true });
    // A failed build leaves the previous site as it was, and nothing of its own.
    await output?.abandon();
  }
}

const readOr = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
