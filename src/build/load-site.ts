import fs from 'node:fs';
import type { Root as MdastRoot } from 'mdast';
import path from 'node:path';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { checkOutputPaths, SEARCH_PAGE } from './output-paths.ts';
import { routeKey } from '../catalogue/ids.ts';
import type { Catalogue, Page } from '../catalogue/types.ts';
import { ErrorSink } from '../content/errors.ts';
import { scanContent } from '../content/scan.ts';
import { readImageSize } from '../content/image-size.ts';
import type { SourceTree } from '../content/types.ts';
import { highlighterFor, TokenStyles } from '../markdown/highlighter.ts';
import { SHIKI_LANGUAGES } from '../markdown/languages.ts';
import type { LinkTargets } from '../markdown/links.ts';
import type { TocEntry } from '../markdown/headings.ts';
import { parseMarkdown, type ParsedMarkdown } from '../markdown/parse.ts';
import { renderMarkdown, type CodeBlockInfo } from '../markdown/render-markdown.ts';
import { pagePlaces, type PagePlaces } from '../examples/engine-objects.ts';
import { catalogueCategories, readFunctionCards } from '../examples/signatures/cards.ts';
import { SIGNATURES_FILE } from '../examples/signatures/store.ts';
import { insertSignatureCards } from '../reference/signature-cards.ts';
import { recordedExamples } from '../examples/results-store.ts';
import { siteConfig } from '../site.config.ts';
import type { PageView } from '../ui/types.ts';
import { lastCommitDates } from './git-dates.ts';
import { CONTENT_ASSET_BASE, markdownUrlOf } from './paths.ts';
import { pageViewOf } from './views.ts';

export { CONTENT_ASSET_BASE, markdownUrlOf };

/** One page, ready for the shell: its view plus what the outputs besides HTML need. */
export interface BuiltPage {
  page: Page;
  view: PageView;
  /** The Markdown source, published at `<route>.md` (written pages only). */
  markdown?: string;
  codeBlocks: CodeBlockInfo[];
  /** What the body names, when the build kept it instead of the body (`names-work.ts`). */
  places?: PagePlaces;
  /** The Markdown tree as parsed, before rendering changed it (`keepSourceTrees`: the content check reads it). */
  sourceTree?: MdastRoot;
}

/** Everything the writers need: the catalogue, every page rendered to a view, the code token stylesheet. */
export interface SiteModel {
  tree: SourceTree;
  /** Absolute path of the content folder. */
  contentRoot: string;
  catalogue: Catalogue;
  pages: BuiltPage[];
  tokenCss: string;
  /** Content assets a page links or shows: only these are published. */
  usedAssets: ReadonlySet<string>;
}

export interface LoadOptions {
  projectRoot: string;
  /** Content folder, relative to the project (default `content/doc`). */
  contentDir?: string;
  /** Render pages whose examples have no recorded results yet (the examples tooling itself). */
  allowMissingResults?: boolean;
  /** Skip `git log` (the dev server and the synthetic benchmark do not need dates). */
  withDates?: boolean;
  /**
   * Render only the doc pages whose source (relative to the content folder) this accepts: every page's anchors are
   * still read, so their links are checked (`npm run examples -- one.md` renders one page, not all).
   */
  only?: (relPath: string) => boolean;
  /** Leave code blocks plain text (the examples tooling reads them and shows no page): no highlighter is loaded. */
  plainCode?: boolean;
  /** Keep each doc page's parsed Markdown (`BuiltPage.sourceTree`): a copy costs a fifteenth of parsing again. */
  keepSourceTrees?: boolean;
}

/**
 * Headings of every page body seen in this process, by its text. The dev server prepares the site again after
 * each edit; only the edited page is parsed again.
 */
const outlines = new Map<string, { anchors: ReadonlySet<string>; toc: TocEntry[] }>();

/** The catalogue with every page's anchors known, able to render any page on demand. */
export interface PreparedSite {
  tree: SourceTree;
  contentRoot: string;
  catalogue: Catalogue;
  /** Renders one page to its view; its content errors go to the sink. */
  renderPage(page: Page, sink: ErrorSink): BuiltPage;
  /** The stylesheet for the code tokens of every page rendered so far. */
  tokenCss(): string;
  /** Assets the pages rendered so far refer to. */
  usedAssets: ReadonlySet<string>;
}

/**
 * content → catalogue → anchors of every page (so links between pages can be checked). Rendering is left to
 * `renderPage`: the build renders everything, the dev server only the page a browser asks for.
 */
