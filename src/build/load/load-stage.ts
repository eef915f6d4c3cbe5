/**
 * Stage 1, load: the content scanned (frontmatter through the memo), the catalogue, the data the pages are made
 * from, git dates, and every page's state with its view. Everything that can refuse the content or the output's
 * routes does so here, before anything is written.
 */
import { buildCatalogue } from '../../catalogue/build-catalogue.ts';
import { routeKey } from '../../catalogue/ids.ts';
import type { Catalogue } from '../../catalogue/types.ts';
import { scanContent } from '../../content/scan.ts';
import type { SourceTree } from '../../content/types.ts';
import { pinnedEngineVersion } from '../../examples/bridge.ts';
import { readEngineObjects, type EngineObjects } from '../../examples/engine-objects.ts';
import { themeBootstrap } from '../../islands/theme.ts';
import { siteConfig } from '../../site.config.ts';
import type { SiteView } from '../../ui/types.ts';
import type { BuildContext } from '../build-context.ts';
import { checkedMemo, frontmatterMemo, regexStore } from '../cache/cache-stores.ts';
import { sha256 } from '../cache/code-hash.ts';
import { codeKeys, type CodeKeys } from '../cache/code-keys.ts';
import { catalogueCoverage, type Coverage } from '../coverage.ts';
import { lastCommitDatesAsync } from '../git-dates.ts';
import { ASSET_PLACEHOLDERS } from '../page-keys.ts';
import type { PageState } from '../page-state.ts';
import { checkOutputPaths, SEARCH_PAGE } from '../output-paths.ts';
import { metaContentSecurityPolicy } from '../content-security-policy.ts';
import { resultsFileOf } from '../../examples/results-store.ts';
import { functionCards, readOr, type FunctionCards } from './function-cards.ts';
import { pageStatesOf } from './page-states.ts';

/** What the load stage gives every later one. */
export interface LoadedSite {
  code: CodeKeys;
  frontmatter: ReturnType<typeof frontmatterMemo>;
  checked: ReturnType<typeof checkedMemo>;
  regexes: ReturnType<typeof regexStore>;
  tree: SourceTree;
  catalogue: Catalogue;
  objects: EngineObjects;
  cards: FunctionCards;
  coverage: Coverage;
  /** The site around every page, with placeholders for the assets and an empty sidebar (filled when written). */
  site: SiteView;
  /** The site view and the page code: every page's key holds it. */
  siteKey: string;
  /** Route of each source file, route key of every page, every content asset: what links may point to. */
  routeOfSource: Record<string, string>;
  pageKeys: string[];
  assets: string[];
  /** Every page, in catalogue order. */
  states: PageState[];
  /** A page's recorded results as text (`''` when it has none), by its source path: read once per build. */
  resultsOf: (relPath: string) => string;
}

export async function load(ctx: BuildContext): Promise<LoadedSite> {
  const { projectRoot, contentRoot, cache } = ctx;
  const dates = lastCommitDatesAsync(projectRoot, ctx.contentDir);
  const code = codeKeys(projectRoot);
  const frontmatter = frontmatterMemo(cache, code.frontmatter);
  const regexes = regexStore(cache, code.regexes);
  const checked = checkedMemo(cache, code.checks);
  const tree = scanContent(contentRoot, projectRoot, frontmatter, checked);
  const catalogue = buildCatalogue(tree, { routeBase: siteConfig.routeBase });
  // Before anything is written: no route may land on another page's file or one the build makes itself.
  checkOutputPaths(catalogue, [SEARCH_PAGE]);
  ctx.clock.stage('catalogue');
  // The catalogue's data is read before anything is written: missing or corrupt, the build stops here.
  const objects = readEngineObjects(projectRoot);
  const cards = functionCards(cache, code.cards, projectRoot, contentRoot);
  const coverage = catalogueCoverage(projectRoot, catalogue);
  const site = siteViewOf(catalogue, projectRoot);
  const routeOfSource: Record<string, string> = {};
  for (const [rel, p] of catalogue.bySource) routeOfSource[rel] = p.route;
  const results = new Map<string, string>();
  const resultsOf = (relPath: string) => {
    let text = results.get(relPath);
    if (text === undefined) results.set(relPath, (text = readOr(resultsFileOf(contentRoot, relPath))));
    return text;
  };
  const inputs = { code: code.body, resultsOf, cardNames: cards.byNormalName, cardsKey: cards.key };
  return {
    code,
    frontmatter,
    checked,
    regexes,
    tree,
    catalogue,
    objects,
    cards,
    coverage,
    site,
    siteKey: sha256(code.page, JSON.stringify(site)),
    routeOfSource,
    pageKeys: catalogue.pages.map((p) => routeKey(p.route)),
    assets: tree.assets.map((a) => a.relPath),
    states: pageStatesOf(catalogue, ctx.contentDir, await dates, inputs, cache, ctx.previous),
    resultsOf,
  };
}

/** The site around every page. Pages are made with an empty sidebar, each filled with its own as it is written. */
export function siteViewOf(catalogue: Catalogue, projectRoot: string): SiteView {
  return {
    sidebar: [],
    version: catalogue.version,
    stylesheets: [ASSET_PLACEHOLDERS.stylesheet],
    scripts: [ASSET_PLACEHOLDERS.script],
    themeScript: themeBootstrap,
    origin: siteConfig.origin,
    engineVersion: pinnedEngineVersion(projectRoot),
    contentSecurityPolicy: metaContentSecurityPolicy(themeBootstrap),
    sidebarData: ASSET_PLACEHOLDERS.sidebarData,
  };
}
