import { gunzipSync } from 'node:zlib';
import type { StoredParts } from '../../islands/index-parts.ts';
import type { PageRecord } from '../../islands/name-match.ts';
import * as pagefind from 'pagefind';
import { compareCodePoints } from '../../islands/chunk-range.ts';
import { chunkStarts } from './pagefind-meta.ts';
import { INDEX_CHUNK_SIZE, type SearchPart } from './search-parts.ts';

/**
 * Pagefind, in its own process, indexing the parts of the site (`search-parts.ts`; only `[data-pagefind-body]`,
 * i.e. the articles), each fed page by page while the build renders: it indexes on the second core while Node
 * renders the next pages. The browser fetches just the chunks a query needs.
 */
export interface SearchIndexService {
  /** A new, empty index for one part. */
  createPart(): Promise<SearchPartWriter>;
  /** Stops the Pagefind process: once every part is finished, or when the build fails. */
  close(): Promise<void>;
}

export interface SearchPartWriter {
  /** Settles when Pagefind has taken the page in: a caller that waits keeps few pages in flight. */
  add(relPath: string, html: string): Promise<unknown>;
  /** The part's index files (path under the part's folder → bytes), once every page of it is in. */
  finish(): Promise<Map<string, Buffer>>;
  /** The part is not needed after all (a guess that did not hold): Pagefind drops it. */
  discard(): Promise<void>;
}

export function startSearchIndex(): Promise<SearchIndexService> {
  // Pagefind reads its chunk size from its environment when its process starts, which the first index does.
  process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE = String(INDEX_CHUNK_SIZE);
  // Every request not yet answered: Pagefind is closed only once they are, since its process, cut off while it
  // writes an answer, prints a panic.
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(request: Promise<T>): Promise<T> => {
    inFlight.add(request);
    const settled = () => inFlight.delete(request);
    request.then(settled, settled);
    return request;
  };
  const create = async (): Promise<SearchPartWriter> => {
    const { index, errors } = await track(pagefind.createIndex({}));
    if (!index) throw new Error(`search index: ${errors.join('; ')}`);
    const pending: Promise<{ errors: string[] }>[] = [];
    return {
      add(relPath, html) {
        const added = track(index.addHTMLFile({ sourcePath: relPath, content: html }));
        pending.push(added);
        return added;
      },
      async finish() {
        // Asked at once, not once every page's answer is read: Pagefind's service handles its messages one after
        // the other, in the order they come (`run_service` in Pagefind 1.6), so the index is built from every page
        // sent before; meanwhile this thread may be busy, and the answers wait for it.
        // The files come back in memory and are written by the caller: Pagefind's own writeFiles answers before
        // its writes are done, and closing it then leaves files empty or cut short.
        const files = track(index.getFiles());
        // Read below; a build that fails meanwhile closes Pagefind, which rejects it.
        files.catch(() => undefined);
        const added = await Promise.all(pending);
        const failed = added.flatMap((a) => a.errors);
        if (failed.length) throw new Error(`search index: ${failed.join('; ')}`);
        const built = await files;
        if (built.errors.length) throw new Error(`search index: ${built.errors.join('; ')}`);
        await track(index.deleteIndex());
        return new Map(built.files.map((file) => [file.path, Buffer.from(file.content)]));
      },
      async discard() {
        await Promise.allSettled(pending);
        await track(index.deleteIndex());
      },
    };
  };
  // The process starts with the first index: made now, so it is ready when the first page is.
  const first = create();
  first.catch(() => undefined);
  let firstTaken = false;
  return Promise.resolve({
    createPart() {
      if (firstTaken) return create();
      firstTaken = true;
      return first;
    },
    close: async () => {
      await Promise.allSettled(inFlight);
      await pagefind.close();
    },
  });
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

/** The page records of a part's pages, by Pagefind result id (see `partRecords`). */
export type PartRecords = Record<string, PageRecord>;

/** A part of the index: its files (path under the part's folder → bytes) and its pages' records. */
export interface PartFiles {
  part: SearchPart;
  files: ReadonlyMap<string, Buffer>;
  records: PartRecords;
}

/**
 * Each Pagefind result id (its fragment file's name) of a part with the page's route, title, breadcrumbs,
 * summary, section and keywords: search ranks pages on these fields and shows results before any fragment is
 * fetched. `views`: the part's pages.
 */
export function partRecords(files: ReadonlyMap<string, Buffer>, views: readonly RecordSource[]): PartRecords {
  // Pagefind's URLs end with a slash (`/doc/deploy/`); routes end with one only for a folder's own page.
  const key = (url: string) => url.replace(/\/+$/, '');
  const byUrl = new Map(views.map((v) => [key(v.route), v]));
  const pages: PartRecords = {};
  for (const name of [...files.keys()].filter((f) => f.startsWith('fragment/')).sort()) {
    const raw = gunzipSync(files.get(name)!).toString('utf8');
    // A fragment is a signature ("pagefind_dcd") followed by the page's JSON.
    const data = JSON.parse(raw.slice(raw.indexOf('{'))) as Fragment;
    const view = byUrl.get(key(data.url));
    const url = view?.route ?? data.url.replace(/(.)\/$/, '$1').replace(/^\/doc$/, '/doc/');
    const headings = [
      ...new Set(
        (data.anchors ?? [])
          .filter((a) => /^h[234]$/i.test(a.element) && a.text && !GENERIC_HEADING.test(a.text.trim()))
          .map((a) => a.text?.trim() ?? ''),
      ),
    ];
    const record: PageRecord = [
      url,
      data.meta.title ?? url,
      data.meta.crumbs ?? '',
      view?.description ?? '',
      view?.section ?? '',
      headings,
      view?.keywords ?? [],
    ];
    if (view?.kind === 'generated-index') record.push(1);
    while (record.length > 5 && (record[record.length - 1] as unknown[]).length === 0) record.pop();
    pages[name.slice('fragment/'.length).replace(/\.pf_fragment$/, '')] = record;
  }
  return pages;
}

/**
 * The records of every part as `search-records.json` holds them: the pages listed part by part, each part's
 * folder and number of pages (see `index-parts.ts`), and where the index chunks of every part start, in order
 * (`chunk-range.ts`).
 */
export function pageRecords(parts: readonly PartFiles[]): {
  pages: Record<string, PageRecord>;
  parts: StoredParts;
  chunks: string[];
} {
  const pages: Record<string, PageRecord> = {};
  const stored: StoredParts = [];
  const starts = new Set<string>();
  for (const { part, records, files } of parts) {
    const meta = [...files.keys()].find((f) => /^pagefind\.[^/]+\.pf_meta$/.test(f));
    if (!meta) throw new Error(`search index: part ${part.dir || '(first)'} has no Pagefind metadata file`);
    for (const start of chunkStarts(files.get(meta)!)) starts.add(start);
    for (const [id, record] of Object.entries(records)) {
      // Ids are short hashes, unique in a part; two parts could draw the same one, and the records would mix up
      // two pages.
      if (pages[id])
        throw new Error(
          `search index: two pages have the result id ${id} (${pages[id][0]} and ${record[0]}); change the number of pages per part`,
        );
      pages[id] = record;
    }
    stored.push([part.dir, Object.keys(records).length]);
  }
  // Sorted as Rust compares strings (by UTF-8 bytes, which code points order alike), not by UTF-16 units.
  const chunks = [...starts].sort((a, b) => compareCodePoints(a, b));
  return { pages, parts: stored, chunks };
}
