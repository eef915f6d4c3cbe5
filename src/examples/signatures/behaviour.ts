/**
 * NULL behaviour and determinism, the signature prober's last step: for each function one sample call (of its
 * first few accepted calls with arguments, two or more if it has such calls, the first that runs on the probe
 * table's values) is run, run again
 * after all the others (determinism), with each argument NULL in turn and with every argument NULL.
 */
import { selectSql, type Arg, type Form } from './calls.ts';
import type { NullAnswer, ProbeEngine } from './probe.ts';
import { argSql } from './types.ts';

/** Calls tried as the sample of a function, in family order, until one runs. */
const SAMPLE_CANDIDATES = 4;
/** Argument types a function accepts among many without being about them. */
const RARE_FAMILIES = new Set(['BITMAP', 'GEOMETRY', 'BINARY']);
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
  /** An aggregate: its NULL inputs are told skipped or counted, and its answer is run over rows in two orders. */
  aggregate?: boolean;
  /** None of its calls ran when probed, in any form: other calls are not tried again for the sample. */
  runsNowhere?: boolean;
  /** A call found to run when probed: the sample's candidate when its first ones fail. */
  running?: Arg[];
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
  /**
   * The answer is a date one day later in the zone whose date is one day later (UTC+12 against UTC-12): it follows
   * the current date, so it changes from day to day too (TODAY, TOMORROW; set only then).
   */
  currentDate?: true;
  /** An aggregate's answer changed with the order of its input rows (set only then). */
  rowOrder?: true;
  /** An aggregate called without parameters took one and answered differently for two (set only then). */
  optionalParameter?: true;
  /**
   * The sample is a call of strings, chosen because no typed call gave a value (JSON_OBJECT's keys): the types the
   * engine planned are to be checked by running calls (`checked-by-value.ts`). Its arguments.
   */
  byValue?: Arg[];
}

/**
 * A result without rows, which the engine draws as an empty box (`┌┐└┘`): a set-returning function given NULL, or
 * a path that matches nothing.
 */
const noRows = (box: string) => !box.split('\n').some((line) => line.startsWith('│'));

const isNullAnswer = (a: { box?: string; error?: string }): NullAnswer => {
  if (a.error !== undefined) return /SemanticError|no overload/.test(a.error) ? 'rejected' : 'error';
  if (noRows(a.box ?? '')) return 'empty';
  const cell = /│\s*(true|false)\s*│\s*$/m.exec(a.box ?? '');
  return cell ? (cell[1] === 'true' ? 'null' : 'value') : 'error';
};

