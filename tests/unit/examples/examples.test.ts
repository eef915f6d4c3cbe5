import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  charWidth,
  describeDifference,
  engineErrorMessage,
  exampleKeys,
  readEngineResult,
} from '../../../src/examples/result-table.ts';
import { formatRecordedPage, mergeRecording } from '../../../src/examples/results-store.ts';
import { EXAMPLE_DATA_DIR, holdExamplesLock, prepareExampleData } from '../../../src/examples/example-data.ts';
import type { RecordedExample } from '../../../src/content/recorded.ts';
import { scaled } from '../../load.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * `src/examples/cli.ts` in a process of its own. Asynchronous: a test worker blocked on a child for a minute (a
 * loaded machine) misses its runner's messages and fails the run.
 */
function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/examples/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    // Another checkout's run of the examples may hold the shared data folder: waiting for it is no problem of
    // the run under test, so its notice is left out of what the tests read.
    child.on('close', (status) => resolve({ status, stdout, stderr: stderr.replace(WAITING_FOR_LOCK, '') }));
  });
}

const WAITING_FOR_LOCK = /^examples: another run \(pid [^)]*\) is using \S+; waiting for it to finish\n/gm;

describe("reading the engine's results", () => {
  const schema = (...fields: [string, string][]) =>
    `DataSchema { fields: ` +
    `[${fields.map(([n, t]) => `DataField { name: ${JSON.stringify(n)}, default_expr: None, data_type: ${t}, computed_expr: None }`).join(', ')}], ` +
    `metadata: {} }`;
  const twoColumns = schema(['name', 'String'], ['qty', 'Nullable(Number(Int32))']);
  const box = [
    '┌────────────────────────────┐',
    '│    name   │       qty      │',
    '│   String  │   Int32 NULL   │',
    '├───────────┼────────────────┤',
    "│ 'a b'     │              3 │",
    '│ NULL      │           NULL │',
    "│ 'NULL'    │              4 │",
    '└────────────────────────────┘',
  ].join('\n');

  it('keeps names, types and each value as the engine wrote it, NULL apart from the string', () => {
    expect(readEngineResult({ box, rows: 3, columns: 2, schema: twoColumns })).toEqual({
      columns: [
        { name: 'name', type: 'String' },
        { name: 'qty', type: 'Int32 NULL' },
      ],
      rows: [
        ["'a b'", '3'],
        ['NULL', 'NULL'],
        ["'NULL'", '4'],
      ],
    });
  });

  it('keeps a value that spans lines as one cell, with its indentation', () => {
    const ddl = [
      '┌──────────────────────────┐',
      '│  Table │   Create Table  │',
      '│ String │      String     │',
      '├────────┼─────────────────┤',
      "│ 't'    │ 'CREATE TABLE ( │",
      '│        │   a INT NULL    │',
      "│        │ ) ENGINE=FUSE'  │",
      "│ 'u'    │ 'x'             │",
      '└──────────────────────────┘',
    ].join('\n');
    const t = readEngineResult({
      box: ddl,
      rows: 2,
      columns: 2,
      schema: schema(['Table', 'String'], ['Create Table', 'String']),
    });
    expect(t.rows).toEqual([
      ["'t'", "'CREATE TABLE (\n  a INT NULL\n) ENGINE=FUSE'"],
      ["'u'", "'x'"],
    ]);
  });

  it('reads an empty value that prints nothing (an empty BINARY) when every row is one line', () => {
    const bin = [
      '┌───────────────────┐',
      '│   b    │    n     │',
      '│ Binary │  UInt8   │',
      '├────────┼──────────┤',
      '│        │        1 │',
      '│ 6162   │        2 │',
      '└───────────────────┘',
    ].join('\n');
    expect(
      readEngineResult({ box: bin, rows: 2, columns: 2, schema: schema(['b', 'Binary'], ['n', 'Number(UInt8)']) }).rows,
    ).toEqual([
      ['', '1'],
      ['6162', '2'],
    ]);
  });

  it('reads values that draw the column border (an EXPLAIN plan) and wide characters by their width', () => {
    const plan = [
      '┌──────────────────┐',
      '│      explain     │',
      '│      String      │',
      '├──────────────────┤',
      "│ 'Filter'         │",
      "│ '├── filters: x' │",
      "│ '└── 中文'       │",
      '└──────────────────┘',
    ].join('\n');
    expect(readEngineResult({ box: plan, rows: 3, columns: 1, schema: schema(['explain', 'String']) }).rows).toEqual([
      ["'Filter'"],
      ["'├── filters: x'"],
      ["'└── 中文'"],
    ]);
  });

  it('gives an empty result its columns and types from the schema', () => {
    const s = schema(
      ['a', 'Nullable(Number(Int32))'],
      ['d', 'Decimal(Decimal128(DecimalSize { precision: 10, scale: 2 }))'],
      ['m', 'Map(Tuple([String, Array(Number(UInt8))]))'],
      ['t', 'Tuple([Number(UInt8)])'],
      ['e', 'EmptyArray'],
      ['n', 'Null'],
    );
    expect(readEngineResult({ box: '┌┐\n└┘', rows: 0, columns: 6, schema: s })).toEqual({
      columns: [
        { name: 'a', type: 'Int32 NULL' },
        { name: 'd', type: 'Decimal(10, 2)' },
        { name: 'm', type: 'Map(String, Array(UInt8))' },
        { name: 't', type: 'Tuple(UInt8,)' },
        { name: 'e', type: 'Array(Nothing)' },
        { name: 'n', type: 'NULL' },
      ],
      rows: [],
    });
    expect(readEngineResult({ box: '┌┐\n└┘', rows: 0, columns: 0, schema: schema() })).toEqual({
      columns: [],
      rows: [],
    });
  });

  it('refuses what it cannot read exactly rather than guess', () => {
    expect(() => readEngineResult({ box, rows: 2, columns: 2, schema: twoColumns })).toThrow(
      /read 3 rows .* engine returned 2/,
    );
    expect(() =>
      readEngineResult({ box: box.replace("'a b'     │", "'a b'      "), rows: 3, columns: 2, schema: twoColumns }),
    ).toThrow(/does not match its columns/);
    expect(() => readEngineResult({ box: 'not a table', rows: 1, columns: 2, schema: twoColumns })).toThrow(
      /not a table/,
    );
    expect(() =>
      readEngineResult({ box, rows: 3, columns: 2, schema: schema(['name', 'String'], ['qty', 'Number(Int64)']) }),
    ).toThrow(/schema says Int64, the result says Int32 NULL/);
  });

  it('measures characters as a terminal does', () => {
    expect([charWidth('a'), charWidth('中'), charWidth('\0'), charWidth('\t'), charWidth('\u0301')]).toEqual([
      1, 2, 0, 0, 0,
    ]);
  });
});

