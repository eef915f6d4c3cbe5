/**
 * Readable signatures from the probed calls: `TO_START_OF_WEEK(DATE | TIMESTAMP [, INTEGER]) → DATE`. Calls are
 * read by family (an argument that takes every integer width is INTEGER), calls that differ in one argument
 * and return the same are merged into alternatives, and a call that adds a trailing argument to another with
 * the same result becomes an optional argument. How each type is named is type-labels.ts; the card's NULL line is
 * written in null-behaviour.ts.
 */
import type { ProbedCall } from './probe.ts';
import { alternativesOf, genericKeys, genericSignature } from './generic.ts';
import { ALL_FAMILIES, familyOf } from './types.ts';
import {
  INTEGER_TYPES,
  FLOAT_TYPES,
  familyLabel,
  integersFollowArguments,
  returnLabel,
  followedArgument,
} from './type-labels.ts';

export interface Signature {
  /** Alternatives per argument (`DATE | TIMESTAMP`), in order. */
  args: string[][];
  /** How many leading arguments are required; the rest are optional. */
  required: number;
  /** The return type, without NULL (calls of either nullability merge). */
  returns: string;
  /**
   * Whether the engine declares the return type nullable for arguments that are not NULL: in every call merged
   * here (the card writes `DATE NULL`), in some (the NULL line says which), or in none.
   */
  nullable: Nullability;
  /** The probed calls it stands for (what a test holds the card's return to). */
  calls: ProbedCall[];
}

export type Nullability = 'all' | 'some' | 'none';
const bothNullable = (a: Nullability, b: Nullability): Nullability => (a === b ? a : 'some');

const ORDER = new Map(ALL_FAMILIES.map((f, i) => [f.name, i]));
/** Each argument's alternatives as one string, so that two signatures compare without joining again. */
const altsKey = (alts: string[]) => alts.join('|');

/**
 * Merges, until none is left, two signatures of the same length and result that differ in one argument: always the
 * first such pair in (i, j) order. Pairs found apart stay apart until one of them changes, so after a merge into i
 * the search resumes there (an earlier signature that now pairs with i comes first) instead of from the start:
 * the same merges in the same order, without the cubic rescans (835 probed calls for JSON_OBJECT).
 */
function mergeAlternatives(input: Signature[]): Signature[] {
  const sigs = [...input];
  const keys = sigs.map((s) => s.args.map(altsKey));
  const differsIn = (a: number, b: number): number => {
    const x = sigs[a]!;
    const y = sigs[b]!;
    if (x.args.length !== y.args.length || x.returns !== y.returns || x.required !== y.required) return -1;
    let diff = -1;
    for (let k = 0; k < x.args.length; k++) {
      if (keys[a]![k] === keys[b]![k]) continue;
      if (diff >= 0) return -1;
      diff = k;
    }
    return diff;
  };
  const rank = (label: string) => ORDER.get(label.split(' ')[0]!) ?? ORDER.get(familyOf(label.split(' | ')[0]!)) ?? 99;
  let i = 0;
  let j = 1;
  while (i < sigs.length) {
    if (j >= sigs.length) {
      i++;
      j = i + 1;
      continue;
    }
    const d = differsIn(i, j);
    if (d < 0) {
      j++;
      continue;
    }
    const merged = [...new Set([...sigs[i]!.args[d]!, ...sigs[j]!.args[d]!])].sort((x, y) => rank(x) - rank(y));
    sigs[i] = {
      ...sigs[i]!,
      args: sigs[i]!.args.map((a, k) => (k === d ? merged : a)),
      nullable: bothNullable(sigs[i]!.nullable, sigs[j]!.nullable),
      calls: [...sigs[i]!.calls, ...sigs[j]!.calls],
    };
    keys[i]![d] = altsKey(merged);
    sigs.splice(j, 1);
    keys.splice(j, 1);
    // Every pair before (i, j) was apart and only i changed: the next pair is (a, i) for the first a that now
    // pairs with i, or else one of row i again.
    let a = 0;
    while (a < i && differsIn(a, i) < 0) a++;
    if (a < i) {
      j = i;
      i = a;
    } else j = i + 1;
  }
  return sigs;
}

/**
 * The readable signatures of a probed function. The NULL literal is left out (almost every function takes it);
 * a function that accepts only NULL keeps it. `typedByParameters`: the calls were written with parameters
 * (`F(10, 2)(x)`), which give the return type its precision.
 */
