import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PageRecord } from '../islands/name-match.ts';
import * as pagefind from 'pagefind';

/**
 * Indexes the written site with Pagefind (only `[data-pagefind-body]`, i.e. the articles) into `<dir>/pagefind`.
 * The browser fetches just the index chunks a query needs.
 */
export async function writeSearchIndex(dir: string): Promise<{ pages: number }> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: dir });
  if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: path.join(dir, 'pagefind') });
  if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
  await pagefind.close();
  return { pages: added.page_count };
}

/**
 * Each Pagefind result id (its fragment file's name) with the page's route, title, breadcrumbs and summary, so
 * the dialog can show results as soon as the index answers, before any fragment is fetched.
 */
export function pageRecords(dir: string, summaries: ReadonlyMap<string, string>): Record<string, PageRecord> {
  const fragments = path.join(dir, 'pagefind', 'fragment');
  const out: Record<string, PageRecord> = {};
  for (const file of fs.readdirSync(fragments)) {
    const raw = gunzipSync(fs.readFileSync(path.join(fragments, file))).toString('utf8');
    // A fragment is a signature ("pagefind_dcd") followed by the page's JSON.
    const data = JSON.parse(raw.slice(raw.indexOf('{'))) as { url: string; meta: { title?: string; crumbs?: string } };
    const url = data.url.replace(/(.)\/$/, '$1').replace(/^\/doc$/, '/doc/');
    out[file.replace(/\.pf_fragment$/, '')] = [url, data.meta.title ?? url, data.meta.crumbs ?? '', summaries.get(url) ?? ''];
  }
  return out;
}
