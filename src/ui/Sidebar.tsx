import type { SidebarItem } from '../catalogue/types.ts';
import { routeKey } from '../catalogue/ids.ts';
import { uiStrings } from './strings.ts';

/** Whether the item is, or holds, the page at `current` (compared without trailing slash). */
export function containsRoute(item: SidebarItem, current: string): boolean {
  if (item.href && routeKey(item.href) === current) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, current));
}

/**
 * The single sidebar tree. Categories are native `<details>` so they open and close without JavaScript; every
 * category is closed except the ancestors of the current page, which is marked with aria-current.
 */
export function Sidebar({ items, currentRoute }: { items: SidebarItem[]; currentRoute: string }) {
  const current = routeKey(currentRoute);
  return (
    <nav className="sidebar" id="sidebar" aria-label={uiStrings.mainNavigation}>
      <SidebarList items={items} current={current} level={1} />
    </nav>
  );
}

function SidebarList({ items, current, level }: { items: SidebarItem[]; current: string; level: number }) {
  return (
    <ul className={`sidebar-list sidebar-level-${level}`}>
      {items.map((item) => (
        <li key={`${item.type}:${item.label}:${item.href ?? ''}`} className={`sidebar-item sidebar-item-${item.type}`}>
          {item.type === 'link' ? (
            <SidebarLink href={item.href} label={item.label} current={routeKey(item.href) === current} />
          ) : item.href ? (
            // A category with its own page: the link and the open/close control are siblings, since a link
            // inside <summary> would nest two interactive controls. The summary sits beside the link (CSS).
            <>
              <SidebarLink href={item.href} label={item.label} current={routeKey(item.href) === current} />
              <details open={containsRoute(item, current) || undefined}>
                <summary className="sidebar-toggle" aria-label={item.label} />
                <SidebarList items={item.items} current={current} level={level + 1} />
              </details>
            </>
          ) : (
            <details open={containsRoute(item, current) || undefined}>
              <summary>
                <span className="sidebar-category-label">{item.label}</span>
              </summary>
              <SidebarList items={item.items} current={current} level={level + 1} />
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

function SidebarLink({ href, label, current }: { href: string; label: string; current: boolean }) {
  return (
    <a className="sidebar-link" href={href} aria-current={current ? 'page' : undefined}>
      {label}
    </a>
  );
}