export function collapseSignatures(calls: ProbedCall[], options: { typedByParameters?: boolean } = {}): Signature[] {
  const withoutNull = calls.filter((c) => !c.args.includes('NULL'));
  const use = withoutNull.length ? withoutNull : calls;
  // Family-level calls: the widths each position took, and what they returned.
  const byFamilies = new Map<
    string,
    { families: string[]; widths: Set<string>[]; returns: Set<string>; calls: ProbedCall[] }
  >();
  for (const c of use) {
    const families = c.args.map(familyOf);
    const key = families.join(',');
    const entry = byFamilies.get(key) ?? {
      families,
      widths: families.map(() => new Set<string>()),
      returns: new Set<string>(),
      calls: [],
    };
    entry.calls.push(c);
    c.args.forEach((a, i) => entry.widths[i]!.add(a));
    entry.returns.add(c.returns);
    byFamilies.set(key, entry);
  }
  // The widths probed are those of one call per argument count, argument and family: they stand for the others.
  const widthsAt = new Map<string, Set<string>>();
  for (const e of byFamilies.values()) {
    e.families.forEach((f, i) => {
      const key = `${e.families.length}:${i}:${f}`;
      widthsAt.set(key, new Set([...(widthsAt.get(key) ?? []), ...e.widths[i]!]));
    });
  }
  // MAP_KEYS(MAP(K, V)) → ARRAY(K): a result made of the arguments' components is written with their names; one
  // seen with a single type only where calls of other types prove the same template.
  const generics = new Map([...byFamilies.values()].map((e) => [e, genericSignature(e.calls)]));
  const proven = new Set([...generics.values()].filter((g) => g && !g.weak).flatMap((g) => genericKeys(g!)));
  let sigs: Signature[] = [...byFamilies.values()].map((e) => {
    const args = e.families.map((f, i) => [familyLabel(f, widthsAt.get(`${e.families.length}:${i}:${f}`)!)]);
    const found = generics.get(e);
    const generic = found && (!found.weak || genericKeys(found).some((k) => proven.has(k))) ? found : undefined;
    if (generic)
      return {
        args: args.map((a, i) => (generic.args[i] ? [generic.args[i]] : a)),
        required: e.families.length,
        returns: generic.returns,
        nullable: nullabilityOf([...e.returns]),
        calls: e.calls,
      };
    return {
      args,
      required: e.families.length,
      // TRY_TO_DECIMAL(10, 2)(x): the parameters, not the arguments, give the precision.
      returns:
        (!options.typedByParameters && followedArgument(e.widths, args, e.returns)) ||
        returnLabel(e.returns, integersFollowArguments(e.calls)),
      nullable: nullabilityOf([...e.returns]),
      calls: e.calls,
    };
  });
  // Merge calls of the same length and result that differ in one argument, until none do.
  sigs = mergeAlternatives(sigs);
  // Optional trailing arguments: F(A) and F(A, B) with the same result are F(A [, B]); not when only one of them
  // is declared nullable in every call (TO_TIMESTAMP(VARCHAR, VARCHAR) gives NULL for a string that does not match
  // the format), which would hide its NULL.
  sigs.sort((a, b) => a.args.length - b.args.length);
  for (let changed = true; changed;) {
    changed = false;
    outer: for (let i = 0; i < sigs.length; i++) {
      for (let j = 0; j < sigs.length; j++) {
        const s = sigs[i]!;
        const t = sigs[j]!;
        if (
          i === j ||
          t.args.length !== s.args.length + 1 ||
          t.returns !== s.returns ||
          (t.nullable === 'all') !== (s.nullable === 'all') ||
          t.required !== t.args.length
        )
          continue;
        if (!s.args.every((a, k) => a.join('|') === t.args[k]!.join('|'))) continue;
        sigs[i] = {
          args: t.args,
          required: s.required,
          returns: s.returns,
          nullable: bothNullable(s.nullable, t.nullable),
          calls: [...s.calls, ...t.calls],
        };
        sigs.splice(j, 1);
        changed = true;
        break outer;
      }
    }
  }
  return sigs.sort((a, b) => a.args.length - b.args.length || signatureText('', a).localeCompare(signatureText('', b)));
}

/** `NAME(A | B, C [, D]) → R` */
/**
 * How the documentation writes a call beyond its argument types: parameters before the arguments
 * (`WINDOW_FUNNEL(<window>)(…)`), and more arguments than the prober tried (`RETENTION(<cond1>, ..., <cond32>)`).
 */
export interface CallForm {
  params?: string;
  variadic?: boolean;
  /** The arguments come in groups of this many (JSON_OBJECT's key and value), as runs showed. */
  repeats?: number;
  /** How the documentation writes several parameters (`(<level1>, <level2>, ...)`), where it does. */
  several?: string;
}

