/**
 * The content linted like code (`npm run check:content`, `scripts/check-content.ts`). Every page follows its
 * template (SQL function, command, release-notes and RFC pages carry their sections: see
 * src/content/templates.ts), holds no placeholder text, empty section or bare URL, and marks every SQL block as a
 * recorded example, a grammar or not runnable here; every function the engine lists has an entry (see
 * functionEntries in src/examples/engine-objects.ts) unless content/catalogue/function-exceptions.tsv gives a
 * reason; the operator facts of content/catalogue/operator-facts.tsv are still on their pages; no entry's prose
 * says it returns a type the engine does not return.
 *
 * It loads the rendered site (load-site.ts), so it sits in the build stage, the lowest that has it.
 */
import { readCatalogueRows } from './coverage.ts';
import { loadSite, type BuiltPage, type SiteModel } from './load-site.ts';
import { ContentErrors } from '../content/errors.ts';
import { checkOperatorFacts, OPERATOR_FACTS_FILE } from '../content/operator-facts.ts';
import { bareUrls, checkTemplates, emptySections } from '../content/templates.ts';
import {
  engineCoverage,
  FUNCTION_EXCEPTIONS_FILE,
  functionEntries,
  functionProblems,
  namedPlaces,
  namesOfHeading,
  readEngineObjects,
  readFunctionExceptions,
} from '../examples/engine-objects.ts';
import { cardsByNormalName, functionCards } from '../examples/signatures/cards.ts';
import { contradictions, returnClaims } from '../examples/signatures/prose-check.ts';
import { readSignatureExceptions, readSignatures, signatureExceptionProblems } from '../examples/signatures/store.ts';
import type { Root } from 'mdast';
import { parseMarkdown } from '../markdown/parse.ts';

/** What the check found (`file:line: reason`, empty when the content passes) and the figures it prints. */
export interface ContentCheck {
  problems: string[];
  report: string[];
}

const PLACEHOLDER = /\b(TODO|TBD|FIXME|lorem ipsum|coming soon|to be written)\b/i;

/**
 * Checks the content of a project (`content/doc/` and `content/catalogue/` under `projectRoot`). Throws
 * `ContentErrors` when the build itself refuses the content.
 */
export async function checkContent(projectRoot: string): Promise<ContentCheck> {
  const model = await loadSite({ projectRoot, withDates: false, keepSourceTrees: true });
  const problems: string[] = [];
  const report: string[] = [];
  // Each page's Markdown parsed once: a page of a hundred functions is read for each of their entries.
  const trees = new Map<string, Root>();
  const treeOf = (built: BuiltPage) => {
    let tree = trees.get(built.view.route);
    if (!tree) {
      tree = built.sourceTree ?? parseMarkdown(built.page.kind === 'doc' ? built.page.source.body : '').tree;
      trees.set(built.view.route, tree);
    }
    return tree;
  };
  for (const built of model.pages) problems.push(...pageProblems(built, treeOf));
  report.push(...sectionCoverage(projectRoot, model));
  // The catalogue-wide checks each read their own files: a broken file is one problem, the others still run.
  for (const check of [functionEntryProblems, operatorFactProblems, proseReturnProblems]) {
    try {
      problems.push(...check(projectRoot, model, report, treeOf));
    } catch (err) {
      if (!(err instanceof ContentErrors)) throw err;
      problems.push(...err.errors.map((e) => e.message));
    }
  }
  return { problems, report };
}

/** One page against its template; placeholders, empty sections, bare URLs and unmarked SQL blocks anywhere. */
function pageProblems(built: BuiltPage, treeOf: (built: BuiltPage) => Root): string[] {
  const page = built.page;
  if (page.kind !== 'doc') return [];
  const file = page.source.file;
  const problems: string[] = [];
  const tree = treeOf(built);
  const templatePage = { id: page.id, relPath: page.source.relPath, description: page.source.frontmatter.description };
  for (const p of [...checkTemplates({ ...templatePage, tree }), ...emptySections(tree), ...bareUrls(tree)])
    problems.push(`${file}:${p.line}: ${p.message}`);
  page.source.body.split('\n').forEach((line, i) => {
    const m = PLACEHOLDER.exec(line);
    if (m) problems.push(`${file}:${i + 1}: placeholder text "${m[0]}"`);
  });
  for (const block of built.codeBlocks) {
    if (block.lang !== 'sql' || block.meta.example || block.meta.syntax || block.meta.norun) continue;
    problems.push(
      `${file}:${block.line}: an SQL block must be \`sql example\` (run on the engine), \`sql syntax\` or ` +
        '`sql norun="reason"`',
    );
  }
  return problems;
}

