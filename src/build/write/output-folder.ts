/**
 * The output folder: which folder the build may replace, the marker that says a folder is a site it wrote, and the
 * swap of a new site into place. Checked before anything is written.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { realPath, within } from '../folders.ts';

/** The file every site this build writes holds: a folder without it (and not empty) is not ours to replace. */
export const SITE_MARKER = '.databend-docs-site';
export const MARKER_TEXT =
  'This folder is a site written by the Databend documentation build, which replaces it whole.\n';

/**
 * Refuses an output folder the build must never replace: the project or a folder that holds it, the content, or a
 * folder holding anything but a site this build wrote (it carries `SITE_MARKER`, or the last build recorded writing
 * it). Checked before anything is written; `--out .` would otherwise swap the checkout away.
 */
export function checkOutputFolder(
  outDir: string,
  projects: { projectRoot: string; contentRoot: string; lastWritten?: string },
): void {
  const out = realPath(outDir);
  const project = realPath(projects.projectRoot);
  if (within(project, out)) throw new OutputFolderError(outDir, 'it is the project folder or holds it');
  if (within(out, realPath(projects.contentRoot)) || within(realPath(projects.contentRoot), out))
    throw new OutputFolderError(outDir, 'it is the content folder, is inside it, or holds it');
  if (within(out, path.join(project, '.git')))
    throw new OutputFolderError(outDir, "it is inside the project's .git folder");
  const st = fs.statSync(out, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) throw new OutputFolderError(outDir, 'it is a file, not a folder');
  if (fs.readdirSync(out).length === 0) return;
  if (fs.existsSync(path.join(out, SITE_MARKER))) return;
  if (projects.lastWritten && realPath(projects.lastWritten) === out) return;
  throw new OutputFolderError(
    outDir,
    `it holds files that are not a site this build wrote (no ${SITE_MARKER} in it): empty it, remove it, or choose another --out`,
  );
}

export class OutputFolderError extends Error {
  constructor(outDir: string, why: string) {
    super(`refusing to write the site into ${outDir}: ${why}`);
    this.name = 'OutputFolderError';
  }
}

/** Temporary folders and files of builds running in this process: removed if the process is interrupted. */
export const building = new Set<string>();

let swaps = 0;

/**
 * Replaces `outDir` by `tmpDir` with two renames, so readers of `outDir` see the old or the new site, never half.
 * The old site (thousands of files) is removed by a process of its own, so the build does not wait for it; one
 * that is killed first leaves `<out>.old-<pid>-<n>`, which the next build removes.
 */
export function swapInto(tmpDir: string, outDir: string): void {
  const old = `${outDir}.old-${process.pid}-${swaps++}`;
  const replaced = fs.existsSync(outDir);
  if (replaced) fs.renameSync(outDir, old);
  fs.renameSync(tmpDir, outDir);
  if (replaced) removeInBackground(old);
}

function removeInBackground(dir: string): void {
  if (process.platform === 'win32') {
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  const child = spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' });
  child.on('error', () => fs.rmSync(dir, { recursive: true, force: true }));
  child.unref();
}
