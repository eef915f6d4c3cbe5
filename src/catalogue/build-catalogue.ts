import { ErrorSink } from '../content/errors.ts';
import type { SourceDoc, SourceFolder, SourceTree } from '../content/types.ts';
import { compareSidebarOrder, docIdFromPath, docRoute, numberPrefix, routeKey, stripNumberPrefix } from './ids.ts';
import type { Catalogue, DocMeta, DocPage, Page, PageLink, SectionCard, SidebarItem } from './types.ts';
import { currentVersion } from './version.ts';

/** Intermediate tree: ordered, pruned, ids and routes resolved; not yet what the UI sees. */
interface DocNode {
  kind: 'doc';
  page: DocPage;
  label: string;
  position?: number;
  sortName: string;
}
interface CategoryNode {
  kind: 'category';
  label: string;
  position?: number;
  sortName: string;
  /** The category's own page: its index.md or its generated index. */
  page?: Page;
  children: TreeNode[];
}
type TreeNode = DocNode | CategoryNode;

export interface CatalogueOptions {
  /** Route prefix of every page. */
  routeBase: string;
}

/**
 * Builds the catalogue from the scanned content: ids, routes, the sidebar tree, breadcrumbs, previous/next,
 * section cards and the doc metadata. Duplicate ids or routes are errors naming both files.
 */
