/**
 * Stage 5, write: every file of the site handed to the `SiteWriter` (which writes only what changed, and puts it
 * in place all at once with `commit`), then what the next build needs: the host's configuration beside the site
 * and the manifest in the cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../../catalogue/types.ts';
import type { NameIndex } from '../../islands/name-match.ts';
import { themeBootstrap } from '../../islands/theme.ts';
import { siteConfig } from '../../site.config.ts';
import { uiStrings } from '../../strings.ts';
import type { PageView } from '../../ui/types.ts';
import { BUILD_ASSET_DIR } from '../assets/build-assets.ts';
import { standalonePage } from '../assets/cached-assets.ts';
import type { SiteAssets } from '../assets/site-assets.ts';
import type { BuildContext } from '../build-context.ts';
import { sha256 } from '../cache/code-hash.ts';
import { writeManifest, type Manifest } from '../cache/manifest.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import type { SiteModel } from '../load-site.ts';
import { CONTENT_ASSET_BASE, markdownUrlOf } from '../paths.ts';
import { readPagePart } from '../page-keys.ts';
import type { Names } from '../search/names-work.ts';
import type { PartFiles } from '../search/search-index.ts';
import { publishedInPart } from '../search/search-parts.ts';
import { searchRecordFiles } from '../search/records-files.ts';
import { SEARCH_PAGE } from '../output-paths.ts';
import { settingsFiles, type KeyedFile } from './tool-files.ts';
import { catalogueJson, llmsTxt, openSearchXml, robotsTxt, serveJson, sitemapXml } from './outputs.ts';
import type { WrittenSite } from '../cache/manifest.ts';
import { htmlFileOf } from '../paths.ts';
import { FAVICON_SVG, PHASE, SiteWriter, type Phase } from './write-site.ts';

/**
 * The writer of this build's site. A first build makes the output's folders (one per route) meanwhile, many at
 * once: on a journaled file system each costs most of a millisecond. A later one updates the site in place.
 */
export function openSiteWriter(outDir: string, previous: WrittenSite | undefined, catalogue: Catalogue): SiteWriter {
  return new SiteWriter(outDir, previous, [
    ...catalogue.pages.map((p) => path.dirname(htmlFileOf(p.route))),
    path.dirname(htmlFileOf(SEARCH_PAGE)),
    BUILD_ASSET_DIR,
  ]);
}

/** A small file, made now and kept under the hash of its bytes. */
function placeText(writer: SiteWriter, rel: string, data: string | Buffer, phase: Phase = PHASE.page): void {
  writer.place(rel, sha256(data), () => data, phase);
}

/** The script, stylesheet and sidebar JSON, named by their content: the name is the key. */
export function placeAssets(writer: SiteWriter, assets: SiteAssets): void {
  const assetPath = (name: string) => `${BUILD_ASSET_DIR}/${name}`;
  for (const f of assets.bundle.jsFiles)
    writer.place(assetPath(f), f, () => fs.readFileSync(path.join(assets.bundleDir, f)), PHASE.linked);
  const { stylesheet, sidebarJson } = assets;
  writer.place(assetPath(stylesheet.name), stylesheet.name, () => stylesheet.text, PHASE.linked);
  writer.place(assetPath(sidebarJson.name), sidebarJson.name, () => sidebarJson.text, PHASE.linked);
}

/** Every page from the cache with its assets and sidebar filled in, and each written page's Markdown beside it. */
export function placePages(writer: SiteWriter, ctx: BuildContext, loaded: LoadedSite, assets: SiteAssets): void {
  for (const s of loaded.states) {
    const pageKey = s.pageKey!;
    writer.place(htmlFileOf(s.view.route), sha256(pageKey, assets.fillKey), () => {
      const template = readPagePart(ctx.cache, pageKey, 'html');
      if (template === undefined)
        throw new Error(
          `build: the page ${s.view.route} went missing from the cache folder ${ctx.cacheDir} during the build`,
        );
      return assets.fill(template, s.view.route);
    });
    if (s.page.kind === 'doc') {
      const raw = s.page.source.raw;
      writer.place(markdownUrlOf(s.view.route).slice(1), sha256('markdown', raw), () => raw);
    }
  }
}

/** The views of the pages no content file makes: the search page (listing every name) and the 404 page. */
export function standaloneViews(names: NameIndex['names']): { search: PageView; notFound: PageView } {
  const common = { breadcrumbs: [], section: '', cards: [], toc: [], enterprise: false };
  return {
    search: {
      kind: 'search',
      route: SEARCH_PAGE,
      title: uiStrings.searchPageTitle,
      description: uiStrings.searchPageDescription,
      ...common,
      names,
    },
    notFound: {
      kind: 'not-found',
      route: '/404.html',
      title: uiStrings.notFoundTitle,
      description: uiStrings.notFoundText,
      ...common,
    },
  };
}

