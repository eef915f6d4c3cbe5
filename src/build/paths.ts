/** Where things are published: shared by the build, the dev server and the tooling (no heavy imports here). */
import path from 'node:path';
import { routeKey } from '../catalogue/ids.ts';

/** URL prefix under which content assets (images, sample files) are published. */
export const CONTENT_ASSET_BASE = '/assets/content';

/** The `.md` copy of a page: `/doc/guides/` → `/doc/guides.md`. */
export function markdownUrlOf(route: string): string {
  return `${routeKey(route)}.md`;
}

/** The file a route is written to: every route is a folder with an index.html, so both URL forms resolve. */
export function htmlFileOf(route: string): string {
  const key = routeKey(route).replace(/^\//, '');
  return path.join(key, 'index.html');
}
