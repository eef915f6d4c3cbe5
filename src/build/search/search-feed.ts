/**
 * Feeding the search index: Pagefind started with the build, each part's pages handed over in catalogue order as
 * they are settled, and a part whose pages are unchanged taken from its pack in the cache.
 */
import type { BuildCache } from '../cache/build-cache.ts';
import type { PageState } from '../page-state.ts';
import { readPagePart } from '../page-keys.ts';
import { PLACEHOLDER_INPUT } from '../render/pagefind-input.ts';
import type { EarlyPart } from './early-feed.ts';
import type { PartFiles, PartRecords, SearchIndexService } from './search-index.ts';
import type { SearchPart } from './search-parts.ts';
import { htmlFileOf } from '../paths.ts';

export async function startSearch(): Promise<SearchIndexService> {
  const { startSearchIndex } = await import('./search-index.ts');
  return startSearchIndex();
}

/** A part of the search index: its last index from the cache, or to be made in this build. */
export interface PartPlan {
  part: SearchPart;
  cached?: PartFiles;
  /** The part as the early feed started it (`early-feed.ts`): only the pages fed otherwise are added again. */
  early?: EarlyPart;
}

/** The entry of a part's pack that holds its records (no file of Pagefind's has a name with a NUL). */
export const RECORDS_IN_PACK = '\0records';

/** A part of the search index as its pack in the cache holds it; undefined if the pack is missing or damaged. */
export function fromPack(part: SearchPart, pack: Map<string, Buffer> | undefined): PartFiles | undefined {
  const records = pack?.get(RECORDS_IN_PACK);
  if (!pack || !records) return undefined;
  pack.delete(RECORDS_IN_PACK);
  try {
    return { part, files: pack, records: JSON.parse(records.toString('utf8')) as PartRecords };
  } catch {
    return undefined;
  }
}

/**
 * Feeds each part of the search index that is not cached in catalogue order (Pagefind numbers the pages in the
 * order they come, and its output depends on it), each page's input read from the cache when its turn comes, with
 * few pages in flight: Pagefind indexes more slowly than pages render, and the pages waiting for it stay on disk
 * rather than in memory. A part is finished (Pagefind builds its files) as soon as its last page is in, while the
 * next parts are fed, and `made` gets its files.
 *
 * `ahead`: a page still rendering holds its place with a placeholder of its URL, and the pages after it go on;
 * the page itself replaces the placeholder when it comes (Pagefind keeps a page added again under the same URL
 * where it was). So a rebuild's unchanged pages are indexed while the edited ones render, and the index is the
 * one the pages in order give. A full build waits instead: nearly every page would be added twice.
 */
export function startFeeding(
  states: PageState[],
  cache: BuildCache,
  started: Promise<SearchIndexService> | undefined,
  plans: PartPlan[],
  ahead: boolean,
  made: (part: SearchPart, files: Map<string, Buffer>) => Promise<PartFiles>,
): { ready(i: number): void; done: Promise<PartFiles[]> } {
  const waiting = states.map(() => {
    let ready!: () => void;
    const promise = new Promise<void>((r) => (ready = r));
    return { promise, ready, settled: false };
  });
  const done = (async () => {
    const out: Promise<PartFiles>[] = [];
    // Up to this many bytes handed over and not yet indexed: the whole catalogue fits (Pagefind never waits
    // for this thread while it computes the search names); a site of ten thousand pages does not.
    const maxBytes = 16 * 1024 * 1024;
    const inFlight: { added: Promise<unknown>; bytes: number }[] = [];
    let bytes = 0;
    for (const { part, cached, early } of plans) {
      if (cached) {
        out.push(Promise.resolve(cached));
        continue;
      }
      const writer = early?.writer ?? (await (await started!).createPart());
      /** Whether the early feed gave Pagefind this very page (the same key) at its place. */
      const fedEarly = (i: number) => early !== undefined && early.fed[i - part.from] === states[i]!.pageKey;
      const feed = async (s: PageState) => {
        // A page with errors has no key: the build stops before the index is written.
        if (!s.pageKey) return;
        const input = readPagePart(cache, s.pageKey, 'pf');
        if (input === undefined)
          throw new Error(`build: the page ${s.view.route} went missing from the cache folder during the build`);
        inFlight.push({ added: writer.add(htmlFileOf(s.view.route), input), bytes: input.length });
        bytes += input.length;
        while (bytes > maxBytes && inFlight.length) {
          const oldest = inFlight.shift()!;
          await oldest.added;
          bytes -= oldest.bytes;
        }
      };
      const later: number[] = [];
      for (let i = part.from; i < part.to; i++) {
        const s = states[i]!;
        if (early && (!waiting[i]!.settled || fedEarly(i))) {
          // In its place already: a page still rendering is compared once it is settled.
          if (!waiting[i]!.settled) later.push(i);
          continue;
        }
        if (ahead && !waiting[i]!.settled) {
          inFlight.push({ added: writer.add(htmlFileOf(s.view.route), PLACEHOLDER_INPUT), bytes: 0 });
          later.push(i);
          continue;
        }
        await waiting[i]!.promise;
        await feed(s);
      }
      for (const i of later) {
        await waiting[i]!.promise;
        if (!fedEarly(i)) await feed(states[i]!);
      }
      const finished = writer.finish().then((files) => made(part, files));
      finished.catch(() => undefined);
      out.push(finished);
    }
    return Promise.all(out);
  })();
  return {
    ready: (i) => {
      waiting[i]!.settled = true;
      waiting[i]!.ready();
    },
    done,
  };
}
