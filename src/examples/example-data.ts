import fs from 'node:fs';
import path from 'node:path';

/**
 * Data files for examples that load or list files (COPY INTO, stages, SELECT FROM @stage). The files are kept
 * with the content in `content/doc.data/`; before each page runs they are copied, fresh, to one fixed folder, so
 * a page's SQL can name it (`CREATE STAGE s URL = 'fs:///tmp/databend-docs/data/'`) and say the same thing on
 * every machine. A fresh copy per page means a page that unloads files into the folder cannot change what the
 * next page sees.
 */
export const EXAMPLE_DATA_DIR = '/tmp/databend-docs/data';

/** `content/doc` keeps its data files in `content/doc.data`, as its results live in `content/doc.examples`. */
export const exampleDataSourceOf = (contentRoot: string) => `${contentRoot.replace(/[\\/]+$/, '')}.data`;

/**
 * Replaces the fixed folder's contents with the content's data files; returns how many files were copied.
 * Content without data files leaves the folder alone (another checkout's run may be using it).
 */
export function prepareExampleData(sourceDir: string, targetDir = EXAMPLE_DATA_DIR): number {
  if (!fs.existsSync(sourceDir)) return 0;
  fs.rmSync(targetDir, { recursive: true, force: true });
  fs.mkdirSync(targetDir, { recursive: true });
  fs.cpSync(sourceDir, targetDir, { recursive: true });
  let files = 0;
  const count = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) e.isDirectory() ? count(path.join(dir, e.name)) : files++;
  };
  count(targetDir);
  return files;
}