/** The 404 and search pages, rendered in this thread when the cache does not hold them. */
export async function placeStandalonePages(
  writer: SiteWriter,
  ctx: BuildContext,
  loaded: LoadedSite,
  assets: SiteAssets,
  names: Names,
): Promise<void> {
  const views = standaloneViews(names.index.names);
  for (const [view, file] of [
    [views.notFound, '404.html'],
    [views.search, htmlFileOf(SEARCH_PAGE)],
  ] as const) {
    const key = await standalonePage(ctx.cache, loaded.siteKey, view, loaded.site);
    writer.place(file, sha256(key, assets.fillKey), () =>
      assets.fill(readPagePart(ctx.cache, key, 'html')!, view.route),
    );
  }
}

/** The HTML of `/`, which leads to `/doc/` on hosts that ignore serve.json's redirect. */
export function rootRedirectHtml(): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${siteConfig.title}</title><meta ` +
    `http-equiv="refresh" content="0; url=/doc/"><link rel="canonical" ` +
    `href="${siteConfig.origin}/doc/"></head><body><p><a ` +
    `href="/doc/">${siteConfig.title}</a></p></body></html>`
  );
}

/**
 * The site's small files: OpenSearch, the `/` redirect, the images pages use (only what a page shows or links is
 * published: a stray file in the content folder stays private), the favicon, `catalogue.json`, the sitemap,
 * `robots.txt`, the data files for tools, `llms.txt`; then the files for tools made from the pages.
 */
export function placeSiteFiles(
  writer: SiteWriter,
  ctx: BuildContext,
  loaded: LoadedSite,
  model: SiteModel,
  tools: Record<string, string | KeyedFile>,
): void {
  const text = (rel: string, data: string | Buffer, phase?: Phase) => placeText(writer, rel, data, phase);
  text('opensearch.xml', openSearchXml());
  text('index.html', rootRedirectHtml());
  for (const asset of loaded.tree.assets)
    if (model.usedAssets.has(asset.relPath))
      text(`${CONTENT_ASSET_BASE.slice(1)}/${asset.relPath}`, fs.readFileSync(asset.absPath), PHASE.linked);
  text('favicon.svg', FAVICON_SVG, PHASE.linked);
  text('catalogue.json', catalogueJson(loaded.catalogue));
  text('sitemap.xml', sitemapXml(model.pages));
  text('robots.txt', robotsTxt());
  for (const [rel, data] of settingsFiles(ctx.cache, loaded.code.tools, ctx.projectRoot)) text(rel, data);
  text('llms.txt', llmsTxt(loaded.catalogue, model.pages));
  for (const [rel, data] of Object.entries(tools))
    if (typeof data === 'string') text(rel, data);
    else writer.place(rel, data.key, data.make);
}

/**
 * The search index's files, named by their content (most of them the same after an edit, and kept in the site as
 * they are); the entry files, which point to the rest of their part, and the records are put in place last.
 */
export function placeSearchIndex(writer: SiteWriter, index: readonly PartFiles[], records: NameIndex): void {
  for (const { part, files } of index)
    for (const [rel, content] of files)
      if (publishedInPart(rel))
        writer.place(
          `pagefind/${part.dir}${rel}`,
          sha256(content),
          () => content,
          rel === 'pagefind-entry.json' ? PHASE.index : PHASE.linked,
        );
  for (const [file, content] of searchRecordFiles(records)) placeText(writer, file, content, PHASE.index);
}

/** How to serve the site, beside it rather than in it: a host's configuration is not a file to publish. */
export function writeHostConfig(outDir: string): void {
  const hostConfig = `${outDir}.serve.json`;
  fs.writeFileSync(`${hostConfig}.tmp-${process.pid}`, serveJson(themeBootstrap));
  fs.renameSync(`${hostConfig}.tmp-${process.pid}`, hostConfig);
}

/** What the next build needs of this one: the manifest (bodies, the site written, the cache's entries), the stores. */
export function saveBuildState(ctx: BuildContext, loaded: LoadedSite, written: WrittenSite): void {
  loaded.frontmatter.save();
  loaded.checked.save();
  loaded.regexes.save();
  const entries = ctx.cache.finishEntries();
  ctx.cache.maintain();
  // Stamped last: maintenance may touch the segments' times.
  const manifest: Manifest = { bodies: {}, site: written, entries, segments: ctx.cache.segmentStamps(entries) };
  for (const s of loaded.states)
    if (s.page.kind === 'doc' && s.meta) manifest.bodies[s.page.source.relPath] = { key: s.bodyKey!, meta: s.meta };
  writeManifest(ctx.cache, ctx.projectRoot, ctx.manifestKey, manifest);
}
