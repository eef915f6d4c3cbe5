/**
 * The calls of each function that run on the probe table's values, and the accepted calls dropped because they
 * plan but fail when run: a few statements run per function, in rounds.
 */
import { callSql, selectSql, type Arg } from './calls.ts';

import { OTHER_STRINGS } from './behaviour.ts';
import type { ProbeEngine } from './probe-types.ts';
import { familyCalls, UNSIGNED, type State } from './probe-state.ts';

/** Families whose widths run alike: one width's call stands for the others when calls are run. */
const WIDTH_FAMILIES = new Set(['INTEGER', 'FLOAT', 'DECIMAL']);

/**
 * Drops the accepted calls that plan but fail when run, of functions written in another form than column
 * arguments (found to run in one call only): MAP plans array keys and refuses them when run. One call runs for
 * each combination of types not yet run, a number's widths counted as one (SLEEP(1) takes a second each time); a
 * failing one drops every call of its combination, unless none of the function's calls runs. A combination with a
 * string is neither run nor dropped. How many statements ran.
 */
export async function dropCallsThatFail(
  engine: ProbeEngine,
  states: State[],
  running: ReadonlyMap<State, Arg[]>,
): Promise<number> {
  // A string or a variant, alone or in an array, is converted by its value: the probe's fails where another
  // passes (COSINE_DISTANCE reads ['1', '2'] as numbers, not ['a', 'b']), so its call stays.
  const byValue = (args: Arg[]) => args.some((a) => /VARCHAR|VARIANT/.test(a.variant.sql));
  const shapeOf = (args: Arg[]) =>
    args.map((a) => (WIDTH_FAMILIES.has(a.family.name) ? a.family.name : a.variant.sql)).join(',');
  const runs = states.flatMap((st) => {
    // Not run: a combination whose call already ran, and one with a string, which stays whatever it answers.
    const ran = running.get(st);
    const byShape = new Map<string, Arg[]>();
    for (const { args } of st.accepted.values())
      if (args.every((a) => a.family.name !== 'NULL') && !byValue(args) && !byShape.has(shapeOf(args)))
        byShape.set(shapeOf(args), args);
    if (ran) byShape.delete(shapeOf(ran));
    return [...byShape].map(([shape, args]) => ({ st, shape, sql: selectSql(callSql(st.target.name, args, st.form)) }));
  });
  const answers = await runAll(
    engine,
    runs.map((r) => r.sql),
  );
  for (const st of states) {
    const own = runs.map((r, i) => ({ ...r, ok: answers[i]!.box !== undefined })).filter((r) => r.st === st);
    if (!running.has(st) && !own.some((r) => r.ok)) continue;
    const failing = new Set(own.filter((r) => !r.ok).map((r) => r.shape));
    for (const [key, { args }] of st.accepted)
      if (failing.has(shapeOf(args)) && !byValue(args)) st.accepted.delete(key);
  }
  return runs.length;
}

/** Calls tried per function, one a round, until one runs: typed calls first, then the first few with other strings. */
const RUN_MORE = 6;
const SHAPED = 2;
/**
 * Strings of the shapes text is decoded from, tried last and in the first call with a string only (few functions
 * get this far): hex and base64 text at once (FROM_HEX, FROM_BASE64, UNHEX: `'1'` is neither), a JSON path predicate
 * (JSON_PATH_MATCH) and an IPv4 address (INET_ATON). Without a call that runs, a card has no Deterministic line.
 */
export const ENCODED_STRINGS = ["'abcd'", "'$.a[0] == 1'", "'127.0.0.1'"];

/**
 * Which call of each function runs on the probe table's values, or with strings of other shapes (a key path, a JSON
 * path); `none`: the functions none of whose calls runs, what plans but fails whatever the values, as MAP with the
 * probe table's arrays. One call per function a round, so a function stops at its first call that runs (a call
 * that fails when run costs a tenth of a second: the engine records where it failed).
 */
export async function callsThatRun(
  engine: ProbeEngine,
  states: State[],
  most?: number,
): Promise<{ running: Map<State, Arg[]>; none: State[]; ran: number }> {
  const loose = (args: Arg[]) => args.filter((a) => a.family.name === 'VARCHAR' || a.family.name === 'VARIANT').length;
  const attemptsOf = (st: State): Arg[][] => {
    const calls = familyCalls(st)
      .filter(
        (c) =>
          c.args.length > 0 &&
          c.args.every((a) => a.variant.sql === a.family.rep.sql || a.variant.sql === UNSIGNED.variant.sql),
      )
      .map((c) => c.args)
      .sort((a, b) => loose(a) - loose(b))
      .slice(0, RUN_MORE);
    const withString = calls.filter((args) => args.some((a) => a.family.name === 'VARCHAR'));
    const shapedAs = (strings: string[]) => (args: Arg[]) =>
      strings.map((s) =>
        args.map((a) =>
          a.family.name === 'VARCHAR' ? { ...a, variant: { ...a.variant, value: s }, constant: true as const } : a,
        ),
      );
    const shaped = withString.slice(0, SHAPED).flatMap(shapedAs(OTHER_STRINGS));
    const encoded = withString.slice(0, 1).flatMap(shapedAs(ENCODED_STRINGS));
    return [...calls, ...shaped, ...encoded].slice(0, most);
  };
  const attempts = new Map(states.map((st) => [st, attemptsOf(st)]));
  const running = new Map<State, Arg[]>();
  let ran = 0;
  let open = states.filter((st) => attempts.get(st)!.length);
  for (let k = 0; open.length; k++) {
    const round = open.filter((st) => attempts.get(st)!.length > k);
    const answers = await runAll(
      engine,
      round.map((st) => selectSql(callSql(st.target.name, attempts.get(st)![k]!, st.form))),
    );
    ran += answers.length;
    round.forEach((st, i) => {
      if (answers[i]!.box !== undefined) running.set(st, attempts.get(st)![k]!);
    });
    open = round.filter((st) => !running.has(st));
    if (open.every((st) => attempts.get(st)!.length <= k + 1)) break;
  }
  return { running, none: states.filter((st) => attempts.get(st)!.length && !running.has(st)), ran };
}

async function runAll(engine: ProbeEngine, sqls: string[]): Promise<{ box?: string; error?: string }[]> {
  const out: { box?: string; error?: string }[] = [];
  for (let i = 0; i < sqls.length; i += 200) out.push(...(await engine.run(sqls.slice(i, i + 200))));
  return out;
}
