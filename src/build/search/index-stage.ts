/**
 * Stage 4, index: the prose search index, in parts (`search-parts.ts`), each fed in catalogue order as its pages
 * are settled (Pagefind's output depends on the order). Pagefind starts with the build and indexes in its own
 * process while pages render; it builds the last parts while the site is written. A part whose pages are all
 * unchanged takes its last index from the cache (`index-store.ts`).
 */
import type { BuildCache } from '../cache/build-cache.ts';
import type { BuildContext } from '../build-context.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import { earlyPartFor, saveFeedPlan, startEarlyFeed, type EarlyPart } from './early-feed.ts';
import type { PartFiles, SearchIndexService } from './search-index.ts';
import { startFeeding, startSearch, type PartPlan } from './search-feed.ts';
import { planParts, type SearchPart } from './search-parts.ts';
import { cachedPart, partKeyOf, storePart } from './index-store.ts';

export class SearchIndexBuild {
  /** Parts indexed in this build, of all. */
  parts = 0;
  allParts = 0;
  // Pagefind's process, started now without waiting for it: it is ready by the time the first page is (a
  // rebuild's pages come from the cache as soon as the content is read). Stopped unused if the last index holds.
  private service: Promise<SearchIndexService> | undefined = startSearch();
  private feeder: ReturnType<typeof startFeeding> | undefined;
  /** The parts a rebuild started feeding before the content was read (`early-feed.ts`). */
  private readonly early: Promise<EarlyPart[]>;
  /** Parts taken over from the early feed. */
  earlyParts = 0;
  private savePlan: (() => void) | undefined;

  constructor(private readonly ctx: Pick<BuildContext, 'cache' | 'manifestKey' | 'contentRoot'>) {
    this.service?.catch(() => undefined);
    this.early = startEarlyFeed(this.service!, ctx.cache, ctx.manifestKey, ctx.contentRoot).catch(() => []);
  }

  /**
   * Plans the parts once the pages to render (`jobs`) are known, and starts feeding. The pages already settled are
   * fed now; each page rendered is fed with `ready`. A rebuild with a few pages to render indexes the others
   * meanwhile, ahead of the pages still rendering.
   */
  async start(loaded: LoadedSite, cache: BuildCache, jobs: readonly number[], pagesPerPart?: number): Promise<void> {
    const { states } = loaded;
    const parts = planParts(states.length, pagesPerPart);
    this.allParts = parts.length;
    // Made when asked: a part's key holds its pages' keys, known once they are rendered.
    const keyOf = (part: SearchPart) => partKeyOf(loaded.code.searchIndex, part, states);
    const early = await this.early;
    const plans: PartPlan[] = parts.map((part) => {
      const changed = jobs.some((i) => i >= part.from && i < part.to);
      const cached = changed ? undefined : cachedPart(cache, keyOf(part), part);
      return cached ? { part, cached } : { part, early: earlyPartFor(early, part, states) };
    });
    // An early part this build does not index after all (not the same pages, or its index is in the cache).
    for (const e of early) if (!plans.some((p) => p.early === e)) void e.writer.discard().catch(() => undefined);
    this.earlyParts = plans.filter((p) => p.early).length;
    this.parts = plans.filter((p) => !p.cached).length;
    this.savePlan = () => saveFeedPlan(this.ctx.cache, this.ctx.manifestKey, parts, states, this.ctx.contentRoot);
    if (this.parts === 0) await this.close();
    this.feeder = startFeeding(
      states,
      cache,
      this.service,
      plans,
      jobs.length <= Math.max(16, states.length / 8),
      (part, files) => storePart(cache, keyOf(part), part, files, states),
    );
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
      // Every page has its key now: the plan the next build's early feed follows.
      this.savePlan?.();
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
