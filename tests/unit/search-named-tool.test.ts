import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { addFillerPages, hits, record } from './search-records.ts';

describe('a rare word that is a page title (a tool)', () => {
  const pages: Record<string, PageRecord> = {
    tracing: record('/doc/tracing', 'Tracing Databend', 'Turn on tracing to follow each query through its stages.', [
      'Step 1: Turn tracing on',
    ]),
    jaeger: record('/doc/jaeger', 'Jaeger', 'Point the query traces of Databend at Jaeger and view them.', [
      'Step 1: Start Jaeger',
    ]),
  };
  addFillerPages(pages);
  const q = 'send query traces to jaeger';
  // send, query, traces, jaeger: the tracing page says more of the query; it names Jaeger once in its body, and
  // Jaeger, on two pages only, is a rare word, which the body of a page usually counts for as if its summary said it.
  const bodies: BodyHit[][] = [
    [
      { id: 'tracing', score: 10, locations: [3] },
      { id: 'jaeger', score: 1, locations: [30] },
    ],
    hits({ tracing: [4], jaeger: [9] }),
    hits({ tracing: [5], jaeger: [10] }),
    [
      { id: 'tracing', score: 4, locations: [40] },
      { id: 'jaeger', score: 10, locations: [1, 11] },
    ],
  ];
  it("puts the tool's own page first, not a page that mentions the tool in its text", () => {
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/jaeger');
  });
});
