/**
 * Every file of the site claimed once, checked before anything is written: a page whose route lands on a file the
 * build makes itself (`slug: /search`, the search page; `slug: /guides.md`, the Markdown copy of `/doc/guides/`),
 * or on a file that must be a folder for another page, would otherwise fail halfway through writing, or silently
 * overwrite another page. Paths are compared without case too: on a case-insensitive disk or host, `Case` and
 * `case` are one file.
 */
import { ErrorSink } from '../content/errors.ts';
import { frontmatterLineOf, sourceFileOf } from '../catalogue/build-catalogue.ts';
import type { Catalogue } from '../catalogue/types.ts';
import { markdownUrlOf } from './paths.ts';
import { htmlFileOf } from './paths.ts';

/** A file of the output and who claims it: a page (its source and slug line) or the build itself. */
export interface Claim {
  file: string;
  by: string;
  line?: number;
}

/**
 * Where two claims meet: `same` file, the same file but for `case`, or `folder`: the first's path goes through the
 * second's file, which would have to be a folder.
 */
export type Clash = [first: Claim, second: Claim, kind: 'same' | 'case' | 'folder'];

export function clashes(claims: readonly Claim[]): Clash[] {
  const out: Clash[] = [];
  const byFile = new Map<string, Claim>();
  for (const claim of claims) {
    const key = claim.file.toLowerCase();
    const other = byFile.get(key);
    if (other) out.push([claim, other, other.file === claim.file ? 'same' : 'case']);
    else byFile.set(key, claim);
  }
  for (const claim of claims) {
    const parts = claim.file.toLowerCase().split('/');
    for (let i = 1; i < parts.length; i++) {
      const other = byFile.get(parts.slice(0, i).join('/'));
      if (other) out.push([claim, other, 'folder']);
    }
  }
  return out;
}

/** What a clash means, said from the page's side (`page` is one of the two claims). */
function clashReason([first, second, kind]: Clash, page: Claim): string {
  const other = page === first ? second : first;
  if (kind === 'same') return `${other.by} writes it too`;
  if (kind === 'case') return `${other.by} writes ${other.file}, the same file on a case-insensitive disk or host`;
  return page === first
    ? `it needs a folder ${other.file}, which ${other.by} writes as a file`
    : `${other.by} needs it to be a folder, to write ${other.file}`;
}

/** The route of the generated search page. */
export const SEARCH_PAGE = '/doc/search';

/** The files the build writes besides pages, and the folders it fills (any file under them is the build's). */
export const GENERATED_FILES = [
  'index.html',
  '404.html',
  'catalogue.json',
  'sitemap.xml',
  'robots.txt',
  'llms.txt',
  'opensearch.xml',
  'favicon.svg',
  'search-records.json',
  'search-summaries.json',
];
export const GENERATED_FOLDERS = ['assets/build', 'assets/content', 'pagefind'];

/** Refuses (as content errors naming each page's file and slug line) any route that lands on another output. */
export function checkOutputPaths(catalogue: Catalogue, generatedRoutes: readonly string[]): void {
  const claims: Claim[] = [];
  const build = 'the build';
  for (const file of GENERATED_FILES) claims.push({ file, by: build });
  for (const folder of GENERATED_FOLDERS) claims.push({ file: `${folder}/`, by: build });
  for (const route of generatedRoutes) claims.push({ file: htmlFileOf(route), by: `the build (${route})` });
  for (const page of catalogue.pages) {
    const by = sourceFileOf(page);
    const line = frontmatterLineOf(page, 'slug');
    claims.push({ file: htmlFileOf(page.route), by, line });
    if (page.kind === 'doc')
      claims.push({ file: markdownUrlOf(page.route).slice(1), by: `${by} (its Markdown copy)`, line });
  }
  // A generated folder is claimed as `<folder>/`: any page file under it meets it as a prefix.
  const folderClaims = claims.filter((c) => c.file.endsWith('/'));
  const sink = new ErrorSink();
  const isBuild = (c: Claim) => c.by.startsWith(build);
  const report = (page: Claim, why: string) =>
    sink.add(
      page.by.replace(/ \(its Markdown copy\)$/, ''),
      page.line,
      `the route writes ${page.file}, but ${why}: choose another slug or file name`,
    );
  for (const clash of clashes(claims.filter((c) => !c.file.endsWith('/')))) {
    const page = isBuild(clash[0]) ? clash[1] : clash[0];
    report(page, clashReason(clash, page));
  }
  for (const claim of claims) {
    if (claim.file.endsWith('/') || isBuild(claim)) continue;
    const under = folderClaims.find((f) => claim.file.toLowerCase().startsWith(f.file));
    if (under) report(claim, `${under.file} is the build's own folder`);
  }
  sink.throwIfAny();
}