/** Pages written / pages in the catalogue, per section (a figure, never a failure). */
function sectionCoverage(projectRoot: string, model: SiteModel): string[] {
  const rows = readCatalogueRows(projectRoot).filter((r) => !r.id.startsWith('generated-index:'));
  const written = new Set(model.pages.map((p) => p.view.route));
  const sections = new Map<string, { written: number; total: number }>();
  for (const { id, route, categoryPath } of rows) {
    const section = (categoryPath.split(' > ')[0] ?? id).trim() || id.split('/')[0] || id;
    const s = sections.get(section) ?? { written: 0, total: 0 };
    s.total++;
    if (written.has(route)) s.written++;
    sections.set(section, s);
  }
  const lines = ['pages written / pages in the catalogue, per section:'];
  let w = 0;
  let t = 0;
  for (const [name, s] of sections) {
    lines.push(`  ${name.padEnd(26)} ${String(s.written).padStart(3)} / ${s.total}`);
    w += s.written;
    t += s.total;
  }
  lines.push(`  ${'all'.padEnd(26)} ${String(w).padStart(3)} / ${t}`);
  return lines;
}

/**
 * Every function the engine lists has an entry: a page title or heading naming it (or an alias line in one), with
 * an example run on the engine. Exceptions, with their reasons, are listed in FUNCTION_EXCEPTIONS_FILE.
 */
function functionEntryProblems(projectRoot: string, model: SiteModel, report: string[]): string[] {
  const [functions] = engineCoverage(model, readEngineObjects(projectRoot));
  if (!functions) return [];
  const problems: string[] = [];
  const { missing, staleExceptions } = functionProblems(functions, readFunctionExceptions(projectRoot));
  const functionCount = functions.documented.length + functions.missing.length;
  report.push(`\nengine functions with an entry: ${functions.documented.length}/${functionCount}`);
  if (missing.length) {
    problems.push(
      `${missing.length} engine function${missing.length === 1 ? ' has' : 's have'} no ` +
        `entry (a page title or heading naming it, with an example run on the engine), and ` +
        `${FUNCTION_EXCEPTIONS_FILE} gives no reason:\n    ${wrap(missing.sort())}`,
    );
  }
  for (const name of staleExceptions)
    problems.push(
      `${FUNCTION_EXCEPTIONS_FILE}: "${name}" has an entry now, or the engine no longer lists it: remove the line`,
    );
  return problems;
}

/**
 * Operator facts (configuration keys, environment variables, storage parameters, metric names) that pages must
 * keep giving: decided once from a comparison with older releases' pages, checked here without them.
 */
function operatorFactProblems(projectRoot: string, _model: SiteModel, report: string[]): string[] {
  const { facts, problems } = checkOperatorFacts(projectRoot);
  const count = (status: string) => facts.filter((f) => f.status === status).length;
  report.push(
    `\noperator facts (${OPERATOR_FACTS_FILE}): ${count('restored')} restored, ` +
      `${count('gone-in-1.2.453')} gone in v1.2.453 and said so, ${count('noise')} noise`,
  );
  return problems;
}

/**
 * Where an entry's prose says it returns a type the engine does not return (the signature card is the engine's
 * answer), and engine functions without a signature and without a reason.
 */
function proseReturnProblems(
  projectRoot: string,
  model: SiteModel,
  report: string[],
  treeOf: (built: BuiltPage) => Root,
): string[] {
  const objects = readEngineObjects(projectRoot);
  const recorded = readSignatures(projectRoot);
  const exceptions = readSignatureExceptions(projectRoot);
  const cards = cardsByNormalName(functionCards(projectRoot, model.contentRoot, recorded, exceptions));
  const problems = signatureExceptionProblems(recorded, exceptions);
  const entries = functionEntries(namedPlaces(model), objects.functions);
  const byRoute = new Map(model.pages.map((b) => [b.view.route, b]));
  const seen = new Set<string>();
  for (const [name, place] of entries) {
    const card = cards.get(name);
    const built = byRoute.get(place.route);
    if (!card || !built || built.page.kind !== 'doc') continue;
    const key = `${place.route}#${place.anchor ?? ''}#${card.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Line numbers of the body: the frontmatter's lines come before it in the file.
    const source = built.page.source;
    const offset = source.raw.split('\n').length - source.body.split('\n').length;
    const otherEntry = (heading: string) =>
      namesOfHeading(heading).some(
        (n) => cards.has(n) && cards.get(n)!.name !== card.name && !card.aliases.includes(cards.get(n)!.name),
      );
    for (const { claim, word } of contradictions(returnClaims(treeOf(built), place.anchor, otherEntry), card.returns)) {
      problems.push(
        `${source.file}:${claim.line + offset}: ${card.name.toUpperCase()}: the prose says it returns ${word}, ` +
          `the engine returns ${card.returns.join(' or ')} ("${claim.text}")`,
      );
    }
  }
  report.push(`\nreturn types in the prose of ${seen.size} function entries checked against the engine's signatures`);
  return problems;
}

/** Names joined by commas, broken into lines of about 110 characters. */
function wrap(names: string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const n of names) {
    if (line && line.length + n.length + 2 > 110) {
      lines.push(`${line},`);
      line = n;
    } else line = line ? `${line}, ${n}` : n;
  }
  if (line) lines.push(line);
  return lines.join('\n    ');
}
