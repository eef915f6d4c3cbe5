/**
 * Function signatures from the engine: the engine's plan types read as SQL names, probed calls collapsed into
 * readable signatures, NULL behaviour in words, a changed engine answer named by function, the card placed on
 * its entry, and the prose that contradicts the card found.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { parseMarkdown } from '../../../src/markdown/parse.ts';
import { describe, expect, it } from 'vitest';
import { probeBehaviour } from '../../../src/examples/signatures/behaviour.ts';
import { INSTANT, TIME_STRING } from '../../../src/examples/signatures/zone-runs.ts';
import { collapseSignatures, seenExtended, signatureText } from '../../../src/examples/signatures/collapse.ts';
import { nullBehaviour } from '../../../src/examples/signatures/null-behaviour.ts';
import { functionCards, ofParameters, type FunctionCard } from '../../../src/examples/signatures/cards.ts';
import { documentedForms } from '../../../src/examples/signatures/documented.ts';
import { familyOfOverloadType, overloadArgs } from '../../../src/examples/signatures/calls.ts';
import {
  canonicalName,
  probeFunctions,
  type FunctionProbe,
  type ProbeEngine,
  type ProbedCall,
} from '../../../src/examples/signatures/probe.ts';
import { contradictions, returnClaims } from '../../../src/examples/signatures/prose-check.ts';
import { describeProbeDifference, signatureExceptionProblems } from '../../../src/examples/signatures/store.ts';
import { ALL_FAMILIES, sqlTypeName } from '../../../src/examples/signatures/types.ts';
import { pagePlaces } from '../../../src/examples/engine-objects.ts';
import { insertSignatureCards, signatureCard } from '../../../src/reference/signature-cards.ts';

describe('engine plan types as SQL names', () => {
  it('reads numbers, nullables, decimals and nested types as TYPEOF writes them', () => {
    expect(sqlTypeName('Number(UInt8)')).toBe('TINYINT UNSIGNED');
    expect(sqlTypeName('Nullable(Number(Int64))')).toBe('BIGINT NULL');
    expect(sqlTypeName('Decimal(Decimal128(DecimalSize { precision: 12, scale: 2 }))')).toBe('DECIMAL(12, 2)');
    expect(sqlTypeName('Map(Tuple([String, Number(UInt8)]))')).toBe('MAP(VARCHAR, TINYINT UNSIGNED)');
    expect(sqlTypeName('Array(Nullable(String))')).toBe('ARRAY(VARCHAR NULL)');
    expect(sqlTypeName('Tuple([Number(Float64), Date])')).toBe('TUPLE(DOUBLE, DATE)');
    expect(sqlTypeName('Null')).toBe('NULL');
  });
  it('reads the overloads an engine error names', () => {
    expect(overloadArgs('Array(T0) NULL, UInt64 NULL, Map(String, Int8)')).toEqual([
      'Array(T0) NULL',
      'UInt64 NULL',
      'Map(String, Int8)',
    ]);
    expect(familyOfOverloadType('Array(T0) NULL')?.name).toBe('ARRAY');
    expect(familyOfOverloadType('Float32')?.name).toBe('FLOAT');
    expect(familyOfOverloadType('T0')?.name).toBe('INTEGER');
  });
});

const ALL_INTS = [
  'TINYINT',
  'SMALLINT',
  'INT',
  'BIGINT',
  'TINYINT UNSIGNED',
  'SMALLINT UNSIGNED',
  'INT UNSIGNED',
  'BIGINT UNSIGNED',
];

describe('readable signatures', () => {
  it("writes a result made of an argument's components with their names (MAP_KEYS(MAP(K, V)) → ARRAY(K))", () => {
    const text = (name: string, calls: { args: string[]; returns: string }[]) =>
      collapseSignatures(calls).map((s) => signatureText(name, s));
    // The probe table holds one map type: ARRAY(VARCHAR) is its keys, not every map's.
    expect(text('map_keys', [{ args: ['MAP(VARCHAR, INT)'], returns: 'ARRAY(VARCHAR)' }])).toEqual([
      'MAP_KEYS(MAP(K, V)) → ARRAY(K)',
    ]);
    expect(text('map_values', [{ args: ['MAP(VARCHAR, INT)'], returns: 'ARRAY(INT NULL)' }])).toEqual([
      'MAP_VALUES(MAP(K, V)) → ARRAY(V)',
    ]);
    expect(
      text('map', [
        { args: ['ARRAY(INT)', 'ARRAY(VARCHAR)'], returns: 'MAP(INT, VARCHAR)' },
        { args: ['ARRAY(VARCHAR)', 'ARRAY(INT)'], returns: 'MAP(VARCHAR, INT)' },
        { args: ['ARRAY(INT)', 'ARRAY(INT)'], returns: 'MAP(INT, INT)' },
      ]),
    ).toEqual(['MAP(ARRAY(T1), ARRAY(T2)) → MAP(T1, T2)']);
    // An element as the result, seen with several element types.
    expect(
      text('array_max', [
        { args: ['ARRAY(FLOAT)'], returns: 'FLOAT NULL' },
        { args: ['ARRAY(INT)'], returns: 'INT NULL' },
      ]),
    ).toEqual(['ARRAY_MAX(ARRAY(T)) → T NULL']);
    // Of two arrays, only the first makes the result: it is the T.
    expect(
      text('arg_max', [
        { args: ['ARRAY(INT)', 'ARRAY(VARCHAR)'], returns: 'ARRAY(INT NULL) NULL' },
        { args: ['ARRAY(VARCHAR)', 'ARRAY(INT)'], returns: 'ARRAY(VARCHAR NULL) NULL' },
      ]),
    ).toEqual(['ARG_MAX(ARRAY(T), ARRAY) → ARRAY(T) NULL']);
    // Two arrays the probe gave the same element type: either could be the T, so none is named.
    expect(
      text('tuple', [
        { args: ['ARRAY(INT)', 'ARRAY(INT)'], returns: 'TUPLE(ARRAY(INT NULL), ARRAY(INT NULL))' },
        { args: ['ARRAY(VARCHAR)', 'ARRAY(VARCHAR)'], returns: 'TUPLE(ARRAY(VARCHAR NULL), ARRAY(VARCHAR NULL))' },
      ]),
    ).toEqual(['TUPLE(ARRAY, ARRAY) → TUPLE(ARRAY, ARRAY)']);
    // Tuples of integers of each width are tuples of INTEGER, not eight tuple types.
    expect(
      text(
        'tuple',
        ALL_INTS.map((i) => ({ args: [i], returns: `TUPLE(${i})` })),
      ),
    ).toEqual(['TUPLE(INTEGER) → TUPLE(INTEGER)']);
    // The card says once what the names stand for.
    const card = JSON.stringify(
      signatureCard({
        name: 'map_keys',
        kind: 'scalar',
        signatures: ['MAP_KEYS(MAP(K, V)) → ARRAY(K)'],
        returns: ['ARRAY(K)'],
        nulls: { kind: 'propagates', text: 'NULL in any argument gives NULL' },
        aliases: [],
      }),
    );
    expect(card).toContain('K, V: the key and value types of the map argument');
    // An integer index tried with ARRAY(INT) only: the element type, as the string index proves with other arrays.
    expect(
      text('get', [
        { args: ['ARRAY(INT)', 'BIGINT'], returns: 'INT NULL' },
        { args: ['ARRAY(FLOAT)', 'VARCHAR'], returns: 'FLOAT NULL' },
        { args: ['ARRAY(INT)', 'VARCHAR'], returns: 'INT NULL' },
      ]),
    ).toEqual(['GET(ARRAY(T), BIGINT | VARCHAR) → T NULL']);
    // The probe table's one map: the value it finds, as with arrays (GET of a MAP(VARCHAR, DOUBLE) is a DOUBLE).
    expect(
      text('get', [
        { args: ['ARRAY(FLOAT)', 'VARCHAR'], returns: 'FLOAT NULL' },
        { args: ['ARRAY(INT)', 'VARCHAR'], returns: 'INT NULL' },
        { args: ['MAP(VARCHAR, INT)', 'VARCHAR'], returns: 'INT NULL' },
      ]),
    ).toEqual(['GET(ARRAY(T), VARCHAR) → T NULL', 'GET(MAP(K, V), VARCHAR) → V NULL']);
    // One call whose result equals a component is no evidence that it follows it (TO_STRING of a map is a VARCHAR).
    expect(text('to_string', [{ args: ['MAP(VARCHAR, INT)'], returns: 'VARCHAR' }])).toEqual([
      'TO_STRING(MAP) → VARCHAR',
    ]);
    // A result that no one template gives stays as it was (ARRAY(FLOAT) with ARRAY(INT) widens to DOUBLE).
    expect(
      text('array_concat', [
        { args: ['ARRAY(FLOAT)', 'ARRAY(INT)'], returns: 'ARRAY(DOUBLE NULL)' },
        { args: ['ARRAY(INT)', 'ARRAY(INT)'], returns: 'ARRAY(INT NULL)' },
        { args: ['ARRAY(VARCHAR)', 'ARRAY(VARCHAR)'], returns: 'ARRAY(VARCHAR NULL)' },
      ]),
    ).toEqual(['ARRAY_CONCAT(ARRAY, ARRAY) → ARRAY']);
  });
  it('writes the documented `[, ...]` only on a form the probe saw keep its result as arguments were added', () => {
    // CONCAT: one or two strings give a VARCHAR; two VARIANTs a VARIANT (JSON arrays joined), and three a VARCHAR.
    const sigs = collapseSignatures([
      { args: ['VARCHAR'], returns: 'VARCHAR' },
      { args: ['VARCHAR', 'VARCHAR'], returns: 'VARCHAR' },
      { args: ['VARIANT', 'VARCHAR'], returns: 'VARCHAR NULL' },
      { args: ['VARIANT', 'VARIANT'], returns: 'VARIANT' },
    ]);
    expect(sigs.map((s) => signatureText('concat', s, { variadic: seenExtended(s, sigs) }))).toEqual([
      'CONCAT(VARCHAR [, ...]) → VARCHAR',
      'CONCAT(VARCHAR | VARIANT, VARCHAR [, ...]) → VARCHAR',
      'CONCAT(VARIANT, VARIANT) → VARIANT',
    ]);
    // IF's `...` repeats a pair in the middle: IF(c, a, b) takes no fourth argument.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-'));
    try {
      fs.mkdirSync(path.join(dir, 'content/catalogue'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'content/catalogue/functions.tsv'),
        [
          'category\tname\tsyntax\tsource',
          'conditional\tIF\tIF(cond1, expr1, [cond2, expr2, ...], expr_else)\tx.md',
          'string\tCONCAT\tCONCAT(<expr1>, ...)\tx.md',
        ].join('\n'),
      );
      expect(Object.fromEntries(documentedForms(dir))).toEqual({ concat: { variadic: true } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('names the element types of arrays of different elements (GROUP_ARRAY_MOVING_SUM)', () => {
    const calls = [
      ...ALL_INTS.map((i) => ({
        args: [i],
        returns: i.endsWith('UNSIGNED') ? 'ARRAY(BIGINT UNSIGNED)' : 'ARRAY(BIGINT)',
      })),
      { args: ['DECIMAL(10, 2)'], returns: 'ARRAY(DECIMAL(38, 2))' },
      { args: ['DECIMAL(38, 0)'], returns: 'ARRAY(DECIMAL(38, 0))' },
      { args: ['FLOAT'], returns: 'ARRAY(DOUBLE)' },
      { args: ['DOUBLE'], returns: 'ARRAY(DOUBLE)' },
    ];
    expect(collapseSignatures(calls).map((s) => signatureText('group_array_moving_sum', s))).toEqual([
      'GROUP_ARRAY_MOVING_SUM(DECIMAL) → ARRAY(DECIMAL)',
      'GROUP_ARRAY_MOVING_SUM(FLOAT | DOUBLE) → ARRAY(DOUBLE)',
      'GROUP_ARRAY_MOVING_SUM(INTEGER) → ARRAY(BIGINT | BIGINT UNSIGNED)',
    ]);
  });
  it('merges alternatives and optional trailing arguments', () => {
    const calls = [
      { args: ['DATE'], returns: 'DATE' },
      { args: ['TIMESTAMP'], returns: 'DATE' },
      ...ALL_INTS.flatMap((i) => [
        { args: ['DATE', i], returns: 'DATE' },
        { args: ['TIMESTAMP', i], returns: 'DATE' },
      ]),
      { args: ['NULL'], returns: 'NULL' },
    ];
    expect(collapseSignatures(calls).map((s) => signatureText('to_start_of_week', s))).toEqual([
      'TO_START_OF_WEEK(DATE | TIMESTAMP [, INTEGER]) → DATE',
    ]);
  });
  it('writes the documented parameters before the arguments, and a `...` where more arguments may follow', () => {
    const [sig] = collapseSignatures([
      { args: ['TIMESTAMP'], returns: 'TINYINT UNSIGNED NULL' },
      { args: ['TIMESTAMP', 'BOOLEAN'], returns: 'TINYINT UNSIGNED NULL' },
    ]);
    expect(signatureText('window_funnel', sig!, { params: '(<window>)', variadic: true })).toBe(
      'WINDOW_FUNNEL(<window>)(TIMESTAMP [, BOOLEAN] [, ...]) → TINYINT UNSIGNED NULL',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-'));
    try {
      fs.mkdirSync(path.join(dir, 'content/catalogue'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'content/catalogue/functions.tsv'),
        [
          'category\tname\tsyntax\tsource',
          'aggregate\tWINDOW_FUNNEL\tWINDOW_FUNNEL( <window> )( <timestamp>, <cond1>, ..., <condN> )\tx.md',
          'aggregate\tRETENTION\tRETENTION( <cond1> , <cond2> , ..., <cond32> )\tx.md',
          'window\tNTILE\tNTILE(n) OVER ( PARTITION BY expr, ... ORDER BY expr )\tx.md',
          'geo\tPOINT_IN_POLYGON\tPOINT_IN_POLYGON((x,y), [(a,b), (c,d) ... ])\tx.md',
          'string\tUPPER\tUPPER(<str>)\tx.md',
          'aggregate\tGROUP_ARRAY_MOVING_AVG\tGROUP_ARRAY_MOVING_AVG(<expr>) ; GROUP_ARRAY_MOVING_AVG(<window_size>)(<expr>)\tx.md',
        ].join('\n'),
      );
      // Parameters that only a later form has are optional: GROUP_ARRAY_MOVING_AVG(x) and (2)(x) both run.
      expect(Object.fromEntries(documentedForms(dir))).toEqual({
        window_funnel: { params: '(<window>)', variadic: true },
        retention: { variadic: true },
        point_in_polygon: { variadic: true },
        group_array_moving_avg: { params: '[(<window_size>)]' },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('names a return type by its family when the argument widths decide it, and the widths it widens to', () => {
    // COALESCE: the arguments' width, or the one that holds both (INT and INT UNSIGNED: BIGINT).
    const joined = [
      { args: ['INT', 'INT UNSIGNED'], returns: 'BIGINT' },
      { args: ['TINYINT', 'INT'], returns: 'INT' },
      { args: ['DOUBLE', 'DOUBLE'], returns: 'DOUBLE' },
    ];
    expect(collapseSignatures(joined).map((s) => signatureText('coalesce', s))).toEqual([
      'COALESCE(DOUBLE, DOUBLE) → DOUBLE',
      'COALESCE(TINYINT | INT, INT | INT UNSIGNED) → INTEGER',
    ]);
    // PLUS widens: INT + INT is a BIGINT, and INTEGER would say INT.
    const widened = [
      { args: ['INT', 'INT'], returns: 'BIGINT' },
      { args: ['TINYINT', 'INT'], returns: 'INT' },
    ];
    expect(collapseSignatures(widened).map((s) => signatureText('plus', s))).toEqual([
      'PLUS(TINYINT | INT, INT) → INT | BIGINT',
    ]);
    // SUM of any integer is a BIGINT or a BIGINT UNSIGNED.
    const sum = ['TINYINT', 'SMALLINT', 'INT', 'BIGINT'].flatMap((w) => [
      { args: [w], returns: 'BIGINT NULL' },
      { args: [`${w} UNSIGNED`], returns: 'BIGINT UNSIGNED NULL' },
    ]);
    expect(collapseSignatures(sum).map((s) => signatureText('sum', s))).toEqual([
      'SUM(INTEGER) → BIGINT NULL | BIGINT UNSIGNED NULL',
    ]);
  });
  it('writes the NULL of a nullable array after the array, not inside it (QUANTILE_DISC with several levels)', () => {
    const calls = [
      { args: ['FLOAT'], returns: 'ARRAY(FLOAT) NULL' },
      { args: ['DOUBLE'], returns: 'ARRAY(DOUBLE) NULL' },
    ];
    expect(collapseSignatures(calls).map((s) => signatureText('quantile_disc', s))).toEqual([
      'QUANTILE_DISC(FLOAT | DOUBLE) → ARRAY(FLOAT | DOUBLE) NULL',
    ]);
  });
  it("names a return that is an argument tried with one width by that argument's family, not the probed width", () => {
    // ARG_MAX: every width of the first argument was tried with an INTEGER second argument; with BITMAP, INT only.
    const decimals = ['DECIMAL(10, 2)', 'DECIMAL(38, 0)', 'DECIMAL(40, 4)'];
    const calls = [
      ...ALL_INTS.map((i) => ({ args: [i, 'INT'], returns: `${i} NULL` })),
      { args: ['INT', 'BITMAP'], returns: 'INT NULL' },
      ...decimals.map((d) => ({ args: [d, 'INT'], returns: `${d} NULL` })),
      { args: ['DECIMAL(10, 2)', 'DECIMAL(10, 2)'], returns: 'DECIMAL(10, 2) NULL' },
      { args: ['ARRAY(INT)', 'INT'], returns: 'ARRAY(INT NULL) NULL' },
      { args: ['ARRAY(VARCHAR)', 'INT'], returns: 'ARRAY(VARCHAR NULL) NULL' },
      { args: ['ARRAY(INT)', 'BITMAP'], returns: 'ARRAY(INT NULL) NULL' },
    ];
    expect(collapseSignatures(calls).map((s) => signatureText('arg_max', s))).toEqual([
      'ARG_MAX(ARRAY(T), INT | BITMAP) → ARRAY(T) NULL',
      'ARG_MAX(DECIMAL, INT | DECIMAL) → DECIMAL NULL',
      'ARG_MAX(INTEGER, INT | BITMAP) → INTEGER NULL',
    ]);
    // A precision that follows the decimal arguments' (IF(c, DECIMAL(10, 2), INT) → DECIMAL(12, 2)) is no fixed type.
    const [widened] = collapseSignatures([{ args: ['BOOLEAN', 'DECIMAL(10, 2)', 'INT'], returns: 'DECIMAL(12, 2)' }]);
    expect(signatureText('if', widened!)).toBe('IF(BOOLEAN, DECIMAL, INT) → DECIMAL');
    // Parameters give TRY_TO_DECIMAL(10, 2)(x) its precision, whatever the argument.
    const [typed] = collapseSignatures([{ args: ['DECIMAL(10, 2)'], returns: 'DECIMAL(10, 2) NULL' }], {
      typedByParameters: true,
    });
    expect(signatureText('try_to_decimal', typed!)).toBe('TRY_TO_DECIMAL(DECIMAL) → DECIMAL(10, 2) NULL');
    // On the card the parameters read `(…)`: the probe's precision is no reader's, so the result reads DECIMAL.
    expect(signatureText('try_to_decimal', ofParameters(typed!), { params: '(…)' })).toBe(
      'TRY_TO_DECIMAL(…)(DECIMAL) → DECIMAL NULL',
    );
  });
  it('keeps both floating-point types when each returns itself, and one when every width returns it', () => {
    const same = [
      { args: ['FLOAT'], returns: 'FLOAT NULL' },
      { args: ['DOUBLE'], returns: 'DOUBLE NULL' },
    ];
    expect(collapseSignatures(same).map((s) => signatureText('max', s))).toEqual([
      'MAX(FLOAT | DOUBLE) → FLOAT NULL | DOUBLE NULL',
    ]);
    const widened = [
      { args: ['FLOAT'], returns: 'DOUBLE' },
      { args: ['DOUBLE'], returns: 'DOUBLE' },
    ];
    expect(collapseSignatures(widened).map((s) => signatureText('abs', s))).toEqual(['ABS(FLOAT | DOUBLE) → DOUBLE']);
  });
  it('keeps NULL in a return type the engine declares nullable for arguments that are not NULL (TRY_TO_DATE)', () => {
    const tryToDate: FunctionProbe = {
      kind: 'scalar',
      calls: [
        ...ALL_INTS.map((i) => ({ args: [i], returns: 'DATE NULL' })),
        { args: ['VARCHAR'], returns: 'DATE NULL' },
        { args: ['NULL'], returns: 'NULL' },
      ],
      nullIn: ['null'],
      nullReturns: [{ args: ['VARCHAR'], call: "TRY_TO_DATE('x')" }],
    };
    expect(collapseSignatures(tryToDate.calls).map((s) => signatureText('try_to_date', s))).toEqual([
      'TRY_TO_DATE(INTEGER | VARCHAR) → DATE NULL',
    ]);
    expect(nullBehaviour(tryToDate).text).toBe(
      // Only the strings were seen to give NULL, so only they are said to.
      "NULL in any argument gives NULL; with a VARCHAR argument, the result type is nullable: NULL may come back for arguments that are not NULL (TRY_TO_DATE('x') is NULL)",
    );
    // Only some calls nullable: the signatures stay merged, and the NULL line says which calls, by what they have
    // and the others lack (a VARIANT that does not convert gives NULL).
    const json = (calls: ProbedCall[]): FunctionProbe => ({
      kind: 'scalar',
      calls,
      nullIn: ['null', 'null'],
      nullReturns: calls.filter((c) => c.returns.endsWith(' NULL')).map((c) => ({ args: c.args, call: 'F(…)' })),
    });
    const jsonKey = json([
      { args: ['VARIANT', 'VARCHAR'], returns: 'BOOLEAN' },
      { args: ['VARIANT', 'VARIANT'], returns: 'BOOLEAN NULL' },
    ]);
    expect(collapseSignatures(jsonKey.calls).map((s) => signatureText('json_exists_key', s))).toEqual([
      'JSON_EXISTS_KEY(VARIANT, VARCHAR | VARIANT) → BOOLEAN',
    ]);
    expect(nullBehaviour(jsonKey).text).toBe(
      'NULL in any argument gives NULL; with a VARIANT as the second argument, the result type is nullable: NULL may come back for arguments that are not NULL (F(…) is NULL)',
    );
    const upper = json([
      { args: ['VARCHAR'], returns: 'VARCHAR' },
      { args: ['VARIANT'], returns: 'VARCHAR NULL' },
    ]);
    expect(nullBehaviour(upper).text).toContain(
      '; with a VARIANT argument, the result type is nullable: NULL may come back for arguments that are not NULL',
    );
    // TO_TIMESTAMP with a format gives NULL for a string that does not match it: that form is not merged as an
    // optional argument into the form that never gives NULL.
    const toTimestamp = json([
      { args: ['VARCHAR'], returns: 'TIMESTAMP' },
      { args: ['VARCHAR', 'VARCHAR'], returns: 'TIMESTAMP NULL' },
    ]);
    expect(collapseSignatures(toTimestamp.calls).map((s) => signatureText('to_timestamp', s))).toEqual([
      'TO_TIMESTAMP(VARCHAR) → TIMESTAMP',
      'TO_TIMESTAMP(VARCHAR, VARCHAR) → TIMESTAMP NULL',
    ]);
    expect(nullBehaviour(toTimestamp).text).toContain(
      '; with a VARCHAR as the second argument, the result type is nullable',
    );
    // A nullable type alone claims nothing: no call of those arguments was seen to give NULL (the engine declares
    // every call with a VARIANT nullable, TO_START_OF_WEEK(VARIANT) among them).
    expect(nullBehaviour({ ...tryToDate, nullReturns: undefined }).text).toBe('NULL in any argument gives NULL');
    expect(nullBehaviour({ ...upper, nullReturns: [] }).text).toBe('NULL in any argument gives NULL');
    // A value for NULL arguments but a nullable type is no longer "never NULL".
    expect(nullBehaviour({ ...tryToDate, nullIn: ['value'] }).kind).toBe('partial');
    // The prose check reads DATE NULL as DATE.
    const claim = { line: 3, text: 'Returns a DATE.', words: ['DATE'] };
    expect(contradictions([claim], ['DATE NULL'])).toEqual([]);
    expect(contradictions([claim], ['FLOAT NULL | DOUBLE NULL'])).toHaveLength(1);
  });
  it('says how NULL arguments behave, per argument where they differ', () => {
    const base: FunctionProbe = { kind: 'scalar', calls: [{ args: ['VARCHAR'], returns: 'VARCHAR' }] };
    expect(nullBehaviour({ ...base, nullIn: ['null', 'null'] }).kind).toBe('propagates');
    expect(nullBehaviour({ ...base, nullIn: ['value'] }).text).toBe('NULL arguments give a value, not NULL');
    expect(nullBehaviour({ ...base, nullIn: ['value', 'null'] }).text).toBe(
      'NULL as the second argument gives NULL; as the first, a value',
    );
    // COALESCE, GREATEST: a NULL among values is passed over; all of them NULL give NULL.
    expect(nullBehaviour({ ...base, nullIn: ['value', 'value'], allNull: 'null' })).toEqual({
      kind: 'partial',
      text: 'NULL only when every argument is NULL',
    });
    expect(nullBehaviour({ ...base, nullIn: ['value', 'value'], allNull: 'value' }).kind).toBe('never-null');
    // An aggregate that skips NULL inputs but whose type is nullable may still give NULL (over no rows).
    const funnel: FunctionProbe = {
      kind: 'aggregate',
      calls: [{ args: ['TIMESTAMP'], returns: 'TINYINT UNSIGNED NULL' }],
    };
    expect(nullBehaviour({ ...funnel, nullIn: ['value'] }).text).toBe(
      'NULL inputs are skipped; the result may still be NULL (its type is nullable)',
    );
    // STRING_AGG refuses a NULL delimiter (it must be a constant string).
    expect(nullBehaviour({ ...base, nullIn: ['null', 'rejected'] }).text).toBe(
      'NULL as the first argument gives NULL; as the second, the call is refused',
    );
    expect(nullBehaviour({ ...funnel, nullIn: ['null', 'rejected'] }).text).toBe(
      'NULL when every input is NULL; a NULL as the second argument is refused',
    );
    const count: FunctionProbe = { kind: 'aggregate', calls: [{ args: ['INT'], returns: 'BIGINT UNSIGNED' }] };
    expect(nullBehaviour({ ...count, nullIn: ['value'] }).text).toBe('NULL inputs are skipped; never NULL');
  });

  it('judges NULL on a call of two or more arguments, of ordinary types, where the function has one', async () => {
    const family = (name: string) => ALL_FAMILIES.find((f) => f.name === name)!;
    const arg = (name: string) => ({ family: family(name), variant: family(name).rep });
    // As COALESCE answers: NULL only when every argument is NULL.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const nulls = (sql.match(/n_c_/g) ?? []).length;
            const args = (/\((.*)\)\) IS NULL/.exec(sql)?.[1] ?? '').split(',').length;
            return /IS NULL/.test(sql) ? { box: nulls === args ? '│ true │' : '│ false │' } : { box: `│ ${sql} │` };
          }),
        ),
    };
    const { behaviour } = await probeBehaviour(engine, [
      {
        name: 'coalesce',
        form: { args: 'column' },
        calls: [[arg('INTEGER')], [arg('BITMAP'), arg('BITMAP')], [arg('INTEGER'), arg('INTEGER')]],
      },
    ]);
    const b = behaviour.get('coalesce')!;
    expect(b.sample).toBe('coalesce(c_i32, c_i32)');
    expect(b.nullIn).toEqual(['value', 'value']);
    expect(b.allNull).toBe('null');
    // Its calls of two arguments all of a rare type: its ordinary argument twice is tried first.
    const greatest = await probeBehaviour(engine, [
      { name: 'greatest', form: { args: 'column' }, calls: [[arg('INTEGER')], [arg('BITMAP'), arg('BITMAP')]] },
    ]);
    expect(greatest.behaviour.get('greatest')!.sample).toBe('greatest(c_i32, c_i32)');
    // A call that gives NULL on ordinary values says nothing of NULLs: one that gives a value is taken.
    const objects: ProbeEngine = {
      ...engine,
      run: async (sqls) => {
        const answers = await engine.run(sqls);
        return sqls.map((sql, i) =>
          sql === 'SELECT json_object(c_i32, c_i32) FROM probe' ? { box: '│ NULL │' } : answers[i]!,
        );
      },
    };
    const json = await probeBehaviour(objects, [
      {
        name: 'json_object',
        form: { args: 'column' },
        calls: [[arg('INTEGER')], [arg('VARCHAR')], [arg('BITMAP'), arg('BITMAP')]],
      },
    ]);
    expect(json.behaviour.get('json_object')!.sample).toBe('json_object(c_str, c_str)');
  });

  it('calls a result that changes with the session time zone not deterministic (TODAY, TIMEZONE)', async () => {
    let zone = 'UTC';
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            if (sql.startsWith('SET timezone')) zone = /'(.*)'/.exec(sql)![1]!;
            if (sql.startsWith('UNSET timezone')) zone = 'UTC';
            if (sql === 'SELECT today() FROM probe')
              return { box: `│ Date │\n│ '${zone === 'Etc/GMT-13' ? '2026-11-28' : '2026-11-27'}' │` };
            if (sql === 'SELECT timezone() FROM probe') return { box: `│ String │\n│ '${zone}' │` };
            return { box: `│ String │\n│ '${sql}' │` };
          }),
        ),
    };
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'today', form: { args: 'column' }, calls: [[]] },
      { name: 'timezone', form: { args: 'column' }, calls: [[]] },
      { name: 'pi', form: { args: 'column' }, calls: [[]] },
    ]);
    expect(behaviour.get('today')!.deterministic).toBe(false);
    expect(behaviour.get('today')!.timeZone).toBe(true);
    // The date a day later where the zone's date is a day later: TODAY follows the current date, day by day.
    expect(behaviour.get('today')!.currentDate).toBe(true);
    expect(behaviour.get('timezone')).toMatchObject({ deterministic: false, timeZone: true });
    expect(behaviour.get('timezone')!.currentDate).toBeUndefined();
    const card = signatureCard({
      name: 'today',
      kind: 'scalar',
      signatures: ['TODAY() → DATE'],
      returns: ['DATE'],
      nulls: { kind: 'unknown', text: 'takes no arguments' },
      deterministic: false,
      timeZone: true,
      currentDate: true,
      aliases: [],
    });
    expect(JSON.stringify(card)).toMatch(/changes from day to day/);
    expect(behaviour.get('pi')!.timeZone).toBeUndefined();
    expect(behaviour.get('pi')!.deterministic).toBe(true);
    // A call with an argument that is stable says nothing of the call without one (LAST_QUERY_ID()).
    let queries = 0;
    const ids: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            sql === 'SELECT last_query_id() FROM probe'
              ? value(`'q${queries++}'`)
              : /IS NULL/.test(sql)
                ? truthBox(false)
                : value("''"),
          ),
        ),
    };
    const last = await probeBehaviour(ids, [
      { name: 'last_query_id', form: { args: 'column' }, calls: [[], [familyArg('INTEGER')]] },
    ]);
    expect(last.behaviour.get('last_query_id')!.sample).toBe('last_query_id(c_i32)');
    expect(last.behaviour.get('last_query_id')!.deterministic).toBe(false);
    // The session is left in its own time zone.
    expect(zone).toBe('UTC');
  });

  it('tells a function time-zone dependent by its TIMESTAMP answers and by its forms that take a time', async () => {
    // As the engine: a TIMESTAMP is drawn in UTC whatever the session's zone, so an instant read in the zone
    // (a time string, a timestamp's date) differs between the zones and a count of seconds (TO_TIMESTAMP(1)) does not.
    let zone = 'UTC';
    const west = () => zone === 'Etc/GMT+12';
    const timestamp = (v: string) => ({ box: `┌───┐\n│ x │\n│ Timestamp │\n├───┤\n│ '${v}' │\n└───┘` });
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            if (sql.startsWith('SET timezone')) zone = /'(.*)'/.exec(sql)![1]!;
            if (sql.startsWith('UNSET timezone')) zone = 'UTC';
            if (/IS NULL/.test(sql)) return truthBox(/n_c_|NULL AS/.test(sql));
            // Beside the sample, other forms in one statement: TO_DATE of an instant, TO_TIMESTAMP of a time string.
            if (sql.includes(`to_date(${INSTANT})`)) return value(`'2024-01-${west() ? 14 : 15}'`);
            if (sql.includes(`to_timestamp(${TIME_STRING})`))
              return timestamp(`2024-01-${west() ? '15 22' : '14 21'}:30:00.000000`);
            if (/^SELECT to_start_of_day\((c_ts|TO_TIMESTAMP\(\d+\))\) FROM probe$/.test(sql))
              return timestamp(`2024-01-${west() ? '14 12' : '14 11'}:00:00.000000`);
            if (sql.startsWith('SELECT to_timestamp(')) return timestamp('1970-01-01 00:00:01.000000');
            if (sql.startsWith('SELECT to_date(')) return value("'1970-01-02'");
            return value('1');
          }),
        ),
    };
    const [i, ts, s] = ['INTEGER', 'TIMESTAMP', 'VARCHAR'].map(familyArg);
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'to_date', form: { args: 'column' }, calls: [[i!], [ts!], [s!]] },
      { name: 'to_timestamp', form: { args: 'column' }, calls: [[i!], [ts!], [s!]] },
      { name: 'to_start_of_day', form: { args: 'column' }, calls: [[ts!]] },
      { name: 'to_int64', form: { args: 'column' }, calls: [[i!], [ts!], [s!]] },
    ]);
    // The sample (of an integer) is zone-free; the TIMESTAMP form is not. A day apart, but no current date.
    expect(behaviour.get('to_date')).toMatchObject({ sample: 'to_date(c_i32)', deterministic: false, timeZone: true });
    expect(behaviour.get('to_date')!.currentDate).toBeUndefined();
    // A time string is read in the session's zone.
    expect(behaviour.get('to_timestamp')).toMatchObject({ deterministic: false, timeZone: true });
    // A sample that gives a TIMESTAMP is run in both zones too.
    expect(behaviour.get('to_start_of_day')).toMatchObject({ sample: 'to_start_of_day(c_ts)', timeZone: true });
    // The same answers in both zones, in every form asked: deterministic.
    expect(behaviour.get('to_int64')).toMatchObject({ deterministic: true });
    expect(behaviour.get('to_int64')!.timeZone).toBeUndefined();
    expect(zone).toBe('UTC');
  });
});

const familyArg = (name: string) => {
  const family = ALL_FAMILIES.find((f) => f.name === name)!;
  return { family, variant: family.rep };
};
const ARRAY_OF_VARCHAR = ALL_FAMILIES.find((f) => f.name === 'ARRAY')!.widths.find((w) => w.sql === 'ARRAY(VARCHAR)')!;
const value = (v: string) => ({ box: `┌───┐\n│ x │\n├───┤\n│ ${v} │\n└───┘` });
const truthBox = (t: boolean) => value(String(t));
const noRows = { box: '┌┐\n└┘' };

describe('the sample call behind the NULL line', () => {
  it('is taken from the accepted calls that run, typed columns first, when the first ones fail on the probe values', async () => {
    // As MONTHS_BETWEEN: its VARCHAR calls plan but fail when run on '1' (no date); its DATE calls run.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /c_str|c_var/.test(sql)
              ? { error: 'BadArguments. Code: 1006, cannot parse to type `DATE`' }
              : /IS NULL/.test(sql)
                ? truthBox(/n_c_/.test(sql))
                : value('0'),
          ),
        ),
    };
    const [s, d, v] = ['VARCHAR', 'DATE', 'VARIANT'].map(familyArg);
    const { behaviour } = await probeBehaviour(engine, [
      {
        name: 'months_between',
        form: { args: 'column' },
        calls: [
          [s!, s!],
          [s!, d!],
          [s!, v!],
          [v!, s!],
          [d!, s!],
          [d!, d!],
        ],
      },
    ]);
    const b = behaviour.get('months_between')!;
    expect(b.sample).toBe('months_between(c_date, c_date)');
    expect(b.nullIn).toEqual(['null', 'null']);
    expect(nullBehaviour({ kind: 'scalar', calls: [{ args: ['DATE', 'DATE'], returns: 'DOUBLE' }], ...b }).text).toBe(
      'NULL in any argument gives NULL',
    );
  });

  it('tries strings of other shapes where the probe string fails in every call (a key path for GET_BY_KEYPATH)', async () => {
    // The key path is read even when the VARIANT is NULL: '1' fails there too, and NULL looked like an error.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /c_str\b|'\$\.a'/.test(sql) && !/n_c_str/.test(sql)
              ? { error: 'BadArguments. Code: 1006, InvalidKeyPath' }
              : /IS NULL/.test(sql)
                ? truthBox(/n_c_/.test(sql))
                : value("'[1,2]'"),
          ),
        ),
    };
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'get_by_keypath', form: { args: 'column' }, calls: [[familyArg('VARIANT'), familyArg('VARCHAR')]] },
    ]);
    const b = behaviour.get('get_by_keypath')!;
    expect(b.sample).toBe("get_by_keypath(c_var, '{a}')");
    expect(b.nullIn).toEqual(['null', 'null']);
  });

  it('tries a call of strings when the typed calls give no value (JSON_OBJECT keys must be strings)', async () => {
    // JSON_OBJECT plans integer keys and refuses them when run; TRY_JSON_OBJECT_KEEP_NULL turns that into NULL.
    // With string keys both give an object, and a NULL value is kept: {"1":null}, not NULL.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const stringKey = /json_object\w*\((n_c_str|c_str|CAST\(c_str AS VARCHAR NULL\)),/.test(sql);
            if (!stringKey && !/\(NULL, /.test(sql))
              return /try_/.test(sql)
                ? /IS NULL/.test(sql)
                  ? truthBox(true)
                  : value('NULL')
                : { error: 'BadArguments: Key must be a string value' };
            return /IS NULL/.test(sql) ? truthBox(/\(n_c_str,/.test(sql)) : value('\'{"1":"1"}\'');
          }),
        ),
    };
    const [i, f, d, b, s] = ['INTEGER', 'FLOAT', 'DATE', 'BOOLEAN', 'VARCHAR'].map(familyArg);
    const calls = [
      [i!, i!],
      [i!, f!],
      [i!, d!],
      [i!, b!],
      [i!, s!],
      [s!, s!],
    ];
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'json_object', form: { args: 'column' }, calls, runsNowhere: true },
      { name: 'try_json_object_keep_null', form: { args: 'column' }, calls, running: [i!, i!] },
    ]);
    expect(behaviour.get('json_object')).toMatchObject({ sample: 'json_object(c_str, c_str)', deterministic: true });
    expect(behaviour.get('try_json_object_keep_null')).toMatchObject({
      sample: 'try_json_object_keep_null(c_str, c_str)',
      nullIn: ['null', 'value'],
    });
  });

  it('asks again with a NULL of the argument type where the nullable column is refused (ARRAY_CONTAINS: NULL)', async () => {
    // The nullable array column has nullable items too, which ARRAY_CONTAINS refuses; a NULL array gives NULL.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /n_c_arr/.test(sql)
              ? { error: 'SemanticError: no overload satisfies `contains(Array(Int32 NULL) NULL, Int32)`' }
              : /IS NULL/.test(sql)
                ? truthBox(/n_c_|NULL AS/.test(sql))
                : value('true'),
          ),
        ),
    };
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'array_contains', form: { args: 'column' }, calls: [[familyArg('ARRAY'), familyArg('INTEGER')]] },
    ]);
    const b = behaviour.get('array_contains')!;
    expect(b.nullIn).toEqual(['null', 'null']);
    expect(
      nullBehaviour({ kind: 'scalar', calls: [{ args: ['ARRAY(INT)', 'INT'], returns: 'BOOLEAN' }], ...b }).text,
    ).toBe('NULL in any argument gives NULL');
  });

  it('says a NULL that gives a value beside NOT NULL arguments gives NULL beside nullable ones (ARRAY_INDEXOF)', async () => {
    // ARRAY_INDEXOF(c_arr, NULL) is 0; with a nullable array column, even one holding [1, 2], it is NULL.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /IS NULL/.test(sql) ? truthBox(/n_c_arr|CAST\(c_arr AS ARRAY\(INT\) NULL\)/.test(sql)) : value('1'),
          ),
        ),
    };
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'array_indexof', form: { args: 'column' }, calls: [[familyArg('ARRAY'), familyArg('INTEGER')]] },
    ]);
    const b = behaviour.get('array_indexof')!;
    expect(b.nullIn).toEqual(['null', 'conditional']);
    expect(
      nullBehaviour({ kind: 'scalar', calls: [{ args: ['ARRAY(INT)', 'INT'], returns: 'BIGINT' }], ...b }).text,
    ).toBe(
      'NULL as the first argument gives NULL; as the second, a value when the other arguments are of NOT NULL types, ' +
        'and NULL when one is nullable',
    );
    // COALESCE passes a NULL over beside nullable arguments too: its line stays.
    const coalesce = await probeBehaviour(
      {
        plan: () => Promise.resolve([]),
        run: (sqls) =>
          Promise.resolve(
            sqls.map((sql) => (/IS NULL/.test(sql) ? truthBox(/\(n_c_i32, n_c_i32\)/.test(sql)) : value('1'))),
          ),
      },
      [{ name: 'coalesce', form: { args: 'column' }, calls: [[familyArg('INTEGER'), familyArg('INTEGER')]] }],
    );
    expect(coalesce.behaviour.get('coalesce')!.nullIn).toEqual(['value', 'value']);
  });

  it("gives a function written with literals a NULL of the literal's type (JSON_EXISTS_ANY_KEYS: NULL, not refused)", async () => {
    // The probe table's arrays have nullable items, which JSON_EXISTS_ANY_KEYS refuses when planned.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /n_c_arr_str/.test(sql)
              ? {
                  error:
                    'SemanticError: no overload satisfies `json_exists_any_keys(Variant, Array(String NULL) NULL)`',
                }
              : /IS NULL/.test(sql)
                ? truthBox(/NULL AS/.test(sql))
                : value('true'),
          ),
        ),
    };
    const { behaviour } = await probeBehaviour(engine, [
      {
        name: 'json_exists_any_keys',
        form: { args: 'literal' },
        calls: [[familyArg('VARIANT'), { ...familyArg('ARRAY'), variant: ARRAY_OF_VARCHAR }]],
      },
    ]);
    const b = behaviour.get('json_exists_any_keys')!;
    expect(b.nullIn).toEqual(['null', 'null']);
    expect(b.allNull).toBe('null');
  });

  it('says that a set-returning function gives no rows for NULL, not that the probe failed', async () => {
    // As JSON_PATH_QUERY: a path that matches nothing, or a NULL argument, gives no rows at all.
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) =>
        Promise.resolve(sqls.map((sql) => (/'\$\.a'/.test(sql) && !/n_c_/.test(sql) ? value("'[1,2]'") : noRows))),
    };
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'json_path_query', form: { args: 'column' }, calls: [[familyArg('VARIANT'), familyArg('VARCHAR')]] },
    ]);
    const b = behaviour.get('json_path_query')!;
    expect(b.sample).toBe("json_path_query(c_var, '$.a')");
    expect(b.nullIn).toEqual(['empty', 'empty']);
    const probe: FunctionProbe = {
      kind: 'scalar',
      calls: [{ args: ['VARIANT', 'VARCHAR'], returns: 'VARIANT NULL' }],
      ...b,
    };
    expect(nullBehaviour(probe).text).toBe('returns a set of rows: NULL in any argument gives no rows');
    expect(nullBehaviour({ ...probe, nullIn: ['empty', 'null'] }).text).toBe(
      'returns a set of rows: NULL as the first argument gives no rows',
    );
  });
});

describe('an aggregate over rows', () => {
  /** The aggregate over the sample row alone and beside a NULL row, and over numbers in two orders. */
  const aggregateEngine = (answers: {
    alone: string;
    withNull: string;
    sameInOrder: boolean;
    nearInOrder?: boolean;
  }): ProbeEngine => ({
    plan: () => Promise.resolve([]),
    run: (sqls) =>
      Promise.resolve(
        sqls.map((sql) => {
          if (/ABS\(/.test(sql))
            return answers.nearInOrder === undefined ? { error: 'no overload' } : truthBox(answers.nearInOrder);
          if (/\) = \(SELECT/.test(sql)) return truthBox(answers.sameInOrder);
          if (/UNION ALL/.test(sql)) return value(answers.withNull);
          if (sql.endsWith('AS t')) return value(answers.alone);
          if (/IS NULL/.test(sql)) return truthBox(false);
          return value(answers.alone);
        }),
      ),
  });
  const intCalls = { form: { args: 'column' as const }, calls: [[familyArg('INTEGER')]], aggregate: true };

  it('tells NULL inputs skipped from NULL inputs counted as values (GROUP_ARRAY_MOVING_AVG keeps their place)', async () => {
    const moving = await probeBehaviour(aggregateEngine({ alone: '[1]', withNull: '[1, 0.5]', sameInOrder: true }), [
      { name: 'group_array_moving_avg', ...intCalls },
    ]);
    const counted = moving.behaviour.get('group_array_moving_avg')!;
    expect(counted.nullIn).toEqual(['counted']);
    const calls = [{ args: ['INT'], returns: 'ARRAY(DOUBLE)' }];
    expect(nullBehaviour({ kind: 'aggregate', calls, ...counted }).text).toBe(
      'NULL inputs are not skipped: each one counts in the result',
    );
    const count = await probeBehaviour(aggregateEngine({ alone: '1', withNull: '1', sameInOrder: true }), [
      { name: 'count', ...intCalls },
    ]);
    expect(count.behaviour.get('count')!.nullIn).toEqual(['value']);
  });

  it('runs an aggregate of bitmaps over overlapping bitmaps in two orders (BITMAP_NOT_COUNT depends on it)', async () => {
    const engine = aggregateEngine({ alone: '1', withNull: '1', sameInOrder: false, nearInOrder: false });
    const ran: string[] = [];
    const { behaviour } = await probeBehaviour({ ...engine, run: (sqls) => (ran.push(...sqls), engine.run(sqls)) }, [
      { name: 'bitmap_not_count', form: { args: 'column' }, calls: [[familyArg('BITMAP')]], aggregate: true },
    ]);
    expect(behaviour.get('bitmap_not_count')).toMatchObject({ deterministic: false, rowOrder: true });
    expect(ran.some((sql) => /BUILD_BITMAP\(\[number, /.test(sql) && /ORDER BY number DESC/.test(sql))).toBe(true);
  });

  it("tells a parameter it takes and uses (APPROX_COUNT_DISTINCT's error rate) from one it takes and ignores (SUM)", async () => {
    const withParameter = (same: boolean | undefined): ProbeEngine => {
      const base = aggregateEngine({ alone: '1', withNull: '1', sameInOrder: true });
      return {
        ...base,
        run: async (sqls) => {
          const answers = await base.run(sqls);
          return sqls.map((sql, i) =>
            /\(0\.01\)\(a0\)/.test(sql)
              ? same === undefined
                ? { error: 'NumberArgumentsNotMatch: expect to have 0 params' }
                : truthBox(same)
              : answers[i]!,
          );
        },
      };
    };
    const approx = await probeBehaviour(withParameter(false), [{ name: 'approx_count_distinct', ...intCalls }]);
    expect(approx.behaviour.get('approx_count_distinct')!.optionalParameter).toBe(true);
    const sum = await probeBehaviour(withParameter(true), [{ name: 'sum', ...intCalls }]);
    expect(sum.behaviour.get('sum')!.optionalParameter).toBeUndefined();
    const median = await probeBehaviour(withParameter(undefined), [{ name: 'median', ...intCalls }]);
    expect(median.behaviour.get('median')!.optionalParameter).toBeUndefined();
    // The card writes the parameter as optional, before the arguments.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
    try {
      const calls = [{ args: ['INT'], returns: 'BIGINT UNSIGNED' }];
      const cards = functionCards(
        dir,
        dir,
        {
          engine: 'v1.2.453',
          functions: {
            approx_count_distinct: { kind: 'aggregate', calls, optionalParameter: true },
            sum: { kind: 'aggregate', calls },
          },
        },
        new Map(),
      );
      expect(cards.approx_count_distinct!.signatures).toEqual(['APPROX_COUNT_DISTINCT[(…)](INT) → BIGINT UNSIGNED']);
      expect(cards.sum!.signatures).toEqual(['SUM(INT) → BIGINT UNSIGNED']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not called deterministic when its answer changes with the order of the rows, beyond a rounding error', async () => {
    const tdigest = await probeBehaviour(
      aggregateEngine({ alone: '1', withNull: '1', sameInOrder: false, nearInOrder: false }),
      [{ name: 'quantile_tdigest', ...intCalls }],
    );
    expect(tdigest.behaviour.get('quantile_tdigest')).toMatchObject({ deterministic: false, rowOrder: true });
    // A floating-point sum that differs in its last digits is the same answer.
    const stddev = await probeBehaviour(
      aggregateEngine({ alone: '0', withNull: '0', sameInOrder: false, nearInOrder: true }),
      [{ name: 'stddev', ...intCalls }],
    );
    expect(stddev.behaviour.get('stddev')).toMatchObject({ deterministic: true });
    // A string aggregate is run over varied strings in two orders too (STRING_AGG joins them in arrival order); its
    // delimiter, a constant, stays in the call (as a column of the rows it would be refused).
    const delimited = aggregateEngine({ alone: "'1'", withNull: "'1'", sameInOrder: false });
    const strings = await probeBehaviour(
      {
        ...delimited,
        run: async (sqls) => {
          const answers = await delimited.run(sqls);
          return sqls.map((sql, i) =>
            /string_agg\(a0, a1\)/.test(sql) ? { error: 'must be a constant' } : answers[i]!,
          );
        },
      },
      [
        {
          name: 'string_agg',
          form: { args: 'column' },
          calls: [[familyArg('VARCHAR'), { ...familyArg('VARCHAR'), constant: true }]],
          aggregate: true,
        },
      ],
    );
    expect(strings.behaviour.get('string_agg')!.sample).toBe("string_agg(c_str, '1')");
    expect(strings.behaviour.get('string_agg')).toMatchObject({ deterministic: false, rowOrder: true });
    expect(stddev.behaviour.get('stddev')!.rowOrder).toBeUndefined();
    expect(
      JSON.stringify(signatureCard({ ...card('quantile_tdigest'), deterministic: false, rowOrder: true })),
    ).toContain('no: the result depends on the order in which rows arrive');
  });
});

/** A tiny engine: ABS takes integers and doubles and names its overloads when refused; NOW takes nothing. */
function fakeEngine(): ProbeEngine & { planned: string[] } {
  const planned: string[] = [];
  const accept: Record<string, string> = {
    'abs(c_i32)': 'Number(UInt32)',
    'abs(c_f64)': 'Number(Float64)',
    'abs(c_i8)': 'Number(UInt8)',
    'now()': 'Timestamp',
  };
  return {
    planned,
    plan: (sqls) =>
      Promise.resolve(
        sqls.map((sql) => {
          planned.push(sql);
          const call = /^SELECT (.*) FROM probe$/.exec(sql)?.[1] ?? '';
          if (accept[call]) return { type: accept[call] };
          if (call.startsWith('abs(') && call.split(',').length === 1)
            return { error: 'no overload satisfies `abs(Bitmap)`', overloads: ['Int64', 'Float64'] };
          return { error: `no overload satisfies \`${call}\`` };
        }),
      ),
    run: (sqls) =>
      Promise.resolve(
        sqls.map((sql) =>
          /IS NULL/.test(sql) ? { box: /n_c_/.test(sql) ? '│ true │' : '│ false │' } : { box: `│ ${sql} │` },
        ),
      ),
  };
}

describe('the prober', () => {
  it('tries every type in every position of a function that took BITMAP everywhere and named no overload', async () => {
    // As IFNULL: any two arguments of one type; a refusal names no overload.
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const args = /^SELECT ifnull\((.*)\) FROM probe$/.exec(sql)?.[1]?.split(', ') ?? [];
            if (args.length === 2 && args[0] === args[1] && !args[0]!.startsWith('n_'))
              return { type: args[0] === 'c_i32' ? 'Number(Int32)' : args[0] === 'c_bitmap' ? 'Bitmap' : 'Boolean' };
            return { error: 'no overload satisfies `ifnull`' };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map(() => ({ box: '│ false │' }))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'ifnull', aggregate: false, maxArity: 2 }]);
    const calls = probes.get('ifnull')!.calls.map((c) => c.args.join(', '));
    expect(calls).toContain('INT, INT');
    expect(calls).toContain('BITMAP, BITMAP');
  });

  it('tries with more arguments a type a position took with fewer (WINDOW_FUNNEL: TIMESTAMP and three conditions)', async () => {
    // The engine names integers, DATE and TIMESTAMP for up to three arguments, and nothing for four: four are found
    // from the first two calls of three, extended by a constant. It takes TIMESTAMP with four all the same.
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const args = overloadArgs(/^SELECT funnel\((.*)\) FROM probe$/.exec(sql)?.[1] ?? '');
            if (
              /^c_([iu]\d+|date|ts)$/.test(args[0] ?? '') &&
              args.slice(1).every((a) => a === 'c_bool' || a === 'TRUE')
            )
              return { type: 'Nullable(Number(UInt8))' };
            const overloads =
              args.length && args.length <= 3
                ? ['Int32', 'Date', 'Timestamp'].map((f) => [f, ...Array(args.length - 1).fill('Boolean')].join(', '))
                : [];
            return { error: 'no overload satisfies `funnel`', overloads };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map(() => value('1'))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'funnel', aggregate: false, maxArity: 4, documented: 4 }]);
    const calls = probes.get('funnel')!.calls.map((c) => c.args.join(', '));
    expect(calls).toContain('TIMESTAMP, BOOLEAN, BOOLEAN');
    expect(calls).toContain('DATE, BOOLEAN, BOOLEAN, BOOLEAN');
    expect(calls).toContain('TIMESTAMP, BOOLEAN, BOOLEAN, BOOLEAN');
  });

  it('tries more than three arguments where a function names no overload (FLATTEN: path, OUTER, RECURSIVE, MODE)', async () => {
    // As FLATTEN: a VARIANT, then a path, two flags and a mode; a refusal names no overload.
    const positions = ['c_var', 'c_str', 'c_bool', 'c_bool', 'c_str'];
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const args = overloadArgs(/^SELECT flatten\((.*)\) FROM probe$/.exec(sql)?.[1] ?? '');
            return args.length && args.every((a, i) => a === positions[i])
              ? { type: 'Tuple([Nullable(Number(UInt64)), Nullable(String)])' }
              : { error: 'no overload satisfies `flatten`' };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map(() => value('1'))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'flatten', aggregate: false, maxArity: 6 }]);
    const calls = probes.get('flatten')!.calls;
    expect(calls.map((c) => c.args.join(', '))).toEqual([
      'VARIANT',
      'VARIANT, VARCHAR',
      'VARIANT, VARCHAR, BOOLEAN',
      'VARIANT, VARCHAR, BOOLEAN, BOOLEAN',
      'VARIANT, VARCHAR, BOOLEAN, BOOLEAN, VARCHAR',
    ]);
    expect(collapseSignatures(calls).map((c) => signatureText('flatten', c))).toEqual([
      'FLATTEN(VARIANT [, VARCHAR [, BOOLEAN [, BOOLEAN [, VARCHAR]]]]) → TUPLE(BIGINT UNSIGNED NULL, VARCHAR NULL)',
    ]);
  });

  it('tries BINARY: a function that takes bytes lists them (TO_HEX, LENGTH, TO_STRING)', async () => {
    // As TO_HEX: a string or bytes; a refused call names both overloads.
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const arg = /^SELECT to_hex\((.*)\) FROM probe$/.exec(sql)?.[1] ?? '';
            if (arg === 'c_str') return { type: 'String' };
            if (arg === 'c_bin') return { type: 'String' };
            return {
              error:
                'no overload satisfies `to_hex`\nhas tried possible overloads:\n  to_hex(String) :: String\n  to_hex(Binary) :: String',
            };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map(() => value("'31'"))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'to_hex', aggregate: false, maxArity: 1 }]);
    expect(probes.get('to_hex')!.calls.map((c) => c.args.join(', '))).toEqual(['BINARY', 'VARCHAR']);
    expect(collapseSignatures(probes.get('to_hex')!.calls).map((c) => signatureText('to_hex', c))).toEqual([
      'TO_HEX(VARCHAR | BINARY) → VARCHAR',
    ]);
  });

  it('finds the accepted calls from the overloads the engine names, then the widths, then NULL behaviour', async () => {
    const engine = fakeEngine();
    const { probes } = await probeFunctions(engine, [
      { name: 'abs', aggregate: false, maxArity: 2 },
      { name: 'now', aggregate: false, maxArity: 1 },
    ]);
    const abs = probes.get('abs')!;
    expect(abs.calls).toEqual([
      { args: ['DOUBLE'], returns: 'DOUBLE' },
      { args: ['INT'], returns: 'INT UNSIGNED' },
      { args: ['TINYINT'], returns: 'TINYINT UNSIGNED' },
    ]);
    expect(abs.nullIn).toEqual(['null']);
    expect(abs.deterministic).toBe(true);
    expect(probes.get('now')!.calls).toEqual([{ args: [], returns: 'TIMESTAMP' }]);
    // By family first: no call of a family the engine never accepted is tried in another width.
    expect(engine.planned.some((s) => /abs\(c_i16\)/.test(s))).toBe(true);
    expect(engine.planned.some((s) => /abs\(c_u16\)/.test(s) && false)).toBe(false);
  });
});

