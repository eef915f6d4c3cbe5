/**
 * The assets every page links, finished once every page is rendered: the stylesheet (Vite's CSS and the classes
 * of every code token the pages use), the script Vite bundled, the sidebar's JSON. Pages were kept with
 * placeholders for their URLs and an empty sidebar; `fill` puts them in as each page is written.
 */
import type { Catalogue } from '../../catalogue/types.ts';
import { sidebarData, sidebarHtml } from '../../ui/Sidebar.tsx';
import { sha256 } from '../cache/code-hash.ts';
import { ASSET_PLACEHOLDERS, tokenCss, withSidebar } from '../page-keys.ts';
import type { PageState } from '../page-state.ts';
import { BUILD_ASSET_DIR, finishSidebarData, finishStylesheet, type Bundle } from './build-assets.ts';

export interface SiteAssets {
  /** Vite's bundle and the folder its files are in. */
  bundle: Bundle;
  bundleDir: string;
  stylesheet: { name: string; text: string };
  sidebarJson: { name: string; text: string };
  /** A cached page's HTML with the asset URLs and its own sidebar. */
  fill(html: string, route: string): string;
  /** What a page's file holds besides its cached page: the asset names (the sidebar follows from the catalogue). */
  fillKey: string;
}

/** An asset's URL (`/assets/build/<name>`). */
export const assetUrl = (name: string): string => `/${BUILD_ASSET_DIR}/${name}`;

/** A page's placeholders replaced by the asset URLs. */
export function fillAssetUrls(html: string, urls: { stylesheet: string; script: string; sidebarData: string }): string {
  return html
    .replaceAll(`href="${ASSET_PLACEHOLDERS.stylesheet}"`, `href="${urls.stylesheet}"`)
    .replaceAll(`src="${ASSET_PLACEHOLDERS.script}"`, `src="${urls.script}"`)
    .replaceAll(`data-sidebar="${ASSET_PLACEHOLDERS.sidebarData}"`, `data-sidebar="${urls.sidebarData}"`);
}

export function finishAssets(
  made: { bundle: Bundle; dir: string },
  catalogue: Catalogue,
  states: readonly PageState[],
): SiteAssets {
  const { bundle } = made;
  const stylesheet = finishStylesheet(bundle.css, tokenCss(states.map((s) => s.meta?.styles ?? [])));
  const sidebarJson = finishSidebarData(JSON.stringify(sidebarData(catalogue.sidebar)));
  const urls = {
    stylesheet: assetUrl(stylesheet.name),
    script: assetUrl(bundle.entry),
    sidebarData: assetUrl(sidebarJson.name),
  };
  return {
    bundle,
    bundleDir: made.dir,
    stylesheet,
    sidebarJson,
    fill: (html, route) => withSidebar(fillAssetUrls(html, urls), sidebarHtml(catalogue.sidebar, route)),
    fillKey: sha256(stylesheet.name, bundle.entry, sidebarJson.name),
  };
}
