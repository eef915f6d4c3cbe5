/**
 * What the cache already holds of each page. A cached body holds while every answer it got about the rest of the
 * site holds; a whole page is kept under the body's key, its view, its sidebar and the site around it.
 */
import { routeKey } from '../../catalogue/ids.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import { hasPage, pageKeyOf } from '../page-keys.ts';
import { anchorsOf, wrongAnswers } from '../page-state.ts';
import { bodyRef } from './page-renderer.ts';

/**
 * The pages (by index) whose body got an answer that does not hold in this build. Anchors of the `pending` pages
 * are not known yet (their body is still to render): answers about them are checked once they are.
 */
export function staleBodies(loaded: LoadedSite, pending: ReadonlySet<string> = new Set()): number[] {
  return wrongAnswers(
    loaded.states,
    loaded.routeOfSource,
    new Set(loaded.pageKeys),
    new Set(loaded.assets),
    anchorsOf,
    pending,
    loaded.tree.root,
  );
}

/**
 * Settles every page the cache holds (its `pageKey`) and gives the others, by index, to render. Routes, pages and
 * images are known now; anchors for every page with a cached body (they follow from the body alone). A body whose
 * answer no longer holds is rendered again; an anchor of a page rendered now is checked once it is (see
 * `checkLinks`: if it is missing, the build fails with the page's error, so no page settled now changes).
 */
export function lookUpPages(loaded: LoadedSite, cache: BuildCache): number[] {
  const { states } = loaded;
  const unknownAnchors = new Set(
    states.flatMap((s) => (s.page.kind === 'doc' && !s.meta ? [routeKey(s.page.route)] : [])),
  );
  for (const i of staleBodies(loaded, unknownAnchors)) states[i]!.meta = undefined;
  for (const s of states)
    if (s.page.kind === 'generated-index' || s.meta) {
      const key = pageKeyOf(loaded.siteKey, bodyRef(s), s.view);
      s.pageKey = hasPage(cache, key) ? key : undefined;
    }
  return states.flatMap((s, i) => (s.pageKey ? [] : [i]));
}
