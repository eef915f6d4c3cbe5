/**
 * `npm run check:content`: the content linted like code. Every page follows its template (SQL function, command,
 * release-notes and RFC pages carry their sections: see src/content/templates.ts), holds no placeholder text, empty
 * section or bare URL, and marks every SQL block as
 * a recorded example, a grammar or not runnable here, and every function the engine lists has an entry (see
 * functionEntries in src/examples/engine-objects.ts) unless content/catalogue/function-exceptions.tsv gives a reason.
 * Prints, per section, pages written / pages in the catalogue, and the engine functions with an entry.
 */
import type { Root } from 'mdast';
import { readCatalogueRows } from '../src/build/coverage.ts';
import { loadSite } from '../src/build/load-site.ts';
import { ContentErrors } from '../src/content/errors.ts';
import { bareUrls, checkTemplates, emptySections } from '../src/content/templates.ts';
import { cardsByNormalName, functionCards } from '../src/examples/signatures/cards.ts';
import { contradictions, returnClaims } from '../src/examples/signatures/prose-check.ts';
import {
  readSignatureExceptions,
  readSignatures,
  signatureExceptionProblems,
} from '../src/examples/signatures/store.ts';
import {
  engineCoverage,
  functionEntries,
  namedPlaces,
  namesOfHeading,
  FUNCTION_EXCEPTIONS_FILE,
  functionProblems,
  readEngineObjects,
  readFunctionExceptions,
} from '../src/examples/engine-objects.ts';
import { parseMarkdown } from '../src/markdown/parse.ts';
import { checkOperatorFacts, OPERATOR_FACTS_FILE } from '../src/content/operator-facts.ts';

const projectRoot = process.cwd();
const PLACEHOLDER = /\b(TODO|TBD|FIXME|lorem ipsum|coming soon|to be written)\b/i;

let model;
try {
  model = await loadSite({ projectRoot, withDates: false });
} catch (err) {
  if (!(err instanceof ContentErrors)) throw err;
  console.error(
    `content check failed: the build refuses the content:\n  ${err.errors.map((e) => e.message).join('\n  ')}`,
  );
  process.exit(1);
}

const problems: string[] = [];
for (const built of model.pages) {
  const page = built.page;
  if (page.kind !== 'doc') continue;
  const file = page.source.file;
  const tree: Root = parseMarkdown(page.source.body).tree;
  const templatePage = {
    id: page.id,
    relPath: page.source.relPath,
    description: page.source.frontmatter.description,
    tree,
  };
  for (const p of [...checkTemplates(templatePage), ...emptySections(tree), ...bareUrls(tree)])
    problems.push(`${file}:${p.line}: ${p.message}`);

  page.source.body.split('\n').forEach((line, i) => {
    const m = PLACEHOLDER.exec(line);
    if (m) problems.push(`${file}:${i + 1}: placeholder text "${m[0]}"`);
  });

  for (const block of built.codeBlocks) {
    if (block.lang !== 'sql') continue;
    if (!block.meta.example && !block.meta.syntax && !block.meta.norun) {
      problems.push(
        `${file}:${block.line}: an SQL block must be \`sql example\` (run on the engine), \`sql syntax\` or \`sql norun="reason"\``,
      );
    }
  }
}

// Coverage per section against the catalogue.
const rows = (readCatalogueRows(projectRoot) ?? []).filter((r) => !r.id.startsWith('generated-index:'));
const written = new Set(model.pages.map((p) => p.view.route));
const sections = new Map<string, { written: number; total: number }>();
for (const { id, route, categoryPath } of rows) {
  const section = (categoryPath.split(' > ')[0] ?? id).trim() || id.split('/')[0] || id;
  const s = sections.get(section) ?? { written: 0, total: 0 };
  s.total++;
  if (written.has(route)) s.written++;
  sections.set(section, s);
}
console.log('pages written / pages in the catalogue, per section:');
let w = 0;
let t = 0;
for (const [name, s] of sections) {
  console.log(`  ${name.padEnd(26)} ${String(s.written).padStart(3)} / ${s.total}`);
  w += s.written;
  t += s.total;
}
console.log(`  ${'all'.padEnd(26)} ${String(w).padStart(3)} / ${t}`);

