/**
 * Stage 4, index: the prose search index, in parts (`search-parts.ts`), each written from its pages' entries
 * (`index-writer.ts`). Pagefind starts with the build and indexes, in its own process while pages render, the pages
 * the cache has no entry of: every page on a first build (each part fed in catalogue order as its pages are
 * settled), only the edited ones on a rebuild. A part whose pages are all unchanged takes its last files from the
 * cache (`index-store.ts`).
 */
import type { BuildCache } from '../cache/build-cache.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import type { PartFiles, SearchIndexService } from './search-index.ts';
import { startFeeding, startSearch, type PartPlan } from './search-feed.ts';
import { planParts, type SearchPart } from './search-parts.ts';
import { cachedEntry, cachedPart, entryKeyOf, keepEntry, partKeyOf, storeEntry, storePart } from './index-store.ts';

export class SearchIndexBuild {
  /** Parts written in this build, of all. */
  parts = 0;
  allParts = 0;
  // Pagefind's process, started now without waiting for it: it is ready by the time the first page is (a
  // rebuild's pages come from the cache as soon as the content is read). Stopped unused if the last index holds.
  private service: Promise<SearchIndexService> | undefined = startSearch();
  private feeder: ReturnType<typeof startFeeding> | undefined;

  constructor() {
    this.service?.catch(() => undefined);
  }

  /** Pages Pagefind indexed in this build. */
  get pagesIndexed(): number {
    return this.feeder?.indexed() ?? 0;
  }

  /**
   * Plans the parts once the pages to render (`jobs`) are known, and starts feeding. The pages already settled are
   * fed now; each page rendered is fed with `ready`.
   */
  async start(loaded: LoadedSite, cache: BuildCache, jobs: readonly number[], pagesPerPart?: number): Promise<void> {
    const { states } = loaded;
    const code = loaded.code.searchIndex;
    const parts = planParts(states.length, pagesPerPart);
    this.allParts = parts.length;
    // Made when asked: a part's key holds its pages' keys, known once they are rendered.
    const keyOf = (part: SearchPart) => partKeyOf(code, part, states);
    const entryKey = (i: number) => entryKeyOf(code, states[i]!);
    const plans: PartPlan[] = parts.map((part) => {
      const changed = jobs.some((i) => i >= part.from && i < part.to);
      const cached = changed ? undefined : cachedPart(cache, keyOf(part), part);
      // Its pages' entries stay in the cache for the next edit of the part.
      if (cached)
        for (let i = part.from; i < part.to; i++) {
          const key = entryKey(i);
          if (key) keepEntry(cache, key);
        }
      return cached ? { part, cached } : { part };
    });
    this.parts = plans.filter((p) => !p.cached).length;
    if (this.parts === 0) await this.close();
    this.feeder = startFeeding(states, cache, this.service, plans, jobs.length <= Math.max(16, states.length / 8), {
      cached: (i) => {
        const key = entryKey(i);
        return key === undefined ? undefined : cachedEntry(cache, key);
      },
      store: (i, entry) => {
        const key = entryKey(i);
        if (key) storeEntry(cache, key, entry);
      },
      made: (part, entries) => storePart(cache, keyOf(part), part, entries, states, code),
    });
    this.feeder.done.catch(() => undefined);
    const inRound = new Set(jobs);
    for (const [i] of states.entries()) if (!inRound.has(i)) this.feeder.ready(i);
  }

  /** A page is settled (rendered, or from the cache): its turn in the index may come. */
  ready(i: number): void {
    this.feeder!.ready(i);
  }

  /** Every page is in: Pagefind builds the last parts in its own process while this thread writes the site. */
  finish(): Promise<PartFiles[]> {
    const files = (async () => {
      const made = await this.feeder!.done;
      await this.close();
      return made;
    })();
    files.catch(() => undefined);
    return files;
  }

  /** Pagefind's process stopped (unused, done, or the build failed). */
  async close(): Promise<void> {
    const unused = this.service;
    this.service = undefined;
    await (await unused?.catch(() => undefined))?.close();
  }
}
