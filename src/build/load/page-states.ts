/**
 * Each page as the build starts with it (`PageState`): its view, the key of its body's sources, and the body's
 * meta when the cache holds that body.
 */
import type { Catalogue } from '../../catalogue/types.ts';
import type { FunctionCard } from '../../examples/signatures/cards.ts';
import { normalName } from '../../islands/name-match.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { sha256 } from '../cache/code-hash.ts';
import type { Manifest } from '../cache/manifest.ts';
import { hasBody, readBody, type BodyMeta } from '../page-keys.ts';
import type { PageState } from '../page-state.ts';
import { pageViewOf } from '../views.ts';

/**
 * The cards a page title names, as they enter its body key: the title reaches the body only through the cards of
 * the functions it names (usually none), so retitling a page renders its body again only when those change.
 */
export function titleCardsOf(title: string, cardNames: ReadonlyMap<string, FunctionCard>): string {
  return title
    .split(/\s*[,/]\s*/)
    .map(normalName)
    .filter((n) => cardNames.has(n))
    .join(',');
}

export interface BodyInputs {
  /** The code behind a body (`codeKeys().body`). */
  code: string;
  /** A page's recorded results as text (`''` when it has none), by its source path. */
  resultsOf: (relPath: string) => string;
  cardNames: ReadonlyMap<string, FunctionCard>;
  /** The hash of every card and category (`FunctionCards.key`). */
  cardsKey: string;
}

/** Every page's state, in catalogue order; a doc page's body meta from the cache when its key is there. */
export function pageStatesOf(
  catalogue: Catalogue,
  contentDir: string,
  dates: ReadonlyMap<string, string>,
  inputs: BodyInputs,
  cache: BuildCache,
  previous: Manifest,
): PageState[] {
  return catalogue.pages.map((page) => {
    const view = pageViewOf(page, contentDir, dates);
    if (page.kind !== 'doc') return { page, view, errors: [] };
    const bodyKey = sha256(
      inputs.code,
      page.source.relPath,
      titleCardsOf(page.title, inputs.cardNames),
      page.source.body,
      inputs.resultsOf(page.source.relPath),
      inputs.cardsKey,
    );
    let meta: BodyMeta | undefined;
    const known = previous.bodies[page.source.relPath];
    if (known?.key === bodyKey) {
      // The last build's: of use while its entry (with the HTML) is there.
      meta = hasBody(cache, bodyKey) ? known.meta : undefined;
    } else {
      meta = readBody(cache, bodyKey)?.meta;
    }
    return { page, view, bodyKey, ...(known && !meta ? { lastBodyKey: known.key } : {}), meta, errors: [] };
  });
}
