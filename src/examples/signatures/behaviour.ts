/**
 * NULL behaviour and determinism, the signature prober's last step: for each function one sample call (of its
 * first few accepted calls with arguments, two or more if it has such calls, the first that runs on the probe
 * table's values) is run, run again after all the others (determinism), with each argument NULL in turn and with
 * every argument NULL. The statements are written in behaviour-runs.ts, their answers read in behaviour-answers.ts.
 */
import { selectSql, type Arg } from './calls.ts';
import type { NullAnswer, ProbeEngine, SampleBehaviour } from './probe-types.ts';
import { argSql } from './types.ts';
import { followsTheDate, isNullAnswer, rowsOf, sampleAnswer, truth } from './behaviour-answers.ts';
import { TIME_ZONES, zoneForms } from './zone-runs.ts';
import { aggregateRuns, nullableOthers, nullableSql, type BehaviourTarget, type Candidate } from './behaviour-runs.ts';

export type { BehaviourTarget } from './behaviour-runs.ts';

/** Calls tried as the sample of a function, in family order, until one runs. */
const SAMPLE_CANDIDATES = 4;
/** Argument types a function accepts among many without being about them. */
const RARE_FAMILIES = new Set(['BITMAP', 'GEOMETRY', 'BINARY']);
/** Statements per request to the engine. */
const RUN_BATCH = 200;

/** A sample's behaviour, and the arguments to check by running calls when it was chosen for them. */
export interface Behaviour extends SampleBehaviour {
  /**
   * The sample is a call of strings, chosen because no typed call gave a value (JSON_OBJECT's keys): the types the
   * engine planned are to be checked by running calls (`checked-by-value.ts`). Its arguments.
   */
  byValue?: Arg[];
}

async function runAll(engine: ProbeEngine, sqls: string[]): Promise<{ box?: string; error?: string }[]> {
  const out: { box?: string; error?: string }[] = [];
  for (let i = 0; i < sqls.length; i += RUN_BATCH) out.push(...(await engine.run(sqls.slice(i, i + RUN_BATCH))));
  return out;
}

/**
 * Strings of other shapes, tried in place of the probe table's `'1'` when no call runs on the probe table's values:
 * a JSON path (JSON_PATH_QUERY) and a key path (GET_BY_KEYPATH), which `'1'` is not.
 */
