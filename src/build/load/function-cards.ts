/** The engine functions' signature cards, kept in the cache under the files they are made from. */
import fs from 'node:fs';
import path from 'node:path';
import {
  cardInputs,
  cardsByNormalName,
  catalogueCategories,
  readFunctionCards,
  type FunctionCard,
} from '../../examples/signatures/cards.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { sha256 } from '../cache/code-hash.ts';

export interface FunctionCards {
  /** Every function's card, by name. */
  cards: Record<string, FunctionCard>;
  /** The same cards by normalised name (what a page title is matched with). */
  byNormalName: Map<string, FunctionCard>;
  /** The catalogue's category label of each content folder. */
  categoryOfDir: Record<string, string>;
  /** A hash of the cards and categories: every body key holds it. */
  key: string;
}

/**
 * The cards, from the cache when the files they are made from are as they were: collapsing 12,000 accepted calls
 * into readable signatures is half a second, on every build otherwise.
 */
export function functionCards(
  cache: BuildCache,
  codeKey: string,
  projectRoot: string,
  contentRoot: string,
): FunctionCards {
  const from = sha256(codeKey, ...cardInputs(projectRoot, contentRoot).map(readOr));
  let cards = cache.readJson<Record<string, FunctionCard>>('cards', from);
  if (!cards) {
    cards = readFunctionCards(projectRoot, contentRoot);
    cache.writeText('cards', from, '.json', JSON.stringify(cards));
  }
  const categoryOfDir = Object.fromEntries(catalogueCategories(projectRoot).byDir);
  return {
    cards,
    byNormalName: cardsByNormalName(cards),
    categoryOfDir,
    key: sha256(JSON.stringify(cards), JSON.stringify(categoryOfDir)),
  };
}

/** A file's text, or '' when there is none: a key made from it then differs from any file's. */
export const readOr = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** A file of the project by its path relative to the project, read with `readOr`. */
export const readProjectFile = (projectRoot: string, rel: string): string => readOr(path.join(projectRoot, rel));