describe('the prober, on calls the engine plans but refuses to run', () => {
  it('tries the next way of writing calls when none of one form runs (MAP refuses nullable keys)', async () => {
    // MAP plans over the probe table's arrays, whose items are nullable, but refuses them as keys when run;
    // literal arrays have items that are not nullable. FROM_BASE64 fails on the probe's string in every form.
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const call = /^SELECT (.*) FROM probe$/.exec(sql)?.[1] ?? '';
            if (call === 'map(c_arr, c_arr)')
              return { type: 'Map(Tuple([Nullable(Number(Int32)), Nullable(Number(Int32))]))' };
            if (call === 'map([1, 2]::ARRAY(INT), [1, 2]::ARRAY(INT))')
              return { type: 'Map(Tuple([Number(Int32), Number(Int32)]))' };
            if (call === 'from_base64(c_str)' || call === "from_base64('1')") return { type: 'Binary' };
            return { error: `no overload satisfies \`${call}\`` };
          }),
        ),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /map\(\[1, 2\]/.test(sql) ? value('{1:1, 2:2}') : { error: 'BadArguments: map keys can not be Int32 NULL' },
          ),
        ),
    };
    const { probes } = await probeFunctions(engine, [
      { name: 'map', aggregate: false, maxArity: 2 },
      { name: 'from_base64', aggregate: false, maxArity: 1 },
    ]);
    expect(probes.get('map')).toMatchObject({
      form: 'literal',
      calls: [{ args: ['ARRAY(INT)', 'ARRAY(INT)'], returns: 'MAP(INT, INT)' }],
    });
    expect(probes.get('from_base64')!.form).toBeUndefined();
    expect(probes.get('from_base64')!.calls).toEqual([{ args: ['VARCHAR'], returns: 'BINARY' }]);
  });

  it('lists no call that plans but fails when run: MAP refuses array keys only when it runs', async () => {
    const literalArray = /^\[.*\]::ARRAY\((INT|VARCHAR|ARRAY\(INT\))\)$/;
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const call = /^SELECT map\((.*)\) FROM probe$/.exec(sql)?.[1] ?? '';
            const args = overloadArgs(call);
            if (args.length === 2 && args.every((a) => literalArray.test(a) || a.startsWith('c_arr')))
              return { type: 'Map(Tuple([Number(Int32), Number(Int32)]))' };
            return { error: `no overload satisfies \`map(${call})\`` };
          }),
        ),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /IS NULL/.test(sql)
              ? truthBox(true)
              : /c_arr/.test(sql)
                ? { error: 'BadArguments: map keys can not be Int32 NULL' }
                : /map\(\[\[1\], \[2\]\]/.test(sql)
                  ? { error: 'BadArguments: map keys can not be Array(Int32)' }
                  : /map\(\['a', 'b'\]/.test(sql)
                    ? { error: "BadArguments: invalid digit while evaluating function `to_int32('a')`" }
                    : value('{1:1, 2:2}'),
          ),
        ),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'map', aggregate: false, maxArity: 2 }]);
    const calls = probes.get('map')!.calls.map((c) => c.args.join(', '));
    expect(calls).toContain('ARRAY(INT), ARRAY(ARRAY(INT))');
    // Strings fail on their value ('a' is no number), which another string may pass: that call stays.
    expect(calls).toContain('ARRAY(VARCHAR), ARRAY(INT)');
    expect(calls.filter((c) => c.startsWith('ARRAY(ARRAY'))).toEqual([]);
  });

  it('runs a decoder on encoded text, so its card says whether it is deterministic (FROM_BASE64, FROM_HEX)', async () => {
    // '1' is neither hex nor base64 text, and no JSON path or key path either: FROM_BASE64 fails on them all.
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /^SELECT from_base64\((c_str|'[^']*')\) FROM probe$/.test(sql)
              ? { type: 'Binary' }
              : { error: 'no overload satisfies `from_base64(Bitmap)`' },
          ),
        ),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /IS NULL/.test(sql)
              ? truthBox(/\(NULL\)/.test(sql))
              : /from_base64\('abcd'\)/.test(sql)
                ? value('69B71D')
                : { error: 'BadArguments: Encoded text cannot have a 6-bit remainder.' },
          ),
        ),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'from_base64', aggregate: false, maxArity: 1 }]);
    expect(probes.get('from_base64')).toMatchObject({ sample: "from_base64('abcd')", deterministic: true });
  });

  it('lists only the calls that run of a function that plans any types (JSON_OBJECT: string keys, in pairs)', async () => {
    // JSON_OBJECT plans every call; run, it wants an even number of arguments, and keys that are distinct strings.
    const isString = (a: string) => /^(n_)?c_str$|^'[^']*'$|^CAST\(c_str AS VARCHAR NULL\)$/.test(a);
    const engine: ProbeEngine = {
      plan: (sqls) => Promise.resolve(sqls.map(() => ({ type: 'Variant' }))),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const call = /json_object\((.*)\)\)? (IS NULL )?FROM probe$/.exec(sql);
            const args = overloadArgs(call?.[1] ?? '');
            const keys = args.filter((_, i) => i % 2 === 0);
            if (args.length % 2 || !keys.every(isString) || new Set(keys).size < keys.length)
              return { error: 'BadArguments: Key must be a string value' };
            return call?.[2] ? truthBox(false) : value('\'{"1":"1"}\'');
          }),
        ),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'json_object', aggregate: false, maxArity: 4 }]);
    const probe = probes.get('json_object')!;
    expect(probe.repeats).toBe(2);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
    const card = functionCards(dir, dir, { engine: 'v', functions: { json_object: probe } }, new Map());
    fs.rmSync(dir, { recursive: true, force: true });
    const values = ALL_FAMILIES.filter((f) => f.name !== 'NULL')
      .map((f) => (f.name === 'FLOAT' ? 'FLOAT | DOUBLE' : f.name))
      .join(' | ');
    expect(card.json_object!.signatures).toEqual([
      `JSON_OBJECT([VARCHAR, ${values} [, VARCHAR, ${values}] ...]) → VARIANT`,
    ]);
  });

  it("plans a function's parameters as strings too: INTERSECT_COUNT's keys have its parameters' type", async () => {
    // intersect_count(1)(bitmap, key) wants integer keys; intersect_count('1')(bitmap, key) string keys.
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /^SELECT intersect_count\(1\)\(c_bitmap, c_i32\) FROM probe$/.test(sql) ||
            /^SELECT intersect_count\('1'\)\(c_bitmap, c_str\) FROM probe$/.test(sql)
              ? { type: 'Nullable(Number(UInt64))' }
              : { error: "BadDataValueType: intersect_count param(0) type mismatch, expect: 'String'" },
          ),
        ),
      run: (sqls) => Promise.resolve(sqls.map((sql) => (/IS NULL/.test(sql) ? truthBox(false) : value('2')))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'intersect_count', aggregate: true, maxArity: 2 }]);
    expect(probes.get('intersect_count')!.calls.map((c) => c.args.join(', '))).toEqual([
      'BITMAP, INT',
      'BITMAP, VARCHAR',
    ]);
  });

  it('plans an aggregate with two parameters where they change its type (QUANTILE_TDIGEST: an array of levels)', async () => {
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const m = /^SELECT quantile_tdigest(\([\d., ]+\))?\((c_i32|c_f64)\) FROM probe$/.exec(sql);
            if (!m) return { error: 'no overload satisfies `quantile_tdigest(Bitmap)`' };
            return { type: m[1]?.includes(',') ? 'Nullable(Array(Number(Float64)))' : 'Nullable(Number(Float64))' };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map((sql) => (/IS NULL/.test(sql) ? truthBox(false) : value('1')))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'quantile_tdigest', aggregate: true, maxArity: 1 }]);
    const probe = probes.get('quantile_tdigest')!;
    expect(probe.severalParameters).toEqual([
      { args: ['DOUBLE'], returns: 'ARRAY(DOUBLE) NULL' },
      { args: ['INT'], returns: 'ARRAY(DOUBLE) NULL' },
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
    fs.mkdirSync(path.join(dir, 'content/catalogue'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'content/catalogue/functions.tsv'),
      'category\tname\tsyntax\tsource\naggregate\tQUANTILE_TDIGEST\tQUANTILE_TDIGEST(<level1>[, <level2>, ...])(<expr>)\tx.md\n',
    );
    const card = functionCards(dir, dir, { engine: 'v', functions: { quantile_tdigest: probe } }, new Map());
    fs.rmSync(dir, { recursive: true, force: true });
    expect(card.quantile_tdigest!.signatures).toEqual([
      'QUANTILE_TDIGEST(<level1>)(INT | DOUBLE) → DOUBLE NULL',
      'QUANTILE_TDIGEST(<level1>, <level2>, ...)(INT | DOUBLE) → ARRAY(DOUBLE) NULL',
    ]);
  });

  it('lists the calls a scalar takes only with parameters (TO_DECIMAL(10, 2)(INT)), not parameters it ignores (ABS)', async () => {
    const planned: string[] = [];
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            planned.push(sql);
            const decimal = /^SELECT to_decimal(\(10, 2\))?\((c_\w+)\) FROM probe$/.exec(sql);
            if (decimal && (decimal[1] ? /^c_(i32|str|bool|dec)$/ : /^c_dec$/).test(decimal[2]!))
              return { type: 'Decimal(Decimal128(DecimalSize { precision: 10, scale: 2 }))' };
            // ABS takes any parameters and ignores them, ('?') too.
            if (/^SELECT abs(\([^)]*\))?\(c_i32\) FROM probe$/.test(sql)) return { type: 'Number(UInt32)' };
            return { error: 'no overload satisfies `f(Bitmap)`' };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map((sql) => (/IS NULL/.test(sql) ? truthBox(false) : value('1')))),
    };
    const { probes } = await probeFunctions(engine, [
      { name: 'to_decimal', aggregate: false, maxArity: 1 },
      { name: 'abs', aggregate: false, maxArity: 1 },
    ]);
    expect(probes.get('to_decimal')!.calls.map((c) => c.args.join(', '))).toEqual(['DECIMAL(10, 2)']);
    expect(probes.get('to_decimal')!.parameterCalls).toEqual({
      params: '(10, 2)',
      calls: ['BOOLEAN', 'DECIMAL(10, 2)', 'INT', 'VARCHAR'].map((t) => ({ args: [t], returns: 'DECIMAL(10, 2)' })),
    });
    expect(probes.get('abs')!.parameterCalls).toBeUndefined();
    // ABS takes ('?') as well: it ignores parameters, and is not planned through the families with them.
    expect(planned.filter((sql) => /^SELECT abs\(10, 2\)\((?!c_i32)/.test(sql))).toEqual([]);
  });

  it('tries arrays of one element type in every array position (L2_DISTANCE of FLOAT vectors is FLOAT)', async () => {
    const arrays = /^SELECT l2_distance\((c_arr\w*), (c_arr\w*)\) FROM probe$/;
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const m = arrays.exec(sql);
            if (!m || m[1] === 'c_arr_arr' || m[2] === 'c_arr_arr')
              return { error: 'no overload satisfies `l2_distance(Bitmap)`' };
            return { type: m[1] === 'c_arr_f32' && m[2] === 'c_arr_f32' ? 'Number(Float32)' : 'Number(Float64)' };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map((sql) => (/IS NULL/.test(sql) ? truthBox(false) : value('0')))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'l2_distance', aggregate: false, maxArity: 2 }]);
    const calls = probes.get('l2_distance')!.calls;
    expect(calls).toContainEqual({ args: ['ARRAY(FLOAT)', 'ARRAY(FLOAT)'], returns: 'FLOAT' });
    expect(collapseSignatures(calls).map((s) => signatureText('l2_distance', s))).toEqual([
      'L2_DISTANCE(ARRAY, ARRAY) → FLOAT | DOUBLE',
    ]);
  });

  it('finds an argument that takes only unsigned integers (QUANTILE_TDIGEST_WEIGHTED): a NULL weight is skipped', async () => {
    // The weight refuses signed integers when the call is planned; a constant 1::INT is read as unsigned.
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const args = overloadArgs(/^SELECT quantile_tdigest_weighted\((.*)\) FROM probe$/.exec(sql)?.[1] ?? '');
            if (args.length !== 2) return { error: 'SemanticError: takes two arguments' };
            const numeric = /^(n_)?c_(i|u|f)\d+$|^1::/;
            const unsigned = /^(n_)?c_u\d+$|^1::/;
            return numeric.test(args[0]!) && unsigned.test(args[1]!)
              ? { type: 'Nullable(Number(Float64))' }
              : { error: 'BadDataValueType: weight just support unsigned integer type' };
          }),
        ),
      run: (sqls) =>
        Promise.resolve(
          sqls.map((sql) =>
            /IS NULL/.test(sql) ? truthBox(/n_c_|NULL AS/.test(sql)) : /UNION ALL/.test(sql) ? value('1') : value('1'),
          ),
        ),
    };
    const { probes } = await probeFunctions(engine, [
      { name: 'quantile_tdigest_weighted', aggregate: true, maxArity: 2 },
    ]);
    const p = probes.get('quantile_tdigest_weighted')!;
    expect(p.form).toBeUndefined();
    expect(p.calls.map((c) => c.args.join(', '))).toContain('INT, INT UNSIGNED');
    expect(p.calls.map((c) => c.args.join(', '))).toContain('INT, TINYINT UNSIGNED');
    expect(p.calls.filter((c) => !c.args[1]!.endsWith('UNSIGNED'))).toEqual([]);
    expect(p.sample).toBe('quantile_tdigest_weighted(c_i32, c_u32)');
    expect(p.nullIn).toEqual(['null', 'null']);
  });

  it("tells an alias from a call the parser rewrote: TRIM(s) is planned as TRIM_BOTH(s, ' ')", async () => {
    expect(canonicalName('no overload satisfies `trim_both(Bitmap, String)`', 1)).toBeUndefined();
    expect(canonicalName('no overload satisfies `to_timestamp(Bitmap)`', 1)).toBe('to_timestamp');
    expect(canonicalName('no overload satisfies `to_timestamp(Array(Int32), String)`', 2)).toBe('to_timestamp');
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const call = /^SELECT (.*) FROM probe$/.exec(sql)?.[1] ?? '';
            if (call === 'trim(c_str)') return { type: 'String' };
            const arg = /^trim\((.*)\)$/.exec(call)?.[1];
            // TRIM() without an argument does not parse.
            return {
              error: arg ? 'no overload satisfies `trim_both(Bitmap, String)`' : 'SyntaxException: unexpected `)`',
            };
          }),
        ),
      run: (sqls) =>
        Promise.resolve(sqls.map((sql) => (/IS NULL/.test(sql) ? truthBox(/n_c_/.test(sql)) : value('a')))),
    };
    const { probes } = await probeFunctions(engine, [{ name: 'trim', aggregate: false, maxArity: 1 }]);
    expect(probes.get('trim')!.calls).toEqual([{ args: ['VARCHAR'], returns: 'VARCHAR' }]);
    expect(probes.get('trim')!.aliasOf).toBeUndefined();
  });

  it("tries a documented argument as a constant when a column is refused there (STRING_AGG's delimiter)", async () => {
    const engine: ProbeEngine = {
      plan: (sqls) =>
        Promise.resolve(
          sqls.map((sql) => {
            const call = /^SELECT (.*) FROM probe$/.exec(sql)?.[1] ?? '';
            if (call === 'string_agg(c_str)' || call === "string_agg(c_str, '1')") return { type: 'Nullable(String)' };
            if (call === 'string_agg(c_str, c_str)')
              return { error: 'SemanticError. The delimiter of `string_agg` must be a constant string.' };
            return { error: `no overload satisfies \`${call}\`` };
          }),
        ),
      run: (sqls) => Promise.resolve(sqls.map((sql) => (/IS NULL/.test(sql) ? truthBox(false) : value("'1'")))),
    };
    const { probes } = await probeFunctions(engine, [
      { name: 'string_agg', aggregate: true, maxArity: 3, documented: 2 },
    ]);
    expect(probes.get('string_agg')!.calls).toEqual([
      { args: ['VARCHAR'], returns: 'VARCHAR NULL' },
      { args: ['VARCHAR', 'VARCHAR'], returns: 'VARCHAR NULL' },
    ]);
  });
});

