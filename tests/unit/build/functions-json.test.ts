/**
 * /functions.json as published: made from the project's recorded signatures and an entry page, valid against
 * the JSON Schema published beside it (checked by Ajv, a well-kept validator), with the entry's summary and
 * its examples' recorded results; llms-full.txt carries the results under their examples.
 */
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { functionsFile, functionsSchema } from '../../../src/build/write/functions-json.ts';
import { llmsFullTxt, markdownWithResults } from '../../../src/build/write/outputs.ts';
import { readFunctionCards } from '../../../src/examples/signatures/cards.ts';
import type { RecordedExample } from '../../../src/content/recorded.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const origin = 'https://docs.example.com';

const recorded: RecordedExample[] = [
  {
    key: 'a',
    sql: 'SELECT ABS(-5)',
    expectError: false,
    nondeterministic: false,
    result: { columns: [{ name: 'abs(-5)', type: 'UInt8' }], rows: [['5']] },
  },
  {
    key: 'b',
    sql: "SELECT ABS('x')",
    expectError: true,
    nondeterministic: false,
    error: 'no overload satisfies `abs(String)`',
  },
];
const body = [
  'Intro paragraph.',
  '',
  '## ABS',
  '',
  'Gives the absolute value of a number.',
  '',
  '```sql example',
  'SELECT ABS(-5)',
  '```',
  '',
  '```sql example error',
  "SELECT ABS('x')",
  '```',
  '',
  '## Other',
  '',
  'Text.',
].join('\n');

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv.compile(functionsSchema(origin));
}

describe('/functions.json', () => {
  const cards = readFunctionCards(projectRoot, path.join(projectRoot, 'content/doc'));
  const entries = new Map([
    ['abs', { route: '/doc/sql-functions/numeric', anchor: 'abs', title: 'Numeric Functions' }],
  ]);
  const file = functionsFile('v1.2.453', origin, cards, entries, (route) =>
    route === '/doc/sql-functions/numeric' ? { description: 'Numbers.', body, recorded } : undefined,
  );

  it('is valid against its published schema, one record per engine function', () => {
    const validate = validator();
    const ok = validate(JSON.parse(JSON.stringify(file)));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(file.functions.length).toBe(Object.keys(cards).length);
    expect(file.functions.length).toBeGreaterThan(500);
  });

  it("carries the entry's summary, URL and examples with their recorded results", () => {
    const abs = file.functions.find((f) => f.name === 'abs')!;
    expect(abs.summary).toBe('Gives the absolute value of a number.');
    expect(abs.url).toBe(`${origin}/doc/sql-functions/numeric#abs`);
    expect(abs.examples).toEqual([
      { sql: 'SELECT ABS(-5)', result: { columns: [{ name: 'abs(-5)', type: 'UInt8' }], rows: [['5']] } },
      { sql: "SELECT ABS('x')", error: 'no overload satisfies `abs(String)`' },
    ]);
    expect(abs.signatures.length).toBeGreaterThan(0);
    expect(abs.signatures.every((s) => s.startsWith('ABS('))).toBe(true);
  });

  it('is refused by the schema when a record lacks what tools rely on', () => {
    const validate = validator();
    const broken = JSON.parse(JSON.stringify(file));
    delete broken.functions[0].signatures;
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.[0]?.message).toContain('signatures');
    expect(validate({ ...JSON.parse(JSON.stringify(file)), engine: 'latest' })).toBe(false);
  });
});

describe('llms-full.txt', () => {
  it("puts each example's recorded result under it", () => {
    const md = markdownWithResults(body, recorded);
    expect(md).toContain(
      ['```sql example', 'SELECT ABS(-5)', '```', '', 'Result:', '', '| abs(-5) (UInt8) |', '| --- |', '| 5 |'].join(
        '\n',
      ),
    );
    expect(md).toContain('Error:\n\n```text\nno overload satisfies `abs(String)`\n```');
    const full = llmsFullTxt(
      [{ title: 'Numeric Functions', url: `${origin}/doc/sql-functions/numeric`, body, recorded }],
      'v1.2.453',
    );
    expect(full).toContain('# Numeric Functions\n\nSource: https://docs.example.com/doc/sql-functions/numeric');
    expect(full).toContain('(Databend v1.2.453)');
  });
});
