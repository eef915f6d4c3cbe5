/**
 * What the catalogue's documented syntax of each function (`content/catalogue/functions.tsv`) tells the signature
 * prober (how many arguments to try) and the cards (parameters before the arguments, more arguments than tried).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CallForm } from './collapse.ts';

/** Each function's name and documented syntax (forms separated by `;`), in the file's order. */
function documentedSyntax(projectRoot: string): [name: string, syntax: string][] {
  const file = path.join(projectRoot, 'content/catalogue/functions.tsv');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .map((line): [string, string] => {
      const [, name = '', syntax = ''] = line.split('\t');
      return [name, syntax];
    });
}

/**
 * How many arguments each function's documented syntax gives (`content/catalogue/functions.tsv`, optional ones
 * included). The prober tries one more (an undocumented argument shows), or six for an undocumented function (beyond
 * three, only the argument types the engine names when it refuses a call).
 */
export function documentedArities(projectRoot: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, syntax] of documentedSyntax(projectRoot)) {
    for (const call of syntax.split(';')) {
      // The last parenthesised group is the arguments (`QUANTILE(<p>)(<expr>)` has parameters before them).
      const groups = [...call.matchAll(/\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)].map((m) => m[1]!.trim());
      const args = groups.at(-1);
      if (args === undefined) continue;
      const count = args === '' ? 0 : args.split(',').filter((a) => !/^\s*\.\.\.\s*\]?\s*$/.test(a)).length;
      out.set(name.toLowerCase(), Math.max(out.get(name.toLowerCase()) ?? 0, count));
    }
  }
  return out;
}

/** The parenthesised groups of a call, outermost only: `(<window>)( <ts>, f(x) )` gives `<window>` and `<ts>, f(x)`. */
function topLevelGroups(text: string): string[] {
  const groups: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(' && depth++ === 0) start = i + 1;
    else if (text[i] === ')' && depth > 0 && --depth === 0) groups.push(text.slice(start, i).trim());
  }
  return groups;
}

/**
 * What each function's documented syntax (`functions.tsv`, its first form) adds to the probed argument types: the
 * parameters written before the arguments, and a `...` among the arguments (more than the prober tried).
 */
export function documentedForms(projectRoot: string): Map<string, CallForm> {
  const out = new Map<string, CallForm>();
  for (const [name, syntax] of documentedSyntax(projectRoot)) {
    // The calls themselves, of this name: a window function's OVER clause is not part of them.
    const calls = syntax.split(';').flatMap((form) => {
      const call = form.split(/\sOVER\b/)[0]!.trim();
      const head = /^[A-Za-z_][A-Za-z0-9_]*/.exec(call)?.[0];
      if (!head || head.toLowerCase() !== name.toLowerCase()) return [];
      const groups = topLevelGroups(call.slice(head.length));
      const params = groups
        .slice(0, -1)
        .map((g) => `(${g.replace(/\s+/g, ' ')})`)
        .join('');
      return groups.length ? [{ args: groups.at(-1)!, params }] : [];
    });
    const [first] = calls;
    if (!first) continue;
    const form: CallForm = {};
    // Parameters a later form adds to a first without them are optional: GROUP_ARRAY_MOVING_AVG[(<window_size>)].
    const later = calls.find((c) => c.params)?.params;
    // Several parameters (`(<level1>[, <level2>, ...])`, `(level1, level2, ...)`): the form of one is the first
    // without its optional ones, and the form of several is written out.
    const several = calls.find((c) => /\.\.\./.test(c.params))?.params;
    if (first.params) form.params = several === first.params ? first.params.replace(/\s*\[.*\]/, '') : first.params;
    else if (later) form.params = `[${later}]`;
    if (several) form.several = several.replace(/[[\]]/g, '');
    // A `...` in brackets that more arguments follow repeats a group in the middle (IF(cond1, expr1, [cond2, expr2,
    // ...], expr_else)): no more arguments after the last, so no trailing `[, ...]`.
    if (/\.\.\./.test(first.args) && !/\[[^\]]*\.\.\.[^\]]*\]\s*,/.test(first.args)) form.variadic = true;
    if (form.params || form.variadic) out.set(name.toLowerCase(), form);
  }
  return out;
}
