/**
 * A pasted message that names a function as called (``while evaluating function `to_date('2024/13/45', '%Q')` ``):
 * of the pages that quote the message, the one documenting that function is its own error's page, though another
 * page printing the same message may hold more of its words in its fields (STR_TO_DATE's section on bad formats).
 * The function names come from the name records, so nothing is listed by hand. Pure functions: the unit tests run
 * them without a browser.
 */
import { normalName, type NameKind, type NameRecord } from './name-match.ts';

/** A function written as a call in a query: its name just before an opening parenthesis. */
const CALL = /([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;
/** The page of the called function goes this much above the best other page quoting the message. */
export const CALLED_LIFT = 1.05;

/** The pages documenting each name of these kinds (all when none is given), by the name as names compare. */
export function namePages(
  names: readonly NameRecord[],
  docOf: (url: string) => number | undefined,
  kinds?: readonly NameKind[],
) {
  const out = new Map<string, number[]>();
  for (const n of names) {
    const d = !kinds || kinds.includes(n.kind) ? docOf(n.url.split('#')[0] ?? n.url) : undefined;
    if (d === undefined) continue;
    const key = normalName(n.name);
    const pages = out.get(key) ?? [];
    if (!pages.includes(d)) pages.push(d);
    out.set(key, pages);
  }
  return out;
}

/** The pages documenting each function (`todate`). */
export const functionNamePages = (names: readonly NameRecord[], docOf: (url: string) => number | undefined) =>
  namePages(names, docOf, ['function']);

/** The pages of the functions a query writes as calls. */
export function calledPages(query: string, pages: ReadonlyMap<string, readonly number[]>): Set<number> {
  const out = new Set<number>();
  for (const m of query.matchAll(CALL)) for (const d of pages.get(normalName(m[1] ?? '')) ?? []) out.add(d);
  return out;
}

/**
 * Lifts, in place, each called function's page that quotes the message above the other pages quoting it:
 * `quoting` are the scored pages holding a rare run of the message, `called` those of them that document a
 * function the message calls.
 */
export function liftCalled(quoting: readonly { score: number }[], called: readonly { score: number }[]): void {
  if (!called.length) return;
  const best = Math.max(...quoting.filter((p) => !called.includes(p)).map((p) => p.score), 0);
  for (const p of called) p.score = Math.max(p.score, best * CALLED_LIFT);
}
