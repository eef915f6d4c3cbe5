/**
 * Operator facts (configuration keys, environment variables, storage parameters, metric names, table options)
 * that older releases' pages gave and a page of ours must keep giving. scripts/compare-2023.ts lists candidates;
 * a person decides each one and records it in OPERATOR_FACTS_FILE, so the check here runs without the old docs:
 *
 * - `restored`: true in v1.2.453 and on the page (its text or its recorded results): the identifier must appear
 *   there, spelled exactly.
 * - `gone-in-1.2.453`: removed or renamed since; the page must name it (in the line that says so).
 * - `noise`: not an operator fact (an example table name, a log line, a placeholder); the note says why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ContentError, ContentErrors } from './errors.ts';

export const OPERATOR_FACTS_FILE = 'content/catalogue/operator-facts.tsv';
export const FACT_STATUSES = ['restored', 'gone-in-1.2.453', 'noise'] as const;
export type FactStatus = (typeof FACT_STATUSES)[number];

export interface OperatorFact {
  /** Page path under content/doc, e.g. `13-sql-reference/20-system-tables/system-configs.md`. */
  page: string;
  identifier: string;
  status: FactStatus;
  note: string;
  /** Line in OPERATOR_FACTS_FILE, for messages. */
  line: number;
}

const HEADER = ['page', 'identifier', 'status', 'note'];

/** Parses the TSV text; throws ContentErrors naming each bad line. */
export function parseOperatorFacts(text: string, file = OPERATOR_FACTS_FILE): OperatorFact[] {
  const errors: ContentError[] = [];
  const facts: OperatorFact[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n');
  if ((lines[0] ?? '').split('\t').join('|') !== HEADER.join('|')) {
    throw new ContentErrors([new ContentError(file, 1, `the first line must be the header ${HEADER.join(' <tab> ')}`)]);
  }
  lines.forEach((raw, i) => {
    if (i === 0 || !raw.trim()) return;
    const line = i + 1;
    const [page = '', identifier = '', status = '', note = ''] = raw.split('\t').map((c) => c.trim());
    if (!page.endsWith('.md') || !identifier) {
      errors.push(
        new ContentError(file, line, 'each line is: page (path under content/doc), identifier, status, note'),
      );
      return;
    }
    if (!(FACT_STATUSES as readonly string[]).includes(status)) {
      errors.push(new ContentError(file, line, `status "${status}" is not one of ${FACT_STATUSES.join(', ')}`));
      return;
    }
    if (status !== 'restored' && !note)
      errors.push(new ContentError(file, line, `a "${status}" fact needs a note saying why`));
    const key = `${page}\t${identifier}`;
    if (seen.has(key)) errors.push(new ContentError(file, line, `${identifier} on ${page} is listed twice`));
    seen.add(key);
    facts.push({ page, identifier, status: status as FactStatus, note, line });
  });
  if (errors.length) throw new ContentErrors(errors);
  return facts;
}

/**
 * The facts a page no longer carries: a restored or gone fact whose identifier is not on its page (spelled
 * exactly, as a whole word), or whose page does not exist. `readPage` returns the page's Markdown, or undefined if there is none.
 */
export function operatorFactProblems(
  facts: readonly OperatorFact[],
  readPage: (page: string) => string | undefined,
  file = OPERATOR_FACTS_FILE,
): string[] {
  const problems: string[] = [];
  const cache = new Map<string, string | undefined>();
  for (const fact of facts) {
    if (fact.status === 'noise') continue;
    if (!cache.has(fact.page)) cache.set(fact.page, readPage(fact.page));
    const text = cache.get(fact.page);
    if (text === undefined) problems.push(`${file}:${fact.line}: page content/doc/${fact.page} does not exist`);
    else if (!mentions(text, fact.identifier)) {
      const what = fact.status === 'restored' ? 'no longer gives' : 'no longer says what became of';
      problems.push(`${file}:${fact.line}: content/doc/${fact.page} ${what} \`${fact.identifier}\``);
    }
  }
  return problems;
}

/**
 * What a reader sees of a page: its Markdown and the results recorded for its examples
 * (content/doc.examples/<page>.json), since a key listed by `SELECT ... FROM system.configs` is on the page too.
 */
export function pageText(projectRoot: string, page: string): string | undefined {
  const md = path.join(projectRoot, 'content/doc', page);
  if (!fs.existsSync(md)) return undefined;
  const results = path.join(projectRoot, 'content/doc.examples', page.replace(/\.md$/, '.json'));
  return fs.readFileSync(md, 'utf8') + (fs.existsSync(results) ? `\n${fs.readFileSync(results, 'utf8')}` : '');
}

/** The identifier as a whole word: `max_threads` is not found inside `aggregate_max_threads` or `max_threads_x`. */
export function mentions(text: string, identifier: string): boolean {
  const escaped = identifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`).test(text);
}

/** Reads OPERATOR_FACTS_FILE of a project and checks each fact against its page. */
export function checkOperatorFacts(projectRoot: string): { facts: OperatorFact[]; problems: string[] } {
  const file = path.join(projectRoot, OPERATOR_FACTS_FILE);
  if (!fs.existsSync(file)) return { facts: [], problems: [] };
  const facts = parseOperatorFacts(fs.readFileSync(file, 'utf8'));
  return { facts, problems: operatorFactProblems(facts, (page) => pageText(projectRoot, page)) };
}
