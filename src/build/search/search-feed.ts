/**
 * Feeding the search index: Pagefind started with the build, the pages it has no entry of handed over as they are
 * settled, each part written from its pages' entries, and a part whose pages are unchanged taken from its pack.
 */
import type { BuildCache } from '../cache/build-cache.ts';
import type { PageState } from '../page-state.ts';
import { readPagePart } from '../page-keys.ts';
import { PLACEHOLDER_INPUT } from '../render/pagefind-input.ts';
import { decodeIndex, type PageEntry } from './page-entries.ts';
import type { PartFiles, PartRecords, SearchIndexService, SearchPartWriter } from './search-index.ts';
import type { SearchPart } from './search-parts.ts';
import { htmlFileOf } from '../paths.ts';

export async function startSearch(): Promise<SearchIndexService> {
  const { startSearchIndex } = await import('./search-index.ts');
  return startSearchIndex();
}

/** A part of the search index: its last files from the cache, or to be written in this build. */
export interface PartPlan {
  part: SearchPart;
  cached?: PartFiles;
}

/** The entry of a part's pack that holds its records (no file of Pagefind's has a name with a NUL). */
export const RECORDS_IN_PACK = '\0records';
/** The pack's index chunks by the SHA-1 of their CBOR (`ChunkMemo`): not a file of the site. */
export const CHUNKS_IN_PACK = '\0chunks';

/** A part of the search index as its pack in the cache holds it; undefined if the pack is missing or damaged. */
export function fromPack(part: SearchPart, pack: Map<string, Buffer> | undefined): PartFiles | undefined {
  const records = pack?.get(RECORDS_IN_PACK);
  if (!pack || !records) return undefined;
  pack.delete(RECORDS_IN_PACK);
  pack.delete(CHUNKS_IN_PACK);
  try {
    return { part, files: pack, records: JSON.parse(records.toString('utf8')) as PartRecords };
  } catch {
    return undefined;
  }
}

/** What the feeder needs of the cache: each page's entry, kept and stored, and a part made from entries. */
export interface EntryStore {
  /** The page's entry from the cache (a settled page: its key is known); undefined if there is none. */
  cached(i: number): PageEntry | undefined;
  store(i: number, entry: PageEntry): void;
  /** The part written from its pages' entries, in order. */
  made(part: SearchPart, entries: PageEntry[]): Promise<PartFiles>;
}

/**
 * Writes each part that is not cached whole from its pages' entries (`index-writer.ts`). The pages whose entry is
 * not in the cache (edited ones) are indexed by Pagefind, all of them in one small index, each page fed once it is
 * settled; a page's entry does not depend on the other pages of its index (`page-entries.ts`), so the part is the
 * one a build without a cache writes. A part none of whose settled pages has an entry (a first build, new indexing
 * code) is fed to Pagefind whole, in catalogue order, and finished (Pagefind builds its files) as soon as its last
 * page is in, while the next parts are fed.
 *
 * Pages are fed with few in flight: Pagefind indexes more slowly than pages render, and the pages waiting for it
 * stay on disk rather than in memory. `ahead`: in a part fed whole, a page still rendering holds its place with a
 * placeholder of its URL, and the pages after it go on; the page itself replaces the placeholder when it comes
 * (Pagefind keeps a page added again under the same URL where it was). A full build waits instead: nearly every
 * page would be added twice.
 */
