/**
 * What the build knows of each page while it renders (`PageState`), and the checks over all of them: the content
 * errors of every page at once, and the cached bodies whose answers about the rest of the site no longer hold.
 */
import path from 'node:path';
import { routeKey } from '../catalogue/ids.ts';
import type { Page } from '../catalogue/types.ts';
import { imageSizeKey, readImageSize } from '../content/image-size.ts';
import { ErrorSink } from '../content/errors.ts';
import type { PageView } from '../ui/types.ts';
import type { BodyMeta, JobError, SiteQuery } from './page-keys.ts';

export interface PageState {
  page: Page;
  view: PageView;
  /** Doc pages: the key of the body's source (Markdown, recorded results, code). */
  bodyKey?: string;
  /** The key of the body the last build made of this page, when the page changed since (its code blocks are kept). */
  lastBodyKey?: string;
  /** What the body's render reported (from the cache, or from this build's render). */
  meta?: BodyMeta;
  /** The page's key in the cache, once known (`pageKeyOf`). */
  pageKey?: string;
  errors: JobError[];
}

/** Every content error of the pages, in catalogue order, at once (`ContentErrors`), if there is any. */
export function throwContentErrors(states: readonly PageState[]): void {
  const sink = new ErrorSink();
  for (const s of states) for (const e of s.errors) sink.add(e.file, e.line, e.reason, e.column);
  sink.throwIfAny();
}

/**
 * Pages (by index) whose body got an answer about the rest of the site that is not true of this build. Anchors
 * of the `pending` pages (not rendered yet) are not known: answers about them are checked later.
 */
export function wrongAnswers(
  states: PageState[],
  routeOfSource: Record<string, string>,
  pages: Set<string>,
  assets: Set<string>,
  anchorsOfPage: (s: PageState) => string[],
  pending: ReadonlySet<string>,
  contentRoot: string,
): number[] {
  const anchors = new Map<string, Set<string>>();
  for (const s of states) anchors.set(routeKey(s.page.route), new Set(anchorsOfPage(s)));
  const holds = (q: SiteQuery): boolean => {
    switch (q[0]) {
      case 'route':
        return (routeOfSource[q[1]] ?? null) === q[2];
      case 'page':
        return pages.has(q[1]) === q[2];
      case 'anchor':
        return pending.has(q[1]) || (anchors.get(q[1])?.has(q[2]) ?? false) === q[3];
      case 'asset':
        return assets.has(q[1]) === q[2];
      case 'image':
        return imageSizeKey(readImageSize(path.join(contentRoot, q[1]))) === q[2];
    }
  };
  return states.flatMap((s, i) => (s.meta && !s.meta.queries.every(holds) ? [i] : []));
}

/** The ids a page's links may point to: its headings', and its section cards' heading when it has cards. */
export function anchorsOf(state: PageState): string[] {
  return [...(state.meta?.anchors ?? []), ...(state.page.cards.length > 0 ? ['section-cards-heading'] : [])];
}

/** The anchors of every page whose body is known (generated indexes, and doc pages with a body), by route key. */
export function knownAnchors(states: readonly PageState[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const s of states) if (s.page.kind === 'generated-index' || s.meta) out[routeKey(s.page.route)] = anchorsOf(s);
  return out;
}
