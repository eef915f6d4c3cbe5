/**
 * NULL behaviour and determinism, the signature prober's last step: for each function one sample call (of its
 * first few accepted calls with arguments, the first that runs on the probe table's values) is run, run again
 * after all the others (determinism), with each argument NULL in turn and with every argument NULL.
 */
import { callSql, selectSql, type Arg, type Form } from './calls.ts';
import type { NullAnswer, ProbeEngine } from './probe.ts';
import { argSql } from './types.ts';

/** Calls tried as the sample of a function, in family order, until one runs. */
const SAMPLE_CANDIDATES = 4;
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
  /** Two runs gave the same answer (undefined when the sample does not run). */
  deterministic?: boolean;
}

const isNullAnswer = (a: { box?: string; error?: string }): NullAnswer => {
  if (a.error !== undefined) return /SemanticError|no overload/.test(a.error) ? 'rejected' : 'error';
  const cell = /│\s*(true|false)\s*│\s*$/m.exec(a.box ?? '');
  return cell ? (cell[1] === 'true' ? 'null' : 'value') : 'error';
};

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
  const candidates = new Map(
    targets.map((t) => [t, t.calls.filter((args) => args.length > 0).slice(0, SAMPLE_CANDIDATES)]),
  );
  const tries = [...candidates].flatMap(([t, cs]) => cs.map((args) => selectSql(callSql(t.name, args, t.form))));
  const tried = await runAll(engine, tries);
  const runsOk = new Map(tries.map((sql, i) => [sql, tried[i]!.box !== undefined]));
  const sampleOf = (t: BehaviourTarget): Arg[] | undefined => {
    const cs = candidates.get(t)!;
    return cs.find((args) => runsOk.get(selectSql(callSql(t.name, args, t.form)))) ?? cs[0] ?? t.calls[0];
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

  const behaviour = new Map<string, Behaviour>();
  for (const [t, p] of plans) {
    const b: Behaviour = { sample: p.sample };
    const first = byRun.get(selectSql(p.sample))!;
    const second = againBy.get(selectSql(p.sample))!;
    if (first.box !== undefined && second.box !== undefined) b.deterministic = first.box === second.box;
    if (p.nullIn.length) {
      b.nullIn = p.nullIn.map((s) => isNullAnswer(byRun.get(s)!));
      b.allNull = isNullAnswer(byRun.get(p.allNull)!);
    }
    behaviour.set(t.name, b);
  }
  return { behaviour, ran: runs.length + samples.length };
}