export function startFeeding(
  states: PageState[],
  cache: BuildCache,
  started: Promise<SearchIndexService> | undefined,
  plans: PartPlan[],
  ahead: boolean,
  entries: EntryStore,
): { ready(i: number): void; done: Promise<PartFiles[]>; indexed(): number } {
  const waiting = states.map(() => {
    let ready!: () => void;
    const promise = new Promise<void>((r) => (ready = r));
    return { promise, ready, settled: false };
  });
  let indexed = 0;
  const done = (async () => {
    // The caller marks the pages already settled as soon as this returns: whether a part is merged or fed whole
    // depends on them.
    await Promise.resolve();
    const out: Promise<PartFiles>[] = [];
    // Up to this many bytes handed over and not yet indexed: the whole catalogue fits (Pagefind never waits
    // for this thread while it computes the search names); a site of ten thousand pages does not.
    const maxBytes = 16 * 1024 * 1024;
    const inFlight: { added: Promise<unknown>; bytes: number }[] = [];
    let bytes = 0;
    const feed = async (writer: SearchPartWriter, s: PageState) => {
      // A page with errors has no key: the build stops before the index is written.
      if (!s.pageKey) return false;
      const input = readPagePart(cache, s.pageKey, 'pf');
      if (input === undefined)
        throw new Error(`build: the page ${s.view.route} went missing from the cache folder during the build`);
      indexed++;
      inFlight.push({ added: writer.add(htmlFileOf(s.view.route), input), bytes: input.length });
      bytes += input.length;
      while (bytes > maxBytes && inFlight.length) {
        const oldest = inFlight.shift()!;
        await oldest.added;
        bytes -= oldest.bytes;
      }
      return true;
    };
    /** Pagefind's pages as entries, stored under the pages they are (`at`: each one's index, in order). */
    const taken = async (files: Promise<Map<string, Buffer>>, at: readonly number[]) => {
      const fresh = decodeIndex(await files);
      if (fresh.length !== at.length)
        throw new Error(`search index: Pagefind gave ${fresh.length} pages for ${at.length} (a page not fed?)`);
      fresh.forEach((entry, k) => entries.store(at[k]!, entry));
      return new Map(fresh.map((entry, k) => [at[k]!, entry]));
    };
    /** The small index of the pages without an entry, and the parts waiting for it. */
    let small: { writer: Promise<SearchPartWriter>; at: number[] } | undefined;
    const merged: { k: number; part: SearchPart; known: (PageEntry | undefined)[] }[] = [];
    for (const [k, { part, cached }] of plans.entries()) {
      if (cached) {
        out[k] = Promise.resolve(cached);
        continue;
      }
      const known: (PageEntry | undefined)[] = [];
      for (let i = part.from; i < part.to; i++) known.push(waiting[i]!.settled ? entries.cached(i) : undefined);
      if (known.some(Boolean)) {
        for (let i = part.from; i < part.to; i++) {
          if (known[i - part.from]) continue;
          // Asked for before the page is rendered: Pagefind makes the index meanwhile.
          small ??= { writer: started!.then((service) => service.createPart()), at: [] };
          await waiting[i]!.promise;
          // An edited page may come back to what it was (an edit undone): its entry is then in the cache.
          const entry = entries.cached(i);
          if (entry) known[i - part.from] = entry;
          else if (await feed(await small.writer, states[i]!)) small.at.push(i);
        }
        merged.push({ k, part, known });
        continue;
      }
      const writer = await (await started!).createPart();
      const later: number[] = [];
      for (let i = part.from; i < part.to; i++) {
        const s = states[i]!;
        if (ahead && !waiting[i]!.settled) {
          inFlight.push({ added: writer.add(htmlFileOf(s.view.route), PLACEHOLDER_INPUT), bytes: 0 });
          later.push(i);
          continue;
        }
        await waiting[i]!.promise;
        await feed(writer, s);
      }
      for (const i of later) {
        await waiting[i]!.promise;
        await feed(writer, states[i]!);
      }
      const order = Array.from({ length: part.to - part.from }, (_, n) => part.from + n);
      const finished = taken(writer.finish(), order).then((made) =>
        entries.made(
          part,
          order.map((i) => made.get(i)!),
        ),
      );
      finished.catch(() => undefined);
      out[k] = finished;
    }
    if (merged.length) {
      // No page fed (every edit undone): the small index is dropped.
      if (small && !small.at.length) await (await small.writer).discard();
      const fresh = small?.at.length
        ? await taken((await small.writer).finish(), small.at)
        : new Map<number, PageEntry>();
      for (const { k, part, known } of merged) {
        const list = known.map((e, n) => e ?? fresh.get(part.from + n));
        if (list.some((e) => e === undefined))
          throw new Error(`search index: a page of ${part.dir || 'the first part'} has no entry`);
        const finished = entries.made(part, list as PageEntry[]);
        finished.catch(() => undefined);
        out[k] = finished;
      }
    }
    return Promise.all(out);
  })();
  return {
    ready: (i) => {
      waiting[i]!.settled = true;
      waiting[i]!.ready();
    },
    done,
    indexed: () => indexed,
  };
}
