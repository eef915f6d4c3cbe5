/**
 * The catalogue: what the build knows about every page once the content is scanned. Field names of
 * VersionRecord, SidebarItem and DocMeta are the specification's own; keep them.
 */
import type { SourceDoc } from '../content/types.ts';

/** The documentation version record. There is one version: the current one, which is also the latest. */
export interface VersionRecord {
  pluginId: string;
  version: 'current';
  label: string;
  banner: string | null;
  badge: boolean;
  noIndex: boolean;
  className: string;
  /** True: the current version is the latest. */
  isLast: boolean;
}

/** A sidebar entry: a page link or a category (which may have a page of its own). */
export type SidebarItem = SidebarLink | SidebarCategory;

export interface SidebarLink {
  type: 'link';
  /** Text shown in the sidebar. */
  label: string;
  /** Route of the page. */
  href: string;
  /** Id of the page (its route path under /doc/). */
  docId: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Route of the category's own page (an index page or a generated index), when it has one. */
  href?: string;
  /** Id of that page. */
  docId?: string;
  /** Categories can always be opened and closed. */
  collapsible: boolean;
  /** Every category starts collapsed in the data; the UI opens the current page's ancestors. */
  collapsed: boolean;
  items: SidebarItem[];
}

/** A doc metadata entry. */
export interface DocMeta {
  /** The route path under /doc/, e.g. `sql-commands/ddl/table/ddl-create-table`. */
  id: string;
  title: string;
  description: string;
  /** Always "doc": there is one sidebar. */
  sidebar: 'doc';
}

/** A link to a page as the UI shows it (breadcrumbs, previous/next, cards). */
export interface PageLink {
  label: string;
  href: string;
}

/** A child of a section, listed on the section's page with its description. */
export interface SectionCard extends PageLink {
  description: string;
  /** A category (with pages of its own) rather than a single page. */
  isCategory: boolean;
}

export interface PageBase {
  /** Canonical route, e.g. `/doc/guides/` or `/doc/deploy`. */
  route: string;
  title: string;
  description: string;
  /** Ancestor categories, outermost first (the page itself is not included). */
  breadcrumbs: PageLink[];
  /** Label of the top-level sidebar entry the page sits under. */
  section: string;
  prev?: PageLink;
  next?: PageLink;
  /** Pages of the section this page introduces (landing and category pages). */
  cards: SectionCard[];
}

/** A page written in Markdown. */
export interface DocPage extends PageBase {
  kind: 'doc';
  id: string;
  source: SourceDoc;
  enterprise: boolean;
  /** Search keywords from the frontmatter (words readers use that the page does not). */
  keywords: string[];
}

/** A category page whose body is generated from its children. */
export interface GeneratedIndexPage extends PageBase {
  kind: 'generated-index';
  /** `generated-index:<folder id>`, as in the catalogue. */
  id: string;
  /** Project-relative path of the `_category_.json` that declares it. */
  categoryFile: string;
}

export type Page = DocPage | GeneratedIndexPage;

export interface Catalogue {
  version: VersionRecord;
  /** The single sidebar tree, named `doc`. */
  sidebar: SidebarItem[];
  docs: DocMeta[];
  /** Every page in sidebar order. */
  pages: Page[];
  /** Page by route without trailing slash (`/doc` for `/doc/`). */
  byRoute: Map<string, Page>;
  /** Doc page by its source path relative to the content root. */
  bySource: Map<string, DocPage>;
}