describe('recording again', () => {
  const ex = (key: string, extra: Partial<RecordedExample> = {}): RecordedExample => ({
    key,
    sql: `SELECT ${key}`,
    expectError: false,
    nondeterministic: false,
    ...extra,
  });
  const table = (rows: string[][]) => ({ columns: [{ name: 'x', type: 'String' }], rows });
  it('keeps the earlier result of an example that did not run, and drops results of removed examples', () => {
    expect(
      mergeRecording(['a', 'b'], [ex('a'), undefined], [ex('b', { result: table([['old']]) }), ex('gone')]),
    ).toEqual([ex('a'), ex('b', { result: table([['old']]) })]);
  });
  it('keeps a varying result while its shape holds, and takes the new one when the shape changes', () => {
    const old = ex('n', { nondeterministic: true, result: table([['10:01']]) });
    expect(mergeRecording(['n'], [ex('n', { nondeterministic: true, result: table([['10:02']]) })], [old])).toEqual([
      old,
    ]);
    const grown = ex('n', { nondeterministic: true, result: table([['10:02'], ['10:03']]) });
    expect(mergeRecording(['n'], [grown], [old])).toEqual([grown]);
    const fixed = ex('n', { result: table([['10:02']]) });
    expect(mergeRecording(['n'], [fixed], [old])).toEqual([fixed]);
  });
  it('takes a varying result again when a statement before it on the page changed', () => {
    const old = ex('n', { nondeterministic: true, result: table([['SELECT']]) });
    const now = ex('n', { nondeterministic: true, result: table([['INSERT']]) });
    // The same statements before it: the earlier recording holds.
    expect(mergeRecording(['s', 'n'], [ex('s'), now], [ex('s'), old])).toEqual([ex('s'), old]);
    // A setup statement changed (another key) or was added above it: what it shows may have changed.
    expect(mergeRecording(['t', 'n'], [ex('t'), now], [ex('s'), old])).toEqual([ex('t'), now]);
    expect(mergeRecording(['s', 't', 'n'], [ex('s'), ex('t'), now], [ex('s'), old])).toEqual([ex('s'), ex('t'), now]);
  });
  it('keeps a varying error while its name and code hold, and takes the new one when they change', () => {
    const old = ex('e', { nondeterministic: true, error: "UnknownTable. Code: 1025, Text = Unknown table 'a'." });
    expect(
      mergeRecording(
        ['e'],
        [ex('e', { nondeterministic: true, error: "UnknownTable. Code: 1025, Text = Unknown table 'b'." })],
        [old],
      ),
    ).toEqual([old]);
    const other = ex('e', { nondeterministic: true, error: 'SemanticError. Code: 1065, Text = no.' });
    expect(mergeRecording(['e'], [other], [old])).toEqual([other]);
    const wrapped = ex('e', {
      nondeterministic: true,
      error: "DataFrame collect error: UnknownTable. Code: 1025, Text = Unknown table 'a'.",
    });
    expect(mergeRecording(['e'], [old], [wrapped])).toEqual([old]);
  });
});

