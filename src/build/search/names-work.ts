/**
 * The outputs read from the rendered pages: the search names (`search-names.ts`) and the engine coverage
 * (`engine-objects.ts`). Each page's render kept what it names (`BodyMeta.places`), so they are put together
 * here from those small records, without reading any page's syntax tree again; and each function's entry, for
 * `functions.json` (kept with them: finding the entries reads every page's places).
 */
import type { Catalogue } from '../../catalogue/types.ts';
import type { SourceTree } from '../../content/types.ts';
import {
  engineCoverage,
  functionEntries,
  namedPlaces,
  type CoverageLine,
  type EngineObjects,
  type NamePlace,
  type PagePlaces,
} from '../../examples/engine-objects.ts';
import type { NameIndex } from '../../islands/name-match.ts';
import type { PageView } from '../../ui/types.ts';
import type { BuiltPage, SiteModel } from '../load-site.ts';
import { nameIndex } from './search-names.ts';
import { settingSummaries } from '../../reference/settings-data.ts';
import { errorCodeSummaries } from '../../reference/error-codes.ts';

/** Each page's view (without body) and, for a written page, what its body names. */
export type NamePage = { view: PageView; places?: PagePlaces };

export interface Names {
  index: NameIndex;
  coverage: CoverageLine[];
  /** Each documented function's entry (`functionEntries`), for `functions.json`: kept with the names, under their key. */
  functions: [string, NamePlace][];
}

export function computeNames(model: SiteModel, projectRoot: string, objects: EngineObjects): Names {
  return {
    index: nameIndex(model, projectRoot, objects, settingSummaries(projectRoot), errorCodeSummaries(projectRoot)),
    coverage: engineCoverage(model, objects),
    functions: [...functionEntries(namedPlaces(model), objects.functions)],
  };
}

/** The pages as `SiteModel` for the writers that read them (names, sitemap, llms.txt): views and places, no bodies. */
export function siteModelOf(
  tree: SourceTree,
  contentRoot: string,
  catalogue: Catalogue,
  pages: readonly NamePage[],
  usedAssets: ReadonlySet<string> = new Set(),
): SiteModel {
  const built: BuiltPage[] = pages.map(({ view, places }, i) => {
    const page = catalogue.pages[i]!;
    return {
      page,
      view,
      markdown: page.kind === 'doc' ? page.source.raw : undefined,
      codeBlocks: [],
      ...(places ? { places } : {}),
    };
  });
  return { tree, contentRoot, catalogue, pages: built, tokenCss: '', usedAssets };
}
