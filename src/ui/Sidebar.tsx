import { renderToStaticMarkup } from 'react-dom/server';
import { routeKey } from '../catalogue/ids.ts';
import type { SidebarItem } from '../catalogue/types.ts';
import { uiStrings } from './strings.ts';

/** Whether the item is, or holds, the page at `current` (compared without trailing slash). */
export function containsRoute(item: SidebarItem, current: string): boolean {
  if (item.href && routeKey(item.href) === current) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, current));
}

/**
 * The single sidebar tree. Categories are native `<details>` so they open and close without JavaScript; every
 * category is closed except the ancestors of the current page, which is marked with aria-current.
 *
 * Every page holds the whole tree, so rendering it once per page would make the build quadratic. React renders
 * it once (all closed, nothing current, each category numbered); each page then opens its ancestors and marks its
 * link in that markup, which costs a few string replacements.
 */
export function Sidebar({ items, currentRoute }: { items: SidebarItem[]; currentRoute: string }) {
  return <nav className="sidebar" id="sidebar" aria-label={uiStrings.mainNavigation} dangerouslySetInnerHTML={{ __html: sidebarHtml(items, currentRoute) }} />;
}

/** Per tree: its markup with nothing open, or `large` when each page renders only its own branch. */
const rendered = new WeakMap<SidebarItem[], string | { large: true }>();

/**
 * Past this many links the tree is too big to repeat in every page (the site's bytes would grow with the square
 * of its pages): each page then holds the top of the tree and its own branch, and every other category that has a
 * page of its own is a link to that page, which lists its contents. The catalogue today is well below this.
 */
export const FULL_TREE_LIMIT = 1500;

const linkCount = (items: SidebarItem[]): number => items.reduce((n, i) => n + 1 + (i.type === 'category' ? linkCount(i.items) : 0), 0);

export function sidebarHtml(items: SidebarItem[], currentRoute: string): string {
  let shared = rendered.get(items);
  if (shared === undefined) {
    shared = linkCount(items) > FULL_TREE_LIMIT ? { large: true } : renderToStaticMarkup(<SidebarList items={items} level={1} counter={{ next: 0 }} />);
    rendered.set(items, shared);
  }
  if (typeof shared !== 'string') return renderToStaticMarkup(<SidebarList items={items} level={1} counter={{ next: 0 }} branchOf={routeKey(currentRoute)} />);
  let html = shared;
  const current = routeKey(currentRoute);
  const counter = { next: 0 };
  const open: number[] = [];
  let currentHref: string | undefined;
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.href && routeKey(item.href) === current) currentHref = item.href;
      if (item.type !== 'category') continue;
      const n = counter.next++;
      if (containsRoute(item, current)) open.push(n);
      walk(item.items);
    }
  };
  walk(items);
  for (const n of open) html = html.replace(`<details data-sb="${n}">`, `<details data-sb="${n}" open="">`);
  if (currentHref) {
    const link = `<a class="sidebar-link" href="${escapeAttribute(currentHref)}">`;
    html = html.replace(link, `${link.slice(0, -1)} aria-current="page">`);
  }
  return html;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

interface ListProps {
  items: SidebarItem[];
  level: number;
  counter: { next: number };
  /** Large trees only: render just this route's branch; other categories with a page become links. */
  branchOf?: string;
}

/** Categories are numbered in document order, the same order `sidebarHtml` walks. */
function SidebarList({ items, level, counter, branchOf }: ListProps) {
  return (
    <ul className={`sidebar-list sidebar-level-${level}`}>
      {items.map((item) => (
        <li key={`${item.type}:${item.label}:${item.href ?? ''}`} className={`sidebar-item sidebar-item-${item.type}`}>
          {item.type === 'link' ? (
            <a className="sidebar-link" href={item.href} aria-current={branchOf !== undefined && routeKey(item.href) === branchOf ? 'page' : undefined}>
              {item.label}
            </a>
          ) : branchOf !== undefined && item.href && !containsRoute(item, branchOf) ? (
            <a className="sidebar-link sidebar-link-section" href={item.href}>
              {item.label}
            </a>
          ) : (
            <SidebarCategory item={item} level={level} counter={counter} branchOf={branchOf} />
          )}
        </li>
      ))}
    </ul>
  );
}

function SidebarCategory({ item, level, counter, branchOf }: Omit<ListProps, 'items'> & { item: Extract<SidebarItem, { type: 'category' }> }) {
  const n = counter.next++;
  const open = branchOf !== undefined && containsRoute(item, branchOf) ? true : undefined;
  const list = <SidebarList items={item.items} level={level + 1} counter={counter} branchOf={branchOf} />;
  if (!item.href) {
    return (
      <details data-sb={n} open={open}>
        <summary>
          <span className="sidebar-category-label">{item.label}</span>
        </summary>
        {list}
      </details>
    );
  }
  // A category with its own page: the link and the open/close control are siblings, since a link inside
  // <summary> would nest two interactive controls. The summary sits beside the link (CSS).
  return (
    <>
      <a className="sidebar-link" href={item.href} aria-current={branchOf !== undefined && routeKey(item.href ?? '') === branchOf ? 'page' : undefined}>
        {item.label}
      </a>
      <details data-sb={n} open={open}>
        <summary className="sidebar-toggle" aria-label={item.label} />
        {list}
      </details>
    </>
  );
}
