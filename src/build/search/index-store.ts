/**
 * The search index's parts in the build cache: each part's files and page records in one pack, under a key made
 * of its pages (file and page key, in order) and the indexing code. A part whose pages are unchanged is taken
 * from its pack rather than indexed again.
 */
import type { BuildCache } from '../cache/build-cache.ts';
import { sha256 } from '../cache/code-hash.ts';
import type { PageState } from '../page-state.ts';
import { htmlFileOf } from '../paths.ts';
import type { PartFiles } from './search-index.ts';
import { fromPack, RECORDS_IN_PACK } from './search-feed.ts';
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

/** A part Pagefind just made: its page records read from its files, and the whole kept in the cache. */
export async function storePart(
  cache: BuildCache,
  key: string,
  part: SearchPart,
  files: Map<string, Buffer>,
  states: readonly PageState[],
): Promise<PartFiles> {
  const { partRecords } = await import('./search-index.ts');
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
  });
  return made;
}

/** The page records of every part, for `search-records.json` (the indexing module loaded only now). */
export async function pageRecordsOf(parts: readonly PartFiles[]): Promise<ReturnType<PageRecords>> {
  const { pageRecords } = await import('./search-index.ts');
  return pageRecords(parts);
}

type PageRecords = typeof import('./search-index.ts').pageRecords;