describe('a changed engine answer', () => {
  const then: FunctionProbe = {
    kind: 'scalar',
    calls: [{ args: ['INT'], returns: 'BIGINT' }],
    nullIn: ['null'],
    deterministic: true,
  };
  it('names the function and the difference', () => {
    const now: FunctionProbe = {
      ...then,
      calls: [
        { args: ['INT'], returns: 'INT' },
        { args: ['VARCHAR'], returns: 'INT' },
      ],
      nullIn: ['value'],
    };
    expect(describeProbeDifference('abs', then, now)).toEqual([
      'abs: now accepted: ABS(VARCHAR) → INT',
      'abs: now returns ABS(INT) → INT (recorded BIGINT)',
      'abs: nullIn was ["null"], now ["value"]',
    ]);
    expect(describeProbeDifference('abs', then, { ...then })).toEqual([]);
  });
  it('asks a reason for a function without a signature, and drops a reason no longer needed', () => {
    const rec = {
      engine: 'v1',
      functions: { abs: then, cast: { kind: 'scalar' as const, calls: [], refused: 'SyntaxException' } },
    };
    expect(signatureExceptionProblems(rec, new Map())).toEqual([expect.stringContaining('cast has no signature')]);
    expect(signatureExceptionProblems(rec, new Map([['cast', 'written CAST(x AS t)']]))).toEqual([]);
    expect(
      signatureExceptionProblems(
        rec,
        new Map([
          ['cast', 'r'],
          ['abs', 'r'],
        ]),
      ),
    ).toEqual([expect.stringContaining('abs has signatures now')]);
  });
});

