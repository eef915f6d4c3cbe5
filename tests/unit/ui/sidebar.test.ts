import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../src/catalogue/types.ts';
import { FULL_TREE_LIMIT, sidebarHtml } from '../../../src/ui/Sidebar.tsx';

/** `sections` categories of `per` pages each, every category with a page of its own. */
function tree(sections: number, per: number): SidebarItem[] {
  return Array.from({ length: sections }, (_, s) => ({
    type: 'category' as const,
    label: `Section ${s}`,
    href: `/doc/s${s}`,
    docId: `s${s}/index`,
    collapsible: true,
    collapsed: true,
    items: Array.from({ length: per }, (_, p) => ({ type: 'link' as const, label: `Page ${s}.${p}`, href: `/doc/s${s}/p${p}`, docId: `s${s}/p${p}` })),
  }));
}

describe('sidebar markup', () => {
  it('opens only the current page\'s ancestors and marks its link', () => {
    const html = sidebarHtml(tree(3, 4), '/doc/s1/p2');
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('<a class="sidebar-link" href="/doc/s1/p2" aria-current="page">Page 1.2</a>');
    expect(html.match(/ open=""/g)).toHaveLength(1);
    expect(html).toContain('<details data-sb="1" open="">');
    // Every page of the tree is in every page's sidebar.
    expect(html.match(/class="sidebar-link"/g)).toHaveLength(3 + 12);
  });

  it('gives each page its own state from the shared markup', () => {
    const items = tree(3, 4);
    const a = sidebarHtml(items, '/doc/s0/p0');
    const b = sidebarHtml(items, '/doc/s2/');
    expect(a).toContain('<details data-sb="0" open="">');
    // A category's own page opens the category, so its pages show.
    expect(b.match(/ open=""/g)).toHaveLength(1);
    expect(b).toContain('<details data-sb="2" open="">');
    expect(b).toContain('<a class="sidebar-link" href="/doc/s2" aria-current="page">Section 2</a>');
  });

  it('keeps each page\'s sidebar small when the tree is huge: its branch, and other sections as links', () => {
    const items = tree(100, 50);
    expect(100 * 51).toBeGreaterThan(FULL_TREE_LIMIT);
    const html = sidebarHtml(items, '/doc/s7/p3');
    expect(html).toContain('<a class="sidebar-link" href="/doc/s7/p3" aria-current="page">Page 7.3</a>');
    expect(html).toContain('<a class="sidebar-link sidebar-link-section" href="/doc/s8">Section 8</a>');
    expect(html.match(/<a /g)).toHaveLength(100 + 50);
  });
});
