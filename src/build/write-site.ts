import { pinnedEngineVersion } from '../examples/bridge.ts';
import fs from 'node:fs';
import path from 'node:path';
import { routeKey } from '../catalogue/ids.ts';
import { siteConfig } from '../site.config.ts';
import { themeBootstrap } from '../islands/theme.ts';
import { uiStrings } from '../ui/strings.ts';
import type { SiteView } from '../ui/types.ts';
import { buildAssets } from './build-assets.ts';
import { CONTENT_ASSET_BASE, markdownUrlOf, type SiteModel } from './load-site.ts';
import { catalogueJson, llmsTxt, metaContentSecurityPolicy, openSearchXml, robotsTxt, sitemapXml } from './outputs.ts';
import { renderPageHtml } from './render-page.tsx';
import { pageRecords, startSearchIndex, type SearchIndexWriter } from './search-index.ts';
import { nameIndex } from './search-names.ts';
import { readEngineObjects } from '../examples/engine-objects.ts';
import { packNameIndex, SEARCH_RECORDS_FILE } from '../islands/name-match.ts';
import { SEARCH_PAGE } from '../islands/Search.tsx';

/** The site icon: a drawn mark (ours), so no third-party file is fetched. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" stroke-width="3.2"/></svg>\n';

/** The file a route is written to: every route is a folder with an index.html, so both URL forms resolve. */
export function htmlFileOf(route: string): string {
  const key = routeKey(route).replace(/^\//, '');
  return path.join(key, 'index.html');
}

/**
 * The absolute path of an output file, checked to land inside the output folder: routes are validated where
 * they are read, and this is the last line of defence should anything slip through.
 */
export function outputPathIn(root: string, rel: string): string {
  const file = path.resolve(root, rel);
  if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`refusing to write "${rel}": it resolves outside the output folder`);
  return file;
}

function writeFile(root: string, rel: string, data: string | Buffer): void {
  const file = outputPathIn(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

export interface WriteResult {
  htmlFiles: number;
  jsFiles: string[];
}

/**
 * Writes the complete site into `tmpDir` (which must not exist). The caller swaps it into place only when
 * everything succeeded, so a failed build never leaves a half-written site.
 */
export async function writeSite(model: SiteModel, projectRoot: string, tmpDir: string): Promise<WriteResult> {
  fs.mkdirSync(tmpDir, { recursive: true });
  const assets = await buildAssets(projectRoot, tmpDir, model.tokenCss);
  const site: SiteView = {
    sidebar: model.catalogue.sidebar,
    version: model.catalogue.version,
    stylesheets: assets.stylesheets,
    scripts: assets.scripts,
    themeScript: themeBootstrap,
    origin: siteConfig.origin,
    engineVersion: pinnedEngineVersion(projectRoot),
    contentSecurityPolicy: metaContentSecurityPolicy(themeBootstrap),
  };
  const search = await startSearchIndex();
  try {
    return await writeOutputs(model, projectRoot, tmpDir, site, search, assets.jsFiles);
  } catch (err) {
    await search.abort();
    throw err;
  }
}

/** Every page and file of the site; each page also goes to the search index as it is rendered. */
async function writeOutputs(model: SiteModel, projectRoot: string, tmpDir: string, site: SiteView, search: SearchIndexWriter, jsFiles: string[]): Promise<WriteResult> {
  for (const built of model.pages) {
    const html = renderPageHtml(built.view, site);
    writeFile(tmpDir, htmlFileOf(built.view.route), html);
    search.add(htmlFileOf(built.view.route), html);
    if (built.markdown !== undefined) writeFile(tmpDir, markdownUrlOf(built.view.route).slice(1), built.markdown);
  }
  const notFound = renderPageHtml(
    { kind: 'not-found', route: '/404.html', title: uiStrings.notFoundTitle, description: uiStrings.notFoundText, breadcrumbs: [], section: '', cards: [], toc: [], enterprise: false },
    site,
  );
  writeFile(tmpDir, '404.html', notFound);
  // Search: the exact-name records beside Pagefind's index, the search page, and the browser's site-search hook.
  const names = nameIndex(model, projectRoot, readEngineObjects(projectRoot));
  const searchPage = renderPageHtml(
    { kind: 'search', route: SEARCH_PAGE, title: uiStrings.searchPageTitle, description: uiStrings.searchPageDescription, breadcrumbs: [], section: '', cards: [], toc: [], enterprise: false, names: names.names },
    site,
  );
  writeFile(tmpDir, htmlFileOf(SEARCH_PAGE), searchPage);
  writeFile(tmpDir, 'opensearch.xml', openSearchXml());
  // `/` leads to `/doc/`: serve.json redirects; this page does the same on hosts that ignore serve.json.
  writeFile(
    tmpDir,
    'index.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${siteConfig.title}</title><meta http-equiv="refresh" content="0; url=/doc/"><link rel="canonical" href="${siteConfig.origin}/doc/"></head><body><p><a href="/doc/">${siteConfig.title}</a></p></body></html>`,
  );
  // Only what a page shows or links is published: a stray file in the content folder stays private.
  for (const asset of model.tree.assets) if (model.usedAssets.has(asset.relPath)) writeFile(tmpDir, `${CONTENT_ASSET_BASE.slice(1)}/${asset.relPath}`, fs.readFileSync(asset.absPath));
  writeFile(tmpDir, 'favicon.svg', FAVICON_SVG);
  writeFile(tmpDir, 'catalogue.json', catalogueJson(model.catalogue));
  writeFile(tmpDir, 'sitemap.xml', sitemapXml(model.pages));
  writeFile(tmpDir, 'robots.txt', robotsTxt());
  writeFile(tmpDir, 'llms.txt', llmsTxt(model.catalogue, model.pages));
  await search.finish(tmpDir);
  names.pages = pageRecords(tmpDir, model.pages.map((p) => p.view));
  writeFile(tmpDir, SEARCH_RECORDS_FILE, JSON.stringify(packNameIndex(names)));
  return { htmlFiles: model.pages.length + 2, jsFiles };
}

/** Replaces `outDir` by `tmpDir` with two renames, so readers of `outDir` see the old or the new site, never half. */
export function swapInto(tmpDir: string, outDir: string): void {
  const old = `${outDir}.old-${process.pid}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(tmpDir, outDir);
  fs.rmSync(old, { recursive: true, force: true });
}