export const OTHER_STRINGS = ["'$.a'", "'{a}'"];
/** Accepted calls tried beyond the first candidates when none of them runs. */
const MORE_CANDIDATES = 8;
/** Families whose values convert to nearly any type (implicitly cast): a typed column suits a function better. */
const LOOSE_FAMILIES = new Set(['VARCHAR', 'VARIANT']);

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
  const written = (t: BehaviourTarget, args: Arg[]): Candidate => ({
    args,
    sqls: args.map((a) => argSql(a.variant, a.constant ? 'literal' : t.form.args)),
  });
  const sorted = (t: BehaviourTarget) => t.calls.filter((args) => args.length > 0).sort((a, b) => rank(a) - rank(b));
  const candidatesOf = (t: BehaviourTarget): Candidate[] => {
    const all = sorted(t);
    // A function whose calls of several arguments are all of rare types (the prober lists the calls of any
    // type beyond the first argument's only where they differ) is tried first with an ordinary argument twice, its
    // first and a string: GREATEST(c_i32, c_i32), JSON_OBJECT(c_str, c_str), not GREATEST(c_bitmap, c_bitmap).
    const singles = all.filter((args) => args.length === 1 && !rare(args));
    const doubles =
      all[0] && rare(all[0]) && all[0].length > 1
        ? [singles[0], singles.find((args) => args[0]!.family.name === 'VARCHAR')]
            .filter((args, i, list): args is Arg[] => args !== undefined && list.indexOf(args) === i)
            .map((args) => [args[0]!, args[0]!])
        : [];
    return [...doubles, ...all].slice(0, SAMPLE_CANDIDATES).map((args) => written(t, args));
  };
  const callOf = (t: BehaviourTarget, argsSql: string[]) => {
    const base = `${t.name}${t.form.params ?? ''}(${argsSql.join(', ')})`;
    return t.form.window ? `${base} OVER (ORDER BY c_i32)` : base;
  };
  const answerOf = new Map<string, 'value' | 'null' | 'error' | 'empty'>();
  const tryAll = async (cs: Map<BehaviourTarget, Candidate[]>) => {
    const sqls = [...cs].flatMap(([t, list]) => list.map((c) => selectSql(callOf(t, c.sqls))));
    const answers = await runAll(engine, sqls);
    sqls.forEach((sql, i) => answerOf.set(sql, sampleAnswer(answers[i]!)));
    return sqls.length;
  };
  const answer = (t: BehaviourTarget, c: Candidate) => answerOf.get(selectSql(callOf(t, c.sqls)));
  const candidates = new Map(targets.map((t) => [t, candidatesOf(t)]));
  let tries = await tryAll(candidates);
  // None gives a value on the probe table's values (a string that is no date, no key path): more of the accepted calls,
  // those of typed columns first (MONTHS_BETWEEN(c_date, c_date), not (c_str, c_str)), and the calls with strings
  // of other shapes.
  // A NULL from ordinary values is no answer either: TRY_JSON_OBJECT_KEEP_NULL(c_i32, c_i32) is NULL because an
  // integer key fails, and its NULL line would say a NULL value gives NULL; with string keys it gives {"1":null}.
  const runsOn = (t: BehaviourTarget) => candidates.get(t)!.some((c) => answer(t, c) === 'value');
  const loose = (args: Arg[]) => args.filter((a) => LOOSE_FAMILIES.has(a.family.name)).length;
  const more = new Map(
    targets
      .filter((t) => candidates.get(t)!.length && !runsOn(t))
      .map((t) => {
        const first = candidates.get(t)!;
        const rest = sorted(t).filter((args) => !first.some((c) => c.args === args));
        const typedArgs = rest.sort((a, b) => loose(a) - loose(b)).slice(0, MORE_CANDIDATES);
        // And a call of strings only, which the typed ones leave out, even for a function none of whose calls the
        // prober's run check found running: JSON_OBJECT plans integer keys and refuses them when run ("Key must be
        // a string value"); JSON_OBJECT(c_str, c_str) runs.
        const strings = rest.filter((args) => args.length > 1 && args.every((a) => a.family.name === 'VARCHAR'));
        const typed = [
          ...new Set([...(t.running ? [t.running] : t.runsNowhere ? [] : typedArgs), ...strings.slice(0, 1)]),
        ].map((args) => written(t, args));
        const shaped = first
          .slice(0, t.runsNowhere ? 0 : 1)
          .filter((c) => c.args.some((a) => a.family.name === 'VARCHAR'))
          .flatMap((c) =>
            OTHER_STRINGS.map((s) => ({
              args: c.args,
              sqls: c.sqls.map((x, i) => (c.args[i]!.family.name === 'VARCHAR' ? s : x)),
            })),
          );
        return [t, [...typed, ...shaped]] as [BehaviourTarget, Candidate[]];
      }),
  );
  tries += await tryAll(more);
  // The first candidate that gives a value; else one that runs (a NULL from ordinary values says little of NULLs).
  const sampleOf = (t: BehaviourTarget): Candidate | undefined => {
    const cs = [...candidates.get(t)!, ...(more.get(t) ?? [])];
    const fallback = t.calls[0] ? written(t, t.calls[0]) : undefined;
    return cs.find((c) => answer(t, c) === 'value') ?? cs.find((c) => answer(t, c) === 'null') ?? cs[0] ?? fallback;
  };
  // Runs: the sample, again (determinism), each argument NULL in turn, every argument NULL.
  const runs: string[] = [];
  const plans = new Map<
    BehaviourTarget,
    { sample: string; nullIn: string[]; allNull: string; typedNullIn: (string | undefined)[] }
  >();
  const aggregatePlans = new Map<BehaviourTarget, ReturnType<typeof aggregateRuns>>();
  const othersNullable = new Map<BehaviourTarget, string[]>();
  for (const t of targets) {
    const c = sampleOf(t);
    if (!c) continue;
    const call = callOf(t, c.sqls);
    const isNull = (argsSql: string[]) => `SELECT (${callOf(t, argsSql)}) IS NULL FROM probe`;
    const p = {
      sample: call,
      nullIn: c.args.map((_, i) => isNull(c.sqls.map((x, j) => (j === i ? nullableSql(c.args[j]!, t.form) : x)))),
      allNull: isNull(c.args.map((a) => nullableSql(a, t.form))),
      // Asked only where the nullable column is refused: that column's arrays have nullable items too, which
      // ARRAY_CONTAINS refuses, while a NULL array of its type gives NULL.
      typedNullIn: c.args.map((a, i) =>
        a.constant || t.form.args === 'literal'
          ? undefined
          : isNull(c.sqls.map((x, j) => (j === i ? `CAST(NULL AS ${a.variant.sql})` : x))),
      ),
    };
    plans.set(t, p);
    if (!t.aggregate && c.args.length > 1) othersNullable.set(t, nullableOthers(t, c, callOf));
    runs.push(selectSql(call), ...p.nullIn, p.allNull);
    if (t.aggregate && !t.form.window) {
      const a = aggregateRuns(t, c, callOf);
      aggregatePlans.set(t, a);
      runs.push(a.alone, ...a.withNull, ...a.ordered, ...a.parameter);
    }
  }
  // A function that also takes no arguments (LAST_QUERY_ID) is deterministic only if that call is too.
  const bare = new Map(
    [...plans.keys()]
      .filter((t) => t.calls.some((args) => args.length === 0) && plans.get(t)!.sample !== callOf(t, []))
      .map((t) => [t, selectSql(callOf(t, []))]),
  );
  runs.push(...bare.values());
  const answers = await runAll(engine, runs);
  // The second run of each sample comes after all the first ones: time passes between them.
  const samples = [...plans.values()].map((p) => selectSql(p.sample));
  const again = await runAll(engine, [...samples, ...bare.values()]);
  const byRun = new Map(runs.map((s, i) => [s, answers[i]!]));
  const typedNulls = [...plans.values()].flatMap((p) =>
    p.nullIn.flatMap((s, i) =>
      isNullAnswer(byRun.get(s)!) === 'rejected' && p.typedNullIn[i] ? [p.typedNullIn[i]] : [],
    ),
  );
  const typedAnswers = await runAll(engine, typedNulls);
  typedNulls.forEach((s, i) => byRun.set(s, typedAnswers[i]!));
  // A NULL argument that gives a value beside NOT NULL columns, asked again beside values of nullable types: the
  // engine may treat a NULL itself only where no other argument can be NULL (ARRAY_INDEXOF(c_arr, NULL) is 0, and
  // NULL when the array column is nullable, holding a value or not).
  const nullableAnswerOf = (t: BehaviourTarget, i: number, asked: NullAnswer) =>
    asked === 'value' ? othersNullable.get(t)?.[i] : undefined;
  const asNullable = [...plans].flatMap(([t, p]) =>
    p.nullIn.flatMap((s, i) => nullableAnswerOf(t, i, isNullAnswer(byRun.get(s)!)) ?? []),
  );
  const nullableAnswers = await runAll(engine, asNullable);
  asNullable.forEach((s, i) => byRun.set(s, nullableAnswers[i]!));
  const againBy = new Map([...samples, ...bare.values()].map((s, i) => [s, again[i]!]));
  // And in several time zones (zone-runs.ts), two of them 25 hours apart, whose dates always differ, and one whose
  // offset has changed since 1970 (where the engine reads a DATE as the evening before): a result that
  // changes with the session (TODAY, TIMEZONE) is not determined by the arguments. A TIMESTAMP answer is drawn in
  // UTC whatever the session's zone, so one that differs is another instant (TO_TIMESTAMP of a string) and one that
  // does not is zone-free (TO_TIMESTAMP(0)). Beside the sample, the forms that take a time: TO_DATE(c_i32) is
  // zone-free, TO_DATE(c_ts) is not.
  const zoneOthers = new Map([...plans.keys()].map((t) => [t, zoneForms(t, sampleOf(t)!, callOf)]));
  const zoneRuns = [...new Set([...samples, ...[...zoneOthers.values()].flat().map((f) => f.sql)])];
  const inZone = async (zone: string) => {
    await engine.run([`SET timezone = '${zone}'`]);
    try {
      return await runAll(engine, zoneRuns);
    } finally {
      await engine.run(['UNSET timezone']);
    }
  };
  const byZone: { box?: string; error?: string }[][] = [];
  for (const zone of TIME_ZONES) byZone.push(await inZone(zone));
  const zoneAnswers = new Map(zoneRuns.map((sql, i) => [sql, byZone.map((inOne) => inOne[i]!)]));
  const differs = (sql: string) => new Set(zoneAnswers.get(sql)!.map((a) => a.box)).size > 1;
  // Another form counts only where it gives an answer in every zone (a time string a function refuses says nothing).
  const otherDiffers = (sql: string) => zoneAnswers.get(sql)!.every((a) => a.box !== undefined) && differs(sql);

  const behaviour = new Map<string, Behaviour>();
  for (const [t, p] of plans) {
    const b: Behaviour = { sample: p.sample };
    const c = sampleOf(t)!;
    const strings = c.args.length > 1 && c.args.every((a) => a.family.name === 'VARCHAR' && !a.constant);
    if (strings && !runsOn(t) && answer(t, c) === 'value') b.byValue = c.args;
    const first = byRun.get(selectSql(p.sample))!;
    const second = againBy.get(selectSql(p.sample))!;
    if (first.box !== undefined && second.box !== undefined) {
      const others = zoneOthers.get(t)!.map((f) => ({ args: f.args, zone: otherDiffers(f.sql) }));
      const zone = differs(selectSql(p.sample)) || others.some((f) => f.zone);
      const bareSql = bare.get(t);
      const bareSame = !bareSql || byRun.get(bareSql)!.box === againBy.get(bareSql)!.box;
      b.deterministic = first.box === second.box && bareSame && !zone;
      // Only a result that is otherwise stable is put down to the time zone (a UUID differs everywhere).
      if (zone && first.box === second.box) {
        b.timeZone = true;
        b.zoneCalls = zoneCallsOf([
          { args: c.args.map((a) => a.variant.sql), zone: differs(selectSql(p.sample)) },
          ...others,
        ]);
      }
      // The sample's own date a day apart, its arguments no time (TO_DATE(c_ts) is a day apart too, and fixed).
      const [w, e] = zoneAnswers.get(selectSql(p.sample))!;
      if (b.timeZone && !/\bc_ts\b/.test(p.sample) && followsTheDate(w!, e!)) b.currentDate = true;
    }
    if (p.nullIn.length) {
      b.nullIn = p.nullIn.map((s, i) => {
        const typed = p.typedNullIn[i] && byRun.get(p.typedNullIn[i]);
        const asked = isNullAnswer(byRun.get(s)!);
        const besideNullable = nullableAnswerOf(t, i, asked);
        if (besideNullable && isNullAnswer(byRun.get(besideNullable)!) === 'null') return 'conditional';
        return asked === 'rejected' && typed ? isNullAnswer(typed) : asked;
      });
      b.allNull = isNullAnswer(byRun.get(p.allNull)!);
    }
    const a = aggregatePlans.get(t);
    if (a) {
      // A NULL row beside the sample's row that changes the answer was counted, not skipped.
      const alone = rowsOf(byRun.get(a.alone)!);
      a.withNull.forEach((sql, i) => {
        const withNull = rowsOf(byRun.get(sql)!);
        if (b.nullIn?.[i] === 'value' && alone !== undefined && withNull !== undefined && withNull !== alone)
          b.nullIn[i] = 'counted';
      });
      // The same rows in two orders: an estimate built as rows arrive (QUANTILE_TDIGEST) differs.
      const [same, near] = a.ordered.map((sql) => truth(byRun.get(sql)!));
      if (b.deterministic && same === false && near !== true) {
        b.deterministic = false;
        b.rowOrder = true;
      }
      // Two parameters, two answers over the same rows: the parameter is taken and used (SUM(0.5)(x) is taken
      // and ignored). Not said of an answer that changes from run to run anyway.
      const [sameForBoth] = a.parameter.map((sql) => truth(byRun.get(sql)!));
      if (sameForBoth === false && (b.deterministic || b.rowOrder)) b.optionalParameter = true;
    }
    behaviour.set(t.name, b);
  }
  return {
    behaviour,
    ran:
      tries + runs.length + typedNulls.length + asNullable.length + again.length + TIME_ZONES.length * zoneRuns.length,
  };
}

/** The calls run in the time zones, one per argument types: where any call of those types differed, they do. */
function zoneCallsOf(calls: { args: string[]; zone: boolean }[]): { args: string[]; zone: boolean }[] {
  const byArgs = new Map<string, { args: string[]; zone: boolean }>();
  for (const c of calls) {
    const key = c.args.join(',');
    byArgs.set(key, { args: c.args, zone: (byArgs.get(key)?.zone ?? false) || c.zone });
  }
  return [...byArgs.values()];
}
