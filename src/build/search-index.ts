import path from 'node:path';
import * as pagefind from 'pagefind';

/**
 * Indexes the written site with Pagefind (only `[data-pagefind-body]`, i.e. the articles) into `<dir>/pagefind`.
 * The browser fetches just the index chunks a query needs.
 */
export async function writeSearchIndex(dir: string): Promise<{ pages: number }> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: dir });
  if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: path.join(dir, 'pagefind') });
  if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
  await pagefind.close();
  return { pages: added.page_count };
}
