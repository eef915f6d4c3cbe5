/** Outputs made once and kept in the cache: Vite's bundle of islands and styles, and the 404 and search pages. */
import fs from 'node:fs';
import path from 'node:path';
import type { PageView, SiteView } from '../../ui/types.ts';
import type { Bundle } from './build-assets.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { sha256 } from '../cache/code-hash.ts';
import { hasPage, writePage } from '../page-keys.ts';

/** Vite's bundle for this code, from the cache or made now into it. */
export async function bundleOnce(
  projectRoot: string,
  cache: BuildCache,
  key: string,
): Promise<{ bundle: Bundle; dir: string }> {
  const dir = cache.file('assets', key, '');
  const known = cache.readJson<Bundle>('assets', key, '.json');
  if (known && known.jsFiles.every((f) => fs.existsSync(path.join(dir, f)))) {
    cache.markUsed('assets', key, '');
    return { bundle: known, dir };
  }
  const { bundleAssets } = await import('./build-assets.ts');
  const tmp = `${dir}.tmp-${process.pid}-0-0`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const bundle = await bundleAssets(projectRoot, tmp);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  cache.writeText('assets', key, '.json', JSON.stringify(bundle));
  cache.markUsed('assets', key, '');
  return { bundle, dir };
}

/** The 404 and search pages (their key): rendered in this thread when the cache does not hold them. */
export async function standalonePage(
  cache: BuildCache,
  siteKey: string,
  view: PageView,
  site: SiteView,
): Promise<string> {
  const key = sha256(siteKey, JSON.stringify(view));
  if (!hasPage(cache, key)) {
    const { renderPageHtml } = await import('../render/render-page.tsx');
    writePage(cache, key, renderPageHtml(view, site));
  }
  return key;
}