describe('example keys', () => {
  it('are stable per statement and numbered when a statement repeats', () => {
    const [a, b, a2] = exampleKeys(['SELECT 1', 'SELECT 2', 'SELECT 1']);
    expect(a).toMatch(/^[0-9a-f]{10}$/);
    expect(a2).toBe(`${a}-2`);
    expect(exampleKeys(['SELECT 2'])[0]).toBe(b);
  });
});

describe('differences', () => {
  const base = { key: 'k', sql: 'SELECT 1', expectError: false, nondeterministic: false };
  const table = (rows: string[][]) => ({ ...base, result: { columns: [{ name: 'x', type: 'UInt8' }], rows } });
  it('name the row that changed', () => {
    expect(describeDifference(table([['1'], ['2']]), table([['1'], ['3']]))).toBe('row 2 was ["2"], now ["3"]');
    expect(describeDifference(table([['1']]), table([['1']]))).toBeUndefined();
    expect(describeDifference({ ...base, error: 'a' }, { ...base, error: 'b' })).toBe('error was "a", now "b"');
  });
  it('are easy to review: one result row per line in the recorded file', () => {
    const text = formatRecordedPage({ engine: 'v1', examples: [table([['1', "'a'"]])] });
    expect(text).toContain(`["1", "'a'"]`);
  });
});

