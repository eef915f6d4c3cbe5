import fs from 'node:fs';
import path from 'node:path';
import { readCategoryFile } from './category-file.ts';
import { ErrorSink } from './errors.ts';
import { readFrontmatter } from './frontmatter.ts';
import type { SourceFolder, SourceTree } from './types.ts';

/** Files that are published as they are, next to the pages that use them. */
const ASSET_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.csv', '.tsv', '.ndjson', '.json', '.parquet', '.txt']);

/**
 * Reads the content tree: every Markdown page with validated frontmatter, every `_category_.json`, and the
 * assets. Reports every problem it finds (with file and line) before giving up.
 */
export function scanContent(contentRoot: string, projectRoot: string = process.cwd()): SourceTree {
  const sink = new ErrorSink();
  const assets: SourceTree['assets'] = [];
  const rel = (abs: string) => path.relative(projectRoot, abs).split(path.sep).join('/');

  function walk(absDir: string, relDir: string): SourceFolder {
    const folder: SourceFolder = { relPath: relDir, name: path.basename(absDir), docs: [], folders: [] };
    const entries = fs.readdirSync(absDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const abs = path.join(absDir, entry.name);
      const relPath = relDir ? `${relDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        folder.folders.push(walk(abs, relPath));
      } else if (entry.name === '_category_.json') {
        const category = readCategoryFile(rel(abs), fs.readFileSync(abs, 'utf8'), sink);
        if (category) {
          folder.category = category;
          folder.categoryFile = rel(abs);
        }
      } else if (entry.name.endsWith('.md')) {
        const raw = fs.readFileSync(abs, 'utf8');
        const split = readFrontmatter(rel(abs), raw, sink);
        if (split) folder.docs.push({ relPath, file: rel(abs), frontmatter: split.frontmatter, body: split.body, raw });
      } else if (ASSET_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        assets.push({ relPath, absPath: abs });
      } else {
        sink.add(rel(abs), undefined, `unsupported file type "${path.extname(entry.name)}": pages are .md, assets are ${[...ASSET_EXTENSIONS].join(' ')}`);
      }
    }
    return folder;
  }

  if (!fs.existsSync(contentRoot)) {
    sink.add(rel(contentRoot), undefined, 'content folder not found');
    sink.throwIfAny();
  }
  const top = walk(contentRoot, '');
  sink.throwIfAny();
  return { root: contentRoot, top, assets };
}
