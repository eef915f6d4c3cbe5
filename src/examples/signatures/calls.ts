/**
 * How the signature prober writes a call (argument types as columns or literals of the probe table, parameters, a
 * window) and reads the overloads the engine names when it refuses one. Pure: no engine here (see probe.ts).
 */
import { ALL_FAMILIES, argSql, type ArgForm, type TypeFamily, type TypeVariant } from './types.ts';

export interface Arg {
  family: TypeFamily;
  variant: TypeVariant;
  /** Written as a literal whatever the form: an argument the engine takes only as a constant (a delimiter). */
  constant?: true;
}

export interface Form {
  args: ArgForm;
  params?: string;
  window?: boolean;
}

export const FAMILY_PRIORITY = new Map(ALL_FAMILIES.map((f, i) => [f.name, i]));
export const repArgs = (families: TypeFamily[]): Arg[] => families.map((f) => ({ family: f, variant: f.rep }));
export const keyOf = (args: Arg[]) => args.map((a) => a.variant.sql).join(',');

export function callSql(name: string, args: Arg[], form: Form, argForm: ArgForm = form.args): string {
  const inner = args.map((a) => argSql(a.variant, a.constant ? 'literal' : argForm)).join(', ');
  const call = `${name}${form.params ?? ''}(${inner})`;
  return form.window ? `${call} OVER (ORDER BY c_i32)` : call;
}
export const selectSql = (call: string) => `SELECT ${call} FROM probe`;

/** The family of a type the engine names in an overload (`Array(T0) NULL`, `UInt64`); undefined for generics. */
export function familyOfOverloadType(t: string): TypeFamily | undefined {
  // A generic (`T0`) unifies with any type: an integer stands for it (an ARRAY(INT) column goes with it).
  const head = /^T\d+\b/.test(t.trim()) ? 'Int32' : (/^[A-Za-z]+\d*/.exec(t.trim())?.[0] ?? '');
  const name = /^U?Int\d+$/.test(head)
    ? 'INTEGER'
    : /^Float\d+$/.test(head)
      ? 'FLOAT'
      : (
          {
            Decimal: 'DECIMAL',
            String: 'VARCHAR',
            Boolean: 'BOOLEAN',
            Date: 'DATE',
            Timestamp: 'TIMESTAMP',
            Variant: 'VARIANT',
            Array: 'ARRAY',
            Map: 'MAP',
            Tuple: 'TUPLE',
            Bitmap: 'BITMAP',
            Geometry: 'GEOMETRY',
            Binary: 'BINARY',
            Nothing: 'NULL',
            NULL: 'NULL',
          } as Record<string, string>
        )[head];
  return ALL_FAMILIES.find((f) => f.name === name);
}

/** Splits an overload's argument list at its top-level commas. */
export function overloadArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (text.trim()) out.push(text.slice(start).trim());
  return out;
}

/** The ways of writing a call, tried in this order on the functions still refusing every call. */
export const FORMS: Form[] = [
  { args: 'column' },
  { args: 'literal' },
  { args: 'column', params: '(1)' },
  { args: 'column', params: '(0.5)' },
  { args: 'column', params: '(10, 2)' },
  { args: 'column', window: true },
];

/** All tuples of `n` items drawn from `pool`. */
export function grid<T>(pool: T[], n: number): T[][] {
  let out: T[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((t) => pool.map((p) => [...t, p]));
  return out;
}
