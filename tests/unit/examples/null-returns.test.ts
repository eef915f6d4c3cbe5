/**
 * "NULL may come back for arguments that are not NULL" on a card only where a run showed it: the engine declares
 * every call with a VARIANT argument nullable, and the probe runs such calls on values that may give NULL.
 */
import { describe, expect, it } from 'vitest';
import { nullBehaviour } from '../../../src/examples/signatures/null-behaviour.ts';
import { probeNullReturns } from '../../../src/examples/signatures/null-returns.ts';
import type { FunctionProbe, ProbeEngine } from '../../../src/examples/signatures/probe.ts';
import { ALL_FAMILIES } from '../../../src/examples/signatures/types.ts';

const arg = (name: string) => {
  const family = ALL_FAMILIES.find((f) => f.name === name)!;
  return { family, variant: family.rep };
};
const truth = (t: boolean) => ({ box: `┌───┐\n│ x │\n├───┤\n│ ${t} │\n└───┘` });

describe('NULL from arguments that are not NULL', () => {
  it('is recorded only for the calls a run showed giving NULL, with the call that did', async () => {
    // As the engine: a VARIANT that holds JSON null converts to NULL (TO_START_OF_WEEK); JSON_TYPEOF names any
    // value's type, JSON null's too, and never gives NULL though its type is declared nullable.
    const ran: string[] = [];
    const engine: ProbeEngine = {
      plan: () => Promise.resolve([]),
      run: (sqls) => {
        ran.push(...sqls);
        return Promise.resolve(
          sqls.map((sql) => truth(sql.startsWith('SELECT (to_start_of_week(') && sql.includes("PARSE_JSON('null')"))),
        );
      },
    };
    const [v, d, s] = ['VARIANT', 'DATE', 'VARCHAR'].map(arg);
    const { shown } = await probeNullReturns(engine, [
      {
        name: 'to_start_of_week',
        form: { args: 'column' },
        calls: [
          { args: [d!], type: 'DATE' },
          { args: [v!], type: 'DATE NULL' },
        ],
      },
      { name: 'json_typeof', form: { args: 'column' }, calls: [{ args: [v!], type: 'VARCHAR NULL' }] },
      { name: 'upper', form: { args: 'column' }, calls: [{ args: [s!], type: 'VARCHAR' }] },
      // A name the engine lists twice is recorded once.
      { name: 'to_start_of_week', form: { args: 'column' }, calls: [{ args: [v!], type: 'DATE NULL' }] },
    ]);
    expect(shown.get('to_start_of_week')).toEqual([
      { args: ['VARIANT'], call: "TO_START_OF_WEEK(PARSE_JSON('null'))" },
    ]);
    expect(shown.has('json_typeof')).toBe(false);
    // A call whose type is not nullable is not run.
    expect(ran.some((sql) => sql.includes('upper('))).toBe(false);

    const card = (name: string, nullReturns?: FunctionProbe['nullReturns']): FunctionProbe => ({
      kind: 'scalar',
      calls: [
        { args: ['DATE'], returns: 'DATE' },
        { args: ['VARIANT'], returns: 'DATE NULL' },
      ],
      nullIn: ['null'],
      ...(nullReturns ? { nullReturns } : {}),
    });
    expect(nullBehaviour(card('to_start_of_week', shown.get('to_start_of_week'))).text).toBe(
      'NULL in any argument gives NULL; with a VARIANT argument, the result type is nullable: NULL may come back ' +
        "for arguments that are not NULL (TO_START_OF_WEEK(PARSE_JSON('null')) is NULL)",
    );
    expect(nullBehaviour(card('json_typeof', shown.get('json_typeof'))).text).toBe('NULL in any argument gives NULL');
    // Shown for calls no argument type sets apart: said of some argument types, in words that read.
    const some: FunctionProbe = {
      kind: 'scalar',
      calls: [
        { args: ['VARIANT', 'INT'], returns: 'DATE NULL' },
        { args: ['VARIANT', 'VARCHAR'], returns: 'DATE NULL' },
        { args: ['DATE', 'INT'], returns: 'DATE' },
      ],
      nullIn: ['null', 'null'],
      nullReturns: [{ args: ['VARIANT', 'INT'], call: "ADD_DAYS(PARSE_JSON('null'), 1::INT)" }],
    };
    expect(nullBehaviour(some).text).toContain('; with some argument types, the result type is nullable');
  });
});