const card = (name: string, returns = ['DATE']): FunctionCard => ({
  name,
  kind: 'scalar',
  signatures: [`${name.toUpperCase()}(DATE) → DATE`],
  returns,
  nulls: { kind: 'propagates', text: 'NULL in any argument gives NULL' },
  deterministic: true,
  aliases: [],
  category: 'Date & Time Functions',
});

describe('the signature card', () => {
  const example = (): Element => ({
    type: 'element',
    tagName: 'figure',
    properties: { dataKind: 'example' },
    children: [{ type: 'element', tagName: 'div', properties: { className: ['example-result'] }, children: [] }],
  });
  const h2 = (id: string, t: string): Element => ({
    type: 'element',
    tagName: 'h2',
    properties: { id },
    children: [{ type: 'text', value: t }],
  });
  const p = (t: string): Element => ({
    type: 'element',
    tagName: 'p',
    properties: {},
    children: [{ type: 'text', value: t }],
  });

  it('goes under the heading of each function entry, above its prose; a heading without an example gets none', () => {
    const body: Root = {
      type: 'root',
      children: [
        p('Intro'),
        h2('to_monday', 'TO_MONDAY'),
        p('Rounds down.'),
        example(),
        h2('to_year', 'TO_YEAR'),
        p('No example here.'),
      ],
    };
    const places = pagePlaces(body);
    const placed = insertSignatureCards(
      body,
      places,
      'Date functions',
      { to_monday: card('to_monday'), to_year: card('to_year') },
      'Date & Time Functions',
    );
    expect(placed.map((c) => c.name)).toEqual(['to_monday']);
    const tags = body.children.map((n) =>
      n.type === 'element'
        ? `${n.tagName}${n.tagName === 'aside' ? `:${(n.properties.className as string[])[0]}` : ''}`
        : n.type,
    );
    expect(tags).toEqual(['p', 'h2', 'aside:signature-card', 'p', 'figure', 'h2', 'p']);
  });
  it('goes at the top of a page whose title names the function', () => {
    const body: Root = { type: 'root', children: [p('Returns the Monday.'), example()] };
    insertSignatureCards(
      body,
      pagePlaces(body),
      'TO_MONDAY',
      { to_monday: card('to_monday') },
      'Date & Time Functions',
    );
    expect(body.children[0]).toMatchObject({ tagName: 'aside', properties: { ariaLabel: 'Signature of TO_MONDAY' } });
  });
  it('stays off pages outside the function reference, whose headings name something else (a LEFT JOIN, a setting)', () => {
    const body: Root = {
      type: 'root',
      children: [h2('left', 'LEFT'), p('Keeps every row of the left table.'), example()],
    };
    expect(insertSignatureCards(body, pagePlaces(body), 'JOIN', { left: card('left') }, undefined)).toEqual([]);
    expect(body.children.some((n) => n.type === 'element' && n.tagName === 'aside')).toBe(false);
  });
  it('shows the backtick spans of a "no signature" reason as code, not as backticks', () => {
    const aside = signatureCard({
      ...card('and'),
      signatures: [],
      noSignature: 'a logical operator: the parser reads `a AND b`, not a call',
    });
    const none = aside.children[1] as Element;
    expect(none.children).toEqual([
      { type: 'text', value: 'No signature recorded: ' },
      { type: 'text', value: 'a logical operator: the parser reads ' },
      { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: 'a AND b' }] },
      { type: 'text', value: ', not a call' },
    ]);
  });
});

