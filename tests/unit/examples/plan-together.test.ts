/**
 * The engine bridge's `plan` op plans probe calls likely to pass as the columns of one statement (engine.py,
 * plan_all): each answer must still be the one the call gets planned alone, its error and overloads included, in
 * the order asked. Runs the real engine bridge.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineBridge } from '../../../src/examples/bridge.ts';
import { probeTableSql } from '../../../src/examples/signatures/types.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const bridge = EngineBridge.forProject(root);
afterAll(() => bridge.close());

const plan = async (sqls: string[]) => (await bridge.request({ op: 'plan', sqls })).answers;

describe('probe calls planned together', () => {
  it('answer each call as it is answered alone: types in order, and every failing call its own error', async () => {
    await bridge.request({ op: 'reset' });
    for (const sql of probeTableSql()) expect((await bridge.request({ op: 'run', sql })).ok).toBe(true);
    const passing = ['abs(c_i32)', 'upper(c_str)', 'to_string(c_i64)', 'plus(c_i32, c_f64)', 'length(c_str)'];
    // Long runs of passing calls (planned together once most recent calls passed), broken by failing ones of
    // different errors, an aggregate among scalars (which fails beside them and passes alone), and a statement
    // that is no probe call.
    const calls = [
      ...Array.from({ length: 40 }, (_, i) => `SELECT ${passing[i % passing.length]} FROM probe`),
      'SELECT sum(c_i32) FROM probe',
      ...passing.map((c) => `SELECT ${c} FROM probe`),
      'SELECT abs(c_bitmap) FROM probe',
      ...passing.map((c) => `SELECT ${c} FROM probe`),
      'SELECT no_such_function(c_i32) FROM probe',
      ...passing.map((c) => `SELECT ${c} FROM probe`),
      'SELECT 1',
      ...passing.map((c) => `SELECT ${c} FROM probe`),
      'SELECT upper(c_bitmap, c_bitmap) FROM probe',
    ];
    const together = await plan(calls);
    const alone = [];
    for (const sql of calls) alone.push(...((await plan([sql])) ?? []));
    expect(together).toEqual(alone);
    expect(together!.filter((a) => a.error).length).toBe(3);
    expect(together![calls.indexOf('SELECT abs(c_bitmap) FROM probe')]!.overloads?.length).toBeGreaterThan(0);
    expect(together![calls.indexOf('SELECT sum(c_i32) FROM probe')]!.type).toBe('Nullable(Number(Int64))');
  });
});
