/**
 * Run by hand (not by `npm test`):
 * `npx tsx scripts/compare-2023.ts [--repo <databend git dir>] [--undecided] [page-substring...]`.
 * For every page under content/doc whose path existed in the Databend repository's docs/doc at commit 0d6d1108e6,
 * lists the operator-style identifiers of that older page that our page no longer mentions: configuration keys
 * and other snake_case names, UPPER_SNAKE environment variables and options, and --command-line-flags.
 * Prints TSV (page, identifier, kind) to stdout and a count per page to stderr. A human reads the output and
 * records what they decided in content/catalogue/operator-facts.tsv, which check-content verifies without the
 * old docs (see src/content/operator-facts.ts). `--undecided` leaves out what that file already decides for the page,
 * so the output is the work left.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OPERATOR_FACTS_FILE, parseOperatorFacts } from '../src/content/operator-facts.ts';

const OLD_COMMIT = '0d6d1108e6';
const args = process.argv.slice(2);
let repo = '/work/.mirror/databendlabs+databend/repo';
let undecidedOnly = false;
const filters: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--repo') repo = args[++i] ?? repo;
  else if (args[i] === '--undecided') undecidedOnly = true;
  else filters.push(args[i] ?? '');
}

/** Page and identifier (lower case) of every decision in the facts file. */
const decided = new Set(
  (existsSync(OPERATOR_FACTS_FILE) ? parseOperatorFacts(readFileSync(OPERATOR_FACTS_FILE, 'utf8')) : []).map(
    (f) => `${f.page}\t${f.identifier.toLowerCase()}`,
  ),
);

const contentRoot = join(process.cwd(), 'content/doc');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.md') ? [p] : [];
  });
}

function oldPages(): Set<string> {
  const out = execFileSync('git', ['-C', repo, 'ls-tree', '-r', '--name-only', OLD_COMMIT, 'docs/doc'], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return new Set(
    out
      .split('\n')
      .filter((l) => /\.mdx?$/.test(l))
      .map((l) => l.replace(/^docs\/doc\//, '')),
  );
}

function oldText(path: string): string {
  return execFileSync('git', ['-C', repo, 'show', `${OLD_COMMIT}:docs/doc/${path}`], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
}

type Kind = 'env-or-option' | 'snake' | 'flag';
const PATTERNS: [Kind, RegExp][] = [
  ['env-or-option', /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g],
  ['snake', /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g],
  ['flag', /(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b/g],
];

/** Identifiers in the text, skipping link targets and image paths (file names are not facts). */
export function identifiers(text: string): Map<string, Kind> {
  const cleaned = text
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\bhttps?:\/\/\S+/g, '')
    .replace(/^import .*$/gm, '');
  const found = new Map<string, Kind>();
  for (const [kind, re] of PATTERNS) for (const m of cleaned.matchAll(re)) if (!found.has(m[0])) found.set(m[0], kind);
  return found;
}

const old = oldPages();
let total = 0;
for (const file of walk(contentRoot).sort()) {
  const rel = relative(contentRoot, file);
  if (!old.has(rel) || (filters.length > 0 && !filters.some((f) => rel.includes(f)))) continue;
  const ours = readFileSync(file, 'utf8').toLowerCase();
  const missing = [...identifiers(oldText(rel))]
    .filter(([id]) => !ours.includes(id.toLowerCase()))
    .filter(([id]) => !undecidedOnly || !decided.has(`${rel}\t${id.toLowerCase()}`));
  for (const [id, kind] of missing) console.log(`${rel}\t${id}\t${kind}`);
  if (missing.length > 0) console.error(`${missing.length}\t${rel}`);
  total += missing.length;
}
console.error(
  `${total} identifiers of the older pages are absent from ours${undecidedOnly ? ` and not decided in ${OPERATOR_FACTS_FILE}` : ''}`,
);
