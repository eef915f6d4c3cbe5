import { describe, expect, it } from 'vitest';
import { setupScript } from '../../src/islands/setup-script.ts';

const blocks = [
  { kind: 'example', sql: 'CREATE TABLE t (a INT)' },
  { kind: 'example', sql: 'INSERT INTO t VALUES (1);' },
  { kind: 'example error', sql: "INSERT INTO t VALUES ('x')" },
  { kind: 'syntax', sql: 'SELECT <expr>' },
  { kind: 'example nondeterministic', sql: 'SELECT now()' },
  { kind: 'example', sql: '-- the sum\nSELECT SUM(a) FROM t' },
];

describe('copy with setup', () => {
  it('joins the examples that ran before, in order, without those that failed on purpose, one statement a line', () => {
    expect(setupScript(blocks, 5)).toBe(
      'CREATE TABLE t (a INT);\n\nINSERT INTO t VALUES (1);\n\nSELECT now();\n\n-- the sum\nSELECT SUM(a) FROM t;\n',
    );
  });
  it('gives the failing example its setup too (to see the error)', () => {
    expect(setupScript(blocks, 2)).toBe(
      "CREATE TABLE t (a INT);\n\nINSERT INTO t VALUES (1);\n\nINSERT INTO t VALUES ('x');\n",
    );
  });
  it('offers nothing for the first example, a block that is not an example, or after independent queries', () => {
    expect(setupScript(blocks, 0)).toBeUndefined();
    expect(setupScript(blocks, 3)).toBeUndefined();
    const queries = [
      { kind: 'example', sql: 'SELECT 1' },
      { kind: 'example', sql: '/* c */ SHOW TABLES' },
      { kind: 'example', sql: 'SELECT 2' },
    ];
    expect(setupScript(queries, 2)).toBeUndefined();
    expect(
      setupScript(
        [
          { kind: 'example', sql: "-- first\nset timezone = 'UTC'" },
          { kind: 'example', sql: 'SELECT now()' },
        ],
        1,
      ),
    ).toBe("-- first\nset timezone = 'UTC';\n\nSELECT now();\n");
  });
});