/** What a one-row answer holds: a value, NULL, no row at all, or nothing (the call failed). */
export function sampleAnswer(a: { box?: string }): 'value' | 'null' | 'error' | 'empty' {
  if (a.box === undefined) return 'error';
  if (noRows(a.box)) return 'empty';
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

/** A sample call: its argument types and how each argument is written. */
interface Candidate {
  args: Arg[];
  sqls: string[];
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
    const c = sampleOf(t)!;
    const strings = c.args.length > 1 && c.args.every((a) => a.family.name === 'VARCHAR' && !a.constant);
    if (strings && !runsOn(t) && answer(t, c) === 'value') b.byValue = c.args;
    const first = byRun.get(selectSql(p.sample))!;
    const second = againBy.get(selectSql(p.sample))!;
    if (first.box !== undefined && second.box !== undefined) {
      const zone = zoneDependent.has(selectSql(p.sample));
      const bareSql = bare.get(t);
      const bareSame = !bareSql || byRun.get(bareSql)!.box === againBy.get(bareSql)!.box;
      b.deterministic = first.box === second.box && bareSame && !zone;
      // Only a result that is otherwise stable is put down to the time zone (a UUID differs everywhere).
      if (zone && first.box === second.box) b.timeZone = true;
      const i = zoneFree.indexOf(selectSql(p.sample));
      if (b.timeZone && followsTheDate(west[i]!, east[i]!)) b.currentDate = true;
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
    ran: tries + runs.length + typedNulls.length + asNullable.length + again.length + 2 * zoneFree.length,
  };
}

/**
 * For each argument of a scalar sample, the sample with that argument NULL and every other one of a nullable type
 * holding its value (`CAST(c_arr AS ARRAY(INT) NULL)`); a constant stays as it is (it may have to be one).
 */
function nullableOthers(
  t: BehaviourTarget,
  c: Candidate,
  callOf: (t: BehaviourTarget, argsSql: string[]) => string,
): string[] {
  const nullableValue = (a: Arg, sql: string) =>
    a.constant || a.family.name === 'NULL' ? sql : `CAST(${sql} AS ${a.variant.sql} NULL)`;
  return c.args.map(
    (_, i) =>
      `SELECT (${callOf(
        t,
        c.sqls.map((x, j) => (j === i ? nullableSql(c.args[j]!, t.form) : nullableValue(c.args[j]!, x))),
      )}) IS NULL FROM probe`,
  );
}

/** A one-cell answer that is a date in the zone west of UTC and the next day in the zone east of it. */
function followsTheDate(west: { box?: string }, east: { box?: string }): boolean {
  const dateOf = (a: { box?: string }) => {
    const cell = /│\s*'?(\d{4}-\d{2}-\d{2})'?\s*│\s*$/m.exec(a.box ?? '');
    return cell ? Date.parse(`${cell[1]}T00:00:00Z`) : NaN;
  };
  return dateOf(east) - dateOf(west) === 86_400_000;
}

/** The data rows of an answer (its header names the statement, which differs between the runs compared). */
function rowsOf(a: { box?: string }): string | undefined {
  if (a.box === undefined) return undefined;
  const lines = a.box.split('\n');
  const body = lines.findIndex((line) => line.startsWith('├'));
  return (body < 0 ? lines : lines.slice(body + 1)).filter((line) => line.startsWith('│')).join('\n');
}

/**
 * An argument NULL: the nullable column of its type; where calls are written with literals, a NULL constant of the
 * literal's type (a column of the probe table is what such a function refused: its arrays' items are nullable, and
 * JSON_EXISTS_ANY_KEYS takes only ARRAY(VARCHAR)); the NULL literal where the argument must be a constant.
 */
const nullableSql = (a: Arg, form: Form) =>
  a.constant ? 'NULL' : form.args === 'literal' ? `CAST(NULL AS ${a.variant.sql})` : argSql(a.variant, 'nullable');

/** A one-cell boolean answer: true, false, or undefined (NULL, or the statement failed). */
function truth(a: { box?: string }): boolean | undefined {
  const cell = /│\s*(true|false)\s*│\s*$/m.exec(a.box ?? '');
  return cell ? cell[1] === 'true' : undefined;
}

/** Rows of varied values an aggregate's answer is compared over in two orders (enough for QUANTILE_TDIGEST). */
const ORDER_ROWS = 10000;
/**
 * Two parameters an aggregate's answer is compared for: fractions, as a rate or a level is (an error rate of 0.01
 * keeps APPROX_COUNT_DISTINCT's most precise sketch, 0.5 its smallest).
 */
const PARAMETERS = ['0.01', '0.5'] as const;
/** Families whose values a number casts to: the argument varied over the rows (a string for STRING_AGG). */
const VARIED_FAMILIES = new Set(['INTEGER', 'FLOAT', 'DECIMAL', 'VARCHAR']);
/**
 * Bitmaps varied over the rows, where no argument is a number or a string: of two items each, so that they overlap
 * (BITMAP_NOT_COUNT counts the first bitmap's items that no later one has: 1 in one order, 2 in the other).
 */
const VARIED_BITMAP = 'BUILD_BITMAP([number, number * number % 100003])';

/**
 * The runs that tell an aggregate's NULL inputs skipped or counted (the sample's row alone; beside it, the row with
 * one argument NULL) and whether its answer depends on the order of its rows (the same varied numbers in
 * ascending and descending order; only when an argument is a number, a string or a bitmap).
 */
function aggregateRuns(
  t: BehaviourTarget,
  c: Candidate,
  callOf: (t: BehaviourTarget, argsSql: string[]) => string,
): { alone: string; withNull: string[]; ordered: string[]; parameter: string[] } {
  const names = c.args.map((_, i) => `a${i}`);
  // A constant argument (STRING_AGG's delimiter) stays in the call: a column of the rows would be refused.
  const callArgs = c.args.map((a, i) => (a.constant ? c.sqls[i]! : names[i]!));
  const over = (from: string) => `SELECT ${callOf(t, callArgs)} FROM (${from}) AS t`;
  const row = (sqls: string[]) => `SELECT ${sqls.map((x, i) => `${x} AS ${names[i]}`).join(', ')} FROM probe`;
  const alone = over(row(c.sqls));
  const withNull = c.args.map((_, i) =>
    over(`${row(c.sqls)} UNION ALL ${row(c.sqls.map((x, j) => (j === i ? nullableSql(c.args[j]!, t.form) : x)))}`),
  );
  // The first number (else string) varies; the other arguments are constants (a weight or a delimiter may have to
  // be one, and a join with the probe table would cost seconds).
  const numeric = c.args.findIndex((a) => a.family.name !== 'VARCHAR' && VARIED_FAMILIES.has(a.family.name));
  const text = c.args.findIndex((a) => VARIED_FAMILIES.has(a.family.name));
  const first = numeric >= 0 ? numeric : text >= 0 ? text : c.args.findIndex((a) => a.family.name === 'BITMAP');
  const varied = c.args.map((a, i) =>
    i !== first
      ? argSql(a.variant, 'literal')
      : a.family.name === 'BITMAP'
        ? VARIED_BITMAP
        : `CAST(number * number % 100003 AS ${a.variant.sql})`,
  );
  const inOrder = (dir: string, call = callOf(t, callArgs)) =>
    `(SELECT ${call} FROM (SELECT ${varied.map((x, i) => `${x} AS ${names[i]}`).join(', ')} ` +
    `FROM numbers(${ORDER_ROWS}) ORDER BY number${dir}) AS t)`;
  // Compared by the engine (a long array is slow to draw); numbers within a rounding error of each other agree
  // (a floating-point sum, as STDDEV's, may change in its last digits).
  const [up, down] = [inOrder(''), inOrder(' DESC')];
  const ordered = first >= 0 ? [`SELECT ${up} = ${down}`, `SELECT ABS(${up} - ${down}) <= 1e-9 * ABS(${up})`] : [];
  // A parameter the documentation may give (APPROX_COUNT_DISTINCT's error rate): the same numbers with two; where
  // the call is written without parameters and a number varies (a string's aggregate may not take one).
  const withParameter = (p: string) => inOrder('', `${t.name}(${p})(${callArgs.join(', ')})`);
  const parameter =
    numeric >= 0 && !t.form.params && !t.form.window
      ? [`SELECT ${withParameter(PARAMETERS[0])} = ${withParameter(PARAMETERS[1])}`]
      : [];
  return { alone, withNull, ordered, parameter };
}
