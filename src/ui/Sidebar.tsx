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

const rendered = new WeakMap<SidebarItem[], string>();

export function sidebarHtml(items: SidebarItem[], currentRoute: string): string {
  let html = rendered.get(items);
  if (html === undefined) {
    html = renderToStaticMarkup(<SidebarList items={items} level={1} counter={{ next: 0 }} />);
    rendered.set(items, html);
  }
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

/** Categories are numbered in document order, the same order `sidebarHtml` walks. */
function SidebarList({ items, level, counter }: { items: SidebarItem[]; level: number; counter: { next: number } }) {
  return (
    <ul className={`sidebar-list sidebar-level-${level}`}>
      {items.map((item) => (
        <li key={`${item.type}:${item.label}:${item.href ?? ''}`} className={`sidebar-item sidebar-item-${item.type}`}>
          {item.type === 'link' ? (
            <a className="sidebar-link" href={item.href}>
              {item.label}
            </a>
          ) : (
            <SidebarCategory item={item} level={level} counter={counter} />
          )}
        </li>
      ))}
    </ul>
  );
}

function SidebarCategory({ item, level, counter }: { item: Extract<SidebarItem, { type: 'category' }>; level: number; counter: { next: number } }) {
  const n = counter.next++;
  const list = <SidebarList items={item.items} level={level + 1} counter={counter} />;
  if (!item.href) {
    return (
      <details data-sb={n}>
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
      <a className="sidebar-link" href={item.href}>
        {item.label}
      </a>
      <details data-sb={n}>
        <summary className="sidebar-toggle" aria-label={item.label} />
        {list}
      </details>
    </>
  );
}
