import { createHash } from 'node:crypto';
import { eastAsianWidth } from 'get-east-asian-width';
import type { RecordedExample, ResultTable } from '../content/recorded.ts';

/**
 * What the engine bridge answers for one statement: the result as the engine renders it (its own text for every
 * value), the block's row and column counts, and the statement's output schema (`DataSchema { fields: [...] }`,
 * the engine's debug form). The DataFrame runs the statement again each time it is read, so the bridge reads it
 * once; the counts and the schema are what make the rendered text readable without guessing.
 */
export interface EngineResult {
  box: string;
  rows: number;
  columns: number;
  schema: string;
}

/** Reads one statement's answer into columns and cells; throws a reason when it cannot be read exactly. */
export function readEngineResult(answer: EngineResult): ResultTable {
  const columns = parseSchema(answer.schema);
  if (answer.columns === 0) return { columns: [], rows: [] };
  if (columns.length !== answer.columns)
    throw new Error(`the schema names ${columns.length} columns, the result has ${answer.columns}`);
  if (answer.rows === 0) return { columns, rows: [] };
  const grid = readBox(answer.box, columns.length);
  const rows = splitRows(grid.lines, columns, answer.rows);
  // The box's own type names win over ours (they are what the engine prints); they must agree all the same.
  grid.types.forEach((t, i) => {
    const c = columns[i];
    if (c && c.type !== t) throw new Error(`column ${i + 1}: the schema says ${c.type}, the result says ${t}`);
    if (c && grid.names[i] !== c.name.trim())
      throw new Error(
        `column ${i + 1}: the schema names it ${JSON.stringify(c.name)}, the result ${JSON.stringify(grid.names[i])}`,
      );
  });
  return { columns, rows };
}

/** Terminal width of a character as the engine's table renderer counts it: control and combining marks 0, wide 2. */
export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (/^[\p{Mn}\p{Me}\u200b-\u200f\u2028\u2029\u2060\ufeff]$/u.test(ch)) return 0;
  return eastAsianWidth(cp);
}

/**
 * The box cut into cells by the column boundaries of its rule line (`├──┼──┤`), measured in terminal columns:
 * a value may itself hold `│` (an EXPLAIN plan draws its tree with it), so the box is never split on that
 * character. Each data line becomes one string per column, without the padding.
 */
function readBox(box: string, width: number): { names: string[]; types: string[]; lines: string[][] } {
  const lines = box.split('\n');
  const rule = lines.findIndex((l) => l.startsWith('├'));
  if (rule !== 3 || !lines[lines.length - 1]?.startsWith('└'))
    throw new Error('the result is not a table the engine drew');
  // Code points are meant: the rule is box-drawing characters, and cut() below walks each line by code point too.
  // oxlint-disable-next-line typescript/no-misused-spread -- see above
  const ruleLine = [...(lines[rule] ?? '')];
  const bounds = ruleLine.flatMap((ch, i) => (ch === '┼' || ch === '┤' ? [i] : []));
  if (bounds.length !== width) throw new Error(`the table has ${bounds.length} columns, the result ${width}`);
  const cut = (line: string): string[] => {
    const cells: string[] = Array.from({ length: width }, () => '');
    const wrong = () => new Error(`a line of the table does not match its columns: ${line}`);
    let col = -1;
    let at = 0;
    for (const ch of line) {
      if (ch === '│' && (col === -1 ? at === 0 : at === bounds[col])) {
        col++;
        at++;
        continue;
      }
      const w = charWidth(ch);
      const end = bounds[col];
      if (col < 0 || end === undefined || at + w > end) throw wrong();
      cells[col] += ch;
      at += w;
    }
    if (col !== width) throw wrong();
    return cells;
  };
  const names = cut(lines[1] ?? '').map((c) => c.trim());
  const types = cut(lines[2] ?? '').map((c) => c.trim());
  return { names, types, lines: lines.slice(rule + 1, -1).map(cut) };
}

const isStringType = (type: string) => /^String( NULL)?$/.test(type);
/**
 * A string cell is whole once its closing quote is in: the engine quotes strings and escapes nothing. (Some
 * string columns of system commands print their values bare; such a value is whole on its line.)
 */
const stringComplete = (text: string) => !text.startsWith("'") || (text.length >= 2 && text.endsWith("'"));