describe('prose that contradicts the card', () => {
  it('finds a "Return type" line and a "returns a" sentence naming a type the engine does not return', () => {
    const md = [
      'Intro.',
      '',
      '## ABS',
      '',
      'Returns an `INT` value for any input.',
      '',
      '```sql example',
      'SELECT ABS(-1)',
      '```',
      '',
      'Return type: UInt8',
      '',
      '## Other',
      '',
      'Return type: VARCHAR',
    ].join('\n');
    const claims = returnClaims(parseMarkdown(md).tree, 'abs');
    expect(claims.map((c) => [c.line, c.words])).toEqual([
      [5, ['INT']],
      [11, ['UInt8']],
    ]);
    expect(contradictions(claims, ['BIGINT UNSIGNED']).map((c) => c.word)).toEqual(['INT', 'UInt8']);
    expect(contradictions(claims, ['INTEGER'])).toEqual([]);
    expect(
      contradictions(returnClaims(parseMarkdown('Return type: an integer.').tree, undefined), ['BIGINT UNSIGNED']),
    ).toEqual([]);
    expect(
      contradictions(returnClaims(parseMarkdown('Return type: VARCHAR.').tree, undefined), ['BIGINT UNSIGNED']),
    ).toHaveLength(1);
    // A width with UNSIGNED is one type: BIGINT UNSIGNED is not what a function returning BIGINT returns.
    expect(
      contradictions(returnClaims(parseMarkdown('Return type: BIGINT UNSIGNED.').tree, undefined), ['BIGINT']).map(
        (c) => c.word,
      ),
    ).toEqual(['BIGINT UNSIGNED']);
    expect(
      contradictions(returnClaims(parseMarkdown('Return type: BIGINT UNSIGNED.').tree, undefined), ['BIGINT UNSIGNED']),
    ).toEqual([]);
  });
});

