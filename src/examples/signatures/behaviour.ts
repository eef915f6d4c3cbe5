/**
 * NULL behaviour and determinism, the signature prober's last step: for each function one sample call (of its
 * first few accepted calls with arguments, two or more if it has such calls, the first that runs on the probe
 * table's values) is run, run again
 * after all the others (determinism), with each argument NULL in turn and with every argument NULL.
 */
import { callSql, selectSql, type Arg, type Form } from './calls.ts';
import type { NullAnswer, ProbeEngine } from './probe.ts';
import { argSql } from './types.ts';

/** Calls tried as the sample of a function, in family order, until one runs. */
const SAMPLE_CANDIDATES = 4;
/** Argument types a function accepts among many without being about them. */
const RARE_FAMILIES = new Set(['BITMAP', 'GEOMETRY']);
/**
 * UTC-12 and UTC+12 (the `Etc` zones count the other way): 24 hours apart, so never the same date, and fixed
 * offsets without a history (some zones' old offsets give odd answers for dates, which would be blamed on them).
 */
const TIME_ZONES = ['Etc/GMT+12', 'Etc/GMT-12'] as const;
/** Statements per request to the engine. */
const RUN_BATCH = 200;

/** A function as this step sees it: its name, how its calls are written and its accepted calls, best first. */
export interface BehaviourTarget {
  name: string;
  form: Form;
  calls: Arg[][];
}

export interface Behaviour {
  /** The call run (column arguments of the probe table). */
  sample: string;
  /** Its answer with each argument NULL in turn (absent for a call without arguments). */
  nullIn?: NullAnswer[];
  /** Its answer with every argument NULL (absent for a call without arguments). */
  allNull?: NullAnswer;
  /** Two runs gave the same answer, in two time zones too (undefined when the sample does not run). */
  deterministic?: boolean;
  /** The answer changed with the session's time zone (set only then). */
  timeZone?: true;
}

const isNullAnswer = (a: { box?: string; error?: string }): NullAnswer => {
  if (a.error !== undefined) return /SemanticError|no overload/.test(a.error) ? 'rejected' : 'error';
  const cell = /│\s*(true|false)\s*│\s*$/m.exec(a.box ?? '');
  return cell ? (cell[1] === 'true' ? 'null' : 'value') : 'error';
};

/** What a one-row answer holds: a value, NULL, or nothing (the call failed). */
function sampleAnswer(a: { box?: string }): 'value' | 'null' | 'error' {
  if (a.box === undefined) return 'error';
  const row =
    a.box
      .split('\n')
      .filter((line) => line.startsWith('│'))
      .at(-1) ?? '';
  return /^│\s*NULL\s*│$/.test(row.trim()) ? 'null' : 'value';
}

async function runAll(engine: ProbeEngine, sqls: string[]): Promise<{ box?: string; error?: string }[]> {
  const out: { box?: string; error?: string }[] = [];
  for (let i = 0; i < sqls.length; i += RUN_BATCH) out.push(...(await engine.run(sqls.slice(i, i + RUN_BATCH))));
  return out;
}