export function buildCatalogue(tree: SourceTree, options: CatalogueOptions): Catalogue {
  const sink = new ErrorSink();
  const { routeBase } = options;

  const makeDocPage = (doc: SourceDoc): DocPage => {
    const fm = doc.frontmatter;
    const id = docIdFromPath(doc.relPath, fm.id);
    return {
      kind: 'doc',
      id,
      route: docRoute(id, routeBase, fm.slug),
      title: fm.title,
      description: fm.description,
      source: doc,
      enterprise: fm.enterprise ?? false,
      keywords: fm.keywords ?? [],
      breadcrumbs: [],
      section: '',
      cards: [],
    };
  };

  const docNode = (doc: SourceDoc): DocNode => {
    const fileName = doc.relPath.split('/').pop() ?? doc.relPath;
    return {
      kind: 'doc',
      page: makeDocPage(doc),
      label: doc.frontmatter.sidebar_label ?? doc.frontmatter.title,
      position: doc.frontmatter.sidebar_position ?? numberPrefix(fileName),
      sortName: fileName,
    };
  };

  function folderNode(folder: SourceFolder): CategoryNode | undefined {
    const indexDoc = folder.docs.find((d) => /(^|\/)index\.md$/.test(d.relPath));
    const children: TreeNode[] = [
      ...folder.docs.filter((d) => d !== indexDoc).map(docNode),
      ...folder.folders.map(folderNode).filter((n): n is CategoryNode => n !== undefined),
    ].sort(compareSidebarOrder);
    const category = folder.category;
    // A folder without `_category_.json` is named by its index page, else by its folder name.
    const label =
      category?.label ??
      (indexDoc ? (indexDoc.frontmatter.sidebar_label ?? indexDoc.frontmatter.title) : stripNumberPrefix(folder.name));
    const node: CategoryNode = {
      kind: 'category',
      label,
      // Without a position of its own, a category takes its index page's, then its folder prefix.
      position: category?.position ?? indexDoc?.frontmatter.sidebar_position ?? numberPrefix(folder.name),
      sortName: folder.name,
      children,
    };
    if (indexDoc) {
      node.page = makeDocPage(indexDoc);
    } else if (category?.link && children.length > 0) {
      // A generated index exists only while its section holds at least one written page.
      const link = category.link;
      node.page = {
        kind: 'generated-index',
        id: `generated-index:${docIdFromPath(folder.relPath)}`,
        route: `${routeBase}${link.slug}`,
        title: link.title ?? label,
        description: link.description,
        categoryFile: folder.categoryFile ?? folder.relPath,
        breadcrumbs: [],
        section: '',
        cards: [],
      };
    }
    if (!node.page && children.length === 0) return undefined;
    return node;
  }

  const top = folderNode(tree.top);
  const roots: TreeNode[] = top ? top.children : [];
  if (top?.page) roots.unshift({ kind: 'doc', page: top.page as DocPage, label: top.page.title, sortName: '' });

  // Walk the tree once: sidebar items, pages in order, breadcrumbs and cards.
  const pages: Page[] = [];
  const cardOf = (node: TreeNode): SectionCard | undefined =>
    node.page
      ? {
          label: node.page.title,
          href: node.page.route,
          description: node.page.description,
          isCategory: node.kind === 'category' && node.children.length > 0,
        }
      : undefined;

  function visit(node: TreeNode, crumbs: PageLink[]): SidebarItem {
    // The top-level sidebar entry a page sits under names its section (the search filter).
    const section = crumbs[0]?.label ?? node.label;
    if (node.kind === 'doc') {
      node.page.breadcrumbs = crumbs;
      node.page.section = section;
      pages.push(node.page);
      return { type: 'link', label: node.label, href: node.page.route, docId: node.page.id };
    }
    const page = node.page;
    if (page && node.children.length === 0) {
      // A category whose only page is its own index shows as a plain link.
      page.breadcrumbs = crumbs;
      page.section = section;
      pages.push(page);
      return { type: 'link', label: node.label, href: page.route, docId: page.id };
    }
    if (page) {
      page.breadcrumbs = crumbs;
      page.section = section;
      page.cards = node.children.map(cardOf).filter((c): c is SectionCard => c !== undefined);
      pages.push(page);
    }
    const inner = [...crumbs, page ? { label: node.label, href: page.route } : { label: node.label, href: '' }];
    const items = node.children.map((child) => visit(child, inner));
    return {
      type: 'category',
      label: node.label,
      ...(page ? { href: page.route, docId: page.id } : {}),
      collapsible: true,
      collapsed: true,
      items,
    };
  }
  const sidebar = roots.map((n) => visit(n, []));

  pages.forEach((page, i) => {
    const prev = pages[i - 1];
    const next = pages[i + 1];
    if (prev) page.prev = { label: prev.title, href: prev.route };
    if (next) page.next = { label: next.title, href: next.route };
  });

  // Unique ids and routes.
  const byRoute = new Map<string, Page>();
  const byId = new Map<string, Page>();
  const where = sourceFileOf;
  const lineOf = frontmatterLineOf;
  for (const page of pages) {
    const key = routeKey(page.route);
    // Keyed without case: routes that differ only by case are one file on a case-insensitive disk or host.
    const clash = byRoute.get(key.toLowerCase());
    if (clash && routeKey(clash.route) === key)
      sink.add(where(page), lineOf(page, 'slug'), `duplicate route ${page.route}: also the route of ${where(clash)}`);
    else if (clash)
      sink.add(
        where(page),
        lineOf(page, 'slug'),
        `route ${page.route} differs only by case from ${clash.route}, the route of ` +
          `${where(clash)}: on a case-insensitive disk or host one would overwrite the other; ` +
          `rename one of them`,
      );
    else byRoute.set(key.toLowerCase(), page);
    const idClash = byId.get(page.id);
    if (idClash)
      sink.add(where(page), lineOf(page, 'id'), `duplicate id "${page.id}": also the id of ${where(idClash)}`);
    else byId.set(page.id, page);
  }
  sink.throwIfAny();

  const bySource = new Map<string, DocPage>();
  const docs: DocMeta[] = [];
  for (const page of pages) {
    if (page.kind !== 'doc') continue;
    bySource.set(page.source.relPath, page);
    docs.push({ id: page.id, title: page.title, description: page.description, sidebar: 'doc' });
  }

  return { version: currentVersion, sidebar, docs, pages, byRoute, bySource };
}

/** The file a page comes from: its Markdown, or the `_category_.json` of a generated index. */
export function sourceFileOf(p: Page): string {
  return p.kind === 'doc' ? p.source.file : p.categoryFile;
}

/** The line of a frontmatter key in a page's source (1 when the page has none: a generated index, a missing key). */
export function frontmatterLineOf(p: Page, key: string): number {
  if (p.kind !== 'doc') return 1;
  const idx = p.source.raw.search(new RegExp(`^${key}:`, 'm'));
  return idx >= 0 ? p.source.raw.slice(0, idx).split('\n').length : 1;
}
