import type { CategoryFile } from './category-file.ts';
import type { Frontmatter } from './frontmatter.ts';

/** A Markdown page as read from disk, frontmatter validated. Stage 1 output: nothing is resolved yet. */
export interface SourceDoc {
  /** Path relative to the content root, with number prefixes, e.g. `14-sql-commands/00-ddl/10-x.md`. */
  relPath: string;
  /** Path relative to the project, for error messages. */
  file: string;
  frontmatter: Frontmatter;
  /** Markdown body; the frontmatter lines are blanked so positions are the file's own lines. */
  body: string;
  /** The raw file, published as the page's Markdown copy. */
  raw: string;
}

/** A folder of the content tree, with its `_category_.json` when it has one. */
export interface SourceFolder {
  relPath: string;
  /** Folder name with its number prefix, e.g. `00-ddl`. */
  name: string;
  category?: CategoryFile;
  /** Project-relative path of the `_category_.json`, for error messages. */
  categoryFile?: string;
  docs: SourceDoc[];
  folders: SourceFolder[];
}

/** A file copied to the output as it is (images, sample data). */
export interface SourceAsset {
  relPath: string;
  absPath: string;
}

export interface SourceTree {
  /** Absolute path of the content root. */
  root: string;
  top: SourceFolder;
  assets: SourceAsset[];
}