export async function prepareSite(options: LoadOptions): Promise<PreparedSite> {
  const contentDir = options.contentDir ?? siteConfig.contentDir;
  const contentRoot = path.resolve(options.projectRoot, contentDir);
  const tree = scanContent(contentRoot, options.projectRoot);
  const catalogue = buildCatalogue(tree, { routeBase: siteConfig.routeBase });
  checkOutputPaths(catalogue, [SEARCH_PAGE]);

  const parsed = new Map<Page, ParsedMarkdown>();
  const anchorsByRoute = new Map<string, ReadonlySet<string>>();
  for (const page of catalogue.pages) {
    if (page.kind === 'doc') {
      let outline = outlines.get(page.source.body);
      if (!outline) {
        const p = parseMarkdown(page.source.body);
        parsed.set(page, p);
        outline = { anchors: p.anchors, toc: p.toc };
        outlines.set(page.source.body, outline);
      }
      anchorsByRoute.set(routeKey(page.route), withCardAnchor(new Set(outline.anchors), page));
    } else {
      anchorsByRoute.set(routeKey(page.route), withCardAnchor(new Set(), page));
    }
  }
  const assetSet = new Set(tree.assets.map((a) => a.relPath));
  const usedAssets = new Set<string>();
  const targets: LinkTargets = {
    routeOfSource: (rel) => catalogue.bySource.get(rel)?.route,
    anchorsOf: (key) => anchorsByRoute.get(key),
    hasAsset: (rel) => {
      if (!assetSet.has(rel)) return false;
      usedAssets.add(rel);
      return true;
    },
    imageSize: (rel) => readImageSize(path.join(tree.root, rel)),
    routeBase: siteConfig.routeBase,
    assetBase: CONTENT_ASSET_BASE,
  };
  const highlighter = options.plainCode ? 'plain' : await highlighterFor(SHIKI_LANGUAGES);
  // The signature cards, once recorded (the examples tooling loads the site before anything is recorded).
  const cards = fs.existsSync(path.join(options.projectRoot, SIGNATURES_FILE))
    ? readFunctionCards(options.projectRoot, contentRoot)
    : undefined;
  const categoryOfDir = catalogueCategories(options.projectRoot).byDir;
  const styles = new TokenStyles();
  const dates =
    options.withDates === false ? new Map<string, string>() : lastCommitDates(options.projectRoot, contentDir);

  const renderPage = (page: Page, sink: ErrorSink): BuiltPage => {
    const base = pageViewOf(page, contentDir, dates);
    if (page.kind === 'generated-index') return { page, view: base, codeBlocks: [] };
    // Rendering transforms the syntax tree, so a second render of the same page parses it again.
    const p = parsed.get(page) ?? parseMarkdown(page.source.body);
    parsed.delete(page);
    const sourceTree = options.keepSourceTrees ? structuredClone(p.tree) : undefined;
    const rendered = renderMarkdown(p, {
      file: page.source.file,
      relPath: page.source.relPath,
      targets,
      highlighter,
      styles,
      sink,
      recorded: recordedExamples(contentRoot, page.source.relPath, options.allowMissingResults ? undefined : sink),
      allowMissingResults: options.allowMissingResults,
    });
    if (cards)
      insertSignatureCards(
        rendered.hast,
        pagePlaces(rendered.hast),
        page.title,
        cards,
        categoryOfDir.get(path.posix.dirname(page.source.relPath)),
      );
    const view: PageView = { ...base, toc: p.toc, body: rendered.hast };
    return {
      page,
      view,
      markdown: page.source.raw,
      codeBlocks: rendered.codeBlocks,
      ...(sourceTree && { sourceTree }),
    };
  };
  return { tree, contentRoot, catalogue, renderPage, tokenCss: () => styles.css(), usedAssets };
}

/**
 * content → catalogue → every page rendered. Collects every content error of every page before failing, so one
 * run shows all problems.
 */
export async function loadSite(options: LoadOptions): Promise<SiteModel> {
  const site = await prepareSite(options);
  const sink = new ErrorSink();
  const wanted = (page: Page) => !options.only || (page.kind === 'doc' && options.only(page.source.relPath));
  const pages = site.catalogue.pages.filter(wanted).map((page) => site.renderPage(page, sink));
  sink.throwIfAny();
  return {
    tree: site.tree,
    contentRoot: site.contentRoot,
    catalogue: site.catalogue,
    pages,
    tokenCss: site.tokenCss(),
    usedAssets: site.usedAssets,
  };
}

/** Pages with section cards also have the "In this section" heading as a link target. */
function withCardAnchor(anchors: Set<string>, page: Page): ReadonlySet<string> {
  if (page.cards.length > 0) anchors.add('section-cards-heading');
  return anchors;
}
