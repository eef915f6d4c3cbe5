import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PageRecord } from '../islands/name-match.ts';
import * as pagefind from 'pagefind';

/**
 * The Pagefind index of the site (only `[data-pagefind-body]`, i.e. the articles), fed page by page while the
 * build renders: Pagefind runs in its own process, so it indexes on the second core while Node renders the next
 * pages. `finish` writes it to `<dir>/pagefind`; the browser fetches just the chunks a query needs.
 */
export interface SearchIndexWriter {
  /** Settles when Pagefind has taken the page in: a caller that waits keeps few pages in flight. */
  add(relPath: string, html: string): Promise<unknown>;
  finish(dir: string): Promise<{ pages: number }>;
  /** Stops the Pagefind process when the build fails, so the process can exit with its error. */
  abort(): Promise<void>;
}

export async function startSearchIndex(): Promise<SearchIndexWriter> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  const pending: Promise<{ errors: string[] }>[] = [];
  return {
    add(relPath, html) {
      const added = index.addHTMLFile({ sourcePath: relPath, content: html });
      pending.push(added);
      return added;
    },
    async finish(dir) {
      const added = await Promise.all(pending);
      const failed = added.flatMap((a) => a.errors);
      if (failed.length) throw new Error(`search index: ${failed.join('; ')}`);
      // The files come back in memory and are written here: Pagefind's own writeFiles answers before its
      // writes are done, and closing it then leaves files empty or cut short.
      const built = await index.getFiles();
      if (built.errors.length) throw new Error(`search index: ${built.errors.join('; ')}`);
      await pagefind.close();
      for (const file of built.files) {
        const out = path.join(dir, 'pagefind', file.path);
        fs.mkdirSync(path.dirname(out), { recursive: true });
        fs.writeFileSync(out, file.content);
      }
      return { pages: added.length };
    },
    abort: async () => {
      await pagefind.close();
    },
  };
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
