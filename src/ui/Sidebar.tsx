import { breakNamesHtml } from './break-names.tsx';
import { routeKey } from '../catalogue/ids.ts';
import type { SidebarItem } from '../catalogue/types.ts';
import { uiStrings } from '../strings.ts';
import type { SidebarDataItem } from '../islands/sidebar-loader.ts';

/** Whether the item is, or holds, the page at `current` (compared without trailing slash). */
export function containsRoute(item: SidebarItem, current: string): boolean {
  if (item.href && routeKey(item.href) === current) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, current));
}

/**
 * The sidebar of one page: what a reader needs here, not every link of the site. Categories are native
 * `<details>`, so they open and close without JavaScript. A page holds
 *
 * - the top level, and (while the tree is small enough, see `TOP_CHILDREN_LIMIT`) the first level of every
 *   section, so any section is one click away;
 * - its own branch, opened down to the page, which is marked with aria-current;
 * - every category that has no page of its own, with its contents (nothing else leads to them).
 *
 * Any other category that has a page of its own is a link to that page (which lists its pages) plus a closed
 * toggle with nothing inside (`data-sb-lazy`): hidden until the sidebar loader runs, which fills it from the
 * site's sidebar JSON (`sidebarData`) when it is opened. Readers without JavaScript follow the link.
 */
export function Sidebar({
  items,
  currentRoute,
  dataUrl,
}: {
  items: SidebarItem[];
  currentRoute: string;
  dataUrl?: string;
}) {
  return (
    <nav
      className="sidebar"
      id="sidebar"
      aria-label={uiStrings.mainNavigation}
      data-sidebar={dataUrl}
      dangerouslySetInnerHTML={{ __html: sidebarHtml(items, currentRoute) }}
    />
  );
}

/**
 * While the sections' first levels hold at most this many entries in all, every page lists them (the catalogue
 * holds about a hundred); past it, a section off the current branch is its link and a toggle that loads.
 */
export const TOP_CHILDREN_LIMIT = 250;

interface SharedMarkup {
  topLevelOpen: boolean;
  /** The markup of each category when it is not on the current page's branch (the same on every page). */
  closed: Map<SidebarItem, string>;
  /** Each entry's parent, and the entries by route: a page's branch without walking the tree. */
  parent: Map<SidebarItem, SidebarItem | undefined>;
  byRoute: Map<string, SidebarItem>;
}
const sharedMarkup = new WeakMap<SidebarItem[], SharedMarkup>();

/** The sidebar's inner markup for the page at `currentRoute`. */
export function sidebarHtml(items: SidebarItem[], currentRoute: string): string {
  let shared = sharedMarkup.get(items);
  if (!shared) {
    const firstLevel = items.reduce((n, i) => n + (i.type === 'category' ? i.items.length : 0), 0);
    shared = {
      topLevelOpen: firstLevel <= TOP_CHILDREN_LIMIT,
      closed: new Map(),
      parent: new Map(),
      byRoute: new Map(),
    };
    const index = (list: SidebarItem[], parent: SidebarItem | undefined) => {
      for (const item of list) {
        shared!.parent.set(item, parent);
        if (item.href && !shared!.byRoute.has(routeKey(item.href))) shared!.byRoute.set(routeKey(item.href), item);
        if (item.type === 'category') index(item.items, item);
      }
    };
    index(items, undefined);
    sharedMarkup.set(items, shared);
  }
  const { topLevelOpen, closed, parent } = shared;
  const current = routeKey(currentRoute);
  // The current page's entry and its ancestors.
  const branch = new Set<SidebarItem>();
  for (let item = shared.byRoute.get(current); item; item = parent.get(item)) branch.add(item);

  const list = (siblings: SidebarItem[], level: number, onBranch: boolean): string =>
    `<ul class="sidebar-list sidebar-level-${level}">${siblings.map((item) => entry(item, level, onBranch)).join('')}</ul>`;

  const entry = (item: SidebarItem, level: number, parentOnBranch: boolean): string => {
    const onBranch = parentOnBranch && branch.has(item);
    if (item.type === 'link')
      return `<li class="sidebar-item sidebar-item-link">${link(item.href, item.label, onBranch)}</li>`;
    if (onBranch) return `<li class="sidebar-item sidebar-item-category">${category(item, level, true)}</li>`;
    let html = closed.get(item);
    if (html === undefined) {
      html = `<li class="sidebar-item sidebar-item-category">${category(item, level, false)}</li>`;
      closed.set(item, html);
    }
    return html;
  };

  const category = (item: Extract<SidebarItem, { type: 'category' }>, level: number, onBranch: boolean): string => {
    const open = onBranch ? ' open=""' : '';
    if (!item.href) {
      // No page of its own: its contents are the only way to its pages.
      return (
        `<details${open}><summary><span ` +
        `class="sidebar-category-label">${breakNamesHtml(escapeHtml(item.label))}</span></summary>${list(item.items, level + 1, onBranch)}</details>`
      );
    }
    // A category with its own page: the link and the open/close control are siblings, since a link inside
    // <summary> would nest two interactive controls. The summary sits beside the link (CSS).
    const toggle = `<summary class="sidebar-toggle" aria-label="${escapeHtml(item.label)}"></summary>`;
    const contents = onBranch || (level === 1 && topLevelOpen);
    return `${link(item.href, item.label, onBranch)}${contents ? `<details${open}>${toggle}${list(item.items, level + 1, onBranch)}</details>` : `<details data-sb-lazy="">${toggle}</details>`}`;
  };

  const link = (href: string, label: string, onBranch: boolean): string =>
    `<a class="sidebar-link" ` +
    `href="${escapeHtml(href)}"${onBranch && routeKey(href) === current ? ' aria-current="page"' : ''}>${breakNamesHtml(escapeHtml(label))}</a>`;

  return list(items, 1, true);
}

/** React's escaping, so the markup reads as if React had written it. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#x27;',
  );
}

/** One entry of the sidebar's JSON: label, route (categories may have none) and, for categories, the contents. */

/** The whole tree as the sidebar loader reads it (`sidebar-<hash>.json`, one cached file for the site). */
export function sidebarData(items: SidebarItem[]): SidebarDataItem[] {
  return items.map((item) => {
    const out: SidebarDataItem = { l: item.label };
    if (item.href) out.h = item.href;
    if (item.type === 'category') out.c = sidebarData(item.items);
    return out;
  });
}
