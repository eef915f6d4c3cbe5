import fs from 'node:fs';
import path from 'node:path';
import { readCategoryFile } from './category-file.ts';
import { ErrorSink } from './errors.ts';
import { readFrontmatter, type FrontmatterMemo } from './frontmatter.ts';
import { pageLimitProblem } from './page-limits.ts';
import { svgProblem } from './svg-check.ts';
import type { SourceFolder, SourceTree } from './types.ts';

/**
 * A file or folder name becomes part of a route or an asset URL: letters, digits, "-", "_" and "." only, so
 * every link, sitemap entry and llms.txt line is the name as written (no "#", "?", "%" or space to encode).
 */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/**
 * A page's text: valid UTF-8 without control characters (other than tab and line breaks). Problems name the
 * line and column; undefined when the file cannot be used.
 */
export function readPageText(file: string, bytes: Buffer, sink: ErrorSink): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, bad).toString('utf8');
    const lines = before.split('\n');
    sink.add(
      file,
      lines.length,
      'the file is not valid UTF-8: save it as UTF-8',
      (lines[lines.length - 1]?.length ?? 0) + 1,
    );
    return undefined;
  }
  // oxlint-disable-next-line eslint/no-control-regex -- control characters are what this looks for
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(text);
  if (control) {
    const lines = text.slice(0, control.index).split('\n');
    const code = `U+${(control[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    sink.add(
      file,
      lines.length,
      `control character ${code} in the text: remove it (write \\0 or a code span if you mean to show one)`,
      (lines[lines.length - 1]?.length ?? 0) + 1,
    );
    return undefined;
  }
  return text;
}

/**
 * A merge left unresolved: Markdown would publish the markers and both versions as prose, so the page is refused
 * at the first marker line.
 */
export function conflictProblem(text: string): { line: number; reason: string } | undefined {
  const marker = /^(?:<{7}|>{7})(?: |$)/m.exec(text);
  if (!marker) return undefined;
  return {
    line: text.slice(0, marker.index).split('\n').length,
    reason:
      'a merge conflict marker: resolve the conflict (keep one version and delete the <<<<<<<, ======= and >>>>>>> lines)',
  };
}

/** Deeper than any page needs, far below what the Markdown parser's recursion survives. */
const MAX_QUOTE_DEPTH = 32;
const MAX_INDENT = 160;

/**
 * Blockquotes or lists nested thousands deep (`>>>>…`) overflow the Markdown parser's stack; refuse them with
 * their line instead.
 */
export function nestingProblem(text: string): { line: number; reason: string } | undefined {
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const quotes = /^(?:[ \t]*>)+/.exec(line)?.[0].split('>').length ?? 1;
    if (quotes - 1 > MAX_QUOTE_DEPTH)
      return { line: i + 1, reason: `blockquotes nested ${quotes - 1} deep: at most ${MAX_QUOTE_DEPTH}` };
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
    if (indent > MAX_INDENT)
      return {
        line: i + 1,
        reason: `a line indented ${indent} characters: at most ${MAX_INDENT} (lists nested too deep?)`,
      };
  }
  return undefined;
}

/** Offset of the first byte that is not part of a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i] ?? 0;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0 || i + len > bytes.length) return i;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + len));
    } catch {
      return i;
    }
    i += len;
  }
  return bytes.length;
}

/** An SVG's problem, if it has one; one that passed before is not parsed again. */
function svgCheck(abs: string, checked: CheckedMemo | undefined): ReturnType<typeof svgProblem> {
  const text = fs.readFileSync(abs, 'utf8');
  if (checked?.has('svg', text)) return undefined;
  const problem = svgProblem(text);
  if (!problem) checked?.add('svg', text);
  return problem;
}

/** Files that are published as they are, next to the pages that use them. */
const ASSET_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.svg',
  '.webp',
  '.csv',
  '.tsv',
  '.ndjson',
  '.json',
  '.parquet',
  '.txt',
]);

/**
 * Texts that passed a check before (a page's nesting and limits, an SVG's allow-list), kept by the build under
 * the code of the checks: a rebuild checks only what changed.
 */
export interface CheckedMemo {
  has(check: 'page' | 'svg', text: string): boolean;
  add(check: 'page' | 'svg', text: string): void;
}

/**
 * Reads the content tree: every Markdown page with validated frontmatter, every `_category_.json`, and the
 * assets. Reports every problem it finds (with file and line) before giving up.
 */
export function scanContent(
  contentRoot: string,
  projectRoot: string = process.cwd(),
  memo?: FrontmatterMemo,
  checked?: CheckedMemo,
): SourceTree {
  const sink = new ErrorSink();
  const assets: SourceTree['assets'] = [];
  const rel = (abs: string) => path.relative(projectRoot, abs).split(path.sep).join('/');

  function walk(absDir: string, relDir: string): SourceFolder {
    const folder: SourceFolder = { relPath: relDir, name: path.basename(absDir), docs: [], folders: [] };
    const entries = fs.readdirSync(absDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    // A file's path from the project, by its folder's (path.relative per file was a tenth of the scan); a folder
    // outside the project goes through path.relative, which knows when `..` leads back into it.
    const dirFromProject = rel(absDir);
    const inside = !dirFromProject.startsWith('..') && !path.isAbsolute(dirFromProject);
    const fromProject = (abs: string, name: string) =>
      !inside ? rel(abs) : dirFromProject ? `${dirFromProject}/${name}` : name;
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const abs = path.join(absDir, entry.name);
      const file = fromProject(abs, entry.name);
      const relPath = relDir ? `${relDir}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) {
        // A link could publish any file of the machine that builds the site (`leak.txt -> /etc/passwd`).
        sink.add(
          file,
          undefined,
          `symbolic link to ${fs.readlinkSync(abs)}: content must be real files inside the content folder`,
        );
        continue;
      }
      if (!SAFE_NAME.test(entry.name)) {
        sink.add(
          file,
          undefined,
          `the name "${entry.name}" is not route-safe: use letters, digits, "-", "_" and "." only (no spaces, "#", "?" or "%")`,
        );
        continue;
      }
      if (entry.isDirectory()) {
        folder.folders.push(walk(abs, relPath));
      } else if (entry.name === '_category_.json') {
        const category = readCategoryFile(file, fs.readFileSync(abs, 'utf8'), sink);
        if (category) {
          folder.category = category;
          folder.categoryFile = file;
        }
      } else if (entry.name.endsWith('.md')) {
        const raw = readPageText(file, fs.readFileSync(abs), sink);
        if (raw === undefined) continue;
        if (!checked?.has('page', raw)) {
          const nesting = nestingProblem(raw) ?? pageLimitProblem(raw) ?? conflictProblem(raw);
          if (nesting) {
            sink.add(file, nesting.line, nesting.reason);
            continue;
          }
          checked?.add('page', raw);
        }
        const split = readFrontmatter(file, raw, sink, memo);
        if (split) folder.docs.push({ relPath, file, frontmatter: split.frontmatter, body: split.body, raw });
      } else if (ASSET_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        const svg = path.extname(entry.name).toLowerCase() === '.svg' ? svgCheck(abs, checked) : undefined;
        if (svg) sink.add(file, svg.line, svg.reason);
        else assets.push({ relPath, absPath: abs });
      } else {
        sink.add(
          file,
          undefined,
          `unsupported file type "${path.extname(entry.name)}": pages are .md, assets are ${[...ASSET_EXTENSIONS].join(' ')}`,
        );
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
