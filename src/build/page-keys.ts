/**
 * The vocabulary of the page work (`page-work.tsx`) that the main thread shares: jobs, results, cache keys.
 * Nothing heavy is imported here, so a rebuild that renders nothing never loads React, Shiki or remark.
 */
import type { PagePlaces } from '../examples/engine-objects.ts';
import type { FunctionCard } from '../examples/signatures/cards.ts';
import type { TocEntry } from '../markdown/headings.ts';
import type { KeptBlock } from '../markdown/block-memo.ts';
import { sidebarHtml } from '../ui/Sidebar.tsx';
import type { PageView, SiteView } from '../ui/types.ts';
import type { BuildCache } from './cache/build-cache.ts';
import { sha256 } from './cache/code-hash.ts';
import type { StoredRegex } from '../markdown/regex-memo.ts';
import type { EntryOutline } from './render/entry-outline.ts';

/** A question a render asked about the rest of the site, with the answer it got. */
export type SiteQuery =
  /** The route of a source file (a link to `x.md`). */
  | ['route', string, string | null]
  /** Whether a page exists at a route key. */
  | ['page', string, boolean]
  /** Whether the page at a route key has a heading with this id. */
  | ['anchor', string, string, boolean]
  /** Whether a content asset exists (an image). */
  | ['asset', string, boolean]
  /** An image's size (`<width>x<height>`, or empty when it cannot be read). */
  | ['image', string, string];

/** What the rest of the build needs of a rendered body, kept beside it in the cache. */
export interface BodyMeta {
  anchors: string[];
  toc: TocEntry[];
  queries: SiteQuery[];
  /** The code tokens' classes, as rules of the site stylesheet (`TokenStyles`: `.<class>{<style>}`). */
  styles: string[];
  /** Content assets the page shows. */
  assets: string[];
  /** What the page names (headings, inline code, result cells, alias lines): the search names and the engine coverage. */
  places: PagePlaces;
}

/** What every job of a build shares, sent once to each worker. */
export interface WorkSetup {
  contentRoot: string;
  allowMissingResults?: boolean;
  /** Route of each source file (relative to the content root). */
  routeOfSource: Record<string, string>;
  /** Route key of every page. */
  pages: string[];
  /** Anchors of the pages whose body is known before this round (cached bodies, earlier rounds). */
  anchors: Record<string, string[]>;
  /** Content assets (paths relative to the content root). */
  assets: string[];
  /** The site around each page, with placeholders for the asset URLs (see `ASSET_PLACEHOLDERS`) and an empty sidebar. */
  site: SiteView;
  /** Hash of the site view and the page code (see `pageKeyOf`). */
  siteKey: string;
  /** Regular expressions made from grammars' patterns by earlier builds and threads (`regex-memo.ts`). */
  regexes?: Record<string, StoredRegex>;
  /** Every engine function's signature card, by normalised name (every body key holds their hash). */
  cards: Record<string, FunctionCard>;
  /** The catalogue's category label of each content folder: a card's category where the catalogue names none. */
  categoryOfDir: Record<string, string>;
}

export interface PageJob {
  index: number;
  /**
   * Doc pages: the source and the key of its body (source, results, code); `cachedBody`, a cached body whose
   * answers hold (its `bodyRefOf` and HTML), to wrap rather than render.
   */
  doc?: {
    relPath: string;
    file: string;
    title: string;
    body: string;
    bodyKey: string;
    cachedBody?: { ref: string; html: string };
    /** The code blocks of the page's last render, when its body is to be rendered again (see `KeptBlocks`). */
    blocks?: KeptBlocks['blocks'];
  };
  /** The page without its body; a cached body's table of contents is filled in. */
  view: PageView;
  /** Languages of its code blocks besides SQL and shell, when its body is to be rendered (see `RenderPool`). */
  grammars?: string[];
}

export interface JobError {
  file: string;
  line: number | undefined;
  reason: string;
  column?: number;
}

export interface PageResult {
  index: number;
  /** The page's key in the cache (`pageKeyOf`), with its template and Pagefind input for the main thread to keep. */
  pageKey?: string;
  page?: { html: string; pf: string };
  /** Set when the body was rendered by this job, with its HTML. */
  meta?: BodyMeta;
  bodyHtml?: string;
  /** With a rendered body: its code blocks as highlighted, for the next render of the page. */
  blocks?: KeptBlocks['blocks'];
  /** With a rendered body: what `functions.json` takes of the page (`entry-outline.ts`). */
  outline?: EntryOutline;
  /** Regular expressions this thread made from grammars' patterns since its last result, for the build to keep. */
  regexes?: Record<string, StoredRegex>;
  errors: JobError[];
}

/** Asset URLs are known only once every page is rendered: pages are kept with these and filled in when written. */
export const ASSET_PLACEHOLDERS = {
  stylesheet: '/assets/build/@@stylesheet@@',
  script: '/assets/build/@@script@@',
  sidebarData: '/assets/build/@@sidebar@@',
} as const;

