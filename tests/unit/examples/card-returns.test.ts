/**
 * Every card's return types held to what signatures.json records: for each signature line the card draws, the
 * return it shows must stand for the return types of the probed calls the line stands for, both ways (each shown
 * type is returned by some call, each call's type is shown), with a NULL only where every call is declared
 * nullable. A family stands for its members only where the engine does return them: INTEGER for the argument's
 * own width or for every width, not for the BIGINT a sum widens to.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signatureLines } from '../../../src/examples/signatures/cards.ts';
import { documentedForms } from '../../../src/examples/signatures/documented.ts';
import { alternativesOf, splitParts } from '../../../src/examples/signatures/generic.ts';
import type { ProbedCall } from '../../../src/examples/signatures/probe.ts';
import { readSignatures } from '../../../src/examples/signatures/store.ts';

const INTEGERS = [
  'TINYINT',
  'SMALLINT',
  'INT',
  'BIGINT',
  'TINYINT UNSIGNED',
  'SMALLINT UNSIGNED',
  'INT UNSIGNED',
  'BIGINT UNSIGNED',
];
/** The integer widths a type names anywhere in it: `TUPLE(BIGINT UNSIGNED, INT)` names BIGINT UNSIGNED and INT. */
const integersIn = (t: string): string[] => t.match(/\b(?:TINYINT|SMALLINT|INT|BIGINT)(?: UNSIGNED)?\b/g) ?? [];
/** The values an integer type holds. */
function range(t: string): [bigint, bigint] {
  const bits = BigInt({ TINYINT: 8, SMALLINT: 16, INT: 32, BIGINT: 64 }[t.split(' ')[0]!]!);
  return t.endsWith(' UNSIGNED') ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
}
/** The narrowest integer type that holds every value of these, BIGINT where none does (the engine's join). */
function holdsAll(types: string[]): string {
  const lo = types.map((t) => range(t)[0]).reduce((a, b) => (a < b ? a : b));
  const hi = types.map((t) => range(t)[1]).reduce((a, b) => (a > b ? a : b));
  const fits = INTEGERS.filter((t) => range(t)[0] <= lo && range(t)[1] >= hi);
  return fits.sort((a, b) => Number(range(a)[1] - range(a)[0] - (range(b)[1] - range(b)[0])))[0] ?? 'BIGINT';
}
const isNumber = (t: string) => INTEGERS.includes(t) || t === 'FLOAT' || t === 'DOUBLE' || t.startsWith('DECIMAL(');
/** The component names of a generic signature (ARRAY(T) → T, MAP(K, V) → ARRAY(K)): generic.ts proves them. */
const COMPONENT = /^[TKV]\d?$/;

/** A shown return as the concrete patterns it claims: ARRAY(FLOAT | DOUBLE) is ARRAY(FLOAT) and ARRAY(DOUBLE). */
function expand(shown: string): string[] {
  return alternativesOf(shown).flatMap((alt) => {
    const open = alt.indexOf('(');
    if (open < 0 || !alt.endsWith(')')) return [alt];
    const parts = splitParts(alt.slice(open + 1, -1)).map(expand);
    const combos = parts.reduce<string[][]>((acc, p) => acc.flatMap((a) => p.map((x) => [...a, x])), [[]]);
    return combos.map((c) => `${alt.slice(0, open)}(${c.join(', ')})`);
  });
}

interface Recorded {
  type: string;
  call: ProbedCall;
}

/**
 * Whether a shown pattern stands for a recorded type. A family leaves out the nullability of the parts it stands
 * for (ARRAY(INTEGER) for ARRAY(INT NULL)); a NULL the card shows must be the engine's.
 */
function covers(pattern: string, r: Recorded, everyWidth: boolean): boolean {
  if (pattern.endsWith(' NULL') && !r.type.endsWith(' NULL')) return false;
  if (pattern.endsWith(' NULL')) return covers(pattern.slice(0, -5), { ...r, type: r.type.slice(0, -5) }, everyWidth);
  const type = r.type.replace(/ NULL$/, '');
  if (COMPONENT.test(pattern)) return true;
  if (pattern === 'NUMBER') return isNumber(type);
  if (pattern === 'DECIMAL') return type.startsWith('DECIMAL(');
  // INTEGER is an argument's own width (QUANTILE_DISC) or the one that holds them all (ARRAY(INT, INT UNSIGNED) is
  // an ARRAY(BIGINT)), or any width where every width comes back; not a widened one (SUM(INT) → BIGINT).
  if (pattern === 'INTEGER') {
    const own = r.call.args.flatMap(integersIn);
    return INTEGERS.includes(type) && (everyWidth || own.includes(type) || (own.length > 0 && holdsAll(own) === type));
  }
  const open = pattern.indexOf('(');
  const typeOpen = type.indexOf('(');
  if (open < 0) return pattern === type || (typeOpen > 0 && pattern === type.slice(0, typeOpen));
  if (typeOpen < 0 || pattern.slice(0, open) !== type.slice(0, typeOpen)) return false;
  const ps = splitParts(pattern.slice(open + 1, -1));
  const ts = splitParts(type.slice(typeOpen + 1, -1));
  return ps.length === ts.length && ps.every((p, i) => covers(p, { ...r, type: ts[i]! }, everyWidth));
}

