/**
 * A comparison ("X vs Y", "difference between X and Y") is a question about ideas: the page that explains both
 * comes before a command or function page named after one of them.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { record, hits, addFillerPages } from './search-records.ts';
import { asksConcept } from '../../src/islands/query-intent.ts';

// [url, title, crumbs, summary, section, headings]

describe('a comparison', () => {
  it('is read as a question about ideas', () => {
    expect(asksConcept('decimal vs float')).toBe(true);
    expect(asksConcept('union versus union all')).toBe(true);
    expect(asksConcept('difference between a view and a table')).toBe(true);
    expect(asksConcept('set global')).toBe(false);
  });

  it('puts the page that explains both sides before the command named after one', () => {
    const pages: Record<string, PageRecord> = {
      manage: record('/doc/sql-reference/manage-settings', 'Managing Settings', 'Session and global settings.'),
      set: record('/doc/sql-commands/setting-cmds/set-global', 'SET', 'Change a session or global setting.'),
    };
    addFillerPages(pages);
    const q = 'session setting vs global setting';
    // Both pages use every word in their text.
    const bodies: BodyHit[][] = queryTerms(q).map(() => hits({ manage: [3], set: [3] }));
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/sql-reference/manage-settings');
  });
});
