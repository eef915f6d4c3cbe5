/**
 * A card with many signatures (PLUS, MINUS, MULTIPLY over every numeric pair) shows them as a table by first
 * argument: every probed call has exactly one row, found by its first argument's type and then its second's, and
 * the Returns line is no wall of types beside it.
 */
import path from 'node:path';
import type { Element, ElementContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { functionCards } from '../../../src/examples/signatures/cards.ts';
import { readSignatures } from '../../../src/examples/signatures/store.ts';
import { familyOf } from '../../../src/examples/signatures/types.ts';
import { signatureCard } from '../../../src/reference/signature-cards.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const recorded = readSignatures(root);
const cards = functionCards(root, path.join(root, 'content/doc'), recorded, new Map());

const textOf = (n: ElementContent): string =>
  n.type === 'text' ? n.value : n.type === 'element' ? n.children.map(textOf).join('') : '';
const all = (n: Element, tag: string): Element[] =>
  n.children.flatMap((c) => (c.type !== 'element' ? [] : [...(c.tagName === tag ? [c] : []), ...all(c, tag)]));

/** The table's rows as first argument, other arguments, returns (a row group's header carried down). */
function rows(card: Element): { first: string; rest: string; returns: string }[] {
  const table = all(card, 'table')[0];
  if (!table) return [];
  return all(table, 'tbody').flatMap((body) => {
    const trs = all(body, 'tr');
    const first = textOf(all(trs[0]!, 'th')[0]!);
    return trs.map((tr) => {
      const tds = all(tr, 'td').map(textOf);
      return { first, rest: tds[0]!, returns: tds[1]! };
    });
  });
}

/** An argument type stands in a cell by its own name or its family's (`TINYINT` under INTEGER). */
const names = (cell: string, type: string) => {
  // An optional argument is in brackets: MINUS(INTEGER [, INTEGER]).
  const alternatives = cell.replace(/^\[|\]$/g, '').split(' | ');
  return alternatives.includes(type) || alternatives.includes(familyOf(type));
};

describe('a card of many signatures', () => {
  for (const name of ['plus', 'minus', 'multiply']) {
    it(`gives each call of ${name.toUpperCase()} one row, by its first and then its second argument`, () => {
      const card = signatureCard(cards[name]!);
      const table = rows(card);
      const calls = recorded.functions[name]!.calls.filter((c) => c.args.length === 2 && !c.args.includes('NULL'));
      expect(calls.length).toBeGreaterThan(20);
      for (const c of calls) {
        const found = table.filter((r) => names(r.first, c.args[0]!) && names(r.rest, c.args[1]!));
        expect(found, `${name}(${c.args.join(', ')})`).toHaveLength(1);
        // The row's result names the call's (or its family, where the widths decide it).
        const bare = c.returns.replace(/ NULL$/, '').replace(/^DECIMAL\(.*\)$/, 'DECIMAL');
        expect(
          found[0]!.returns.split(' | ').map((t) => t.replace(/ NULL$/, '')),
          c.args.join(', '),
        ).toSatisfy((ts: string[]) => ts.includes(bare) || ts.includes(familyOf(bare)));
      }
      // No signature is left out ("and 11 more type combinations"), and the Returns line points to the table.
      const text = textOf(card);
      expect(text).not.toMatch(/more type combinations|more types/);
      const returns = all(card, 'dd')[0]!;
      expect(textOf(returns).length).toBeLessThan(60);
    });
  }
});
