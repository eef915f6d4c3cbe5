/**
 * The engine's answer under a `sql example` block as HAST: a result table, a plan drawn as text, or the error
 * message, from the recorded results (`content/doc.examples/`). Kept apart from the Markdown pipeline so what a
 * reader sees of a result is read in one place.
 */
import type { Element, ElementContent } from 'hast';
import type { RecordedExample } from '../content/recorded.ts';
import { uiStrings } from '../strings.ts';

export const para = (className: string, text: string): Element => ({
  type: 'element',
  tagName: 'p',
  properties: { className: [className] },
  children: [{ type: 'text', value: text }],
});

/**
 * Engine output (result tables, plans) is not prose: full-text search skips it; names are indexed apart. An error
 * message is the exception (see `resultElements`).
 */
const NOT_SEARCHED = { dataPagefindIgnore: '' };

const el = (
  tagName: string,
  className: string | undefined,
  children: ElementContent[],
  extra: Record<string, string | number> = {},
): Element => ({
  type: 'element',
  tagName,
  properties: { ...(className ? { className: [className] } : {}), ...extra },
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/**
 * Control characters a value may hold (a NUL in a system table's text) are shown as escapes, never raw: a raw
 * NUL is invisible and makes the page invalid HTML. Line breaks and tabs stay, the cell keeps its layout.
 */
export function visibleText(value: string): string {
  // oxlint-disable-next-line eslint/no-control-regex -- control characters are what this makes visible
  return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) =>
    c === '\u0000' ? '\\0' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** EXPLAIN answers with one string per plan line: the page shows the plan as the tree it draws. */
function isPlan(r: RecordedExample): boolean {
  const t = r.result;
  const statement = r.sql.replace(/^(\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, '');
  return (
    !!t &&
    /^EXPLAIN\b/i.test(statement) &&
    t.columns.length === 1 &&
    /^String( NULL)?$/.test(t.columns[0]?.type ?? '') &&
    t.rows.length > 0
  );
}

/**
 * The engine's answer under an example: its result as a table (column names with their SQL types, every value
 * as the engine wrote it, a value with line breaks kept in one cell), a plan as pre-formatted text, or its error
 * message. An empty result still shows its columns, labelled "0 rows". Nothing for statements without columns.
 */
export function resultElements(r: RecordedExample): Element[] {
  if (r.error !== undefined) {
    // The message is searched: readers paste what the engine printed them. Its label is not.
    const label = {
      ...para('example-result-label', uiStrings.expectedError),
      properties: { className: ['example-result-label'], ...NOT_SEARCHED },
    };
    return [
      el('div', 'example-result example-result-error', [
        label,
        el('pre', undefined, [el('samp', undefined, [text(visibleText(r.error))])], { tabIndex: 0 }),
      ]),
    ];
  }
  const t = r.result;
  if (!t || t.columns.length === 0) return [];
  const varies = r.nondeterministic ? uiStrings.resultVaries : uiStrings.result;
  if (isPlan(r)) {
    const plan = t.rows.map((row) => (row[0] ?? '').replace(/^'([\s\S]*)'$/, '$1')).join('\n');
    const label = `${varies} · ${uiStrings.planLabel}`;
    return [
      el(
        'div',
        'example-result example-result-plan',
        [
          para('example-result-label', label),
          el('pre', undefined, [el('samp', undefined, [text(visibleText(plan))])], { tabIndex: 0, ariaLabel: label }),
        ],
        NOT_SEARCHED,
      ),
    ];
  }
  const head = el('thead', undefined, [
    el(
      'tr',
      undefined,
      t.columns.map((c) =>
        el('th', undefined, [text(c.name), el('span', 'result-type', [text(c.type)])], { scope: 'col' }),
      ),
    ),
  ]);
  const body = el(
    'tbody',
    undefined,
    t.rows.map((row) =>
      el(
        'tr',
        undefined,
        row.map((cell) => el('td', undefined, [text(visibleText(cell))])),
      ),
    ),
  );
  const label = `${varies} · ${uiStrings.rowCount(t.rows.length)}`;
  return [
    el(
      'div',
      'example-result example-result-ok',
      [
        para('example-result-label', label),
        el('div', 'table-shade', [
          el('div', 'table-scroll result-scroll', [el('table', 'result-table', [head, body])], {
            tabIndex: 0,
            role: 'region',
            ariaLabel: label,
          }),
        ]),
      ],
      NOT_SEARCHED,
    ),
  ];
}
