/**
 * How a table's columns may narrow on a phone, read from what their cells hold. Classes on the table only, one
 * per marked column (`prose-2 key-1`), not on every cell: the REST API page has 79 such cells, and a class on each
 * made its HTML heavier than its budget. The CSP forbids inline style; article.css gives the columns their widths
 * by position, up to `MARKED_COLUMNS`.
 * - `prose-<n>`: a column with a cell of several words keeps a minimum width, so a table that cannot fit scrolls
 *   rather than stack its words one or two a line.
 * - `key-<n>`: a column whose every body cell is one short token (`E051-01`, `9191`, `Yes`) does not wrap: it would
 *   otherwise break after a hyphen.
 * - A long path or qualified name in a cell (`<catalog>.<database>.<table>`, `s3://<bucket>/<path>/`) may break
 *   after its `/` and `.` (a `<wbr>`), rather than hold its column as wide as itself.
 */
import type { Element, ElementContent } from 'hast';

/** Words in a cell from which a column reads as prose. */
const PROSE_WORDS = 3;
/** The longest token a key column's cell may hold. */
const KEY_CHARS = 14;
/** Columns marked, from the first: article.css has a rule for each (a Markdown table has no spanning cells). */
export const MARKED_COLUMNS = 8;

export function markTableColumns(table: Element): void {
  const rows = elements(table).flatMap((part) => (part.tagName === 'tr' ? [part] : elements(part)));
  const cells = rows.map((row) => elements(row).filter((c) => c.tagName === 'td' || c.tagName === 'th'));
  const body = cells.filter((row) => row.some((c) => c.tagName === 'td'));
  const columns = Math.max(0, ...cells.map((row) => row.length));
  for (let i = 0; i < columns; i++) {
    const texts = body.map((row) => {
      const cell = row[i];
      return cell ? textOf(cell).trim() : '';
    });
    const prose = texts.some((t) => t.split(/\s+/).length >= PROSE_WORDS);
    const key = texts.length > 0 && texts.every((t) => t.length <= KEY_CHARS && !/\s/.test(t));
    if (i < MARKED_COLUMNS && (prose || key)) addClass(table, `${prose ? 'prose' : 'key'}-${i + 1}`);
  }
  breakPaths(table);
}

/** A run of 16 characters or more without a space breaks after an inner `/` (not inside `//`) and before a `<…>`. */
const LONG_RUN = /\S{16,}/g;
const PATH_PARTS = /(?<=\/)(?<!^\/)(?!\/)(?!$)|(?<=\.)(?=<)/;

/** `text` cut where a `<wbr>` goes; one piece when it holds no long path. */
export function pathPieces(text: string): string[] {
  const pieces = [''];
  let last = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    const parts = m[0].split(PATH_PARTS);
    pieces[pieces.length - 1] += text.slice(last, m.index) + (parts.shift() ?? '');
    pieces.push(...parts);
    last = m.index + m[0].length;
  }
  pieces[pieces.length - 1] += text.slice(last);
  return pieces;
}

function breakPaths(node: Element): void {
  node.children = node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'element') breakPaths(child);
    if (child.type !== 'text') return [child];
    return pathPieces(child.value).flatMap((value, i): ElementContent[] =>
      i === 0
        ? [{ type: 'text', value }]
        : [
            { type: 'element', tagName: 'wbr', properties: {}, children: [] },
            { type: 'text', value },
          ],
    );
  });
}

const elements = (node: Element): Element[] => node.children.filter((c): c is Element => c.type === 'element');

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function addClass(node: Element, name: string): void {
  const current = node.properties.className;
  node.properties.className = [...(Array.isArray(current) ? current.map(String) : []), name];
}