describe('examples end to end on the engine', () => {
  it(
    'records a page, checks it, and names page, line and difference when the engine disagrees',
    async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-'));
      const content = path.join(work, 'content');
      fs.cpSync(path.join(root, 'tests/fixtures/examples'), content, { recursive: true });
      try {
        const record = await run(['record', '--content', content]);
        expect(record.stderr).toBe('');
        expect(record.stdout).toMatch(/5 examples on 1 pages recorded; 1 blocks marked as not runnable here/);
        const recorded = JSON.parse(fs.readFileSync(`${content}.examples/page.json`, 'utf8'));
        const [create, insert, select, error, varying] = recorded.examples;
        expect(create.result).toBeUndefined();
        expect(insert.result).toBeUndefined();
        expect(select.result).toEqual({
          columns: [
            { name: 'name', type: 'String NULL' },
            { name: 'qty', type: 'Int32 NULL' },
          ],
          rows: [
            ["'apple'", '3'],
            ["'pear'", 'NULL'],
          ],
        });
        expect(error.error).toMatch(/no_such_function/);
        expect(varying.nondeterministic).toBe(true);

        expect((await run(['check', '--content', content])).status).toBe(0);
        select.result.rows[0][1] = '4';
        fs.writeFileSync(`${content}.examples/page.json`, JSON.stringify(recorded));
        const check = await run(['check', '--content', content]);
        expect(check.status).toBe(1);
        expect(check.stderr).toContain(
          `page.md:16: the engine's answer differs from the recorded one: row 1 was ["'apple'","4"], now ["'apple'","3"]`,
        );
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
    scaled(60_000),
  );

  it(
    'stops a statement that runs too long, says where it was, reports what it skipped and keeps the results it did not replace',
    async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-'));
      const content = path.join(work, 'content');
      fs.mkdirSync(content);
      const page = (first: string) =>
        `---\ntitle: Slow\ndescription: A statement that takes too long.\n---\n\nText.\n\n\`\`\`sql ` +
        `example\n${first}\n\`\`\`\n\n\`\`\`sql example\nSELECT 2 AS two\n\`\`\`\n\n\`\`\`sql ` +
        `example\nSELECT 3 AS three\n\`\`\`\n`;
      const slow = 'SELECT count(*) FROM numbers(100000000000) WHERE number % 7 = 3';
      try {
        fs.writeFileSync(path.join(content, 'slow.md'), page('SELECT 1 AS one'));
        expect((await run(['record', '--content', content])).status).toBe(0);
        const results = path.join(`${content}.examples`, 'slow.json');
        type Recorded = { examples: { sql: string; result?: { rows: string[][] } }[] };
        const before = JSON.parse(fs.readFileSync(results, 'utf8')) as Recorded;
        expect(before.examples.map((e) => e.sql)).toEqual(['SELECT 1 AS one', 'SELECT 2 AS two', 'SELECT 3 AS three']);
        expect(before.examples.map((e) => e.result?.rows)).toEqual([[['1']], [['2']], [['3']]]);
        // Marker values no engine gives for these statements: a result kept still has them, one re-recorded not.
        before.examples[1]!.result!.rows = [['kept 2']];
        before.examples[2]!.result!.rows = [['kept 3']];
        fs.writeFileSync(results, JSON.stringify(before));

        fs.writeFileSync(path.join(content, 'slow.md'), page(slow));
        // The limit applies to every request, the engine's start too: on a loaded machine it is longer.
        const limit = scaled(2_000);
        const r = await run(['record', '--content', content], { EXAMPLE_TIMEOUT_MS: String(limit) });
        expect(r.status).toBe(1);
        expect(r.stderr).toContain(`slow.md:8: no answer within ${limit / 1000} s: the statement was stopped`);
        expect(r.stderr).toMatch(/slow\.md:12: skipped: not run after the example at line 8 stopped the engine/);
        expect(r.stderr).toMatch(/slow\.md:16: skipped/);
        // The two later examples were not run: their earlier results stay; the hung one has none to keep.
        const after = JSON.parse(fs.readFileSync(results, 'utf8')) as Recorded;
        expect(after.examples.map((e) => e.sql)).toEqual(['SELECT 2 AS two', 'SELECT 3 AS three']);
        expect(after.examples.map((e) => e.result?.rows)).toEqual([[['kept 2']], [['kept 3']]]);
        expect(fs.readdirSync(`${content}.examples`)).toEqual(['slow.json']);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
    scaled(90_000),
  );

  it(
    'says how to install the engine when it is missing',
    async () => {
      const r = await run(['check'], { DATABEND_PYTHON: '/nonexistent/python' });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/cannot start the engine|not installed/);
    },
    scaled(60_000),
  );
});

describe('data files for examples', () => {
  it(
    'are copied fresh to the fixed folder before a page runs, so stages and COPY INTO read real files',
    async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-data-'));
      const content = path.join(work, 'content');
      fs.mkdirSync(content);
      fs.mkdirSync(`${content}.data`);
      fs.writeFileSync(`${content}.data/fruit.csv`, 'name,qty\napple,3\npear,5\n');
      // The folder is the machine's (every checkout's examples use it): written only under the examples' lock.
      const release = await holdExamplesLock(undefined, () => {});
      try {
        fs.mkdirSync(EXAMPLE_DATA_DIR, { recursive: true });
        fs.writeFileSync(path.join(EXAMPLE_DATA_DIR, 'left-over.csv'), 'x\n');
      } finally {
        release();
      }
      fs.writeFileSync(
        path.join(content, 'load.md'),
        [
          '---',
          'title: Load',
          'description: Loads a CSV file from the data folder.',
          '---',
          '',
          '```sql example',
          `CREATE STAGE files URL = 'fs://${EXAMPLE_DATA_DIR}/'`,
          '```',
          '',
          '```sql example',
          'CREATE TABLE fruit (name VARCHAR, qty INT)',
          '```',
          '',
          '```sql example',
          "COPY INTO fruit FROM @files PATTERN = '.*[.]csv' FILE_FORMAT = (TYPE = CSV, SKIP_HEADER = 1)",
          '```',
          '',
          '```sql example',
          'SELECT name, qty FROM fruit ORDER BY name',
          '```',
          '',
          '```sql example',
          "SELECT name FROM list_stage(location => '@files') ORDER BY name",
          '```',
          '',
        ].join('\n'),
      );
      try {
        const record = await run(['record', '--content', content]);
        expect(record.stderr).toBe('');
        const recorded = JSON.parse(fs.readFileSync(`${content}.examples/load.json`, 'utf8'));
        expect(recorded.examples[3].result.rows).toEqual([
          ["'apple'", '3'],
          ["'pear'", '5'],
        ]);
        // What the folder held while the page ran, as the engine listed it: the page's file, nothing left over.
        // (Read after the run, the folder may already be another checkout's.)
        expect(recorded.examples[4].result.rows).toEqual([["'fruit.csv'"]]);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
    scaled(60_000),
  );

  it('are kept when the page before left them as copied, and copied again when it unloaded, changed or removed any', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-data-'));
    const source = path.join(work, 'content.data');
    const target = path.join(work, 'data');
    fs.mkdirSync(path.join(source, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(source, 'a.csv'), 'x\n1\n');
    fs.writeFileSync(path.join(source, 'sub/b.csv'), 'y\n2\n');
    const bytes = (rel: string) => fs.readFileSync(path.join(target, rel), 'utf8');
    try {
      expect(prepareExampleData(source, target)).toBe(2);
      const copied = fs.statSync(path.join(target, 'a.csv')).ino;
      expect(prepareExampleData(source, target)).toBe(2);
      expect(fs.statSync(path.join(target, 'a.csv')).ino).toBe(copied);

      fs.writeFileSync(path.join(target, 'unloaded.csv'), 'z\n');
      expect(prepareExampleData(source, target)).toBe(2);
      expect(fs.existsSync(path.join(target, 'unloaded.csv'))).toBe(false);

      fs.writeFileSync(path.join(target, 'a.csv'), 'x\n9\n'); // the same size, other bytes
      prepareExampleData(source, target);
      expect(bytes('a.csv')).toBe('x\n1\n');

      fs.rmSync(path.join(target, 'sub/b.csv'));
      prepareExampleData(source, target);
      expect(bytes('sub/b.csv')).toBe('y\n2\n');

      fs.chmodSync(path.join(target, 'a.csv'), 0o600);
      prepareExampleData(source, target);
      expect(fs.statSync(path.join(target, 'a.csv')).mode & 0o777).toBe(
        fs.statSync(path.join(source, 'a.csv')).mode & 0o777,
      );
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('leave the folder alone when the content has none', () => {
    expect(prepareExampleData('/nonexistent/content.data', path.join(os.tmpdir(), 'never-made'))).toBe(0);
    expect(fs.existsSync(path.join(os.tmpdir(), 'never-made'))).toBe(false);
  });
});

describe('engine error messages', () => {
  it('drop the native backtrace, which differs from run to run', () => {
    const raw =
      'DataFrame collect error: BadArguments. Code: 1006, Text = cannot parse to type `DATE`.\n\n   0: <unknown>\n   1: <unknown>\n  22: start_thread\n             at ./nptl/pthread_create.c:442:8';
    expect(engineErrorMessage(raw)).toBe('BadArguments. Code: 1006, Text = cannot parse to type `DATE`.');
    expect(engineErrorMessage('Code: 1065, Text = column x does not exist.')).toBe(
      'Code: 1065, Text = column x does not exist.',
    );
  });

  it("show the engine's own error in one form, whether planning or running failed", () => {
    const planning =
      "Error: SemanticError. Code: 1065, Text = error: \n  --> SQL:1:8\n  |\n1 | SELECT nope\n  |        ^^^^ column nope doesn't exist.";
    const running =
      "DataFrame collect error: BadBytes. Code: 1046, Text = Invalid value 'two' for " +
      "column 3 (quantity Int32 NULL): invalid text for number\nat file 'orders-bad.csv', line 1.";
    expect(engineErrorMessage(planning)).toMatch(/^SemanticError\. Code: 1065, Text = error: \n  --> SQL:1:8\n/);
    expect(engineErrorMessage(running)).toBe(
      "BadBytes. Code: 1046, Text = Invalid value 'two' for column 3 (quantity Int32 " +
        "NULL): invalid text for number\nat file 'orders-bad.csv', line 1.",
    );
    // A message that merely starts with the word is the engine's own text, kept whole.
    expect(engineErrorMessage('Error: disk full')).toBe('Error: disk full');
  });
});
