/** Where things are published: shared by the build, the dev server and the tooling (no heavy imports here). */
import { routeKey } from '../catalogue/ids.ts';

/** URL prefix under which content assets (images, sample files) are published. */
export const CONTENT_ASSET_BASE = '/assets/content';

/** The `.md` copy of a page: `/doc/guides/` → `/doc/guides.md`. */
export function markdownUrlOf(route: string): string {
  return `${routeKey(route)}.md`;
}
