/**
 * The argument types the signature prober calls functions with: families (probed first) and the widths inside
 * them (probed once a family is accepted), each a column of the probe table, NOT NULL and nullable, holding one
 * row of ordinary values (the nullable columns hold NULL), and a literal for functions that need constants.
 */

export interface TypeVariant {
  /** The SQL type name as the engine's TYPEOF writes it. */
  sql: string;
  /** Column of the probe table (NOT NULL); `n_<column>` is the nullable one, holding NULL. */
  column: string;
  /** The value the probe table holds, and the literal used when a function needs constant arguments. */
  value: string;
}

export interface TypeFamily {
  name: string;
  /** The variant probed first; the others (widths) are probed only where the family is accepted. */
  rep: TypeVariant;
  widths: TypeVariant[];
}

const v = (sql: string, column: string, value: string): TypeVariant => ({ sql, column, value });

const INT_WIDTHS = [
  v('TINYINT', 'c_i8', '1'),
  v('SMALLINT', 'c_i16', '1'),
  v('INT', 'c_i32', '1'),
  v('BIGINT', 'c_i64', '1'),
  v('TINYINT UNSIGNED', 'c_u8', '1'),
  v('SMALLINT UNSIGNED', 'c_u16', '1'),
  v('INT UNSIGNED', 'c_u32', '1'),
  v('BIGINT UNSIGNED', 'c_u64', '1'),
];
const FLOAT_WIDTHS = [v('FLOAT', 'c_f32', '0.5'), v('DOUBLE', 'c_f64', '0.5')];

export const FAMILIES: TypeFamily[] = [
  { name: 'INTEGER', rep: INT_WIDTHS[2]!, widths: INT_WIDTHS },
  { name: 'FLOAT', rep: FLOAT_WIDTHS[1]!, widths: FLOAT_WIDTHS },
  {
    name: 'DECIMAL',
    rep: v('DECIMAL(10, 2)', 'c_dec', '0.5'),
    widths: [
      v('DECIMAL(10, 2)', 'c_dec', '0.5'),
      v('DECIMAL(40, 4)', 'c_dec256', '0.5'),
      v('DECIMAL(38, 0)', 'c_dec38', '1'),
    ],
  },
  { name: 'VARCHAR', rep: v('VARCHAR', 'c_str', "'1'"), widths: [] },
  { name: 'BOOLEAN', rep: v('BOOLEAN', 'c_bool', 'TRUE'), widths: [] },
  { name: 'DATE', rep: v('DATE', 'c_date', "'2024-01-15'"), widths: [] },
  { name: 'TIMESTAMP', rep: v('TIMESTAMP', 'c_ts', "'2024-01-15 10:30:00'"), widths: [] },
  { name: 'VARIANT', rep: v('VARIANT', 'c_var', `PARSE_JSON('{"a":[1,2]}')`), widths: [] },
  {
    name: 'ARRAY',
    rep: v('ARRAY(INT)', 'c_arr', '[1, 2]'),
    widths: [
      v('ARRAY(INT)', 'c_arr', '[1, 2]'),
      v('ARRAY(VARCHAR)', 'c_arr_str', "['a', 'b']"),
      v('ARRAY(ARRAY(INT))', 'c_arr_arr', '[[1], [2]]'),
      // Vectors of FLOAT: L2_DISTANCE of two gives FLOAT, of other arrays DOUBLE.
      v('ARRAY(FLOAT)', 'c_arr_f32', '[0.5, 1.5]'),
    ],
  },
  { name: 'MAP', rep: v('MAP(VARCHAR, INT)', 'c_map', "{'a': 1}"), widths: [] },
  { name: 'TUPLE', rep: v('TUPLE(INT, VARCHAR)', 'c_tuple', "(1, 'a')"), widths: [] },
  { name: 'BITMAP', rep: v('BITMAP', 'c_bitmap', "TO_BITMAP('1,2')"), widths: [] },
  { name: 'GEOMETRY', rep: v('GEOMETRY', 'c_geo', "ST_GEOMFROMWKT('POINT(1 2)')"), widths: [] },
  // Last, so the families before it are tried in the order they were (TO_HEX, LENGTH and TO_STRING take bytes).
  { name: 'BINARY', rep: v('BINARY', 'c_bin', "TO_BINARY('1')"), widths: [] },
];

/** The NULL literal: a family of its own (type NULL), written the same way in every form. */
export const NULL_FAMILY: TypeFamily = { name: 'NULL', rep: v('NULL', 'NULL', 'NULL'), widths: [] };
export const ALL_FAMILIES = [...FAMILIES, NULL_FAMILY];

const allVariants = (): TypeVariant[] => {
  const seen = new Map<string, TypeVariant>();
  for (const f of FAMILIES) for (const x of [f.rep, ...f.widths]) seen.set(x.column, x);
  return [...seen.values()];
};

/** The variant of a probe type the engine's own type name stands for (`Float32`, `Array(String)`), if one is. */
export function variantOfEngineType(t: string): TypeVariant | undefined {
  const bare = t.replace(/ NULL$/, '').trim();
  const decimal = /^Decimal\((\d+), (\d+)\)$/.exec(bare);
  const sql =
    NUMBER_NAMES[bare] ??
    (decimal
      ? `DECIMAL(${decimal[1]}, ${decimal[2]})`
      : bare === 'Array(String)'
        ? 'ARRAY(VARCHAR)'
        : bare === 'Array(Float32)'
          ? 'ARRAY(FLOAT)'
          : bare.startsWith('Array(Array(')
            ? 'ARRAY(ARRAY(INT))'
            : undefined);
  return sql ? allVariants().find((x) => x.sql === sql) : undefined;
}