/** Each function's behaviour, by name, and how many statements ran for it. */
export async function probeBehaviour(
  engine: ProbeEngine,
  targets: BehaviourTarget[],
): Promise<{ behaviour: Map<string, Behaviour>; ran: number }> {
  // Calls of two or more arguments first (the sort is stable): the one-argument form of a function such as
  // COALESCE or GREATEST says nothing of what a NULL among several arguments does. Then calls of ordinary types:
  // a BITMAP or GEOMETRY given to a function that takes anything may fail, and a TRY_ function turns that into NULL.
  const rare = (args: Arg[]) => args.some((a) => RARE_FAMILIES.has(a.family.name));
  const rank = (args: Arg[]) => (args.length === 1 ? 2 : 0) + (rare(args) ? 1 : 0);
  const candidatesOf = (t: BehaviourTarget): Arg[][] => {
    const sorted = t.calls.filter((args) => args.length > 0).sort((a, b) => rank(a) - rank(b));
    // A function whose calls of several arguments are all of rare types (the prober lists the calls of any
    // type beyond the first argument's only where they differ) is tried first with an ordinary argument twice, its
    // first and a string: GREATEST(c_i32, c_i32), JSON_OBJECT(c_str, c_str), not GREATEST(c_bitmap, c_bitmap).
    const singles = sorted.filter((args) => args.length === 1 && !rare(args));
    const doubles =
      sorted[0] && rare(sorted[0]) && sorted[0].length > 1
        ? [singles[0], singles.find((args) => args[0]!.family.name === 'VARCHAR')]
            .filter((args, i, all): args is Arg[] => args !== undefined && all.indexOf(args) === i)
            .map((args) => [args[0]!, args[0]!])
        : [];
    return [...doubles, ...sorted].slice(0, SAMPLE_CANDIDATES);
  };
  const candidates = new Map(targets.map((t) => [t, candidatesOf(t)]));
  const tries = [...candidates].flatMap(([t, cs]) => cs.map((args) => selectSql(callSql(t.name, args, t.form))));
  const tried = await runAll(engine, tries);
  const answerOf = new Map(tries.map((sql, i) => [sql, sampleAnswer(tried[i]!)]));
  // The first candidate that gives a value; else one that runs (a NULL from ordinary values says little of NULLs).
  const sampleOf = (t: BehaviourTarget): Arg[] | undefined => {
    const cs = candidates.get(t)!;
    const answer = (args: Arg[]) => answerOf.get(selectSql(callSql(t.name, args, t.form)));
    return (
      cs.find((args) => answer(args) === 'value') ?? cs.find((args) => answer(args) === 'null') ?? cs[0] ?? t.calls[0]
    );
  };
  // Runs: the sample, again (determinism), each argument NULL in turn, every argument NULL.
  const runs: string[] = [];
  const plans = new Map<BehaviourTarget, { sample: string; nullIn: string[]; allNull: string }>();
  for (const t of targets) {
    const args = sampleOf(t);
    if (!args) continue;
    const call = callSql(t.name, args, t.form);
    const withArgs = (argsSql: string[]) => {
      const base = `${t.name}${t.form.params ?? ''}(${argsSql.join(', ')})`;
      return `SELECT (${t.form.window ? `${base} OVER (ORDER BY c_i32)` : base}) IS NULL FROM probe`;
    };
    const p = {
      sample: call,
      nullIn: args.map((_, i) => withArgs(args.map((a, j) => argSql(a.variant, j === i ? 'nullable' : t.form.args)))),
      allNull: withArgs(args.map((a) => argSql(a.variant, 'nullable'))),
    };
    plans.set(t, p);
    runs.push(selectSql(call), ...p.nullIn, p.allNull);
  }
  const answers = await runAll(engine, runs);
  // The second run of each sample comes after all the first ones: time passes between them.
  const samples = [...plans.values()].map((p) => selectSql(p.sample));
  const again = await runAll(engine, samples);
  const byRun = new Map(runs.map((s, i) => [s, answers[i]!]));
  const againBy = new Map(samples.map((s, i) => [s, again[i]!]));
  // And in two time zones 24 hours apart, whose dates always differ: a result that changes with the session (TODAY,
  // TIMEZONE) is not determined by the arguments. Samples that take or give a TIMESTAMP are left out: the session's
  // time zone is how a timestamp is read and shown, which the pages explain.
  const zoneFree = samples.filter((sql) => !/\bc_ts\b/.test(sql) && !/│\s*Timestamp/.test(byRun.get(sql)?.box ?? ''));
  const inZone = async (zone: string) => {
    await engine.run([`SET timezone = '${zone}'`]);
    try {
      return await runAll(engine, zoneFree);
    } finally {
      await engine.run(['UNSET timezone']);
    }
  };
  const [west, east] = [await inZone(TIME_ZONES[0]), await inZone(TIME_ZONES[1])];
  const zoneDependent = new Set(zoneFree.filter((_, i) => west[i]!.box !== east[i]!.box));

  const behaviour = new Map<string, Behaviour>();
  for (const [t, p] of plans) {
    const b: Behaviour = { sample: p.sample };
    const first = byRun.get(selectSql(p.sample))!;
    const second = againBy.get(selectSql(p.sample))!;
    if (first.box !== undefined && second.box !== undefined) {
      const zone = zoneDependent.has(selectSql(p.sample));
      b.deterministic = first.box === second.box && !zone;
      // Only a result that is otherwise stable is put down to the time zone (a UUID differs everywhere).
      if (zone && first.box === second.box) b.timeZone = true;
    }
    if (p.nullIn.length) {
      b.nullIn = p.nullIn.map((s) => isNullAnswer(byRun.get(s)!));
      b.allNull = isNullAnswer(byRun.get(p.allNull)!);
    }
    behaviour.set(t.name, b);
  }
  return { behaviour, ran: runs.length + samples.length + 2 * zoneFree.length };
}
