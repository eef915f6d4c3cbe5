import { describe, expect, it } from 'vitest';
import { editDistance, matchNames, nameKeys, normalName, type NameRecord } from '../../src/islands/name-match.ts';
import { rememberSearch, recentSearches } from '../../src/islands/recent-searches.ts';
import { mergeResults, type PageHit } from '../../src/islands/search-client.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { pickSections, scoreSections, type Fragment } from '../../src/islands/search-sections.ts';
import { queryTerms, stem, synonymsOf, words } from '../../src/islands/search-text.ts';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { pageHit } from './page-hit.ts';

const rec = (name: string, kind: NameRecord['kind'], url: string, section = 'SQL Functions'): NameRecord => ({
  name,
  kind,
  url,
  page: name,
  section,
  summary: `${name} summary`,
});

const records: NameRecord[] = [
  rec('DATE_TRUNC', 'function', '/doc/sql-functions/datetime-functions/datetrunc'),
  rec('TRUNCATE TABLE', 'command', '/doc/sql-commands/ddl/table/ddl-truncate-table', 'SQL Commands'),
  rec('ARRAY_AGG', 'function', '/doc/sql-functions/aggregate-functions/aggregate-array-agg'),
  rec('ROW_NUMBER', 'function', '/doc/sql-functions/window-functions/row-number'),
  rec('COPY INTO <table>', 'command', '/doc/sql-commands/dml/dml-copy-into-table', 'SQL Commands'),
  rec('system.query_log', 'system table', '/doc/sql-reference/system-tables/system-query-log', 'SQL Reference'),
  rec('timezone', 'setting', '/doc/sql-reference/manage-settings', 'SQL Reference'),
  rec('TIMEZONE', 'function', '/doc/sql-functions/datetime-functions/timezone'),
];
const top = (q: string, section?: string) => matchNames(records, q, section)[0]?.record.name;

