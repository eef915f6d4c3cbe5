/**
 * Checks a built site the way a reader's clicks would: every internal link, image, stylesheet and script
 * resolves to a file, every #anchor to an id on its target page, every route of the published catalogue
 * exists, and no link is named by generic text ("Go", "here", "click here", "this page", "link"…: a reader
 * scanning the links, and a search engine, learn nothing from it). Exits 1 listing each problem with the page
 * it is on.
 *
 *   npm run check:links [-- site-folder] [--no-landing]
 *
 * `checkSite` is the same check as a function, for the tests (`tests/unit/checks/`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { siteConfig } from '../src/site.config.ts';
import { exitOnBadOptions } from '../src/build/cli-options.ts';

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'pagefind' ? [] : htmlFiles(abs);
    return e.name.endsWith('.html') ? [abs] : [];
  });
}

/** The file a URL path is served from (clean URLs: `/doc/x` and `/doc/x/` are `doc/x/index.html`). */
function fileFor(siteDir: string, urlPath: string): string | undefined {
  const clean = (decoded(urlPath) ?? urlPath).replace(/\/+$/, '');
  const candidates = [
    path.join(siteDir, clean),
    path.join(siteDir, clean, 'index.html'),
    path.join(siteDir, `${clean}.html`),
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

const idCache = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  let ids = idCache.get(file);
  if (!ids) {
    ids = new Set(
      [...fs.readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1] ?? '')),
    );
    idCache.set(file, ids);
  }
  return ids;
}

/** A percent-decoded URL part, or undefined when its encoding is broken (reported, never a crash). */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Link text that says nothing about where a link leads: Lighthouse's list for English (its "link-text" audit)
 * and a few more of the same kind.
 */
const GENERIC_LINK_TEXT = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
  'this page',
  'this link',
  'link',
  'page',
  'go here',
  'see here',
]);

/** A link's text as a reader sees it: tags dropped, entities decoded, spaces collapsed, lower case. */
function linkText(inner: string): string {
  return decodeEntities(inner.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Runs every check over a built site: the problems found (empty when it passes) and a summary line. */
export function checkSite(
  siteDir: string,
  options: { landing?: boolean } = {},
): { problems: string[]; summary: string } {
  idCache.clear();
  const problems: string[] = [];
  let links = 0;
  const files = htmlFiles(siteDir);
  let namedLinks = 0;
  for (const file of files) {
    const html = fs.readFileSync(file, 'utf8');
    const page = `/${path.relative(siteDir, file).split(path.sep).join('/')}`;
    for (const m of html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)) {
      const href = decodeEntities(/\shref="([^"]*)"/.exec(` ${m[1] ?? ''}`)?.[1] ?? '');
      if (!href || href.startsWith('#')) continue;
      namedLinks++;
      const text = linkText(m[2] ?? '');
      if (GENERIC_LINK_TEXT.has(text) || GENERIC_LINK_TEXT.has(text.replace(/[.:!?…›»]+$/, '').trim())) {
        problems.push(`${page}: the link to ${href} says only "${text}": name what it leads to`);
      }
    }
    for (const m of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
      const url = decodeEntities(m[2] ?? '');
      if (/^(https?:|mailto:|data:)/.test(url)) continue;
      links++;
      const [target = '', anchor] = url.split('#');
      if (decoded(target) === undefined || (anchor !== undefined && decoded(anchor) === undefined)) {
        problems.push(`${page}: ${url} is not valid percent-encoding`);
        continue;
      }
      const targetFile = target === '' ? file : fileFor(siteDir, target);
      if (!targetFile) {
        problems.push(`${page}: ${url} does not exist`);
        continue;
      }
      if (anchor && targetFile.endsWith('.html') && !idsOf(targetFile).has(decoded(anchor) ?? anchor)) {
        problems.push(`${page}: ${url} has no element with id "${decoded(anchor) ?? anchor}"`);
      }
    }
  }

  const catalogue = JSON.parse(fs.readFileSync(path.join(siteDir, 'catalogue.json'), 'utf8')) as {
    docs: { id: string }[];
    sidebars: { doc: unknown[] };
    generatedIndexes: { route: string }[];
  };
  const routes = new Set<string>(catalogue.generatedIndexes.map((g) => g.route));
  const walk = (items: unknown[]) => {
    for (const item of items as { href?: string; items?: unknown[] }[]) {
      if (item.href) routes.add(item.href);
      if (item.items) walk(item.items);
    }
  };
  walk(catalogue.sidebars.doc);
  for (const route of routes) if (!fileFor(siteDir, route)) problems.push(`catalogue.json: route ${route} has no page`);

  // Without JavaScript, the sidebars alone lead from /doc/ to every page in a few clicks: a page's sidebar holds
  // its own branch and the way to every section, and a category's page opens that category.
  const MAX_CLICKS = 4;
  const clicks = new Map<string, number>([['/doc', 0]]);
  const queue = ['/doc'];
  for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
    const file = fileFor(siteDir, route === '/doc' ? '/doc/' : route);
    const nav = file ? (/<nav class="sidebar"[\s\S]*?<\/nav>/.exec(fs.readFileSync(file, 'utf8'))?.[0] ?? '') : '';
    for (const m of nav.matchAll(/href="(\/doc[^"#]*)"/g)) {
      const next = decodeEntities(m[1] ?? '').replace(/\/+$/, '') || '/doc';
      if (!clicks.has(next)) {
        clicks.set(next, (clicks.get(route) ?? 0) + 1);
        queue.push(next);
      }
    }
  }
  let farthest = 0;
  for (const route of routes) {
    const n = clicks.get(route.replace(/\/+$/, '') || '/doc');
    if (n === undefined)
      problems.push(`sidebar: ${route} cannot be reached from /doc/ through the sidebars (without JavaScript)`);
    else if (n > MAX_CLICKS)
      problems.push(`sidebar: ${route} is ${n} clicks from /doc/ through the sidebars (at most ${MAX_CLICKS})`);
    else farthest = Math.max(farthest, n);
  }
  // The specification's landing pages must exist on the real site (not on a fixture tree).
  if (options.landing !== false) {
    for (const route of siteConfig.landingRoutes) {
      if (!fileFor(siteDir, route) || !routes.has(route))
        problems.push(`landing page ${route} is missing from the site or its sidebar`);
    }
  }
  const summary =
    `site check: ${files.length} HTML files, ${links} internal links and assets, ` +
    `${routes.size} catalogue routes, ${options.landing === false ? 0 : siteConfig.landingRoutes.length} ` +
    `landing pages: all resolve; every page within ${farthest} clicks of /doc/ through ` +
    `the sidebars; ${namedLinks} links, none named by generic text`;
  return { problems, summary };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  exitOnBadOptions(
    'check-site',
    args,
    { alone: ['--no-landing'], positional: 1 },
    'npm run check:links -- [site] [--no-landing]',
  );
  const siteDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'site');
  if (!fs.statSync(path.join(siteDir, 'doc'), { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`site check: ${siteDir} holds no built site (no doc/ folder): build it first (npm run build)`);
    process.exit(1);
  }
  const { problems, summary } = checkSite(siteDir, { landing: !process.argv.includes('--no-landing') });
  if (problems.length) {
    console.error(`site check failed: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(summary);
}
