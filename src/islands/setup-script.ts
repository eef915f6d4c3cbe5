/**
 * "Copy with setup": the statements an example depends on are the examples the engine ran before it on the page,
 * in page order (the order they were recorded in), without those that failed on purpose (`example error`).
 * Offered only where one of them changes something (creates, fills, sets...): on a page of independent queries,
 * the example alone is the script.
 */

/** A statement that leaves something behind for the next ones: a table, a row, a setting, a stage... */
const CHANGES_STATE =
  /^(CREATE|INSERT|SET|UNSET|USE|ALTER|COPY|REPLACE|MERGE|UPDATE|DELETE|DROP|TRUNCATE|UNDROP|RENAME|BEGIN|COMMIT|GRANT|REVOKE|REMOVE|OPTIMIZE|VACUUM|ATTACH|CALL|EXECUTE|REFRESH)\b/i;

/** The statement without leading comments and blank lines. */
const leading = (sql: string) => sql.replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, '');

export interface ExampleBlock {
  /** The figure's `data-kind`: `example`, `example error`, `example nondeterministic`. */
  kind: string;
  sql: string;
}

const isExample = (kind: string) => kind.split(' ').includes('example');
const ranFine = (kind: string) => isExample(kind) && !kind.split(' ').includes('error');

/** The script for the example at `index` of a page's blocks, or undefined when it needs no setup. */
export function setupScript(blocks: readonly ExampleBlock[], index: number): string | undefined {
  const target = blocks[index];
  if (!target || !isExample(target.kind)) return undefined;
  const before = blocks.slice(0, index).filter((b) => ranFine(b.kind));
  if (!before.some((b) => CHANGES_STATE.test(leading(b.sql)))) return undefined;
  return `${[...before, target].map((b) => b.sql.trim().replace(/;?$/, ';')).join('\n\n')}\n`;
}

/** The script for the example shown in `figure`, read from the page's code blocks. */
export function setupScriptFor(figure: Element): string | undefined {
  const figures = [...figure.ownerDocument.querySelectorAll('figure.code-block[data-kind~="example"]')];
  const blocks = figures.map((f) => ({
    kind: f.getAttribute('data-kind') ?? '',
    sql: f.querySelector('pre')?.textContent ?? '',
  }));
  return setupScript(blocks, figures.indexOf(figure));
}