/**
 * Groups the box's lines into rows. A value that holds line breaks spans several lines: the next row starts
 * on a line where every column has text (a continuation line leaves the other columns blank) and every string
 * cell of the row so far is closed. The count must come out as the engine's row count, or nothing is recorded.
 */
function splitRows(lines: string[][], columns: { type: string }[], expected: number): string[][] {
  // As many lines as rows: no value spans lines, and a blank cell is an empty value (an empty BINARY prints nothing).
  if (lines.length === expected) return lines.map((line) => columns.map((_, i) => cellText([line[i] ?? ''])));
  const groups: string[][][] = [];
  for (const line of lines) {
    const current = groups[groups.length - 1];
    const starts =
      !current ||
      (line.every((cell) => cell.trim() !== '') &&
        columns.every((c, i) => !isStringType(c.type) || stringComplete(cellText(current.map((l) => l[i] ?? '')))));
    if (starts) groups.push([line]);
    else current.push(line);
  }
  if (groups.length !== expected)
    throw new Error(`read ${groups.length} rows from the table, the engine returned ${expected}`);
  return groups.map((group) => columns.map((_, i) => cellText(group.map((l) => l[i] ?? ''))));
}

/**
 * One cell's text from its segments, one per line: the first line trimmed (numbers are right-aligned), the
 * following lines keep their indentation (only the one space of padding goes), blank lines past the value end it.
 */
