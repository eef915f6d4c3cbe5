/**
 * How a card names types: a family for the widths a position accepted (INTEGER when every width), and a return
 * type as a reader reads it (INTEGER only where the arguments' widths decide it, ARRAY(T) and TUPLE(...) part by
 * part, NUMBER for mixed numbers). Pure functions of the probed types, used by collapse.ts.
 */
import type { ProbedCall } from './probe.ts';
import { splitParts } from './generic.ts';
import { ALL_FAMILIES } from './types.ts';

export const INTEGER_TYPES = ALL_FAMILIES.find((f) => f.name === 'INTEGER')!.widths.map((w) => w.sql);
export const FLOAT_TYPES = ALL_FAMILIES.find((f) => f.name === 'FLOAT')!.widths.map((w) => w.sql);

/** A family as a reader names it, from the widths of it a position accepted. */
export function familyLabel(family: string, widths: Set<string>): string {
  if (family === 'INTEGER')
    return INTEGER_TYPES.every((t) => widths.has(t))
      ? 'INTEGER'
      : INTEGER_TYPES.filter((t) => widths.has(t)).join(' | ');
  if (family === 'FLOAT') return FLOAT_TYPES.filter((t) => widths.has(t)).join(' | ');
  if (family === 'DECIMAL') return 'DECIMAL';
  if (family === 'ARRAY') return 'ARRAY';
  return family;
}

/** The integer widths a type names anywhere in it: `TUPLE(BIGINT UNSIGNED, INT)` names BIGINT UNSIGNED and INT. */
const integersIn = (type: string): string[] => type.match(/\b(?:TINYINT|SMALLINT|INT|BIGINT)(?: UNSIGNED)?\b/g) ?? [];
const BYTES: Record<string, number> = { TINYINT: 1, SMALLINT: 2, INT: 4, BIGINT: 8 };
const SIGNED = ['TINYINT', 'SMALLINT', 'INT', 'BIGINT'];

/**
 * The narrowest integer that holds every value of these (INT and INT UNSIGNED: BIGINT), as the engine joins them
 * (BIGINT UNSIGNED with a signed one: BIGINT).
 */
function joinedInteger(types: string[]): string | undefined {
  if (!types.length) return undefined;
  const unsigned = types.filter((t) => t.endsWith(' UNSIGNED')).map((t) => BYTES[t.split(' ')[0]!]!);
  const signed = types.filter((t) => !t.endsWith(' UNSIGNED')).map((t) => BYTES[t]!);
  if (!signed.length) return `${SIGNED.find((w) => BYTES[w] === Math.max(...unsigned))} UNSIGNED`;
  const bytes = Math.min(8, Math.max(...signed, ...unsigned.map((b) => b * 2)));
  return SIGNED.find((w) => BYTES[w] === bytes);
}

/**
 * Whether each call's integers are its arguments' own (QUANTILE_DISC(INT) → INT, TUPLE(INT, BIGINT UNSIGNED)) or
 * their join (ARRAY(INT, INT UNSIGNED) → ARRAY(BIGINT)), so that INTEGER says it: not where the engine widens
 * (SUM(INT) → BIGINT, TINYINT + TINYINT → SMALLINT).
 */
export function integersFollowArguments(calls: ProbedCall[]): boolean {
  return calls.every((c) => {
    const own = c.args.flatMap(integersIn);
    const joined = joinedInteger(own);
    return integersIn(c.returns).every((t) => own.includes(t) || t === joined);
  });
}

/**
 * A return type as a reader names it: one type, or its family when the widths of the arguments decide it.
 * `follow`: the integers of the calls' results are their arguments' own (integersFollowArguments).
 */
