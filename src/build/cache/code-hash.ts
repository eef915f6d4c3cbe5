/**
 * Hashes of the code that makes each kind of output, for the build cache: an entry is reused only while the
 * modules that made it (followed through their relative imports), the installed packages
 * (`package-lock.json`) and Node are what they were. A changed stylesheet rebuilds the stylesheet and the pages
 * that link it, not the Markdown of every page; a changed Markdown module renders every page again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s*(?:type\s+)?(?:[\w*${}\s,]+?\s*from\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|@import\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * What the keys need of a file (its digest, its relative imports), read once while the file stays as it was (same
 * size and time): the keys' closures share most of their modules, and a build reads each one once, not once a key.
 */
const seenFiles = new Map<string, { stamp: string; digest: string; imports: string[] }>();
function fileFacts(file: string) {
  const st = fs.statSync(file);
  const stamp = `${st.size}:${st.mtimeMs}`;
  let facts = seenFiles.get(file);
  if (facts?.stamp !== stamp) {
    const bytes = fs.readFileSync(file);
    const imports = [...bytes.toString('utf8').matchAll(IMPORT)].flatMap((m) => m[1] ?? m[2] ?? m[3] ?? []);
    facts = { stamp, digest: createHash('sha256').update(bytes).digest('hex'), imports };
    seenFiles.set(file, facts);
  }
  return facts;
}

/** Every project file reachable from the entries by relative imports (TypeScript, TSX and CSS `@import`), sorted. */
export function moduleClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    for (const spec of fileFacts(file).imports) visit(path.resolve(path.dirname(file), spec));
  };
  for (const entry of entries) visit(path.resolve(entry));
  return [...seen].sort();
}

/** One hash over files (path and content), the lock file and the Node version. */
export function codeHash(projectRoot: string, files: string[], extra = ''): string {
  const h = createHash('sha256');
  h.update(`${process.version}\0${extra}\0`);
  const lock = path.join(projectRoot, 'package-lock.json');
  h.update(fs.existsSync(lock) ? fileFacts(lock).digest : '');
  for (const file of files) h.update(`\0${path.relative(projectRoot, file)}\0${fileFacts(file).digest}`);
  return h.digest('hex');
}

/** Every file under a folder, sorted (the stylesheets: any of them may be imported by another). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * One hash over parts, each string after its length. The length and the string go in one after the other (the same
 * bytes as their concatenation): joined, a page's body or the 2.5 MB manifest would be copied first.
 */
export const sha256 = (...parts: (string | Buffer)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) {
    if (typeof p === 'string') h.update(`${p.length}:`).update(p);
    else h.update(p);
  }
  return h.digest('hex');
};