/** What is wrong with a line's shown return against its calls' recorded returns, or undefined. */
function returnProblem(text: string, calls: ProbedCall[]): string | undefined {
  const shown = text.slice(text.lastIndexOf(' → ') + 3);
  const recorded = calls.map((c) => c.returns);
  const alts = alternativesOf(shown);
  const shownNull = alts.every((a) => a.endsWith(' NULL'));
  const allNull = recorded.every((t) => t.endsWith(' NULL'));
  if (shownNull && !allNull)
    return `${shown}: NULL shown, but not every call is declared nullable (${recorded.join(', ')})`;
  if (!shownNull && allNull && shown !== 'NULL')
    return `${shown}: no NULL shown, but every call is declared nullable (${recorded.join(', ')})`;
  const patterns = expand(alts.map((a) => a.replace(/ NULL$/, '')).join(' | '));
  const types: Recorded[] = calls.map((c) => ({ type: c.returns.replace(/ NULL$/, ''), call: c }));
  const widths = new Set(types.flatMap((t) => integersIn(t.type)));
  const everyWidth = INTEGERS.every((w) => widths.has(w)) || INTEGERS.every((w) => types.some((t) => t.type === w));
  const unshown = types.filter((t) => !patterns.some((p) => covers(p, t, everyWidth)));
  if (unshown.length)
    return `${shown} does not stand for ${[...new Set(unshown.map((u) => `${u.call.args.join(', ')} → ${u.type}`))].join('; ')}`;
  const unused = patterns.filter((p) => !types.some((t) => covers(p, t, everyWidth)));
  if (unused.length)
    return `${shown}: ${unused.join(', ')} is returned by no call it stands for (${recorded.join(', ')})`;
  return undefined;
}

describe('card return types against signatures.json', () => {
  it('finds the defects it is written for', () => {
    const call = (args: string[], returns: string): ProbedCall => ({ args, returns });
    // SUM: integers widen.
    expect(
      returnProblem('SUM(INTEGER) → INTEGER NULL', [call(['INT'], 'BIGINT NULL'), call(['TINYINT'], 'BIGINT NULL')]),
    ).toMatch(/does not stand for INT → BIGINT/);
    expect(
      returnProblem('SUM(INTEGER) → BIGINT NULL', [call(['INT'], 'BIGINT NULL'), call(['TINYINT'], 'BIGINT NULL')]),
    ).toBeUndefined();
    // QUANTILE_DISC with several levels: the NULL is the array's.
    const arrays = [call(['FLOAT'], 'ARRAY(FLOAT) NULL'), call(['DOUBLE'], 'ARRAY(DOUBLE) NULL')];
    expect(returnProblem('Q(FLOAT | DOUBLE) → ARRAY(FLOAT NULL | DOUBLE) NULL', arrays)).toMatch(
      /does not stand for FLOAT → ARRAY\(FLOAT\)/,
    );
    expect(returnProblem('Q(FLOAT | DOUBLE) → ARRAY(FLOAT | DOUBLE) NULL', arrays)).toBeUndefined();
    expect(returnProblem('Q(FLOAT | DOUBLE) → ARRAY(FLOAT | DOUBLE | VARCHAR) NULL', arrays)).toMatch(/no call/);
    // The argument's own width, and the one that holds both arguments.
    expect(
      returnProblem('A(INTEGER, INTEGER) → INTEGER', [
        call(['INT', 'INT UNSIGNED'], 'BIGINT'),
        call(['INT', 'INT'], 'INT'),
      ]),
    ).toBeUndefined();
    expect(returnProblem('P(INTEGER, INTEGER) → INTEGER', [call(['TINYINT', 'TINYINT'], 'SMALLINT')])).toMatch(
      /does not stand for TINYINT, TINYINT → SMALLINT/,
    );
    expect(returnProblem('Q(INTEGER) → INTEGER', [call(['INT'], 'INT'), call(['TINYINT'], 'TINYINT')])).toBeUndefined();
  });

  it('every card shows return types its calls return', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const recorded = readSignatures(root);
    const forms = documentedForms(root);
    const problems: string[] = [];
    for (const [name, p] of Object.entries(recorded.functions))
      for (const line of signatureLines(name, p, forms.get(name))) {
        const problem = returnProblem(line.text, line.signature.calls);
        if (problem) problems.push(`${line.text}: ${problem}`);
      }
    expect(problems).toEqual([]);
  });
});
