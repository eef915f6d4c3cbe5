import path from 'node:path';
import { routeKey } from '../catalogue/ids.ts';

/** What link resolution needs to know about the rest of the site. */
export interface LinkTargets {
  /** Route of the page written in this file (path relative to the content root), if it exists. */
  routeOfSource(relPath: string): string | undefined;
  /** Anchors of the page at this route key (no trailing slash), or undefined if there is no such page. */
  anchorsOf(routeKeyValue: string): ReadonlySet<string> | undefined;
  /** Whether an asset exists at this path relative to the content root. */
  hasAsset(relPath: string): boolean;
  /** An image asset's intrinsic size, if it can be read. */
  imageSize?(relPath: string): { width: number; height: number } | undefined;
  /** Route prefix of every page, e.g. `/doc`. */
  routeBase: string;
  /** URL prefix assets are published under. */
  assetBase: string;
}

export type Resolution = { href: string } | { error: string };

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Resolves a link written in a page. Links may name a Markdown file (relative to the page) or a route, with an
 * optional anchor; both come out as the route, and both are checked.
 */
export function resolveLink(
  url: string,
  fromRelPath: string,
  ownAnchors: ReadonlySet<string>,
  targets: LinkTargets,
): Resolution {
  if (EXTERNAL.test(url)) {
    if (/^(https?|mailto):/i.test(url)) return { href: url };
    return { error: `link "${url}": only http(s) and mailto links may leave the site` };
  }
  const hashAt = url.indexOf('#');
  const target = hashAt >= 0 ? url.slice(0, hashAt) : url;
  let anchor: string | undefined;
  try {
    anchor = hashAt >= 0 ? decodeURIComponent(url.slice(hashAt + 1)) : undefined;
  } catch {
    return { error: `link "${url}": the anchor is not valid percent-encoding` };
  }

  if (target === '') {
    if (anchor === undefined || ownAnchors.has(anchor)) return { href: url };
    return { error: `link "${url}": no heading with id "${anchor}" on this page` };
  }

  let route: string | undefined;
  if (target.endsWith('.md')) {
    const rel = target.startsWith('/')
      ? target.replace(/^\/+/, '')
      : path.posix.normalize(path.posix.join(path.posix.dirname(fromRelPath), target));
    route = targets.routeOfSource(rel);
    if (!route) return { error: `link "${url}": there is no page ${rel} (or it is not written yet)` };
  } else if (target === targets.routeBase || target.startsWith(`${targets.routeBase}/`)) {
    route = target;
    if (!targets.anchorsOf(routeKey(route))) return { error: `link "${url}": there is no page at ${route}` };
  } else {
    return { error: `link "${url}": link to a page by its .md file or its ${targets.routeBase}/ route` };
  }
  const anchors = targets.anchorsOf(routeKey(route));
  if (anchor !== undefined && !anchors?.has(anchor))
    return { error: `link "${url}": the page ${route} has no heading with id "${anchor}"` };
  return { href: anchor !== undefined ? `${route}#${encodeURIComponent(anchor)}` : route };
}

/** Resolves an image path (relative to the page) to its published URL. */
export function resolveImage(
  url: string,
  fromRelPath: string,
  targets: LinkTargets,
): Resolution & { width?: number; height?: number } {
  if (EXTERNAL.test(url))
    return { error: `image "${url}": images must be files in the content folder (no third-party requests)` };
  const rel = url.startsWith('/')
    ? url.replace(/^\/+/, '')
    : path.posix.normalize(path.posix.join(path.posix.dirname(fromRelPath), url));
  if (!targets.hasAsset(rel)) return { error: `image "${url}": no file at content/doc/${rel}` };
  return { href: `${targets.assetBase}/${rel}`, ...targets.imageSize?.(rel) };
}