function cellText(segments: string[]): string {
  const [first = '', ...rest] = segments;
  const lines = [first.trim(), ...rest.map((s) => s.replace(/^ /, '').trimEnd())];
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

type Debug =
  | { kind: 'word'; text: string; args?: Debug[]; fields?: Map<string, Debug> }
  | { kind: 'list'; items: Debug[] }
  | { kind: 'text'; text: string };

/**
 * The statement's columns from the schema's debug form (`DataField { name: "a", data_type: Nullable(Number(Int32)) }`),
 * with type names as the engine prints them over a result (`Int32 NULL`). The schema comes from the plan, so an
 * empty result still has its columns.
 */
export function parseSchema(schema: string): { name: string; type: string }[] {
  const tokens = schema.match(/"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?|[{}()[\],:]/g) ?? [];
  let at = 0;
  const expect = (t: string) => {
    if (tokens[at] !== t)
      throw new Error(`cannot read the result's schema near "${tokens.slice(at, at + 5).join(' ')}"`);
    at++;
  };
  const value = (): Debug => {
    const t = tokens[at++];
    if (t === undefined) throw new Error('the result schema ends early');
    if (t === '[') {
      const items: Debug[] = [];
      while (tokens[at] !== ']') {
        items.push(value());
        if (tokens[at] === ',') at++;
      }
      at++;
      return { kind: 'list', items };
    }
    if (t.startsWith('"')) return { kind: 'text', text: rustString(t) };
    if (t === '{') {
      while (tokens[at] !== '}') value();
      at++;
      return { kind: 'word', text: '{}' };
    }
    const node: Debug = { kind: 'word', text: t };
    if (tokens[at] === '(') {
      at++;
      node.args = [];
      while (tokens[at] !== ')') {
        node.args.push(value());
        if (tokens[at] === ',') at++;
      }
      at++;
    } else if (tokens[at] === '{') {
      at++;
      node.fields = new Map();
      while (tokens[at] !== '}') {
        const key = tokens[at++] ?? '';
        expect(':');
        node.fields.set(key, value());
        if (tokens[at] === ',') at++;
      }
      at++;
    }
    return node;
  };
  const root = value();
  const fields = root.kind === 'word' ? root.fields?.get('fields') : undefined;
  if (!fields || fields.kind !== 'list') throw new Error(`cannot read the result's schema: ${schema.slice(0, 200)}`);
  return fields.items.map((f) => {
    const name = f.kind === 'word' ? f.fields?.get('name') : undefined;
    const type = f.kind === 'word' ? f.fields?.get('data_type') : undefined;
    if (name?.kind !== 'text' || !type)
      throw new Error(`cannot read a column of the result's schema: ${schema.slice(0, 200)}`);
    return { name: name.text, type: typeName(type) };
  });
}

const RUST_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', '"': '"', "'": "'" };

/** A Rust debug string literal's text: `"it\'s"` → `it's`, `"\u{1f600}"` → 😀. */
export function rustString(literal: string): string {
  return literal
    .slice(1, -1)
    .replace(/\\(u\{([0-9a-fA-F]+)\}|.)/g, (all, esc: string, hex?: string) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : (RUST_ESCAPES[esc] ?? all),
    );
}

/** The engine's printed name of a type from its debug form: `Nullable(Number(Int32))` → `Int32 NULL`. */
function typeName(d: Debug): string {
  if (d.kind === 'list') return d.items.map(typeName).join(', ');
  if (d.kind === 'text') return d.text;
  const args = d.args ?? [];
  const only = args[0];
  switch (d.text) {
    case 'Null':
      return 'NULL';
    case 'EmptyArray':
      return 'Array(Nothing)';
    case 'EmptyMap':
      return 'Map(Nothing)';
    case 'Nullable':
      return `${only ? typeName(only) : ''} NULL`;
    case 'Number':
      return only ? typeName(only) : 'Number';
    case 'Decimal': {
      const size = only?.kind === 'word' ? only.args?.[0] : undefined;
      const p = size?.kind === 'word' ? size.fields?.get('precision') : undefined;
      const s = size?.kind === 'word' ? size.fields?.get('scale') : undefined;
      return `Decimal(${p?.kind === 'word' ? p.text : '?'}, ${s?.kind === 'word' ? s.text : '?'})`;
    }
    case 'Map': {
      const kv = only?.kind === 'word' && only.text === 'Tuple' ? only.args?.[0] : undefined;
      return `Map(${kv ? typeName(kv) : ''})`;
    }
    case 'Tuple': {
      const items = only?.kind === 'list' ? only.items : [];
      return `Tuple(${items.map(typeName).join(', ')}${items.length === 1 ? ',' : ''})`;
    }
    default:
      return args.length ? `${d.text}(${args.map(typeName).join(', ')})` : d.text;
  }
}

/** Keys of a page's examples: a short hash of each statement, numbered when the same statement repeats. */
export function exampleKeys(statements: string[]): string[] {
  const seen = new Map<string, number>();
  return statements.map((sql) => {
    const hash = createHash('sha1').update(sql.trim()).digest('hex').slice(0, 10);
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return n === 1 ? hash : `${hash}-${n}`;
  });
}

/** How two answers differ, in a line a reader can act on; undefined when they are the same. */
export function describeDifference(recorded: RecordedExample, now: RecordedExample): string | undefined {
  if (recorded.error !== now.error)
    return `error was ${JSON.stringify(recorded.error ?? null)}, now ${JSON.stringify(now.error ?? null)}`;
  const a = recorded.result;
  const b = now.result;
  if (!a || !b) return a === b ? undefined : 'one of the two answers has no result table';
  const header = (t: ResultTable) => t.columns.map((c) => `${c.name} ${c.type}`).join(', ');
  if (header(a) !== header(b)) return `columns were (${header(a)}), now (${header(b)})`;
  if (a.rows.length !== b.rows.length) return `${a.rows.length} rows recorded, ${b.rows.length} now`;
  for (let i = 0; i < a.rows.length; i++) {
    const ra = JSON.stringify(a.rows[i]);
    const rb = JSON.stringify(b.rows[i]);
    if (ra !== rb) return `row ${i + 1} was ${ra}, now ${rb}`;
  }
  return undefined;
}

/**
 * What the embedded engine's Python wrapper puts before the engine's own error: `Error: ` when planning fails,
 * `DataFrame collect error: ` when running does. No Databend client prints either, and they split one kind of
 * error into two forms, so they are dropped.
 */
const WRAPPER_PREFIX = /^(?:DataFrame collect error|Error): (?=\w+\. Code: \d+, Text = )/;

/**
 * The engine's own error, `<Name>. Code: <n>, Text = <message>.` (Databend's ErrorCode as the server writes it
 * to its log and to MySQL clients), without the wrapper's prefix and without the native backtrace some errors
 * carry (`0: <unknown>` … `start_thread`): the frames depend on what ran earlier in the process, so they would
 * make recorded errors differ between runs, and they tell a reader nothing.
 */
export function engineErrorMessage(text: string): string {
  const lines = text.split('\n');
  const frame = lines.findIndex((l) => /^\s*\d+: \S/.test(l));
  return (frame >= 0 ? lines.slice(0, frame) : lines).join('\n').trim().replace(WRAPPER_PREFIX, '');
}
