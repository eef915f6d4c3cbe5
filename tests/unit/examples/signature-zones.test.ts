/**
 * Time-zone dependence on the signature card, probed on an engine that keeps a clock as Databend does: a TIMESTAMP
 * is an instant, drawn in UTC; a week or an hour is cut in the session's local clock (TO_START_OF_WEEK,
 * TO_START_OF_HOUR), a half-hour slot in UTC (TIME_SLOT). The card must say which calls depend on the zone.
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
};
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
          const t = instant(sql);
          if (t === undefined) return box('2024-01-15');
          const local = t + offset();
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

  it('does not call a DATE form zone-free in every zone: the engine reads a date with the 1970 offset', () => {
    const card = (name: string, free: string[]): FunctionCard => ({
      name,
      kind: 'scalar',
      signatures: [],
      returns: [],
      nulls: { kind: 'propagates', text: 'NULL in any argument gives NULL' },
      deterministic: false,
      timeZone: true,
      zoneCalls: zoneCallTexts(name, [
        { args: ['TIMESTAMP'], zone: true },
        ...free.map((a) => ({ args: [a], zone: false })),
      ]),
      aliases: [],
    });
    // In Europe/London, TO_WEEK_OF_YEAR('2024-01-01'::DATE) is 52, not 1: the card must not promise every zone.
    const byDate = JSON.stringify(signatureCard(card('to_week_of_year', ['DATE', 'VARCHAR'])));
    expect(byDate).toContain(
      'TO_WEEK_OF_YEAR(DATE) and TO_WEEK_OF_YEAR(VARCHAR) give the same result in every time zone that has the ' +
        'offset from UTC it had on 1 January 1970',
    );
    expect(byDate).toContain('Europe/London in winter');
    // A number of seconds is an instant: no date is read, and every zone agrees.
    const byNumber = JSON.stringify(signatureCard(card('to_timestamp', ['BIGINT'])));
    expect(byNumber).toContain('TO_TIMESTAMP(INTEGER) gives the same result in every time zone"');
  });
});
