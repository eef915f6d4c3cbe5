/**
 * `npm run check:content`: the content linted like code. Every page follows its template (SQL function and
 * command pages carry their sections), holds no placeholder text or empty section, and marks every SQL block as
 * a recorded example, a grammar or not runnable here. Prints, per section, pages written / pages in the catalogue.
 */
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { readCatalogueRows } from '../src/build/coverage.ts';
import { loadSite } from '../src/build/load-site.ts';
import { ContentErrors } from '../src/content/errors.ts';
import { parseMarkdown } from '../src/markdown/parse.ts';

const projectRoot = process.cwd();
const PLACEHOLDER = /\b(TODO|TBD|FIXME|lorem ipsum|coming soon|to be written)\b/i;

/** Sections a page of each kind must have; alternatives separated by "|". */
const TEMPLATES: { kind: string; match: (id: string) => boolean; sections: string[] }[] = [
  { kind: 'SQL function', match: (id) => id.startsWith('sql-functions/') && !id.endsWith('/index'), sections: ['Syntax', 'Arguments|Parameters', 'Return type', 'Examples'] },
  { kind: 'SQL command', match: (id) => id.startsWith('sql-commands/') && !id.endsWith('/index'), sections: ['Syntax', 'Examples'] },
];

let model;
try {
  model = await loadSite({ projectRoot, withDates: false });
} catch (err) {
  if (!(err instanceof ContentErrors)) throw err;
  console.error(`content check failed: the build refuses the content:\n  ${err.errors.map((e) => e.message).join('\n  ')}`);
  process.exit(1);
}

const problems: string[] = [];
for (const built of model.pages) {
  const page = built.page;
  if (page.kind !== 'doc') continue;
  const file = page.source.file;
  const tree: Root = parseMarkdown(page.source.body).tree;
  const headings = tree.children.filter((n): n is Heading => n.type === 'heading');

  for (const t of TEMPLATES) {
    if (!t.match(page.id)) continue;
    const have = new Set(headings.filter((h) => h.depth === 2).map((h) => toString(h).trim().toLowerCase()));
    for (const section of t.sections) {
      if (!section.split('|').some((s) => have.has(s.toLowerCase()))) problems.push(`${file}:1: a ${t.kind} page needs a "## ${section.replace('|', '" or "## ')}" section`);
    }
  }

  // An empty section: a heading followed by a heading of the same or a higher level, or by nothing.
  tree.children.forEach((node, i) => {
    if (node.type !== 'heading') return;
    const next = tree.children[i + 1];
    if (!next || (next.type === 'heading' && next.depth <= node.depth)) problems.push(`${file}:${node.position?.start.line}: the section "${toString(node)}" is empty`);
  });

  page.source.body.split('\n').forEach((line, i) => {
    const m = PLACEHOLDER.exec(line);
    if (m) problems.push(`${file}:${i + 1}: placeholder text "${m[0]}"`);
  });

  for (const block of built.codeBlocks) {
    if (block.lang !== 'sql') continue;
    if (!block.meta.example && !block.meta.syntax && !block.meta.norun) {
      problems.push(`${file}:${block.line}: an SQL block must be \`sql example\` (run on the engine), \`sql syntax\` or \`sql norun="reason"\``);
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

if (problems.length) {
  console.error(`\ncontent check failed: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('\ncontent check: every page follows its template, no placeholders, every SQL block is run, a grammar or marked');
