/**
 * A card's signatures as a table by first argument, for a function with more signatures than a list reads well
 * (PLUS, MINUS and MULTIPLY over every pair of numeric types): a reader finds the row of their first argument's
 * type, then the other arguments and what they return. Exact: each first-argument alternative of a signature gets
 * its own row under that type, and two rows merge only where they return the same type for one other argument.
 * An alternative that names several types (`FLOAT | DOUBLE`, each returning itself) stays one row.
 */
import { returnText, signatureText, type Signature } from './collapse.ts';

/** Signatures beyond this many are drawn as the table (a list of more does not read). */
export const MAX_SIGNATURES = 8;

export interface ArgumentRow {
  /** The other arguments, as a signature writes them (`INTEGER | DECIMAL`, `[INTEGER]`); empty for none. */
  rest: string;
  returns: string;
}

export interface ArgumentGroup {
  first: string;
  rows: ArgumentRow[];
}

/** The arguments after the first as a signature writes them, brackets for optional ones included. */
function restText(s: Signature): string {
  if (s.args.length < 2) return '';
  const text = signatureText('x', { ...s, args: s.args.slice(1), required: Math.max(0, s.required - 1) });
  return text.slice(2, text.lastIndexOf(') → '));
}

/**
 * The table, or undefined where the signatures are few or not all written plainly (parameters, a repeated group,
 * an optional first argument: a table by first argument would not say them exactly).
 */
export function argumentTable(
  lines: { text: string; signature: Signature }[],
  name: string,
): ArgumentGroup[] | undefined {
  if (lines.length <= MAX_SIGNATURES) return undefined;
  const plain = lines.every(
    (l) =>
      l.text.startsWith(`${name.toUpperCase()}(`) &&
      !l.text.includes('...') &&
      l.signature.args.length > 0 &&
      l.signature.required > 0,
  );
  if (!plain) return undefined;
  const groups = new Map<string, (ArgumentRow & { single?: string[] })[]>();
  for (const { signature: s } of lines) {
    const single = s.args.length === 2 && s.required === 2 ? s.args[1] : undefined;
    for (const first of s.args[0]!) {
      const rows = groups.get(first) ?? [];
      const returns = returnText(s);
      // One other argument and the same result: one row with both argument types.
      const same = single && rows.find((r) => r.single && r.returns === returns);
      if (same) {
        same.single = [...new Set([...same.single!, ...single])];
        same.rest = same.single.join(' | ');
      } else rows.push({ rest: restText(s), returns, ...(single ? { single: [...single] } : {}) });
      groups.set(first, rows);
    }
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([first, rows]) => ({ first, rows: rows.map(({ rest, returns }) => ({ rest, returns })) }));
}