/** Cache folders of the page work. */
export const CACHE = { body: 'body', page: 'page' } as const;

/** A page as the cache keeps it, with what Pagefind reads of it (the 404 and search pages have none). */
export function writePage(cache: BuildCache, key: string, html: string, pf?: string): void {
  cache.appendParts(CACHE.page, key, pf === undefined ? { html } : { html, pf });
}

export function hasPage(cache: BuildCache, key: string): boolean {
  return cache.hasParts(CACHE.page, key);
}

/** One part of a cached page, decoded alone: the search feeder reads `pf`, the site writer `html`. */
export function readPagePart(cache: BuildCache, key: string, part: 'html' | 'pf'): string | undefined {
  return cache.readParts(CACHE.page, key)?.get(part)?.toString('utf8');
}

/**
 * A body's code blocks as highlighted, with the code they were made by (`codeKeys().body`, which holds the
 * highlighter's): the next render of an edited page takes the blocks it still has from here.
 */
export interface KeptBlocks {
  code: string;
  blocks: Record<string, KeptBlock>;
}

/** A rendered body and its metadata (and its code blocks), kept together so neither can outlive the other. */
export function writeBody(cache: BuildCache, bodyKey: string, meta: BodyMeta, html: string, blocks?: KeptBlocks): void {
  cache.appendParts(CACHE.body, bodyKey, {
    meta: JSON.stringify(meta),
    html,
    ...(blocks ? { blocks: JSON.stringify(blocks) } : {}),
  });
}

/** The code blocks kept with a body (an earlier render of a page), when they were made by the same code. */
export function readBlocks(cache: BuildCache, bodyKey: string, code: string): KeptBlocks['blocks'] | undefined {
  const part = cache.readParts(CACHE.body, bodyKey)?.get('blocks');
  if (!part) return undefined;
  try {
    const kept = JSON.parse(part.toString('utf8')) as KeptBlocks;
    if (kept.code !== code) return undefined;
    // Each class becomes a rule of the site's stylesheet: held to the manifest's rule for token styles.
    const safe = Object.values(kept.blocks).every((b) =>
      Object.entries(b.css).every(([cls, css]) => /^[\w-]+$/.test(cls) && /^[^{}<>@\\]*$/.test(css)),
    );
    return safe ? kept.blocks : undefined;
  } catch {
    return undefined;
  }
}

export function hasBody(cache: BuildCache, bodyKey: string): boolean {
  return cache.hasParts(CACHE.body, bodyKey);
}

export function readBody(cache: BuildCache, bodyKey: string): { meta: BodyMeta; html: string } | undefined {
  const parts = cache.readParts(CACHE.body, bodyKey);
  const meta = parts?.get('meta');
  const html = parts?.get('html');
  if (!meta || !html) return undefined;
  try {
    return { meta: JSON.parse(meta.toString('utf8')) as BodyMeta, html: html.toString('utf8') };
  } catch {
    return undefined;
  }
}

/**
 * A rendered body is the function of its source (the body key) and of the answers it got about the rest of
 * the site (a link's route, whether an anchor exists): both name it in the cache.
 */
export function bodyRefOf(bodyKey: string, meta: BodyMeta): string {
  return sha256(bodyKey, JSON.stringify(meta.queries));
}

/**
 * A whole page: its body, its view (the table of contents follows from the body), the site. Its sidebar is
 * not part of it: a page is kept with an empty sidebar (`SIDEBAR_PLACEHOLDER`) and gets its own when written.
 */
export function pageKeyOf(siteKey: string, bodyRef: string, view: PageView): string {
  return sha256(siteKey, bodyRef, JSON.stringify({ ...view, toc: undefined, body: undefined }));
}

/** The sidebar of a page kept in the cache: the markup of an empty tree, replaced by the page's own. */
export const SIDEBAR_PLACEHOLDER = `${sidebarHtml([], '/')}</nav>`;

/** A cached page with its sidebar in place. */
export function withSidebar(html: string, sidebar: string): string {
  const at = html.indexOf(SIDEBAR_PLACEHOLDER);
  if (at < 0) throw new Error('build: a cached page has no sidebar placeholder');
  return `${html.slice(0, at)}${sidebar}</nav>${html.slice(at + SIDEBAR_PLACEHOLDER.length)}`;
}

/**
 * The stylesheet of every page's token classes: `TokenStyles.css()` of one instance that had rendered them all
 * (one rule per style, in the order of the class names).
 */
export function tokenCss(pages: Iterable<readonly string[]>): string {
  const rules = new Map<string, string>();
  for (const list of pages)
    for (const rule of list) if (!rules.has(rule)) rules.set(rule, rule.slice(1, rule.indexOf('{')));
  return [...rules]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([rule]) => rule)
    .join('\n');
}
