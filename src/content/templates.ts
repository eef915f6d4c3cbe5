/**
 * Page templates: the sections a page of each kind must have, checked by `scripts/check-content.ts`. Each check
 * takes a parsed page and returns its problems with line numbers, so it can be tested on a page in a string.
 */
import type { Heading, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** What a template check needs to know of a page. */
export interface TemplatePage {
  /** Page id, e.g. `sql-functions/string-functions/length`. */
  id: string;
  /** Source path relative to the content root, with number prefixes, e.g. `80-releases/94-v1.2.0.md`. */
  relPath: string;
  /** Frontmatter `description`. */
  description?: string;
  tree: Root;
}

export interface TemplateProblem {
  line: number;
  message: string;
}

export interface PageTemplate {
  kind: string;
  match: (page: TemplatePage) => boolean;
  check: (page: TemplatePage) => TemplateProblem[];
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
/** A date written out, e.g. "June 29, 2023". */
const DATE = new RegExp(`\\b(?:${MONTHS}) [1-9]\\d?, \\d{4}\\b`);

/** Release-notes sections, in the order they appear on a page; every `##` of a release page is one of them. */
export const RELEASE_SECTIONS = [
  'Accepted RFCs',
  'New features',
  'New features and improvements',
  'Improvements',
  'Enterprise features',
  'Ecosystem',
  'Databend and AI',
  'Bug fixes',
  'Code refactors',
  'New contributors',
  'Download and deploy',
] as const;

/** RFC sections, required in this order; other `##` sections may come between them. */
export const RFC_SECTIONS = ['Summary', 'Status', 'Motivation', 'Design', 'Alternatives', 'Open questions'] as const;

const h2s = (tree: Root): Heading[] => tree.children.filter((n): n is Heading => n.type === 'heading' && n.depth === 2);
const textOf = (h: Heading): string => toString(h).trim();
const lineOf = (node: { position?: { start: { line: number } } } | undefined): number =>
  node?.position?.start.line ?? 1;

/** A page must have each section; alternatives separated by "|". */
function requireSections(kind: string, sections: string[]): (page: TemplatePage) => TemplateProblem[] {
  return ({ tree }) => {
    const have = new Set(h2s(tree).map((h) => textOf(h).toLowerCase()));
    return sections
      .filter((section) => !section.split('|').some((s) => have.has(s.toLowerCase())))
      .map((section) => ({
        line: 1,
        message: `a ${kind} page needs a "## ${section.replaceAll('|', '" or "## ')}" section`,
      }));
  };
}

function checkRelease({ tree, description }: TemplatePage): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const headings = h2s(tree);
  const names = headings.map(textOf);

  // The release date, in the first paragraph and at the start of the description (the landing page's cards).
  const first = tree.children.find((n) => n.type === 'paragraph');
  const date = first ? DATE.exec(toString(first))?.[0] : undefined;
  if (!date)
    problems.push({
      line: lineOf(first),
      message: 'a release page states its release date (e.g. "June 29, 2023") in its first paragraph',
    });
  if (!description?.startsWith('Released ')) {
    problems.push({
      line: 1,
      message: 'a release page description starts with "Released <date>:", so the release notes index shows the date',
    });
  } else if (date && !description.startsWith(`Released ${date}`)) {
    problems.push({ line: 1, message: `the description gives another date than the first paragraph ("${date}")` });
  }

  // Sections: known names only, in the shared order, with the features and the download pointer always present.
  let last = -1;
  headings.forEach((h, i) => {
    const at = RELEASE_SECTIONS.findIndex((s) => s.toLowerCase() === (names[i] ?? '').toLowerCase());
    if (at < 0)
      problems.push({
        line: lineOf(h),
        message: `"## ${names[i]}" is not a release-notes section; use one of: ${RELEASE_SECTIONS.join(', ')}`,
      });
    else if (at < last)
      problems.push({
        line: lineOf(h),
        message:
          `"## ${names[i]}" comes after "## ${RELEASE_SECTIONS[last]}"; release sections keep ` +
          `the order ${RELEASE_SECTIONS.join(', ')}`,
      });
    else last = at;
  });
  problems.push(
    ...requireSections('release', ['New features|New features and improvements', 'Download and deploy'])({
      id: '',
      relPath: '',
      tree,
    }),
  );

  // New contributors: each one a link to their GitHub profile.
  const contributors = headings.find((h) => textOf(h).toLowerCase() === 'new contributors');
  if (contributors) {
    const next = tree.children
      .slice(tree.children.indexOf(contributors) + 1)
      .find((n) => n.type === 'list' || n.type === 'heading');
    if (next?.type !== 'list')
      problems.push({
        line: lineOf(contributors),
        message: 'the "## New contributors" section lists the contributors',
      });
    else
      for (const item of next.children) {
        if (!linkUrls(item).some((url) => /^https:\/\/github\.com\/[A-Za-z0-9-]+$/.test(url))) {
          problems.push({
            line: lineOf(item),
            message: 'a new contributor is a link to their GitHub profile, e.g. [@name](https://github.com/name)',
          });
        }
      }
  }
  return problems;
}

/** The targets of the links inside a node. */
function linkUrls(node: Nodes): string[] {
  if (node.type === 'link') return [node.url];
  return 'children' in node ? node.children.flatMap((c) => linkUrls(c)) : [];
}

function checkRfc({ tree }: TemplatePage): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const headings = h2s(tree);
  let after: Heading | undefined;
  for (const section of RFC_SECTIONS) {
    const h = headings.find((x) => textOf(x).toLowerCase() === section.toLowerCase());
    if (!h) {
      problems.push({
        line: 1,
        message: `an RFC page needs a "## ${section}" section (sections: ${RFC_SECTIONS.join(', ')}, in this order)`,
      });
      continue;
    }
    if (after && headings.indexOf(h) < headings.indexOf(after)) {
      problems.push({
        line: lineOf(h),
        message: `"## ${section}" comes before "## ${textOf(after)}"; RFC sections keep the order ${RFC_SECTIONS.join(', ')}`,
      });
    }
    after = h;
  }
  return problems;
}

