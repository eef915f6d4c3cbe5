/**
 * The search index in the build cache. Each page's entry (`page-entries.ts`: all the index holds of the page) is
 * kept under its page key and the indexing code, so an edit indexes only the edited page and writes its part from
 * the entries (`index-writer.ts`). Each part's files and page records are also kept in one pack under a key made of
 * its pages (file and page key, in order) and the indexing code: a part whose pages are unchanged is taken whole.
 */
import type { BuildCache } from '../cache/build-cache.ts';
import { sha256 } from '../cache/code-hash.ts';
import type { PageState } from '../page-state.ts';
import { htmlFileOf } from '../paths.ts';
import { writePart, type ChunkMemo } from './index-writer.ts';
import { entryFromParts, entryParts, type PageEntry } from './page-entries.ts';
import type { PartFiles } from './search-index.ts';
import { CHUNKS_IN_PACK, fromPack, RECORDS_IN_PACK } from './search-feed.ts';
import type { SearchPart } from './search-parts.ts';

/** The key of a part's pack: the indexing code, the part's folder, and each of its pages as Pagefind gets it. */
export function partKeyOf(code: string, part: SearchPart, states: readonly PageState[]): string {
  return sha256(
    code,
    part.dir,
    ...states.slice(part.from, part.to).map((s) => `${htmlFileOf(s.view.route)}\0${s.pageKey}`),
  );
}

/** A part's files and records from the cache; undefined when its pack is missing or damaged. */
export function cachedPart(cache: BuildCache, key: string, part: SearchPart): PartFiles | undefined {
  return fromPack(part, cache.readPack('search', key, '.pack'));
}

/** Page entries: in the build's segment (`appendParts`), beside its pages. */
const ENTRY = 'search-page';

/** The key of a page's entry: the indexing code, and the page as Pagefind gets it (its file and its page key). */
export const entryKeyOf = (code: string, s: PageState): string | undefined =>
  s.pageKey === undefined ? undefined : sha256(code, htmlFileOf(s.view.route), s.pageKey);

/** A page's entry from the cache; undefined when it is missing or damaged. */
export function cachedEntry(cache: BuildCache, key: string): PageEntry | undefined {
  const parts = cache.readParts(ENTRY, key);
  if (!parts) return undefined;
  try {
    return entryFromParts(parts);
  } catch {
    return undefined;
  }
}

/** Kept for the next build without being read: a part taken whole from its pack still needs its pages' entries. */
export const keepEntry = (cache: BuildCache, key: string): boolean => cache.hasParts(ENTRY, key);

export function storeEntry(cache: BuildCache, key: string, entry: PageEntry): void {
  cache.appendParts(ENTRY, key, entryParts(entry));
}

/** A part written from its pages' entries: its files, its page records read from them, the whole kept in the cache. */
export async function storePart(
  cache: BuildCache,
  key: string,
  part: SearchPart,
  entries: readonly PageEntry[],
  states: readonly PageState[],
  code?: string,
): Promise<PartFiles> {
  const { partRecords } = await import('./search-index.ts');
  const memo: ChunkMemo = { known: code === undefined ? new Map() : lastChunks(cache, code, part), made: new Map() };
  const files = writePart(entries, memo);
  const made: PartFiles = {
    part,
    files,
    records: partRecords(
      files,
      states.slice(part.from, part.to).map((s) => s.view),
    ),
  };
  cache.writePack('search', key, '.pack', {
    ...Object.fromEntries(files),
    [RECORDS_IN_PACK]: JSON.stringify(made.records),
    [CHUNKS_IN_PACK]: JSON.stringify(Object.fromEntries(memo.made)),
  });
  if (code !== undefined) cache.writeText('search', lastPackKeyOf(code, part), '.txt', key);
  return made;
}

/** Where the part's last pack is (its key), under the indexing code and the part's folder. */
const lastPackKeyOf = (code: string, part: SearchPart) => sha256(code, 'last pack', part.dir);

/** The compressed chunks of the part's last pack, by the SHA-1 of their CBOR; none if it is gone or damaged. */
function lastChunks(cache: BuildCache, code: string, part: SearchPart): Map<string, Buffer> {
  const known = new Map<string, Buffer>();
  try {
    const key = cache.readText('search', lastPackKeyOf(code, part), '.txt');
    const pack = key === undefined ? undefined : cache.readPack('search', key, '.pack');
    const chunks = pack?.get(CHUNKS_IN_PACK);
    if (!pack || !chunks) return known;
    for (const [exact, file] of Object.entries(JSON.parse(chunks.toString('utf8')) as Record<string, string>)) {
      const bytes = pack.get(file);
      if (bytes) known.set(exact, bytes);
    }
  } catch {
    // A damaged pack: every chunk is compressed again.
  }
  return known;
}

/** The page records of every part, for `search-records.json` (the indexing module loaded only now). */
export async function pageRecordsOf(parts: readonly PartFiles[]): Promise<ReturnType<PageRecords>> {
  const { pageRecords } = await import('./search-index.ts');
  return pageRecords(parts);
}

type PageRecords = typeof import('./search-index.ts').pageRecords;