describe('exact-name search', () => {
  it('treats case, underscores, spaces and hyphens as the same name', () => {
    expect(normalName('DATE_TRUNC')).toBe(normalName('date trunc'));
    expect(['date_trunc', 'DATE TRUNC', 'DateTrunc', 'date-trunc'].map((q) => top(q))).toEqual([
      'DATE_TRUNC',
      'DATE_TRUNC',
      'DATE_TRUNC',
      'DATE_TRUNC',
    ]);
  });
  it('keeps underscores inside one name: row_number is one token, not two common words', () => {
    expect(top('row_number')).toBe('ROW_NUMBER');
    expect(matchNames(records, 'row_number')[0]?.quality).toBe('exact');
  });
  it('finds names from part of a word', () => {
    const names = matchNames(records, 'trunc').map((h) => h.record.name);
    expect(names).toContain('DATE_TRUNC');
    expect(names).toContain('TRUNCATE TABLE');
  });
  it('forgives a short typo, but not in very short queries', () => {
    expect(top('aray_agg')).toBe('ARRAY_AGG');
    expect(matchNames(records, 'arry_agg')[0]?.quality).toBe('typo');
    expect(matchNames(records, 'xy')).toEqual([]);
  });
  it('answers to command names without placeholders and system tables without their prefix', () => {
    expect(nameKeys('COPY INTO <table>')).toContain('copyinto');
    expect(top('copy into')).toBe('COPY INTO <table>');
    expect(top('query_log')).toBe('system.query_log');
  });
  it('prefers a function to a setting of the same name, and filters by section', () => {
    expect(top('timezone')).toBe('TIMEZONE');
    expect(top('timezone', 'SQL Reference')).toBe('timezone');
  });
  it('computes edit distance with transpositions and stops past the budget', () => {
    expect(editDistance('arrayagg', 'araryagg', 1)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('merging names and full-text results', () => {
  const page = (url: string, title: string): PageHit => ({
    url,
    title,
    crumbs: 'SQL Functions',
    excerpt: [{ text: title, marked: false }],
    sub: [],
    titleHolds: false,
    wordsInFields: false,
  });
  it('puts names first and lists each page once', () => {
    const merged = mergeResults(
      'date_trunc',
      matchNames(records, 'date_trunc'),
      [page('/doc/sql-functions/datetime-functions/datetrunc', 'DATE_TRUNC'), page('/doc/guides/', 'Guides')],
      10,
    );
    expect(merged.map((h) => h.url)).toEqual(['/doc/sql-functions/datetime-functions/datetrunc', '/doc/guides/']);
    expect(merged[0]?.kind).toBe('function');
    expect(merged[0]?.excerpt).toEqual([{ text: 'DATE_TRUNC summary', marked: false }]);
  });
  it('keeps to the limit', () => {
    expect(mergeResults('trunc', matchNames(records, 'trunc'), [page('/a', 'A'), page('/b', 'B')], 2)).toHaveLength(2);
  });
});

describe('recent searches', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  };
  it('keeps the newest five, once each, newest first', () => {
    const store = memory();
    for (const q of ['a1', 'b2', 'A1', 'c3', 'd4', 'e5', 'f6']) rememberSearch(q, store);
    expect(recentSearches(store)).toEqual(['f6', 'e5', 'd4', 'c3', 'A1']);
  });
  it('survives broken storage contents', () => {
    const store = memory();
    store.setItem('docs-recent-searches', '{not json');
    expect(recentSearches(store)).toEqual([]);
  });
});

describe('weak name hits', () => {
  const settings: NameRecord[] = [
    {
      name: 'disable_variant_check',
      kind: 'setting',
      url: '/doc/settings',
      page: 'Settings',
      section: 'SQL Reference',
      summary: '',
    },
  ];
  it('wait behind the best full-text pages when a common word sits inside a long setting name', () => {
    const hits = matchNames(settings, 'variant');
    expect(hits[0]?.strong).toBe(false);
    const page = (url: string): PageHit => ({
      url,
      title: url,
      crumbs: '',
      excerpt: [],
      sub: [],
      titleHolds: false,
      wordsInFields: false,
    });
    const merged = mergeResults('variant', hits, [page('/doc/variant'), page('/doc/json')], 10);
    expect(merged.map((h) => h.url)).toEqual(['/doc/variant', '/doc/json', '/doc/settings']);
  });
  it('let a page titled exactly as the query stand with the exact names', () => {
    const bitmapNames: NameRecord[] = [
      {
        name: 'BITMAP_UNION',
        kind: 'function',
        url: '/doc/bitmap-union',
        page: 'BITMAP_UNION',
        section: 'SQL Functions',
        summary: '',
      },
    ];
    const page = (url: string, title: string) => pageHit(url, title);
    const merged = mergeResults(
      'bitmap',
      matchNames(bitmapNames, 'bitmap'),
      [page('/doc/other', 'Other'), page('/doc/types/bitmap', 'Bitmap')],
      10,
    );
    expect(merged[0]?.url).toBe('/doc/types/bitmap');
  });
  it('stay strong for an exact setting name', () => {
    expect(matchNames(settings, 'disable_variant_check')[0]?.strong).toBe(true);
  });
});

describe('reading a question', () => {
  it('reads a version number as its release series, one word', () => {
    expect(words('1.2 release notes')).toEqual(['v1.2', 'release', 'notes']);
    expect(words('v0.8')).toEqual(['v0.8']);
    expect(words('Databend v1.2.453')).toEqual(['databend', 'v1.2']);
    expect(words('system.tables, end of a sentence.')).toEqual(['system', 'tables', 'end', 'of', 'sentence']);
  });
  it('leaves out stop words and common verbs, unless nothing else is left', () => {
    expect(queryTerms('how do I connect with python').map((t) => t.text)).toEqual(['connect', 'python']);
    expect(queryTerms("change a user's password").map((t) => t.text)).toEqual(['change', 'user', 'password']);
    expect(queryTerms('with').map((t) => t.text)).toEqual(['with']);
  });
  it('gives a word and its usual forms one stem', () => {
    for (const [a, b] of [
      ['tables', 'table'],
      ['running', 'run'],
      ['dropped', 'drop'],
      ['queries', 'query'],
      ['created', 'creation'],
      ['added', 'add'],
      ['settings', 'setting'],
      ['strings', 'string'],
    ])
      expect(stem(a ?? '')).toBe(stem(b ?? ''));
  });
  it('knows words readers use for ours', () => {
    expect(synonymsOf(stem('cancel'))).toContain(stem('kill'));
    expect(synonymsOf(stem('json'))).toContain(stem('variant'));
  });
});

describe('ranking pages', () => {
  // [url, title, crumbs, summary, section, headings, keywords, listing]
  const pages: Record<string, PageRecord> = {
    kill: [
      '/doc/kill-query',
      'KILL QUERY',
      'SQL Commands',
      'Stop a running query or end a session.',
      'SQL Commands',
      [],
      ['cancel', 'abort'],
    ],
    usecase: [
      '/doc/use-case',
      'Analyzing Flights',
      'Use Cases',
      'Load flight data and analyse delays with many queries.',
      'Use Cases',
      ['Step 1: Create the table'],
    ],
    alter: [
      '/doc/alter-table-column',
      'ALTER TABLE COLUMN',
      'SQL Commands',
      'Add, drop and rename the columns of a table.',
      'SQL Commands',
      [],
      ['add column'],
    ],
    tutorial: [
      '/doc/tutorial',
      'A Long Tutorial',
      'Guides',
      'Build a small warehouse step by step.',
      'Guides',
      ['Step 2: Add data'],
    ],
    kafka: ['/doc/kafka', 'Kafka', 'Load Data', 'Stream messages from Apache Kafka topics into Databend.', 'Load Data'],
    pivot: [
      '/doc/pivot',
      'PIVOT',
      'SQL Commands',
      'Turn values into columns.',
      'SQL Commands',
      [],
      ['rows to columns'],
    ],
    unpivot: [
      '/doc/unpivot',
      'UNPIVOT',
      'SQL Commands',
      'Turn columns into rows.',
      'SQL Commands',
      [],
      ['columns to rows'],
    ],
    listing: [
      '/doc/kill',
      'Kill Commands',
      'SQL Commands',
      'Stop a running query or close a connection.',
      'SQL Commands',
      [],
      [],
      1,
    ],
  };
  const index = buildFieldIndex(pages);
  /** Full-text answers per query word: page id → score (the body mentions). */
  const body = (per: Record<string, Record<string, number>>) => (q: string) =>
    queryTerms(q).map((t) =>
      Object.entries(per[t.text] ?? {}).map(([id, score]): BodyHit => ({ id, score, locations: [1] })),
    );
  const rank = (q: string, bodies: BodyHit[][] = queryTerms(q).map(() => [])) =>
    rankPages(index, queryTerms(q), bodies, undefined, q).map((r) => r.doc.url);

  it('finds a page by a keyword or a synonym the page itself does not use', () => {
    const bodies = body({ running: { usecase: 8, tutorial: 5 }, query: { usecase: 9, tutorial: 6, kill: 3 } });
    expect(rank('cancel a running query', bodies('cancel a running query'))[0]).toBe('/doc/kill-query');
  });
  it('lets a missing word cost but never exclude: every word need not appear', () => {
    const bodies = body({ stream: {}, data: { usecase: 4, tutorial: 6 }, kafka: { kafka: 9 } });
    const order = rank('stream data from kafka', bodies('stream data from kafka'));
    expect(order[0]).toBe('/doc/kafka');
  });
  it('puts the reference page whose summary answers the query above a long page that mentions the words', () => {
    const bodies = body({
      add: { tutorial: 9, alter: 2 },
      column: { tutorial: 9, alter: 5 },
      table: { tutorial: 9, alter: 6 },
    });
    expect(rank('add a column to a table', bodies('add a column to a table'))[0]).toBe('/doc/alter-table-column');
  });
  it('reads the order of words that follow each other', () => {
    expect(rank('turn rows into columns')[0]).toBe('/doc/pivot');
    expect(rank('turn columns into rows')[0]).toBe('/doc/unpivot');
  });
  it('ranks a generated list of links below the page it lists', () => {
    const order = rank('stop a running query');
    expect(order.indexOf('/doc/kill-query')).toBeLessThan(order.indexOf('/doc/kill'));
  });
  it("lets a word found in the body of one page only (an error name) outweigh words in another page's title", () => {
    const more: Record<string, PageRecord> = {};
    for (let i = 0; i < 20; i++)
      more[`filler${i}`] = [`/doc/filler-${i}`, `Filler ${i}`, 'Guides', 'Nothing asked.', 'Guides'];
    more.alter = ['/doc/alter-view', 'ALTER VIEW', 'SQL Commands', 'Change the query of a view.', 'SQL Commands'];
    more.tutorial = ['/doc/tutorial', 'A Long Tutorial', 'Guides', 'Build a small warehouse step by step.', 'Guides'];
    const q = 'UnknownView alter view';
    const per: Record<string, Record<string, number>> = {
      unknownview: { tutorial: 2 },
      alter: { alter: 5, tutorial: 1 },
      view: { alter: 6, tutorial: 2, filler1: 1, filler2: 1 },
    };
    const bodies = queryTerms(q).map((t) =>
      Object.entries(per[t.text] ?? {}).map(([id, score]): BodyHit => ({ id, score, locations: [1] })),
    );
    expect(rankPages(buildFieldIndex(more), queryTerms(q), bodies, undefined, q)[0]?.doc.url).toBe('/doc/tutorial');
  });
  it(
    'puts the page that documents a topic before its design proposal, its release note ' +
      'and its contributor guide, unless asked for them',
    () => {
      const kinds = buildFieldIndex({
        rfc: ['/doc/contributing/rfcs/share', 'Sharing', 'RFCs', 'How sharing is designed.', 'Contribute'],
        doc: [
          '/doc/sql-commands/ddl/share/create-share',
          'Sharing data',
          'SQL Commands',
          'How sharing works.',
          'SQL Commands',
        ],
        release: ['/doc/releases/v0.9.0', 'Sharing data', 'Release Notes', 'How sharing works.', 'Release Notes'],
      });
      const first = (q: string) =>
        rankPages(
          kinds,
          queryTerms(q),
          queryTerms(q).map(() => []),
          undefined,
          q,
        )[0]?.doc.url;
      expect(first('sharing data')).toBe('/doc/sql-commands/ddl/share/create-share');
      expect(first('sharing rfc')).toBe('/doc/contributing/rfcs/share');
      expect(first('sharing data release')).toBe('/doc/releases/v0.9.0');
    },
  );
  it('reads a word no field holds as the field word it misspells, even when a page has the same typo in its text', () => {
    const more: Record<string, PageRecord> = {
      travel: ['/doc/travel', 'Time Travel', 'Guides', 'Query older data.', 'Guides'],
      logs: ['/doc/logs', 'Time in Server Logs', 'Monitor', 'Read the log files.', 'Monitor'],
    };
    for (let i = 0; i < 20; i++)
      more[`filler${i}`] = [`/doc/filler-${i}`, `Filler ${i}`, 'Guides', 'Nothing asked.', 'Guides'];
    const typo = buildFieldIndex(more);
    const q = 'time travle';
    const bodies = queryTerms(q).map((t) => (t.text === 'travle' ? [{ id: 'logs', score: 5, locations: [1] }] : []));
    expect(rankPages(typo, queryTerms(q), bodies, undefined, q)[0]?.doc.url).toBe('/doc/travel');
  });
  it('never matches a short word to a typo of another (cast is not last)', () => {
    const typoIndex = buildFieldIndex({
      last: ['/doc/last', 'LAST', '', 'The last value.', 'SQL Functions'],
      cast: ['/doc/conv', 'Conversion', '', 'Convert values with CAST.', 'SQL Functions'],
    });
    expect(rankPages(typoIndex, queryTerms('cast'), [[]]).map((r) => r.doc.url)).toEqual(['/doc/conv']);
  });
});

describe('a typo of a name and exact words', () => {
  const hit = pageHit;
  const last: NameRecord[] = [rec('LAST', 'function', '/doc/last')];
  it('a name one typo away waits behind a page whose title or summary holds the word', () => {
    const names = matchNames(last, 'cast');
    expect(names[0]?.quality).toBe('typo');
    expect(mergeResults('cast', names, [hit('/doc/conv', 'Conversion', true)], 10).map((h) => h.url)).toEqual([
      '/doc/conv',
      '/doc/last',
    ]);
  });
  it('still comes first when no page holds the word', () => {
    expect(mergeResults('cast', matchNames(last, 'cast'), [hit('/doc/other', 'Other', false)], 10)[0]?.url).toBe(
      '/doc/last',
    );
  });
  it('gives one order whatever the limit: the dialog shows the start of the search page list', () => {
    const many = Array.from({ length: 40 }, (_, i) => hit(`/doc/p${i}`, `P${i}`, i % 3 === 0));
    const long = mergeResults('cast', matchNames(last, 'cast'), many, 50).map((h) => h.url);
    expect(mergeResults('cast', matchNames(last, 'cast'), many, 10).map((h) => h.url)).toEqual(long.slice(0, 10));
  });
});

describe('deep links', () => {
  const text =
    'INSERT INTO Add rows to a table . Syntax INSERT INTO t VALUES ( 1 ) . OVERWRITE ' +
    'INSERT OVERWRITE t replaces every row of the table . Examples INSERT INTO t SELECT';
  const at = (w: string) =>
    text.split(' ').reduce<number[]>((acc, x, i) => (x.toLowerCase() === w ? [...acc, i] : acc), []);
  const fragment: Fragment = {
    url: '/doc/insert/',
    content: text,
    anchors: [
      { element: 'h2', id: 'syntax', text: 'Syntax', location: 8 },
      { element: 'h2', id: 'overwrite', text: 'OVERWRITE', location: 16 },
      { element: 'h2', id: 'examples', text: 'Examples', location: 26 },
    ],
  };
  const terms = queryTerms('insert overwrite');
  const sections = scoreSections(fragment, 'INSERT INTO', terms, [1, 3], [at('insert'), at('overwrite')]);
  it('offers the heading that matched, not the first headings of the page', () => {
    const { sub, jump } = pickSections(sections);
    expect(jump?.anchor).toBe('overwrite');
    expect(sub.map((s) => s.anchor)).not.toContain('syntax');
  });
  it('keeps the top of the page when the title answers the query', () => {
    const own = scoreSections(fragment, 'INSERT INTO', queryTerms('insert'), [1], [at('insert')]);
    expect(pickSections(own).jump).toBeUndefined();
  });
  it('marks the matched words in the excerpt of a section', () => {
    const overwrite = sections.find((s) => s.anchor === 'overwrite');
    expect(overwrite?.excerpt.filter((r) => r.marked).map((r) => r.text.toLowerCase())).toContain('overwrite');
  });
});