/**
 * The signatures of a function whose arguments come in groups of `n`: the group's signature stands for every
 * multiple of it (those are left out), and takes none at all where the call without arguments returns the same.
 */
export function groupedSignatures(sigs: Signature[], n: number): Signature[] {
  const group = sigs.find((s) => s.args.length === n && s.required === n);
  if (!group) return sigs;
  const none = sigs.find((s) => s.args.length === 0 && s.returns === group.returns && s.nullable === group.nullable);
  return sigs
    .filter((s) => s !== none && !(s !== group && s.args.length > n && s.args.length % n === 0))
    .map((s) => (s === group && none ? { ...s, required: 0 } : s));
}

/** The outer types a return names: ARRAY(T) and ARRAY are both ARRAY, and every number is a NUMBER. */
const kindsOf = (returns: string) =>
  new Set(
    alternativesOf(returns).map((r) => {
      const t = r.replace(/ NULL\b/g, '').replace(/\(.*\)/, '');
      return INTEGER_TYPES.includes(t) || FLOAT_TYPES.includes(t) || ['INTEGER', 'DECIMAL', 'NUMBER'].includes(t)
        ? 'NUMBER'
        : t;
    }),
  );
const sameKind = (a: string, b: string) => [...kindsOf(a)].some((k) => kindsOf(b).has(k));
/** Whether each argument of the shorter signature shares a type with the longer one's in its place (ARRAY(T) is an ARRAY). */
const outer = (alts: string[]) => alts.map((a) => a.replace(/\(.*\)/, ''));
const prefixOf = (short: Signature, long: Signature) =>
  short.args.every((alts, k) => outer(alts).some((a) => outer(long.args[k]!).includes(a)));

/**
 * Whether a signature may take more arguments as the documented `...` says: the probe saw its result keep its kind
 * as arguments were added (an optional argument of its own, a longer signature that starts as it does, or a shorter
 * one it extends). CONCAT(VARIANT, VARIANT) is a VARIANT (JSON arrays joined) where one VARIANT gave a VARCHAR, and
 * a third VARIANT gives a VARCHAR again: no `[, ...]` for it. IF(c, a, b) takes no fourth argument.
 */
export function seenExtended(s: Signature, all: Signature[]): boolean {
  if (s.required < s.args.length) return true;
  return all.some(
    (t) =>
      t !== s &&
      sameKind(t.returns, s.returns) &&
      (t.args.length > s.args.length
        ? prefixOf(s, t)
        : t.required > 0 && t.required < s.args.length && prefixOf({ ...t, args: t.args.slice(0, t.required) }, s)),
  );
}

export function signatureText(name: string, s: Signature, form: CallForm = {}): string {
  if (form.repeats && form.repeats === s.args.length && (s.required === 0 || s.required === s.args.length)) {
    // JSON_OBJECT([VARCHAR, T [, VARCHAR, T] ...]): one group, then any number more.
    const group = s.args.map((alts) => alts.join(' | ')).join(', ');
    const groups = `${group} [, ${group}] ...`;
    const inner = s.required === 0 ? `[${groups}]` : groups;
    return `${name.toUpperCase()}${form.params ?? ''}(${inner}) → ${returnText(s)}`;
  }
  const parts = s.args.map((alts, i) => {
    const text = alts.join(' | ');
    if (i < s.required) return i === 0 ? text : `, ${text}`;
    return i === 0 ? `[${text}` : ` [, ${text}`;
  });
  const optional = s.args.length - s.required;
  const more = form.variadic && s.args.length ? ' [, ...]' : '';
  return `${name.toUpperCase()}${form.params ?? ''}(${parts.join('')}${']'.repeat(optional)}${more}) → ${returnText(s)}`;
}

/**
 * The return type as the card writes it: with NULL when every call it stands for is declared nullable for
 * arguments that are not NULL (TRY_TO_DATE → DATE NULL; MAX → FLOAT NULL | DOUBLE NULL, NULL over no rows).
 */
export function returnText(s: Signature): string {
  if (s.nullable !== 'all') return s.returns;
  return alternativesOf(s.returns)
    .map((t) => `${t} NULL`)
    .join(' | ');
}

/** Whether the engine declared these return types nullable: all, some or none of them. */
function nullabilityOf(types: string[]): Nullability {
  const n = types.filter((t) => t.endsWith(' NULL')).length;
  return n === 0 ? 'none' : n === types.length ? 'all' : 'some';
}
