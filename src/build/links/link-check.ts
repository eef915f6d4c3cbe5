/**
 * Stage 3, link check: every page's content errors at once (broken links and anchors among them), then the
 * anchors that cached bodies assumed before the pages that hold them were rendered. A page whose assumption
 * failed renders again with the full answers, and fails as it would have without the cache.
 */
import type { LoadedSite } from '../load/load-stage.ts';
import { staleBodies } from '../render/cache-lookup.ts';
import type { PageRenderer } from '../render/page-renderer.ts';
import { throwContentErrors } from '../page-state.ts';

export async function checkLinks(loaded: LoadedSite, renderer: PageRenderer): Promise<void> {
  const { states } = loaded;
  // Content errors first: a page that failed has no anchors, so what other pages asked of it cannot hold.
  throwContentErrors(states);
  // The anchors of the pages just rendered, against what the cached bodies assumed.
  const wrong = staleBodies(loaded);
  if (wrong.length) {
    renderer.refresh(loaded);
    for (const i of wrong) states[i]!.meta = undefined;
    await renderer.render(loaded, wrong);
    const still = staleBodies(loaded);
    if (still.length)
      throw new Error(
        `build: pages whose links still do not resolve after a second render: ${still
          .map((i) => states[i]!.view.route)
          .join(', ')}`,
      );
  }
  // Content errors of every page, in catalogue order, before anything is written.
  throwContentErrors(states);
}
