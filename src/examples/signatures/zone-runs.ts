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
 * fixed offsets; not 24 hours, or a day's start would be the same instant in both (TO_START_OF_DAY would look
 * zone-free). Kathmandu is UTC+05:45 (since 1986): whole-hour zones agree on where an hour starts, and a zone a
 * quarter off the hour does not (TO_START_OF_HOUR of a TIMESTAMP), nor on a half hour's start (a 30-minute slot cut
 * in the local clock). Europe/London was UTC+1 all of 1970 and is UTC+0 in January: the engine places a DATE (or a
 * string it reads as one) at midnight with the zone's offset of 1 January 1970, so there the probe table's
 * 2024-01-15 is the evening before (TO_YEAR('2024-01-01'::DATE) is 2023), which no fixed offset shows.
 * The first two stay first: the current date is told by their answers (behaviour.ts).
 */
export const TIME_ZONES = ['Etc/GMT+12', 'Etc/GMT-13', 'Asia/Kathmandu', 'Europe/London'] as const;
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
/**
 * The dates a DATE argument, or a string a function may read as one, is given in place of the probe table's
 * mid-January Monday, whose evening before is the same year, month and week. Read as the evening before, each of
 * these is another year, quarter, month and day; a Monday and a Sunday, so a week that starts on either changes too.
 */
export const DATES = ['2024-01-01', '2023-01-01'];
const dateSql = (d: string) => `CAST('${d}' AS DATE)`;
/**
 * A string beside such a date is given a format of its parts down to the minute: the probe table's `'1'` is a
 * format without any (TO_STRING(c_date, c_str) is '1' in every zone), while '%Y-%m-%d %H:%M' of a date read as the
 * evening before shows it.
 */
export const FORMAT = "'%Y-%m-%d %H:%M'";

/** A call run in the time zones: its argument types (the engine's names) and its statement. */
export interface ZoneForm {
  args: string[];
  sql: string;
}

/**
 * The statements besides the sample, one call each: the sample with its TIMESTAMP columns given the instant above
 * (the probe table's mid-month Monday morning is the same week in both 25-hour zones) and with its DATE columns
 * given the dates above (its strings the format), the first accepted call with a TIMESTAMP argument, the first
 * with a DATE argument at those dates (TO_DATE's sample takes an integer), and the first with a string where a call
 * of as many arguments takes a TIMESTAMP, the string a time (TO_TIMESTAMP(VARCHAR) is read in the session's zone;
 * UPPER takes no TIMESTAMP and is not asked) and then those dates (TO_YEAR('2024-01-01') reads a DATE). None for an
 * aggregate or a window function (a row's instant, not a reading of it).
 */
export function zoneForms(
  t: BehaviourTarget,
  sample: Candidate,
  callOf: (t: BehaviourTarget, argsSql: string[]) => string,
): ZoneForm[] {
  const isTimestamp = (a: Arg | undefined) => a?.family.name === 'TIMESTAMP' && !a.constant;
  const isDate = (a: Arg) => a.family.name === 'DATE' && !a.constant;
  const isString = (a: Arg) => a.family.name === 'VARCHAR' && !a.constant;
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
  const withDate = calls.find((args) => args.some(isDate));
  const withString = calls.find((args) => timeAt(args) >= 0);
  const forms: { args: Arg[]; sqls: string[] }[] = [];
  const dated = (args: Arg[], sqls: string[]) =>
    DATES.map((d) => ({
      args,
      sqls: sqls.map((x, i) => (isDate(args[i]!) ? dateSql(d) : isString(args[i]!) ? FORMAT : x)),
    }));
  if (sample.args.some(isTimestamp))
    forms.push({ args: sample.args, sqls: sample.sqls.map((x, i) => (isTimestamp(sample.args[i]) ? INSTANT : x)) });
  if (sample.args.some(isDate)) forms.push(...dated(sample.args, sample.sqls));
  if (withTimestamp) forms.push({ args: withTimestamp, sqls: written(withTimestamp) });
  if (withDate) forms.push(...dated(withDate, written(withDate)));
  if (withString)
    for (const s of [TIME_STRING, ...DATES.map((d) => `'${d}'`)])
      forms.push({ args: withString, sqls: written(withString).map((x, i) => (i === timeAt(withString) ? s : x)) });
  const sampleSql = callOf(t, sample.sqls);
  const seen = new Set([sampleSql]);
  return forms.flatMap(({ args, sqls }) => {
    const call = callOf(t, sqls);
    if (seen.has(call)) return [];
    seen.add(call);
    return [{ args: args.map((a) => a.variant.sql), sql: `SELECT ${call} FROM probe` }];
  });
}
