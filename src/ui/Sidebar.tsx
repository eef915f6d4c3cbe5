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
 * - the top level, so any section is one click away;
 * - its own branch, opened down to the page, which is marked with aria-current;
 *
 * Any other category is its link alone, in an entry marked `data-sb-lazy`: the link to its own page, which lists
 * its pages, or for a category without a page (`data-sb-group`), the link to its first page, where the category
 * is open. The sidebar loader gives it a toggle, and fills the toggle from the site's sidebar JSON (`sidebarData`)
 * when it is opened; readers without JavaScript follow the link. The markup carries no classes:
 * the stylesheet finds every part by its place (sidebar.css), so each of a page's hundred entries costs its link.
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

interface SharedMarkup {
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
    shared = { closed: new Map(), parent: new Map(), byRoute: new Map() };
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
  const { closed, parent } = shared;
  const current = routeKey(currentRoute);
  // The current page's entry and its ancestors.
  const branch = new Set<SidebarItem>();
  for (let item = shared.byRoute.get(current); item; item = parent.get(item)) branch.add(item);

  const list = (siblings: SidebarItem[], onBranch: boolean): string =>
    `<ul>${siblings.map((item) => entry(item, onBranch)).join('')}</ul>`;

  const entry = (item: SidebarItem, parentOnBranch: boolean): string => {
    const onBranch = parentOnBranch && branch.has(item);
    if (item.type === 'link') return `<li>${link(item.href, item.label, onBranch)}</li>`;
    if (onBranch) return `<li>${category(item, true)}</li>`;
    let html = closed.get(item);
    if (html === undefined) {
      const first = item.href ? undefined : firstPage(item.items);
      html = item.href
        ? `<li data-sb-lazy="">${link(item.href, item.label, false)}</li>`
        : first
          ? `<li data-sb-lazy=""><a href="${escapeHtml(first)}" data-sb-group="">${breakNamesHtml(escapeHtml(item.label))}</a></li>`
          : `<li>${category(item, false)}</li>`;
      closed.set(item, html);
    }
    return html;
  };

  const category = (item: Extract<SidebarItem, { type: 'category' }>, onBranch: boolean): string => {
    const open = onBranch ? ' open=""' : '';
    // No page of its own: its contents are the only way to its pages.
    if (!item.href)
      return `<details${open}><summary><span>${breakNamesHtml(escapeHtml(item.label))}</span></summary>${list(item.items, onBranch)}</details>`;
    // A category with its own page: the link and the open/close control are siblings, since a link inside
    // <summary> would nest two interactive controls. The summary sits beside the link (CSS).
    return (
      `${link(item.href, item.label, onBranch)}<details${open}><summary aria-label="${escapeHtml(item.label)}">` +
      `</summary>${list(item.items, onBranch)}</details>`
    );
  };

  const link = (href: string, label: string, onBranch: boolean): string =>
    `<a href="${escapeHtml(href)}"${onBranch && routeKey(href) === current ? ' aria-current="page"' : ''}>` +
    `${breakNamesHtml(escapeHtml(label))}</a>`;

  return list(items, true);
}

/** The first page under a category, depth first: where the link of a category without a page of its own leads. */
export function firstPage(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.href) return item.href;
    const inner = item.type === 'category' ? firstPage(item.items) : undefined;
    if (inner) return inner;
  }
  return undefined;
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
