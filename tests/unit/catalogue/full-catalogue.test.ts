/**
 * The whole catalogue, computed from its source paths: every page of content/catalogue/catalogue.tsv is placed
 * in a synthetic content tree (with the project's real `_category_.json` files) and the catalogue stage must
 * give back exactly its ids, routes and sidebar order. Pages written later then drop into their place.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogueRows } from '../../../src/build/coverage.ts';
import { buildCatalogue } from '../../../src/catalogue/build-catalogue.ts';
import { docIdFromPath, docRoute } from '../../../src/catalogue/ids.ts';
import type { Page } from '../../../src/catalogue/types.ts';
import type { SourceDoc, SourceFolder } from '../../../src/content/types.ts';
import { scanContent } from '../../../src/content/scan.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const rows = readCatalogueRows(root) ?? [];

function syntheticTree() {
  const tree = scanContent(path.join(root, 'content/doc'), root);
  const folders = new Map<string, SourceFolder>();
  const index = (f: SourceFolder) => {
    f.docs = [];
    folders.set(f.relPath, f);
    f.folders.forEach(index);
  };
  index(tree.top);
  const folderAt = (rel: string): SourceFolder => {
    const found = folders.get(rel);
    if (found) return found;
    const parent = folderAt(rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
    const created: SourceFolder = { relPath: rel, name: rel.split('/').pop() ?? rel, docs: [], folders: [] };
    parent.folders.push(created);
    folders.set(rel, created);
    return created;
  };
  for (const row of rows) {
    if (!row.source.endsWith('.md')) continue;
    const computedId = docIdFromPath(row.source);
    const lastOf = (id: string) => id.split('/').pop() ?? id;
    const idOverride = lastOf(computedId) !== lastOf(row.id) ? lastOf(row.id) : undefined;
    const id = docIdFromPath(row.source, idOverride);
    const slug = docRoute(id, '/doc') !== row.route ? row.route.slice('/doc'.length) : undefined;
    const doc: SourceDoc = {
      relPath: row.source,
      file: `content/doc/${row.source}`,
      frontmatter: {
        title: row.title,
        description: `About ${row.title}.`,
        ...(row.sidebarLabel && row.sidebarLabel !== row.title ? { sidebar_label: row.sidebarLabel } : {}),
        ...(row.position !== '' ? { sidebar_position: Number(row.position) } : {}),
        ...(idOverride ? { id: idOverride } : {}),
        ...(slug ? { slug } : {}),
      },
      body: '',
      raw: '',
    };
    folderAt(row.source.includes('/') ? row.source.slice(0, row.source.lastIndexOf('/')) : '').docs.push(doc);
  }
  return tree;
}

describe('the full catalogue', () => {
  const catalogue = buildCatalogue(syntheticTree(), { routeBase: '/doc' });

  it('has every route of the catalogue, with its id and title', () => {
    const byRoute = new Map(catalogue.pages.map((p) => [p.route, p]));
    for (const row of rows) {
      const page = byRoute.get(row.route);
      expect(page, row.route).toBeDefined();
      expect(page?.id, row.route).toBe(row.id);
      expect(page?.title.trim(), row.route).toBe(row.title.trim());
    }
    expect(catalogue.pages).toHaveLength(rows.length);
    expect(rows.filter((r) => !r.id.startsWith('generated-index:'))).toHaveLength(466);
  });

  it('lists pages in the sidebar order of the catalogue, with a name before its variants (MIN before MIN_IF)', () => {
    // The catalogue keeps the 2023 sidebar's order, which put `min-if.md` before `min.md` ('-' sorts before '.'):
    // move each page above the neighbours in its folder whose names extend its own.
    const order = rows.map((r) => ({
      route: r.route,
      folder: path.posix.dirname(r.source),
      stem: path.posix.basename(r.source).replace(/\.mdx?$/, ''),
    }));
    for (let moved = true; moved;) {
      moved = false;
      for (let i = 0; i + 1 < order.length; i++) {
        const [a, b] = [order[i]!, order[i + 1]!];
        if (a.folder === b.folder && b.stem !== 'index' && a.stem.startsWith(b.stem)) {
          [order[i], order[i + 1]] = [b, a];
          moved = true;
        }
      }
    }
    const routes = catalogue.pages.map((p: Page) => p.route);
    expect(routes).toEqual(order.map((r) => r.route));
    expect(routes.indexOf('/doc/sql-functions/aggregate-functions/aggregate-min')).toBeLessThan(
      routes.indexOf('/doc/sql-functions/aggregate-functions/aggregate-min-if'),
    );
    expect(routes.indexOf('/doc/sql-functions/aggregate-functions/aggregate-avg')).toBeLessThan(
      routes.indexOf('/doc/sql-functions/aggregate-functions/aggregate-avg-if'),
    );
  });

  it('gives each category the label and nesting of the catalogue', () => {
    const pathOf = new Map<string, string>();
    const walk = (items: typeof catalogue.sidebar, trail: string[]) => {
      for (const item of items) {
        if (item.type === 'category') {
          const inner = [...trail, item.label];
          if (item.href) pathOf.set(item.href, inner.join(' > '));
          walk(item.items, inner);
        } else {
          // A category whose only page is its index shows as a link, but the page still sits in its category.
          const ownCategory = item.docId.endsWith('/index');
          pathOf.set(item.href, (ownCategory ? [...trail, item.label] : trail).join(' > '));
        }
      }
    };
    walk(catalogue.sidebar, []);
    for (const row of rows) expect(pathOf.get(row.route)?.trim(), row.route).toBe(row.categoryPath.trim());
  });

  it('starts every category collapsed and collapsible', () => {
    const categories = JSON.stringify(catalogue.sidebar).match(/"type":"category"/g) ?? [];
    expect(categories.length).toBeGreaterThan(30);
    const check = (items: typeof catalogue.sidebar) => {
      for (const item of items) {
        if (item.type === 'category') {
          expect(item.collapsed).toBe(true);
          expect(item.collapsible).toBe(true);
          check(item.items);
        }
      }
    };
    check(catalogue.sidebar);
  });

  it('gives every doc metadata entry the specification fields and nothing else', () => {
    for (const doc of catalogue.docs) {
      expect(Object.keys(doc).sort()).toEqual(['description', 'id', 'sidebar', 'title']);
      expect(doc.sidebar).toBe('doc');
    }
    expect(catalogue.docs).toHaveLength(466);
  });

  it('records one version: current, labelled Next, the latest', () => {
    expect(catalogue.version).toMatchObject({ version: 'current', label: 'Next', isLast: true });
    expect(Object.keys(catalogue.version).sort()).toEqual([
      'badge',
      'banner',
      'className',
      'isLast',
      'label',
      'noIndex',
      'pluginId',
      'version',
    ]);
  });
});
