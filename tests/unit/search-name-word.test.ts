/**
 * A function's whole name used as a plain word in a sentence ("query data as it was yesterday"): rare because a
 * function is named after it, it must not outweigh the rest of the sentence, unless the reader types it as a name
 * or the function's page answers the sentence's other words too.
 */
import { describe, expect, it } from 'vitest';
import type { NameRecord, PageRecord } from '../../src/islands/name-match.ts';
import { functionWordPages, readsAsSentence, typedAsName } from '../../src/islands/name-word.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { record } from './search-records.ts';

const YESTERDAY = '/doc/sql-functions/datetime-functions/yesterday';
const NOW = '/doc/sql-functions/datetime-functions/now';
const AT = '/doc/sql-commands/query-syntax/query-at';
const body = (per: Record<string, number>): BodyHit[] =>
  Object.entries(per).map(([id, score]) => ({ id, score, locations: [1] }));

const pages: Record<string, PageRecord> = {
  yesterday: record(YESTERDAY, 'YESTERDAY', 'Returns the date of the day before today.'),
  now: record(NOW, 'NOW', 'Returns the current date and time.'),
  at: record(AT, 'AT', 'Query a table as it was at an earlier snapshot or timestamp.', ['Query past data']),
  select: record('/doc/sql-commands/query-syntax/query-select', 'SELECT', 'Read rows from tables.'),
  server: record('/doc/deploy/query-config', 'Query Server Configurations', 'The settings of the query server.'),
  clock: record('/doc/deploy/clock', 'Clock Settings', 'The time a server keeps.'),
};
// Forty other pages; "query" and "data" are in the text of thirty, as on the site.
for (let i = 0; i < 40; i++) pages[`p${i}`] = record(`/doc/page-${i}`, `Page ${i}`, 'Nothing in particular.');
const common = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, 4]));
const fn = (name: string, url: string): NameRecord => ({
  name,
  kind: 'function',
  url,
  page: name,
  section: '',
  summary: '',
});
const index = buildFieldIndex(pages);
const withNames = buildFieldIndex(pages);
withNames.functionPages = functionWordPages([fn('YESTERDAY', YESTERDAY), fn('NOW', NOW)], (url) =>
  withNames.docs.findIndex((d) => d.url === url),
);

// Pagefind's answer per query word: "yesterday" only on its function's page, "now" on its own and two others.
const words: Record<string, BodyHit[]> = {
  query: body({ at: 8, select: 9, server: 9, ...common }),
  data: body({ at: 7, select: 8, ...common }),
  yesterday: body({ yesterday: 10 }),
  time: body({ now: 9, clock: 9, at: 5, p30: 3 }),
  now: body({ now: 10 }),
  server: body({ server: 10, clock: 9, p33: 3 }),
};
const first = (idx: typeof index, q: string) => {
  const terms = queryTerms(q);
  return rankPages(
    idx,
    terms,
    terms.map((t) => words[t.text] ?? []),
    undefined,
    q,
  )[0]?.doc.url;
};

describe('a function’s name as a plain word', () => {
  it('lets the rest of a lower-case sentence decide when the function’s page answers none of it', () => {
    expect(first(index, 'query data as it was yesterday')).toBe(YESTERDAY);
    expect(first(withNames, 'query data as it was yesterday')).toBe(AT);
  });

  it('keeps the name’s weight when it is typed as a name', () => {
    expect(first(withNames, 'query data as it was YESTERDAY')).toBe(YESTERDAY);
  });

  it('keeps the name’s weight when the function’s page answers the sentence’s other words', () => {
    expect(first(withNames, 'what time is it now on the server')).toBe(NOW);
  });

  it('reads only lower-case sentences of four words or more, without code, as plain words', () => {
    expect(readsAsSentence('query data as it was yesterday')).toBe(true);
    expect(readsAsSentence('Yesterday we dropped a table')).toBe(true);
    expect(readsAsSentence('yesterday')).toBe(false);
    expect(readsAsSentence('select yesterday() as day')).toBe(false);
    expect(readsAsSentence('how does the yesterday function work')).toBe(false);
    expect(typedAsName('Yesterday we dropped a table', 'yesterday')).toBe(false);
    expect(typedAsName('query data as it was YESTERDAY', 'yesterday')).toBe(true);
  });
});
