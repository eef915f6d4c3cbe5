import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../src/catalogue/types.ts';
import { sidebarData, sidebarHtml } from '../../../src/ui/Sidebar.tsx';

/** `sections` categories of `per` entries each, every category with a page of its own; section 1 holds a sub-category. */
function tree(sections: number, per: number): SidebarItem[] {
  return Array.from({ length: sections }, (_, s) => ({
    type: 'category' as const,
    label: `Section ${s}`,
    href: `/doc/s${s}`,
    docId: `s${s}/index`,
    collapsible: true,
    collapsed: true,
    items: [
      ...Array.from({ length: per }, (_page, p) => ({
        type: 'link' as const,
        label: `Page ${s}.${p}`,
        href: `/doc/s${s}/p${p}`,
        docId: `s${s}/p${p}`,
      })),
      {
        type: 'category' as const,
        label: `Group ${s}`,
        href: `/doc/s${s}/g`,
        docId: `s${s}/g/index`,
        collapsible: true,
        collapsed: true,
        items: [{ type: 'link' as const, label: `Deep ${s}`, href: `/doc/s${s}/g/deep`, docId: `s${s}/g/deep` }],
      },
      {
        type: 'category' as const,
        label: `Loose ${s}`,
        collapsible: true,
        collapsed: true,
        items: [{ type: 'link' as const, label: `Loose page ${s}`, href: `/doc/s${s}/loose`, docId: `s${s}/loose` }],
      },
    ],
  }));
}

describe('sidebar markup', () => {
  it("opens the current page's branch and marks its link; another category is its link alone", () => {
    const html = sidebarHtml(tree(3, 4), '/doc/s1/g/deep');
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('<a href="/doc/s1/g/deep" aria-current="page">Deep 1</a>');
    // Section 1 and its group are open; nothing else.
    expect(html.match(/ open=""/g)).toHaveLength(2);
    for (let p = 0; p < 4; p++) expect(html).toContain(`href="/doc/s1/p${p}"`);
    // The other sections are their links, marked for the loader, which gives them a toggle: their pages are on
    // their own pages' sidebars (and in the sidebar's JSON).
    for (const s of [0, 2]) {
      expect(html).toContain(`<li data-sb-lazy=""><a href="/doc/s${s}">Section ${s}</a></li>`);
      expect(html).not.toContain(`href="/doc/s${s}/p0"`);
    }
    // A category without a page of its own, off the branch, is a link to its first page, where it is open.
    expect(html).toContain('<li data-sb-lazy=""><a href="/doc/s1/loose" data-sb-group="">Loose 1</a></li>');
    expect(sidebarHtml(tree(3, 4), '/doc/s1/loose')).toContain(
      '<details open=""><summary><span>Loose 1</span></summary><ul><li><a href="/doc/s1/loose" aria-current="page">',
    );
  });

  it('carries no classes: a page holds a hundred entries, and the stylesheet finds each by its place', () => {
    const html = sidebarHtml(tree(3, 4), '/doc/s1/g/deep');
    expect(html).not.toContain('class=');
    expect(html.startsWith('<ul><li data-sb-lazy=""><a href="/doc/s0">')).toBe(true);
  });

  it('gives each page its own state from shared markup', () => {
    const items = tree(3, 4);
    const a = sidebarHtml(items, '/doc/s0/p0');
    const b = sidebarHtml(items, '/doc/s2/');
    expect(a).toContain('<a href="/doc/s0/p0" aria-current="page">Page 0.0</a>');
    expect(a).not.toContain('href="/doc/s2/p0"');
    // A category's own page opens the category, so its pages show.
    expect(b.match(/ open=""/g)).toHaveLength(1);
    expect(b).toContain(
      '<a href="/doc/s2" aria-current="page">Section 2</a><details open=""><summary aria-label="Section 2"></summary>',
    );
    expect(b).toContain('<li data-sb-lazy=""><a href="/doc/s0">Section 0</a></li>');
  });

  it("keeps each page's sidebar small when the tree is huge: the top level and its own branch", () => {
    const html = sidebarHtml(tree(100, 50), '/doc/s7/p3');
    expect(html).toContain('<a href="/doc/s7/p3" aria-current="page">Page 7.3</a>');
    expect(html).toContain('<li data-sb-lazy=""><a href="/doc/s8">Section 8</a></li>');
    // 100 sections, the 50 pages and the group of section 7, and the loose category's page.
    expect(html.match(/<a /g)).toHaveLength(100 + 50 + 1 + 1);
  });

  it('escapes labels and describes the whole tree as JSON for the loader', () => {
    const items: SidebarItem[] = [{ type: 'link', label: 'A & <B>', href: '/doc/a', docId: 'a' }];
    expect(sidebarHtml(items, '/doc/x')).toContain('>A &amp; &lt;B&gt;</a>');
    expect(sidebarData(tree(1, 1))).toEqual([
      {
        l: 'Section 0',
        h: '/doc/s0',
        c: [
          { l: 'Page 0.0', h: '/doc/s0/p0' },
          { l: 'Group 0', h: '/doc/s0/g', c: [{ l: 'Deep 0', h: '/doc/s0/g/deep' }] },
          { l: 'Loose 0', c: [{ l: 'Loose page 0', h: '/doc/s0/loose' }] },
        ],
      },
    ]);
  });
});
