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
  /** The index's files (path under `pagefind/` → bytes), once every page is in. */
  finish(): Promise<Map<string, Buffer>>;
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
    async finish() {
      const added = await Promise.all(pending);
      const failed = added.flatMap((a) => a.errors);
      if (failed.length) throw new Error(`search index: ${failed.join('; ')}`);
      // The files come back in memory and are written by the caller: Pagefind's own writeFiles answers before
      // its writes are done, and closing it then leaves files empty or cut short.
      const built = await index.getFiles();
      if (built.errors.length) throw new Error(`search index: ${built.errors.join('; ')}`);
      await pagefind.close();
      return new Map(built.files.map((file) => [file.path, Buffer.from(file.content)]));
    },
    abort: async () => {
      await pagefind.close();
    },
  };
}

/** A Pagefind fragment, as far as the records need it. */
interface Fragment {
  url: string;
  meta: { title?: string; crumbs?: string };
  anchors?: { element: string; text?: string }[];
}

/**
 * Headings every page of a kind has (Syntax, Examples, Before you start): they say nothing about the topic, so
 * they are left out of the records (Pagefind still indexes them, and deep links still reach them).
 */
const GENERIC_HEADING =
  /^(?:syntax|parameters?|examples?|see also|return type|returns|arguments|usage notes?|output|columns|before you start|when it fails|when something goes wrong|next steps|known limits|in this section|functions|steps|prerequisites|versions|supported versions|limits|a common mistake|mistakes the engine refuses)$/i;

/** What a page record needs from a page's view. */
interface RecordSource {
  route: string;
  title: string;
  description: string;
  section: string;
  keywords?: string[];
  kind: string;
}

/**
 * Each Pagefind result id (its fragment file's name) with the page's route, title, breadcrumbs, summary, section
 * and keywords: search ranks pages on these fields and shows results before any fragment is fetched.
 */
export function pageRecords(files: ReadonlyMap<string, Buffer>, views: readonly RecordSource[]): Record<string, PageRecord> {
  // Pagefind's URLs end with a slash (`/doc/deploy/`); routes end with one only for a folder's own page.
  const key = (url: string) => url.replace(/\/+$/, '');
  const byUrl = new Map(views.map((v) => [key(v.route), v]));
  const out: Record<string, PageRecord> = {};
  const fragments = [...files.keys()].filter((f) => f.startsWith('fragment/')).sort();
  for (const name of fragments) {
    const file = name.slice('fragment/'.length);
    const raw = gunzipSync(files.get(name)!).toString('utf8');
    // A fragment is a signature ("pagefind_dcd") followed by the page's JSON.
    const data = JSON.parse(raw.slice(raw.indexOf('{'))) as Fragment;
    const view = byUrl.get(key(data.url));
    const url = view?.route ?? data.url.replace(/(.)\/$/, '$1').replace(/^\/doc$/, '/doc/');
    const headings = [...new Set((data.anchors ?? []).filter((a) => /^h[234]$/i.test(a.element) && a.text && !GENERIC_HEADING.test(a.text.trim())).map((a) => a.text?.trim() ?? ''))];
    const record: PageRecord = [url, data.meta.title ?? url, data.meta.crumbs ?? '', view?.description ?? '', view?.section ?? '', headings, view?.keywords ?? []];
    if (view?.kind === 'generated-index') record.push(1);
    while (record.length > 5 && (record[record.length - 1] as unknown[]).length === 0) record.pop();
    out[file.replace(/\.pf_fragment$/, '')] = record;
  }
  return out;
}
