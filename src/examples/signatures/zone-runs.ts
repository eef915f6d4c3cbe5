/**
 * The calls the behaviour step runs in two time zones beside a function's sample: the sample seldom takes a time
 * (TO_DATE(c_i32)), while other accepted forms of the same function read or write one in the session's time zone
 * (TO_DATE of a TIMESTAMP, TO_TIMESTAMP('2024-01-01 00:30:00'), DATE_FORMAT of a TIMESTAMP).
 */
import type { Arg } from './calls.ts';
import type { BehaviourTarget, Candidate } from './behaviour-runs.ts';
import { argSql } from './types.ts';

/** Families a function accepts among many without being about them (as the sample's choice leaves them last). */
const RARE_FAMILIES = new Set(['BITMAP', 'GEOMETRY', 'BINARY']);
/**
 * The first half hour of 2024 in UTC, a fixed instant written without reading a string in the session's zone: its
 * year, quarter, month, week and day all differ between UTC-12 and UTC+13 (the probe table's mid-month timestamp
 * would show TO_START_OF_MONTH and TO_YEAR as zone-free).
 */
const INSTANT = 'TO_TIMESTAMP(1704069000)';
/** The same time written as a string: what a function that reads a string as a time is given. */
const TIME_STRING = "'2024-01-01 00:30:00'";

/**
 * One statement besides the sample, of up to two calls: the first accepted call with a TIMESTAMP argument, and the
 * first with a string where a call of as many arguments takes a TIMESTAMP, the string a time (TO_TIMESTAMP(VARCHAR)
 * is read in the session's zone; UPPER takes no TIMESTAMP and is not asked). Both in one statement, to keep the
 * probe's runs few (a string refused fails both: TO_INT64 of a time string, whose TIMESTAMP form is zone-free
 * anyway). None for an aggregate or a window function (a row's instant, not a reading of it), nor beside a sample
 * that takes a TIMESTAMP itself.
 */
export function zoneForms(
  t: BehaviourTarget,
  sample: Candidate,
  callOf: (t: BehaviourTarget, argsSql: string[]) => string,
): string[] {
  const isTimestamp = (a: Arg | undefined) => a?.family.name === 'TIMESTAMP' && !a.constant;
  if (t.aggregate || t.form.window || sample.args.some(isTimestamp)) return [];
  const written = (args: Arg[]) =>
    args.map((a) => (isTimestamp(a) ? INSTANT : argSql(a.variant, a.constant ? 'literal' : t.form.args)));
  const calls = t.calls.filter((args) => args.length > 0 && !args.some((a) => RARE_FAMILIES.has(a.family.name)));
  const withTimestamp = calls.find((args) => args.some(isTimestamp));
  const timeAt = (args: Arg[]) =>
    args.findIndex(
      (a, i) =>
        a.family.name === 'VARCHAR' &&
        !a.constant &&
        calls.some((other) => other.length === args.length && isTimestamp(other[i])),
    );
  const withString = calls.find((args) => timeAt(args) >= 0);
  const forms = [
    withTimestamp && written(withTimestamp),
    withString && written(withString).map((x, i) => (i === timeAt(withString) ? TIME_STRING : x)),
  ];
  const sampleSql = callOf(t, sample.sqls);
  const others = [...new Set(forms.flatMap((sqls) => (sqls ? [callOf(t, sqls)] : [])))].filter(
    (call) => call !== sampleSql,
  );
  return others.length ? [`SELECT ${others.join(', ')} FROM probe`] : [];
}
