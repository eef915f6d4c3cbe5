/**
 * Time-zone dependence on the signature card, probed on an engine that keeps a clock as Databend does: a TIMESTAMP
 * is an instant, drawn in UTC; a week or an hour is cut in the session's local clock (TO_START_OF_WEEK,
 * TO_START_OF_HOUR), a half-hour slot in UTC (TIME_SLOT); a DATE is placed at midnight with the zone's offset of
 * 1 January 1970 (Europe/London was UTC+1 then, UTC+0 in January now). The card must say which calls depend on the
 * zone.
 */
import { describe, expect, it } from 'vitest';
import { probeBehaviour } from '../../../src/examples/signatures/behaviour.ts';
import { zoneCallTexts, type FunctionCard } from '../../../src/examples/signatures/cards.ts';
import type { ProbeEngine } from '../../../src/examples/signatures/probe.ts';
import { ALL_FAMILIES } from '../../../src/examples/signatures/types.ts';
import { signatureCard } from '../../../src/reference/signature-cards.ts';

/** Minutes east of UTC of the zones a probe may set (an unknown zone fails the test). */
const OFFSETS: Record<string, number> = {
  UTC: 0,
  'Etc/GMT+12': -720,
  'Etc/GMT-13': 780,
  'Asia/Kolkata': 330,
  'Asia/Kathmandu': 345,
  'Europe/London': 0,
};
/** Minutes east of UTC on 1 January 1970, where they differ from the zone's offset in January 2024. */
const OFFSETS_1970: Record<string, number> = { 'Europe/London': 60 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The probe table's TIMESTAMP column: Monday 2024-01-15 10:30 UTC. */
const C_TS = Date.UTC(2024, 0, 15, 10, 30);

function clockEngine(): { engine: ProbeEngine; zone: () => string } {
  let zone = 'UTC';
  const offset = () => {
    const o = OFFSETS[zone];
    if (o === undefined) throw new Error(`no offset for ${zone}`);
    return o * 60_000;
  };
  const box = (v: string) => ({ box: `┌───┐\n│ x │\n├───┤\n│ '${v}' │\n└───┘` });
  const instant = (sql: string) => {
    const epoch = /TO_TIMESTAMP\((\d+)\)/.exec(sql);
    return epoch ? Number(epoch[1]) * 1000 : /\bc_ts\b/.test(sql) ? C_TS : undefined;
  };
  const engine: ProbeEngine = {
    plan: () => Promise.resolve([]),
    run: (sqls) =>
      Promise.resolve(
        sqls.map((sql) => {
          if (sql.startsWith('SET timezone')) zone = /'(.*)'/.exec(sql)![1]!;
          if (sql.startsWith('UNSET timezone')) zone = 'UTC';
          if (/IS NULL/.test(sql)) return box(String(/n_c_|NULL AS/.test(sql)));
          // The day of the month or the year of a DATE (the probe table's, or a date given as one or as a string):
          // its midnight placed with the 1970 offset, read in today's. A time string is read and told in one zone.
          const part = /\b(to_day_of_month|to_year)\(/.exec(sql)?.[1];
          if (part) {
            const of = (local: Date) => String(part === 'to_year' ? local.getUTCFullYear() : local.getUTCDate());
            if (sql.includes("'2023-12-31 11:30:00'")) return box(part === 'to_year' ? '2023' : '31');
            const date = /'(\d{4}-\d\d-\d\d)'/.exec(sql)?.[1] ?? (/\bc_date\b/.test(sql) ? '2024-01-15' : undefined);
            if (date) {
              const midnight = Date.parse(`${date}T00:00:00Z`) - (OFFSETS_1970[zone] ?? OFFSETS[zone]!) * 60_000;
              return box(of(new Date(midnight + offset())));
            }
          }
          const t = instant(sql);
          if (t === undefined) return box('2024-01-15');
          const local = t + offset();
          if (part) return box(String(new Date(local)[part === 'to_year' ? 'getUTCFullYear' : 'getUTCDate']()));
          // A week starting on Sunday, of the local date.
          if (sql.includes('to_start_of_week(')) {
            const day = Math.floor(local / DAY) * DAY;
            return box(new Date(day - new Date(day).getUTCDay() * DAY).toISOString().slice(0, 10));
          }
          // The local hour's start, as an instant; a 30-minute slot cut in UTC.
          if (sql.includes('to_start_of_hour('))
            return box(new Date(Math.floor(local / HOUR) * HOUR - offset()).toISOString());
          if (sql.includes('time_slot(')) return box(new Date(Math.floor(t / (HOUR / 2)) * (HOUR / 2)).toISOString());
          return box('1');
        }),
      ),
  };
  return { engine, zone: () => zone };
}

const familyArg = (name: string) => {
  const family = ALL_FAMILIES.find((f) => f.name === name)!;
  return { family, variant: family.rep };
};

describe('time-zone dependence', () => {
  it('finds the week a TIMESTAMP falls in, and the start of its hour, to depend on the zone; a UTC slot not', async () => {
    const { engine, zone } = clockEngine();
    const [d, i, ts] = ['DATE', 'INTEGER', 'TIMESTAMP'].map(familyArg);
    const { behaviour } = await probeBehaviour(engine, [
      // The sample takes a DATE and a first day of the week: zone-free. The TIMESTAMP form is not.
      { name: 'to_start_of_week', form: { args: 'column' }, calls: [[d!, i!], [ts!]] },
      { name: 'to_start_of_hour', form: { args: 'column' }, calls: [[ts!]] },
      { name: 'time_slot', form: { args: 'column' }, calls: [[ts!]] },
    ]);
    expect(behaviour.get('to_start_of_week')).toMatchObject({
      sample: 'to_start_of_week(c_date, c_i32)',
      deterministic: false,
      timeZone: true,
      zoneCalls: [
        { args: ['DATE', 'INT'], zone: false },
        { args: ['TIMESTAMP'], zone: true },
      ],
    });
    // Whole-hour zones agree on where an hour starts: one a quarter off the hour does not.
    expect(behaviour.get('to_start_of_hour')).toMatchObject({
      deterministic: false,
      timeZone: true,
      zoneCalls: [{ args: ['TIMESTAMP'], zone: true }],
    });
    expect(behaviour.get('time_slot')).toMatchObject({ deterministic: true });
    expect(behaviour.get('time_slot')!.timeZone).toBeUndefined();
    expect(zone()).toBe('UTC');
  });

  it('finds a DATE form to depend on the zone where the offset has changed since 1970; adding days not', async () => {
    const { engine } = clockEngine();
    const [d, i, ts, s] = ['DATE', 'INTEGER', 'TIMESTAMP', 'VARCHAR'].map(familyArg);
    const { behaviour } = await probeBehaviour(engine, [
      { name: 'to_day_of_month', form: { args: 'column' }, calls: [[i!], [d!], [ts!], [s!]] },
      { name: 'add_days', form: { args: 'column' }, calls: [[d!, i!]] },
      { name: 'to_year', form: { args: 'column' }, calls: [[d!]] },
    ]);
    // The sample takes an integer, zone-free; the DATE form and a date string read as one are the evening
    // before in Europe/London (day 14); the same day in every fixed offset.
    expect(behaviour.get('to_day_of_month')).toMatchObject({
      sample: 'to_day_of_month(c_i32)',
      deterministic: false,
      timeZone: true,
      zoneCalls: [
        { args: ['INT'], zone: false },
        { args: ['TIMESTAMP'], zone: true },
        { args: ['DATE'], zone: true },
        { args: ['VARCHAR'], zone: true },
      ],
    });
    expect(behaviour.get('add_days')).toMatchObject({ deterministic: true });
    // The probe table's 2024-01-15 is still 2024 the evening before; the first of January is not.
    expect(behaviour.get('to_year')).toMatchObject({
      sample: 'to_year(c_date)',
      deterministic: false,
      timeZone: true,
      zoneCalls: [{ args: ['DATE'], zone: true }],
    });
  });

  it('names on the card the calls whose result depends on the zone, and those whose result does not', () => {
    const card: FunctionCard = {
      name: 'to_start_of_week',
      kind: 'scalar',
      signatures: ['TO_START_OF_WEEK(DATE | TIMESTAMP [, INTEGER]) → DATE'],
      returns: ['DATE'],
      nulls: { kind: 'propagates', text: 'NULL in any argument gives NULL' },
      deterministic: false,
      timeZone: true,
      zoneCalls: zoneCallTexts('to_start_of_week', [
        { args: ['DATE', 'INT'], zone: false },
        { args: ['DATE', 'BIGINT'], zone: false },
        { args: ['TIMESTAMP'], zone: true },
        { args: ['VARCHAR'], zone: true },
      ]),
      aliases: [],
    };
    expect(JSON.stringify(signatureCard(card))).toContain(
      "no: the result of TO_START_OF_WEEK(TIMESTAMP) and TO_START_OF_WEEK(VARCHAR) depends on the session's time " +
        'zone (the timezone setting), not only on the arguments; TO_START_OF_WEEK(DATE, INTEGER) gives the same ' +
        'result in every time zone',
    );
  });

  it('names a DATE form a zone changed among those that depend on it, and one no zone changed without a caveat', () => {
    const card = (name: string, calls: { args: string[]; zone: boolean }[]): FunctionCard => ({
      name,
      kind: 'scalar',
      signatures: [],
      returns: [],
      nulls: { kind: 'propagates', text: 'NULL in any argument gives NULL' },
      deterministic: false,
      timeZone: true,
      zoneCalls: zoneCallTexts(name, calls),
      aliases: [],
    });
    // In Europe/London, TO_WEEK_OF_YEAR('2024-01-01'::DATE) is 52, not 1: the probe found the DATE form to depend.
    const week = card('to_week_of_year', [
      { args: ['DATE'], zone: true },
      { args: ['TIMESTAMP'], zone: true },
      { args: ['BIGINT'], zone: false },
    ]);
    expect(JSON.stringify(signatureCard(week))).toContain(
      "no: the result of TO_WEEK_OF_YEAR(DATE) and TO_WEEK_OF_YEAR(TIMESTAMP) depends on the session's time zone " +
        '(the timezone setting), not only on the arguments; TO_WEEK_OF_YEAR(INTEGER) gives the same result in ' +
        'every time zone"',
    );
    // TO_DATE of a DATE is the same date in Europe/London too: the card says so and adds no caveat.
    const date = card('to_date', [
      { args: ['INT'], zone: false },
      { args: ['TIMESTAMP'], zone: true },
      { args: ['DATE'], zone: false },
    ]);
    expect(JSON.stringify(signatureCard(date))).toContain(
      'TO_DATE(INTEGER) and TO_DATE(DATE) give the same result in every time zone"',
    );
  });
});