export function returnLabel(types: Set<string>, follow: boolean): string {
  const bare = [...types].map((t) => t.replace(/ NULL$/, ''));
  const uniq = [...new Set(bare)];
  if (uniq.length === 1) return uniq[0]!;
  // INTEGER only where the arguments' widths give the result's or every width comes back: SUM of any integer is a
  // BIGINT or a BIGINT UNSIGNED, and INTEGER would claim the argument's width.
  if (uniq.every((t) => INTEGER_TYPES.includes(t)))
    return follow || INTEGER_TYPES.every((t) => uniq.includes(t))
      ? 'INTEGER'
      : INTEGER_TYPES.filter((t) => uniq.includes(t)).join(' | ');
  if (uniq.every((t) => t.startsWith('DECIMAL('))) return 'DECIMAL';
  // FLOAT for FLOAT and DOUBLE for DOUBLE (MAX) reads as both; a function that widens FLOAT (ABS) returns one.
  if (uniq.every((t) => FLOAT_TYPES.includes(t))) return FLOAT_TYPES.filter((t) => uniq.includes(t)).join(' | ');
  if (uniq.every((t) => t.startsWith('ARRAY('))) return arrayLabel(uniq, follow);
  if (uniq.every((t) => t.startsWith('TUPLE('))) return tupleLabel(uniq, follow) ?? uniq.sort().join(' | ');
  if (uniq.every((t) => INTEGER_TYPES.includes(t) || FLOAT_TYPES.includes(t) || t.startsWith('DECIMAL(')))
    return 'NUMBER';
  return uniq.sort().join(' | ');
}

/**
 * Arrays of different element types: the elements as a return type reads them (GROUP_ARRAY_MOVING_SUM of integers
 * gives ARRAY(BIGINT) or ARRAY(BIGINT UNSIGNED): ARRAY(BIGINT | BIGINT UNSIGNED)); ARRAY alone where they are not
 * all numbers.
 */
function arrayLabel(types: string[], follow: boolean): string {
  const elements = [...new Set(types.map((t) => t.slice('ARRAY('.length, -1).replace(/ NULL/g, '')))];
  const label = returnLabel(new Set(elements), follow);
  // Elements of other kinds are the probe's sample types (ARRAY_CONCAT of ARRAY(VARCHAR) or ARRAY(INT)): no rule.
  const numbers = elements.every(
    (t) => INTEGER_TYPES.includes(t) || FLOAT_TYPES.includes(t) || t.startsWith('DECIMAL('),
  );
  return numbers || elements.length === 1 ? `ARRAY(${label})` : 'ARRAY';
}

/**
 * Tuples of different part types, each part as a return type reads it: TUPLE of an integer is TUPLE(TINYINT) or
 * TUPLE(BIGINT) as the argument is, TUPLE(INTEGER), not the eight tuples the probe's widths gave.
 */
function tupleLabel(types: string[], follow: boolean): string | undefined {
  const parts = types.map((t) => splitParts(t.slice('TUPLE('.length, -1)));
  const n = parts[0]!.length;
  if (parts.some((p) => p.length !== n)) return undefined;
  const labels = Array.from({ length: n }, (_, i) => returnLabel(new Set(parts.map((p) => p[i]!)), follow));
  return `TUPLE(${labels.join(', ')})`;
}

/**
 * The family an argument is labelled with, when the return type is that argument's own type: a family tried with
 * one width only (ARG_MAX(INT, BITMAP) → INT, DECIMAL(10, 2) for DECIMAL(10, 2)) stands for every width the
 * argument's label names, so the card reads ARG_MAX(INTEGER, BITMAP) → INTEGER and DECIMAL → DECIMAL, as the calls
 * tried with every width do, not a precision or width the probe happened to pick. Only for INTEGER, DECIMAL and
 * ARRAY, whose labels name the family and not one type; FLOAT | DOUBLE would claim a FLOAT the engine may widen.
 */
export function followedArgument(widths: Set<string>[], labels: string[][], returns: Set<string>): string | undefined {
  const bare = new Set([...returns].map((t) => t.replace(/ NULL$/, '')));
  if (bare.size !== 1) return undefined;
  const [type] = [...bare] as [string];
  const family = INTEGER_TYPES.includes(type)
    ? 'INTEGER'
    : type.startsWith('DECIMAL(')
      ? 'DECIMAL'
      : type.startsWith('ARRAY(')
        ? 'ARRAY'
        : undefined;
  if (!family) return undefined;
  // An array comes back with nullable elements (ARRAY(INT) gives ARRAY(INT NULL)): the same type all the same.
  const same = type.replace(/ NULL/g, '');
  // A decimal's precision and scale follow those of the decimal arguments (IF(c, DECIMAL(10, 2), INT) gives
  // DECIMAL(12, 2)): one probed precision says nothing of the others.
  if (family === 'DECIMAL' && labels.some((l) => l[0] === 'DECIMAL')) return family;
  const followed = widths.findIndex((w, i) => w.size === 1 && w.has(same) && labels[i]![0] === family);
  return followed < 0 ? undefined : family;
}
