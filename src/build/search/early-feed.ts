/**
 * A rebuild's search index, started before the content is read. Pagefind cannot update an index, so an edit
 * re-indexes its whole part (about 300 pages): fed only once the content is loaded and the pages are looked up,
 * that was most of a rebuild. The last build leaves its feed plan (each part's pages in order, the cache key of
 * what Pagefind got of each, and the size and time of its source file); the next one stats those sources at once
 * and feeds the parts that hold a changed one from the cache, a changed page holding its place with a
 * placeholder, while the content loads.
 *
 * It is a guess, and only a head start: once the content is loaded, a part whose pages are those of the plan, in
 * the same order, is taken over by the feeder, which adds again every page whose input differs from the one fed
 * (Pagefind keeps a page added again under the same URL in its first place, so the index is the one the pages in
 * order give). Any other early part is dropped. The plan is untrusted input (the cache may come from elsewhere):
 * it is checked against a schema, and one that fails is ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BuildCache } from '../cache/build-cache.ts';
import { relPath } from '../cache/manifest.ts';
import { readPagePart } from '../page-keys.ts';
import type { PageState } from '../page-state.ts';
import { htmlFileOf } from '../paths.ts';
import { PLACEHOLDER_INPUT } from '../render/pagefind-input.ts';
import type { SearchIndexService, SearchPartWriter } from './search-index.ts';
import type { SearchPart } from './search-parts.ts';

/** A page as it was fed: its file for Pagefind, its page key, and its source's path, size and time (doc pages). */
const plannedPage = z.union([
  z.tuple([relPath, z.string().regex(/^[0-9a-f]+$/)]),
  z.tuple([relPath, z.string().regex(/^[0-9a-f]+$/), relPath, z.number().int().nonnegative(), z.number()]),
]);
const feedPlanSchema = z.array(
  z.object({
    dir: z.string().regex(/^(?:part-\d+\/)?$/),
    from: z.number().int().nonnegative(),
    pages: z.array(plannedPage),
  }),
);
export type FeedPlan = z.infer<typeof feedPlanSchema>;

/** Where the plan is kept: one per content folder, beside the manifest. */
const PLAN = { kind: 'search', ext: '.json' } as const;
const planKey = (manifestKey: string) => `feed-${manifestKey}`;

/** A part fed early: its writer, and the page key fed at each of its places (undefined: a placeholder). */
export interface EarlyPart {
  dir: string;
  from: number;
  files: string[];
  fed: (string | undefined)[];
  writer: SearchPartWriter;
}

/** The plan of this build's parts, for the next build (every page has its key by now). */
export function saveFeedPlan(
  cache: BuildCache,
  manifestKey: string,
  parts: readonly SearchPart[],
  states: readonly PageState[],
  contentRoot: string,
): void {
  const plan: FeedPlan = parts.map((part) => ({
    dir: part.dir,
    from: part.from,
    pages: states.slice(part.from, part.to).map((s) => {
      const file = htmlFileOf(s.view.route);
      if (s.page.kind !== 'doc') return [file, s.pageKey!];
      const stat = fs.statSync(path.join(contentRoot, s.page.source.relPath), { throwIfNoEntry: false });
      return stat ? [file, s.pageKey!, s.page.source.relPath, stat.size, stat.mtimeMs] : [file, s.pageKey!];
    }),
  }));
  cache.writeText(PLAN.kind, planKey(manifestKey), PLAN.ext, JSON.stringify(plan));
}

/** The last build's plan, or none (no plan, or one that fails the schema). */
function readFeedPlan(cache: BuildCache, manifestKey: string): FeedPlan | undefined {
  const parsed = feedPlanSchema.safeParse(cache.readJson<unknown>(PLAN.kind, planKey(manifestKey), PLAN.ext));
  return parsed.success ? parsed.data : undefined;
}

/** Whether a planned page's source is no longer the one the last build read (pages without a source: no). */
const sourceChanged = (page: FeedPlan[number]['pages'][number], contentRoot: string): boolean => {
  if (page.length === 2) return false;
  const stat = fs.statSync(path.join(contentRoot, page[2]), { throwIfNoEntry: false });
  return !stat || stat.size !== page[3] || stat.mtimeMs !== page[4];
};

/**
 * Starts feeding, from the last build's plan, each part that holds a page whose source changed: the others will
 * most likely come whole from the cache. Returns the parts as they are being fed (none on a first build).
 */
export function startEarlyFeed(
  service: Promise<SearchIndexService>,
  cache: BuildCache,
  manifestKey: string,
  contentRoot: string,
): Promise<EarlyPart[]> {
  const plan = readFeedPlan(cache, manifestKey);
  const parts = (plan ?? []).filter((p) => p.pages.some((page) => sourceChanged(page, contentRoot)));
  if (parts.length === 0) return Promise.resolve([]);
  return (async () => {
    const early: EarlyPart[] = [];
    for (const p of parts) {
      const writer = await (await service).createPart();
      const fed = p.pages.map(([file, key], k) => {
        const input = sourceChanged(p.pages[k]!, contentRoot) ? undefined : readPagePart(cache, key, 'pf');
        void writer.add(file, input ?? PLACEHOLDER_INPUT).catch(() => undefined);
        return input === undefined ? undefined : key;
      });
      early.push({ dir: p.dir, from: p.from, files: p.pages.map(([file]) => file), fed, writer });
    }
    return early;
  })();
}

/** The early part that is this part, with the same pages in the same order; undefined if there is none. */
export function earlyPartFor(early: readonly EarlyPart[], part: SearchPart, states: readonly PageState[]) {
  const match = early.find((e) => e.dir === part.dir && e.from === part.from);
  if (!match || match.files.length !== part.to - part.from) return undefined;
  const same = match.files.every((file, k) => file === htmlFileOf(states[part.from + k]!.view.route));
  return same ? match : undefined;
}
