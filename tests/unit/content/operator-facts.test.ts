/**
 * Operator facts restored from older releases' pages stay on their pages: the recorded decisions in
 * content/catalogue/operator-facts.tsv hold for the content as it is, and dropping a fact from a page is caught.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentErrors } from '../../../src/content/errors.ts';
import { checkOperatorFacts, operatorFactProblems, parseOperatorFacts } from '../../../src/content/operator-facts.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const HEADER = 'page\tidentifier\tstatus\tnote';

describe('operator facts', () => {
  it('every restored fact is still on its page, and every gone fact is named there', () => {
    const { facts, problems } = checkOperatorFacts(root);
    expect(problems).toEqual([]);
    expect(facts.filter((f) => f.status === 'restored').length).toBeGreaterThan(100);
  });

  it('reports a page that dropped a restored fact, naming the line of the facts file', () => {
    const facts = parseOperatorFacts(
      `${HEADER}\na.md\tQUERY_MAX_ACTIVE_SESSIONS\trestored\t\nb.md\tmax_memory_usage\tgone-in-1.2.453\trenamed\n`,
    );
    const pages: Record<string, string> = { 'a.md': 'Set query_max_active_sessions.', 'b.md': 'Nothing here.' };
    expect(operatorFactProblems(facts, (p) => pages[p])).toEqual([
      'content/catalogue/operator-facts.tsv:2: content/doc/a.md no longer gives `QUERY_MAX_ACTIVE_SESSIONS`',
      'content/catalogue/operator-facts.tsv:3: content/doc/b.md no longer says what became of `max_memory_usage`',
    ]);
    expect(operatorFactProblems(facts, () => 'QUERY_MAX_ACTIVE_SESSIONS and max_memory_usage')).toEqual([]);
    // A longer name that contains the identifier does not count: the setting itself must be named.
    expect(operatorFactProblems(facts, () => 'QUERY_MAX_ACTIVE_SESSIONS_X and query_max_memory_usage')).toHaveLength(2);
  });

  it('refuses a bad line with the file and line', () => {
    const bad = (text: string) => {
      try {
        parseOperatorFacts(text);
      } catch (err) {
        if (err instanceof ContentErrors) return err.errors.map((e) => e.message);
      }
      return [];
    };
    expect(bad(`${HEADER}\na.md\tkey\tmaybe\t\n`)).toEqual([
      'content/catalogue/operator-facts.tsv:2: status "maybe" is not one of restored, gone-in-1.2.453, noise',
    ]);
    expect(bad(`${HEADER}\na.md\tt1\tnoise\t\n`)).toEqual([
      'content/catalogue/operator-facts.tsv:2: a "noise" fact needs a note saying why',
    ]);
    expect(bad('page\tid\n')[0]).toMatch(/operator-facts.tsv:1: the first line must be the header/);
  });
});
