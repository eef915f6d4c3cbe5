/**
 * The calls the behaviour step runs in several time zones beside a function's sample: the sample seldom takes a
 * time (TO_DATE(c_i32)), while other accepted forms of the same function read or write one in the session's time
 * zone (TO_DATE of a TIMESTAMP, TO_TIMESTAMP('2023-12-31 11:30:00'), DATE_FORMAT of a TIMESTAMP). Each form is a
 * statement of its own, so the card can say which argument types make the result depend on the zone.
 */
import type { Arg } from './calls.ts';
import type { BehaviourTarget, Candidate } from './behaviour-runs.ts';
import { argSql } from './types.ts';

/** Families a function accepts among many without being about them (as the sample's choice leaves them last). */
const RARE_FAMILIES = new Set(['BITMAP', 'GEOMETRY', 'BINARY']);
/**
 * The zones a result is compared in. UTC-12 and UTC+13 (the `Etc` zones count the other way) are 25 hours apart,
 * fixed offsets without a history (some zones' old offsets give odd answers for dates); not 24 hours, or a day's
 * start would be the same instant in both (TO_START_OF_DAY would look zone-free). Kathmandu is UTC+05:45 (since
 * 1986): whole-hour zones agree on where an hour starts, and a zone a quarter off the hour does not
 * (TO_START_OF_HOUR of a TIMESTAMP), nor on a half hour's start (a 30-minute slot cut in the local clock).
 */
export const TIME_ZONES = ['Etc/GMT+12', 'Etc/GMT-13', 'Asia/Kathmandu'] as const;
/**
 * 2023-12-31 11:30 UTC, a fixed instant written without reading a string in the session's zone. In UTC-12 it is
 * Saturday 30 December 23:30, in UTC+13 Monday 1 January 00:30: two midnights apart, so the two zones differ in
 * year, quarter, month and day, and in the week whether weeks start on Sunday or on Monday (one midnight apart,
 * as 2024-01-01 00:30 UTC is, a week that starts on Sunday is the same one in both: TO_START_OF_WEEK looked
 * zone-free). Not on the hour or the half hour in UTC+05:45.
 */
export const INSTANT = 'TO_TIMESTAMP(1704022200)';
/** The same time written as a string: what a function that reads a string as a time is given. */
export const TIME_STRING = "'2023-12-31 11:30:00'";

/** A call run in the time zones: its argument types (the engine's names) and its statement. */
export interface ZoneForm {
  args: string[];
  sql: string;
}

/**
 * The statements besides the sample, one call each: the sample with its TIMESTAMP columns given the instant above
 * (the probe table's mid-month Monday morning is the same week in both 25-hour zones), the first accepted call with
 * a TIMESTAMP argument, and the first with a string where a call of as many arguments takes a TIMESTAMP, the string
 * a time (TO_TIMESTAMP(VARCHAR) is read in the session's zone; UPPER takes no TIMESTAMP and is not asked). None for
 * an aggregate or a window function (a row's instant, not a reading of it).
 */
export function zoneForms(
  t: BehaviourTarget,
  sample: Candidate,
  callOf: (t: BehaviourTarget, argsSql: string[]) => string,
): ZoneForm[] {
  const isTimestamp = (a: Arg | undefined) => a?.family.name === 'TIMESTAMP' && !a.constant;
  if (t.aggregate || t.form.window) return [];
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
  const forms: { args: Arg[]; sqls: string[] }[] = [];
  if (sample.args.some(isTimestamp))
    forms.push({ args: sample.args, sqls: sample.sqls.map((x, i) => (isTimestamp(sample.args[i]) ? INSTANT : x)) });
  if (withTimestamp) forms.push({ args: withTimestamp, sqls: written(withTimestamp) });
  if (withString)
    forms.push({
      args: withString,
      sqls: written(withString).map((x, i) => (i === timeAt(withString) ? TIME_STRING : x)),
    });
  const sampleSql = callOf(t, sample.sqls);
  const seen = new Set([sampleSql]);
  return forms.flatMap(({ args, sqls }) => {
    const call = callOf(t, sqls);
    if (seen.has(call)) return [];
    seen.add(call);
    return [{ args: args.map((a) => a.variant.sql), sql: `SELECT ${call} FROM probe` }];
  });
}