/** The sections of the SQL function template. */
const FUNCTION_SECTIONS = ['Syntax', 'Arguments|Parameters', 'Return type', 'Examples'];
const TEMPLATE_HEADINGS = new Set(['syntax', 'arguments', 'parameters', 'return type', 'examples', 'see also']);

/** The nodes of a `##` section: from its heading up to the next `##`. */
function sectionNodes(tree: Root, heading: Heading): Root['children'] {
  const start = tree.children.indexOf(heading) + 1;
  const end = tree.children.findIndex((n, i) => i >= start && n.type === 'heading' && n.depth <= 2);
  return tree.children.slice(start, end < 0 ? undefined : end);
}

const isSqlBlock = (n: Nodes, kind: 'syntax' | 'example'): boolean =>
  n.type === 'code' && n.lang === 'sql' && new RegExp(`(^|\\s)${kind}(\\s|$)`).test(n.meta ?? '');

/**
 * The `##` sections of a page that each document one function (or a function and its aliases): the sections,
 * other than the template's own, that hold a `sql syntax` block. Each brings its own parts: the grammar, an
 * arguments table (or the words "no arguments"), its return type, and an example run on the engine.
 */
function checkFunctionSections({ tree }: TemplatePage): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  for (const h of h2s(tree)) {
    if (TEMPLATE_HEADINGS.has(textOf(h).toLowerCase())) continue;
    const nodes = sectionNodes(tree, h);
    if (!nodes.some((n) => isSqlBlock(n, 'syntax'))) continue;
    const prose = nodes
      .filter((n) => n.type !== 'code')
      .map((n) => toString(n))
      .join('\n');
    const missing: string[] = [];
    if (!nodes.some((n) => n.type === 'table') && !/\bno arguments\b/i.test(prose))
      missing.push('an arguments table (or the words "no arguments")');
    if (!/\breturn type\b/i.test(prose)) missing.push('its return type ("Return type: ...")');
    if (!nodes.some((n) => isSqlBlock(n, 'example'))) missing.push('an `sql example`');
    if (missing.length)
      problems.push({ line: lineOf(h), message: `the function section "## ${textOf(h)}" needs ${missing.join(', ')}` });
  }
  return problems;
}

/**
 * A function page has the template's sections, or it is a page of several functions (a family), each in a `##`
 * section of its own with its own grammar, arguments, return type and example. Either way, every function
 * section is complete.
 */
function checkFunctionPage(page: TemplatePage): TemplateProblem[] {
  const sections = checkFunctionSections(page);
  const template = requireSections('SQL function', FUNCTION_SECTIONS)(page);
  const isFamily = h2s(page.tree).some(
    (h) =>
      !TEMPLATE_HEADINGS.has(textOf(h).toLowerCase()) &&
      sectionNodes(page.tree, h).some((n) => isSqlBlock(n, 'syntax')),
  );
  return [...(isFamily ? [] : template), ...sections];
}

export const TEMPLATES: PageTemplate[] = [
  {
    kind: 'SQL function',
    match: ({ id }) => id.startsWith('sql-functions/') && !id.endsWith('/index'),
    check: checkFunctionPage,
  },
  {
    kind: 'SQL command',
    match: ({ id }) => id.startsWith('sql-commands/') && !id.endsWith('/index'),
    check: requireSections('SQL command', ['Syntax', 'Examples']),
  },
  { kind: 'release', match: ({ relPath }) => /^80-releases\/9[^/]*-v[^/]*\.md$/.test(relPath), check: checkRelease },
  { kind: 'RFC', match: ({ relPath }) => /^90-contributing\/01-rfcs\/[^/]+\.md$/.test(relPath), check: checkRfc },
];

/** The problems of a page against every template it falls under. */
export function checkTemplates(page: TemplatePage): TemplateProblem[] {
  return TEMPLATES.filter((t) => t.match(page)).flatMap((t) => t.check(page));
}

/** A section with nothing in it: a heading followed by a heading of the same or a higher level, or by nothing. */
export function emptySections(tree: Root): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  tree.children.forEach((node, i) => {
    if (node.type !== 'heading') return;
    const next = tree.children[i + 1];
    if (!next || (next.type === 'heading' && next.depth <= node.depth))
      problems.push({ line: lineOf(node), message: `the section "${toString(node)}" is empty` });
  });
  return problems;
}

/**
 * A URL written bare in the prose. It reads as text, not a link (the site's Markdown has no literal autolinks):
 * a link names where it goes, and an address a reader types is code.
 */
export function bareUrls(tree: Root): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const walk = (node: Root | Root['children'][number]): void => {
    if (node.type === 'link' || node.type === 'linkReference') return;
    if (node.type === 'text') {
      for (const m of node.value.matchAll(BARE_URL)) {
        problems.push({
          line: lineOf(node),
          message:
            `bare URL "${m[0]}" in the text: link it with words that say where it goes ([the ` +
            `download page](${m[0]})), or write it as \`code\``,
        });
      }
      return;
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return problems;
}

const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,;:!?'"]/gi;