describe('a card', () => {
  it('links the release that introduced the function at its route, as the catalogue gives it', () => {
    const html = JSON.stringify(
      signatureCard({ ...card('to_monday'), introduced: { version: 'v1.2', route: '/doc/releases/v1.2.0' } }),
    );
    expect(html).toContain('"href":"/doc/releases/v1.2.0"');
    expect(html).not.toContain('/doc/doc/');
  });

  it('bounds the Returns line: past eight types each is named by its outer type, and what is left is counted', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
    try {
      // TUPLE returns the tuple of its argument types: hundreds of distinct types, all of them TUPLE.
      const types = ['INT', 'DATE', 'VARCHAR', 'BOOLEAN', 'DOUBLE', 'BITMAP', 'VARIANT', 'TIMESTAMP', 'GEOMETRY'];
      const calls = types.flatMap((a) => types.map((b) => ({ args: [a, b], returns: `TUPLE(${a}, ${b})` })));
      const cards = functionCards(
        dir,
        dir,
        { engine: 'v1.2.453', functions: { tuple: { kind: 'scalar', calls } } },
        new Map(),
      );
      expect(cards.tuple!.returns).toEqual(['TUPLE']);
      // A tuple of several types of a part is one TUPLE too, not TUPLE(FLOAT | DOUBLE, …) cut at its ' | '.
      const floats = types.flatMap((a) =>
        ['FLOAT', 'DOUBLE'].map((f) => ({ args: [a, f], returns: `TUPLE(${a}, ${f})` })),
      );
      const mixed = functionCards(
        dir,
        dir,
        { engine: 'v1.2.453', functions: { tuple: { kind: 'scalar', calls: [...calls, ...floats] } } },
        new Map(),
      );
      expect(mixed.tuple!.returns).toEqual(['TUPLE']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const many = ['ARRAY', 'BITMAP', 'BOOLEAN', 'DATE', 'DECIMAL', 'INTEGER', 'MAP', 'TIMESTAMP', 'TUPLE', 'VARCHAR'];
    // The text of the dd that follows the dt "Returns" (a space may sit between them).
    const returnsLine = (c: FunctionCard) =>
      JSON.stringify(signatureCard(c)).match(
        /"Returns"\}\]\},(?:\{"type":"text","value":"\s*"\},)?\{"type":"element","tagName":"dd",[^\]]*"value":"([^"]*)"/,
      )?.[1];
    expect(returnsLine(card('max', many))).toBe(
      'ARRAY, BITMAP, BOOLEAN, DATE, DECIMAL, INTEGER, MAP, TIMESTAMP, and 2 more types',
    );
    expect(returnsLine(card('to_monday'))).toBe('DATE');
  });

  it('says why a function is not deterministic: its calls differ, or the session time zone changes its result', () => {
    const text = (c: FunctionCard) => JSON.stringify(signatureCard(c));
    expect(text({ ...card('now'), deterministic: false })).toContain('no: each call may give a different result');
    expect(text({ ...card('today'), deterministic: false, timeZone: true })).toContain(
      "no: the result depends on the session's time zone",
    );
    expect(text({ ...card('to_monday'), deterministic: true })).toContain('yes: the same arguments');
  });
});
