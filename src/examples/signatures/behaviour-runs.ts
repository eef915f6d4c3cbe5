/**
 * The statements the behaviour step runs for a sample call: each argument NULL in turn, and for an aggregate the
 * row alone, with a NULL beside it, over varied rows in two orders and with two parameters.
 */
import type { Arg, Form } from './calls.ts';
import { argSql } from './types.ts';

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

/** A sample call: its argument types and how each argument is written. */
export interface Candidate {
  args: Arg[];
  sqls: string[];
}

/**
 * For each argument of a scalar sample, the sample with that argument NULL and every other one of a nullable type
 * holding its value (`CAST(c_arr AS ARRAY(INT) NULL)`); a constant stays as it is (it may have to be one).
 */
export function nullableOthers(
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

/**
 * An argument NULL: the nullable column of its type; where calls are written with literals, a NULL constant of the
 * literal's type (a column of the probe table is what such a function refused: its arrays' items are nullable, and
 * JSON_EXISTS_ANY_KEYS takes only ARRAY(VARCHAR)); the NULL literal where the argument must be a constant.
 */
export const nullableSql = (a: Arg, form: Form) =>
  a.constant ? 'NULL' : form.args === 'literal' ? `CAST(NULL AS ${a.variant.sql})` : argSql(a.variant, 'nullable');

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
export function aggregateRuns(
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