// Every function the engine lists has an entry: a page title or heading naming it (or an alias line in one),
// with an example run on the engine. Exceptions, with their reasons, are listed in FUNCTION_EXCEPTIONS_FILE.
try {
  const objects = readEngineObjects(projectRoot);
  const [functions] = engineCoverage(model, objects);
  if (functions) {
    const { missing, staleExceptions } = functionProblems(functions, readFunctionExceptions(projectRoot));
    const functionCount = functions.documented.length + functions.missing.length;
    console.log(`\nengine functions with an entry: ${functions.documented.length}/${functionCount}`);
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
  }
} catch (err) {
  if (!(err instanceof ContentErrors)) throw err;
  for (const e of err.errors) problems.push(e.message);
}

// Operator facts (configuration keys, environment variables, storage parameters, metric names) that pages must
// keep giving: decided once from a comparison with older releases' pages, checked here without them.
try {
  const { facts, problems: factProblems } = checkOperatorFacts(projectRoot);
  const count = (status: string) => facts.filter((f) => f.status === status).length;
  console.log(
    `\noperator facts (${OPERATOR_FACTS_FILE}): ${count('restored')} restored, ` +
      `${count('gone-in-1.2.453')} gone in v1.2.453 and said so, ${count('noise')} noise`,
  );
  problems.push(...factProblems);
} catch (err) {
  if (!(err instanceof ContentErrors)) throw err;
  for (const e of err.errors) problems.push(e.message);
}

// Where an entry's prose says it returns a type the engine does not return (the signature card is the engine's
// answer), and engine functions without a signature and without a reason.
try {
  const objects = readEngineObjects(projectRoot);
  const recorded = readSignatures(projectRoot);
  const cards = cardsByNormalName(
    functionCards(projectRoot, model.contentRoot, recorded, readSignatureExceptions(projectRoot)),
  );
  for (const p of signatureExceptionProblems(recorded, readSignatureExceptions(projectRoot))) problems.push(p);
  const entries = functionEntries(namedPlaces(model), objects.functions);
  const byRoute = new Map(model.pages.map((b) => [b.view.route, b]));
  const seen = new Set<string>();
  let checked = 0;
  for (const [name, place] of entries) {
    const card = cards.get(name);
    const built = byRoute.get(place.route);
    if (!card || !built || built.page.kind !== 'doc') continue;
    const key = `${place.route}#${place.anchor ?? ''}#${card.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    checked++;
    // Line numbers of the body: the frontmatter's lines come before it in the file.
    const offset = built.page.source.raw.split('\n').length - built.page.source.body.split('\n').length;
    const otherEntry = (heading: string) =>
      namesOfHeading(heading).some(
        (n) => cards.has(n) && cards.get(n)!.name !== card.name && !card.aliases.includes(cards.get(n)!.name),
      );
    for (const { claim, word } of contradictions(
      returnClaims(built.page.source.body, place.anchor, otherEntry),
      card.returns,
    )) {
      problems.push(
        `${built.page.source.file}:${claim.line + offset}: ${card.name.toUpperCase()}: the ` +
          `prose says it returns ${word}, the engine returns ${card.returns.join(' or ')} ` +
          `("${claim.text}")`,
      );
    }
  }
  console.log(`\nreturn types in the prose of ${checked} function entries checked against the engine's signatures`);
} catch (err) {
  if (!(err instanceof ContentErrors)) throw err;
  for (const e of err.errors) problems.push(e.message);
}

if (problems.length) {
  console.error(`\ncontent check failed: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  '\ncontent check: every page follows its template, no placeholders or bare URLs, ' +
    'every SQL block is run, a grammar or marked; every engine function has an entry',
);

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