export const familyOf = (sql: string): string => {
  for (const f of ALL_FAMILIES) if (f.rep.sql === sql || f.widths.some((w) => w.sql === sql)) return f.name;
  throw new Error(`no probe family for type ${sql}`);
};

/**
 * Statements that make the probe table: one row, the NOT NULL columns with values, the nullable ones NULL. In
 * memory: every one of the ~50,000 calls planned or run reads the table, and a Memory table is read without the
 * storage layer's snapshot and block files.
 */
export function probeTableSql(): string[] {
  const vars = allVariants();
  const cols = vars.flatMap((x) => [`${x.column} ${x.sql} NOT NULL`, `n_${x.column} ${x.sql} NULL`]);
  const vals = vars.flatMap((x) => [x.value, 'NULL']);
  return [
    `CREATE OR REPLACE TABLE probe (${cols.join(', ')}) ENGINE = Memory`,
    `INSERT INTO probe VALUES (${vals.join(', ')})`,
  ];
}

/** How an argument of a probe call is written. */
export type ArgForm = 'column' | 'nullable' | 'literal';

export function argSql(x: TypeVariant, form: ArgForm): string {
  if (x.column === 'NULL') return 'NULL';
  if (form === 'column') return x.column;
  if (form === 'nullable') return `n_${x.column}`;
  // A literal keeps its declared type: 1 alone would be read as TINYINT UNSIGNED, [1, 2] as ARRAY(TINYINT UNSIGNED).
  return (x.value.startsWith("'") && x.sql !== 'VARCHAR') || x.value.startsWith('[')
    ? `${x.value}::${x.sql}`
    : /^[\d.]+$/.test(x.value)
      ? `${x.value}::${x.sql}`
      : x.value;
}

const NUMBER_NAMES: Record<string, string> = {
  Int8: 'TINYINT',
  Int16: 'SMALLINT',
  Int32: 'INT',
  Int64: 'BIGINT',
  UInt8: 'TINYINT UNSIGNED',
  UInt16: 'SMALLINT UNSIGNED',
  UInt32: 'INT UNSIGNED',
  UInt64: 'BIGINT UNSIGNED',
  Float32: 'FLOAT',
  Float64: 'DOUBLE',
};
const SIMPLE_NAMES: Record<string, string> = {
  String: 'VARCHAR',
  Boolean: 'BOOLEAN',
  Date: 'DATE',
  Timestamp: 'TIMESTAMP',
  Variant: 'VARIANT',
  Bitmap: 'BITMAP',
  Geometry: 'GEOMETRY',
  Binary: 'BINARY',
  Null: 'NULL',
  EmptyArray: 'ARRAY(NOTHING)',
  EmptyMap: 'MAP(NOTHING)',
};

/**
 * The engine's plan type (`Nullable(Number(UInt8))`, `Map(Tuple([String, Number(UInt8)]))`) in SQL words, as
 * TYPEOF writes them (`TINYINT UNSIGNED NULL`, `MAP(VARCHAR, TINYINT UNSIGNED)`). Unknown forms stay as they are.
 */
export function sqlTypeName(planType: string): string {
  let at = 0;
  const s = planType;
  const word = () => {
    const m = /^[A-Za-z0-9_]+/.exec(s.slice(at));
    at += m ? m[0].length : 0;
    return m ? m[0] : '';
  };
  const eat = (t: string) => {
    if (s.startsWith(t, at)) {
      at += t.length;
      return true;
    }
    return false;
  };
  const list = (close: string): string[] => {
    const out: string[] = [];
    while (at < s.length && !eat(close)) {
      out.push(one());
      eat(', ');
    }
    return out;
  };
  const one = (): string => {
    const start = at;
    const w = word();
    if (w === 'Decimal') {
      const m = /^\(Decimal(?:128|256)\(DecimalSize \{ precision: (\d+), scale: (\d+) \}\)\)/.exec(s.slice(at));
      if (m) {
        at += m[0].length;
        return `DECIMAL(${m[1]}, ${m[2]})`;
      }
    }
    if (w === 'Number' && eat('(')) {
      const n = word();
      eat(')');
      return NUMBER_NAMES[n] ?? n;
    }
    if (w === 'Nullable' && eat('(')) {
      const inner = one();
      eat(')');
      return inner === 'NULL' ? 'NULL' : `${inner} NULL`;
    }
    if (w === 'Array' && eat('(')) {
      const inner = one();
      eat(')');
      return `ARRAY(${inner})`;
    }
    if (w === 'Map' && eat('(Tuple([')) {
      const kv = list(']');
      eat('))');
      return `MAP(${kv.join(', ')})`;
    }
    if (w === 'Tuple' && eat('([')) {
      const items = list(']');
      eat(')');
      return `TUPLE(${items.join(', ')})`;
    }
    if (w in SIMPLE_NAMES) return SIMPLE_NAMES[w]!;
    // Unknown: keep the engine's words up to the end of this type.
    let depth = 0;
    at = start;
    while (at < s.length) {
      const c = s[at]!;
      if ((c === ',' || c === ')' || c === ']') && depth === 0) break;
      if (c === '(' || c === '[' || c === '{') depth++;
      if (c === ')' || c === ']' || c === '}') depth--;
      at++;
    }
    return s.slice(start, at);
  };
  return one();
}
