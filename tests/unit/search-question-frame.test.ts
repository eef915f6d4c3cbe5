/**
 * Words that frame a reader's question rather than name its subject: the closing "work" of "how does X work" weighs
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { record, hits, addFillerPages } from './search-records.ts';
import { asksConcept, questionFrame } from '../../src/islands/query-intent.ts';

// [url, title, crumbs, summary, section, headings]

describe('the frame of a question', () => {
  it('is the closing "work" of a "how" question, nothing else', () => {
    const frame = (q: string) => questionFrame(q, queryTerms(q));
    expect(frame('how do roles work')).toEqual([false, true]);
    expect(frame('how time travel works')).toEqual([false, false, true]);
    expect(frame('which versions work together')).toEqual([false, false, false]);
    expect(frame('how work')).toEqual([false]);
  });

  it('does not let a page that says "work" in passing outrank the page that explains the subject', () => {
    const concept: Record<string, PageRecord> = {
      explain: record('/doc/access-control', 'Roles', 'Roles, privileges and who holds them.'),
      grant: record('/doc/grant-role', 'GRANT ROLE', 'Give roles to a user.'),
    };
    addFillerPages(concept);
    const q = 'how do roles work';
    const bodies: BodyHit[][] = [
      hits({ explain: [3], grant: [3] }), // roles
      hits({ grant: [9], p0: [1], p1: [1], p2: [1], p3: [1] }), // work
    ];
    const ranked = rankPages(buildFieldIndex(concept), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/access-control');
  });
});

describe('a request for an explanation', () => {
  it('is "explain" before an article or a question word, not before a statement', () => {
    const frame = (q: string) => questionFrame(q, queryTerms(q));
    expect(frame('explain the kinds of stages')).toEqual([true, false, false]);
    expect(asksConcept('explain the kinds of stages')).toBe(true);
    expect(frame('explain analyze')).toEqual([false, false]);
    expect(asksConcept('explain analyze')).toBe(false);
    expect(frame('explain select')).toEqual([false, false]);
  });

  it('puts the page that explains the subject above the EXPLAIN commands and a long text using every word', () => {
    const pages: Record<string, PageRecord> = {
      stages: record('/doc/load-data/why-stages', 'Why Stages', 'The kinds of stages: user, table and named.'),
      ast: record('/doc/sql-commands/explain-ast', 'EXPLAIN AST', 'Show the syntax tree of a statement.'),
      design: record('/doc/design/shuffle', 'Data Shuffle', 'How a plan is cut into stages.'),
    };
    addFillerPages(pages);
    const q = 'explain the kinds of stages';
    const bodies: BodyHit[][] = [
      hits({ ast: [1], design: [40] }), // explain
      hits({ stages: [2], design: [41] }), // kinds
      hits({ stages: [3], design: [42] }), // stages
    ];
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/load-data/why-stages');
  });
});
