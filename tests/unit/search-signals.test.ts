import { describe, expect, it } from 'vitest';
import { phraseRun } from '../../src/islands/body-proximity.ts';
import { kindPrior } from '../../src/islands/page-kind.ts';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex, commonTerms, headingWeightOf } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { sectionShare } from '../../src/islands/section-match.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { hits, record } from './search-records.ts';
import { askedStatements, asksConcept, asksWhen } from '../../src/islands/query-intent.ts';

describe('a run of query words in a page body', () => {
  it('takes the query words that follow each other in order, a few words apart at most', () => {
    // "key list has a different size from value list": key 0, list 1, different 4, size 5, value 7, list 8.
    const at = [[0], [1, 8], [4], [5], [7]];
    expect(phraseRun(at, [1, 1, 1, 1, 1])).toEqual([0, 1, 2, 3, 4]);
  });
  it('breaks the run where the words are far apart or out of the query order', () => {
    expect(phraseRun([[0], [20], [21]], [1, 1, 1])).toEqual([1, 2]);
    expect(phraseRun([[5], [4], [3]], [1, 1, 1])).toHaveLength(1);
  });
  it('prefers the heavier run when a page holds two', () => {
    // Words 0 and 1 together at 10-11, words 2, 3 and 4 together at 50-52; word 2 weighs most.
    expect(phraseRun([[10], [11], [50], [51], [52]], [1, 1, 3, 1, 1])).toEqual([2, 3, 4]);
  });
});

// [url, title, crumbs, summary, section, headings, keywords, listing]

describe('a pasted message', () => {
  // Five pages hold every word of the message; only the map page prints it as one sentence.
  const pages: Record<string, PageRecord> = {
    map: record('/doc/map', 'MAP', 'Build a map from two arrays.'),
    tables: record('/doc/system-tables', 'system.tables', 'Each table and its size.'),
    status: record('/doc/table-status', 'SHOW TABLE STATUS', 'The size of a table.'),
    other: record('/doc/other', 'Other', 'Nothing in particular.'),
    more: record('/doc/more', 'More', 'Nothing in particular.'),
  };
  const q = 'key list has a different size from value list';
  // Each word is on five pages: common words, none of them names a page alone.
  const at = (map: number, tables: number, status: number) =>
    hits({ map: [map], tables: [tables], status: [status], other: [tables + 1], more: [status + 3] });
  const bodies: BodyHit[][] = [
    at(100, 3, 40), // key
    at(101, 9, 80), // list
    at(104, 30, 12), // different
    at(105, 60, 2), // size
    at(107, 90, 25), // value
  ];
  it('puts first the page that holds its words in a row, above pages whose fields share its words', () => {
    const index = buildFieldIndex(pages);
    const ranked = rankPages(index, queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/map');
  });
  it('gives nothing for a run that many pages hold: a common phrase names no page', () => {
    // Four more pages print the same sentence: the run no longer names the map page, whose fields say little.
    const many: Record<string, PageRecord> = { ...pages };
    const run = bodies.map((list) => [...list]);
    for (let i = 0; i < 4; i++) {
      many[`copy${i}`] = record(`/doc/copy${i}`, `Copy ${i}`, 'Nothing in particular.');
      run.forEach((list, t) =>
        list.push({ id: `copy${i}`, score: 10, locations: [[100, 101, 104, 105, 107][t] ?? 0] }),
      );
    }
    const ranked = rankPages(buildFieldIndex(many), queryTerms(q), run, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/system-tables');
  });
});

describe('a version in the query', () => {
  const pages: Record<string, PageRecord> = {
    conformance: record('/doc/ansi-sql', 'SQL Conformance', 'Which parts of standard SQL Databend v1.2.453 supports.', [
      'Other standard features',
    ]),
    release: record('/doc/releases/v1.2.0', "What's new in the v1.2 series release", 'Bitmaps, faster joins.', [
      'New features',
    ]),
    upgrade: record('/doc/deploy/upgrade-1.0', 'Upgrade Databend to 1.0', 'Move a deployment from 0.8 to 1.0.'),
    release10: record('/doc/releases/v1.0.0', "What's new in the v1.0 series release", 'Query result cache.'),
    settings: record('/doc/settings', 'Settings', 'Every setting and its default.'),
  };
  const index = buildFieldIndex(pages);
  const first = (q: string, bodies: BodyHit[][] = queryTerms(q).map(() => [])) =>
    rankPages(index, queryTerms(q), bodies, undefined, q)[0]?.doc.url;

  it('finds the release note of that series, not a page whose summary prints the engine version', () => {
    expect(first('databend 1.2 features')).toBe('/doc/releases/v1.2.0');
  });
  it('puts the release note of the series above another page named after the version', () => {
    // "new" and "version" are in the body of the upgrade guide (and of other pages), not of the release note: the
    // guide answers more of the query, the release note is the page for the series.
    const q = 'new in version 1.0';
    const body = (scores: Record<string, number>) =>
      Object.entries(scores).map(([id, score]): BodyHit => ({ id, score, locations: [1] }));
    const others = { conformance: 10, release: 10, settings: 10 };
    const bodies = [body({ upgrade: 2, ...others }), body({ upgrade: 5, ...others }), []];
    expect(first(q, bodies)).toBe('/doc/releases/v1.0.0');
  });
  it('raises release notes when the query asks for a release, and lowers them when it does not', () => {
    expect(
      kindPrior(
        'release',
        queryTerms('release that introduced the bitmap type').map((t) => t.stem),
        false,
      ),
    ).toBeGreaterThan(1);
    expect(
      kindPrior(
        'release',
        queryTerms('bitmap type').map((t) => t.stem),
        false,
      ),
    ).toBeLessThan(1);
  });
  it('still finds the task page when the query asks for the task', () => {
    expect(first('upgrade to 1.0')).toBe('/doc/deploy/upgrade-1.0');
  });
});

describe('a version of the series every page documents', () => {
  // Among many pages, as on the site: a version is in the title of its release note only, so it weighs most.
  const pages: Record<string, PageRecord> = {
    release: record('/doc/releases/v1.2.0', "What's new in the v1.2 series release", 'Bitmaps, faster joins.'),
    release10: record('/doc/releases/v1.0.0', "What's new in the v1.0 series release", 'Query result cache.'),
    settings: record('/doc/settings', 'Settings Reference', 'Every setting and its default.'),
  };
  for (let i = 0; i < 12; i++) pages[`p${i}`] = record(`/doc/p${i}`, `Page ${i}`, 'Databend does something here.');
  const index = buildFieldIndex(pages);
  // As the search client ranks: with the words it reads as common.
  const first = (q: string) =>
    rankPages(index, queryTerms(q), [], undefined, q, commonTerms(index, queryTerms(q)))[0]?.doc.url;

  it('is a qualifier beside another subject: the page about the subject comes first, not the release note', () => {
    expect(first('settings of databend 1.2.453')).toBe('/doc/settings');
  });
  it('names its release note alone or with a word asking for a release; an older series names its note', () => {
    expect(first('databend 1.2')).toBe('/doc/releases/v1.2.0');
    expect(first('bitmaps new in 1.2')).toBe('/doc/releases/v1.2.0');
    expect(first('settings changes in 1.0')).toBe('/doc/releases/v1.0.0');
    expect(first('settings of databend 1.0')).toBe('/doc/releases/v1.0.0');
  });
  it('is asked about beside a word that mostly release notes hold ("series"), as beside "new"', () => {
    const withSeries: Record<string, PageRecord> = {
      ...pages,
      generate: record('/doc/generate_series', 'GENERATE_SERIES', 'A series of numbers.'),
    };
    const seriesIndex = buildFieldIndex(withSeries);
    const q = 'what came in the 1.2 series';
    const terms = queryTerms(q);
    expect(commonTerms(seriesIndex, terms)).toEqual([false, false, false]);
    // An older note that says "came" in its text does not outweigh the note of the series asked for.
    const bodies = [hits({ release10: [3] }), [], []];
    const ranked = rankPages(seriesIndex, terms, bodies, undefined, q, commonTerms(seriesIndex, terms));
    expect(ranked[0]?.doc.url).toBe('/doc/releases/v1.2.0');
    // Beside a word of another subject the series stays a qualifier.
    expect(commonTerms(seriesIndex, queryTerms('settings of databend 1.2'))).toEqual([false, true, true]);
  });
});

describe('pages that are never put first for holding the query', () => {
  const pages: Record<string, PageRecord> = {
    rfc: ['/doc/contributing/rfcs/semi-structured', 'Semi-structured Data Type', 'Docs', 'A design.', 'Docs'],
    variant: [
      '/doc/data-types/variant',
      'Variant',
      'Docs',
      'Semi-structured data: JSON documents.',
      'Docs',
      [],
      ['semi-structured'],
    ],
    listing: record('/doc/reference/table', 'Table', 'Create tables: options, optimisation and removal.', [], true),
  };
  const index = buildFieldIndex(pages);
  const ranked = (q: string) =>
    rankPages(
      index,
      queryTerms(q),
      queryTerms(q).map(() => []),
      undefined,
      q,
    );

  it('an RFC whose title holds the query does not claim the title match', () => {
    const rfc = ranked('semi structured data').find((r) => r.doc.url.includes('/rfcs/'));
    expect(rfc?.titleHolds).toBe(false);
  });
  it('a generated section index whose summary holds every word does not claim it', () => {
    const listing = ranked('optimisation table').find((r) => r.doc.url === '/doc/reference/table');
    expect(listing).toBeDefined();
    expect(listing?.wordsInFields).toBe(false);
    expect(listing?.titleHolds).toBe(false);
  });
});

describe('a misspelt word', () => {
  const pages: Record<string, PageRecord> = {
    overview: record('/doc/policies/masking/', 'MASKING POLICY', 'Hide sensitive column values from some roles.'),
    desc: record('/doc/commands/desc-masking-policy', 'DESC MASKING POLICY', 'Show the details of a masking policy.'),
    drop: record('/doc/commands/drop-masking-policy', 'DROP MASKING POLICY', 'Remove a masking policy.'),
  };
  it('is read as the word it misspells wherever the query is compared with a title', () => {
    // "polcy" is on no page: read as "policy", the query names the overview's title, which comes first.
    const q = 'masking polcy';
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [[], []], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/policies/masking/');
  });
});

describe('a query that asks which release brought something', () => {
  const pages: Record<string, PageRecord> = {
    v08: record(
      '/doc/releases/v0.8.0',
      "What's new in the v0.8 series release",
      'Views, DELETE FROM and time travel.',
      ['New features'],
    ),
    v09: record('/doc/releases/v0.9.0', "What's new in the v0.9 series release", 'A new type system and stages.'),
    view: record('/doc/commands/create-view', 'CREATE VIEW', 'Create a view: a query saved under a name.'),
    alter: record('/doc/commands/alter-view', 'ALTER VIEW', 'Change the query of a view.'),
    channels: [
      '/doc/releases/release-channels',
      'Release Channels',
      'Docs',
      'Where builds are published and how version numbers work.',
      'Docs',
      ['Version numbers'],
      ['versioning'],
    ],
  };
  const index = buildFieldIndex(pages);
  const first = (q: string, bodies: BodyHit[][] = queryTerms(q).map(() => [])) =>
    rankPages(index, queryTerms(q), bodies, undefined, q)[0]?.doc.url;

  it('puts first the release note whose summary names the feature, above the feature’s own pages', () => {
    expect(first('version that added views')).toBe('/doc/releases/v0.8.0');
  });
  it('reads "when did … add" as asking for a release', () => {
    // Without the release words, the view pages answer "views" in their titles.
    const q = 'when did databend add views';
    const body = Object.entries({ view: 10, alter: 9, v08: 4 }).map(([id, score]) => ({ id, score, locations: [2] }));
    const bodies = queryTerms(q).map((t) => (t.stem === 'view' ? body : []));
    expect(asksWhen(q)).toBe(true);
    expect(first(q, bodies)).toBe('/doc/releases/v0.8.0');
  });
  it('puts the release note first even when the feature’s page has it among its keywords', () => {
    const q = 'version with the cost based optimizer';
    const memo: PageRecord = [
      '/doc/explain-memo',
      'EXPLAIN MEMO',
      'Docs',
      'Show the plans.',
      'Docs',
      [],
      ['cost based optimizer'],
    ];
    const v09: PageRecord = [
      '/doc/releases/v0.9.0',
      "What's new in the v0.9 series release",
      'Docs',
      'A cost-based optimizer.',
      'Docs',
    ];
    // Both bodies hold every word, the command page's a little more often ("version" in its output).
    const body = Object.entries({ memo: 10, v09: 8 }).map(([id, score]) => ({ id, score, locations: [3] }));
    const ranked = rankPages(
      buildFieldIndex({ memo, v09 }),
      queryTerms(q),
      queryTerms(q).map(() => body),
      undefined,
      q,
    );
    expect(ranked[0]?.doc.url).toBe('/doc/releases/v0.9.0');
  });
  it('reads "version" as asking for a release, and not for one note when nothing else names it', () => {
    // "latest" is in the bodies of most pages, a release note's most: the query is about versions, answered by the
    // channels page, not by the note that says "latest" most.
    const latest: BodyHit[] = Object.entries({ v08: 10, channels: 6, view: 5, alter: 5, v09: 3 }).map(
      ([id, score]) => ({ id, score, locations: [40] }),
    );
    expect(first('latest version', [latest, []])).toBe('/doc/releases/release-channels');
  });
});

describe('a question about a topic', () => {
  const pages: Record<string, PageRecord> = {
    overview: record('/doc/clusterkey/', 'Understanding Cluster Key', 'How Databend sorts table data into blocks.'),
    set: record('/doc/clusterkey/set-cluster-key', 'SET CLUSTER KEY', 'Set how a table is sorted.'),
    drop: record('/doc/clusterkey/drop-cluster-key', 'DROP CLUSTER KEY', 'Stop sorting a table.'),
  };
  it('puts the topic’s overview first although its title says "Understanding"', () => {
    const q = 'what is a cluster key';
    // The command pages say "cluster key" in their text a little more often than the overview.
    const body = Object.entries({ set: 10, drop: 9, overview: 9 }).map(([id, score]) => ({
      id,
      score,
      locations: [3],
    }));
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [body, body], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/clusterkey/');
  });
});

describe('the headings of a page', () => {
  it('count less on a page with a hundred headings, where one holding a query word says little', () => {
    const many = Array.from({ length: 100 }, (_, i) => `setting number ${i}`);
    const pages: Record<string, PageRecord> = {
      // The settings reference sorts first when both score the same.
      settings: record('/doc/a-settings', 'Settings Reference', 'Every setting.', [...many, 'join spilling']),
      guide: record('/doc/b-guide', 'Large Queries', 'When a query runs out of memory.', ['Spilling a join']),
    };
    const q = 'spill join';
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [[], []], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/b-guide');
    expect(headingWeightOf(110)).toBeLessThan(0.4);
    expect(headingWeightOf(8)).toBe(1);
  });
  it('name the section that answers the query when one heading holds several of its words', () => {
    const pages: Record<string, PageRecord> = {
      // The same words, spread over two headings; this page sorts first when both score the same.
      spread: record('/doc/a-operations', 'Meta Cluster Operations', 'Work on a meta cluster.', [
        'Replace the configuration',
        'When a node has failed',
      ]),
      section: record('/doc/b-manage', 'Manage a Meta Cluster', 'Work on a meta cluster.', [
        'Add a node',
        'Node failed? Replace it',
      ]),
    };
    const q = 'replace a failed node';
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [[], [], []], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/b-manage');
  });
  it('add only what the title does not say: a heading repeating the title’s word is not a section match', () => {
    const terms = queryTerms('grant privileges');
    const readAs = terms.map((t) => [t.stem]);
    const weights = [1, 1];
    // "Granting privileges" on Access Control Privileges: only "grant" is new.
    expect(sectionShare([['grant', 'privileg']], ['access', 'control', 'privileg'], readAs, weights)).toBe(0);
    expect(sectionShare([['grant', 'privileg']], ['databas', 'role'], readAs, weights)).toBe(1);
  });
});

describe('a question about an idea', () => {
  const pages: Record<string, PageRecord> = {
    fuse: [
      '/doc/sql-reference/table-engines/fuse',
      'Fuse Engine',
      'Docs',
      'How the default engine stores tables.',
      'Docs',
      [],
      ['snapshots'],
    ],
    snapshot: record('/doc/sql-functions/system-functions/fuse_snapshot', 'FUSE_SNAPSHOT', 'The snapshots of a table.'),
  };
  const index = buildFieldIndex(pages);
  const ranked = (q: string) => rankPages(index, queryTerms(q), [[]], undefined, q);

  it('puts the page that explains it above a function whose name holds its word', () => {
    expect(asksConcept('what is a snapshot')).toBe(true);
    expect(ranked('what is a snapshot')[0]?.doc.url).toBe('/doc/sql-reference/table-engines/fuse');
    // The function's title holds the whole query, but it is not put first for it.
    expect(ranked('what is a snapshot').find((r) => r.doc.url.includes('fuse_snapshot'))?.titleHolds).toBe(false);
  });
  it('puts the page that explains it above a function of the same name', () => {
    const same: Record<string, PageRecord> = {
      type: record('/doc/sql-reference/data-types/tuple', 'Tuple', 'A fixed list of values of any types.'),
      fn: record('/doc/sql-functions/semi-structured-functions/tuple', 'TUPLE', 'Build a tuple from values.'),
    };
    const q = 'what is a tuple';
    const byName = rankPages(buildFieldIndex(same), queryTerms(q), [[]], undefined, q);
    expect(byName[0]?.doc.url).toBe('/doc/sql-reference/data-types/tuple');
  });
  it('leaves the function first for the same words asked as a name or a task', () => {
    expect(asksConcept('snapshot')).toBe(false);
    expect(asksConcept('how to list snapshots')).toBe(false);
    expect(ranked('snapshot')[0]?.doc.url).toBe('/doc/sql-functions/system-functions/fuse_snapshot');
  });
});

describe('the verb of a task', () => {
  const pages: Record<string, PageRecord> = {
    alter: record(
      '/doc/sql-commands/ddl/table/alter-table-column',
      'ALTER TABLE COLUMN',
      'Add, rename or drop columns.',
    ),
    describe: record('/doc/sql-commands/ddl/table/describe-table', 'DESCRIBE TABLE', 'The columns of a table.'),
  };
  it('asks for the statement that does it: "see" is SHOW or DESCRIBE, not ALTER', () => {
    expect(askedStatements('see the columns of a table')?.test('describe')).toBe(true);
    expect(askedStatements('columns of a table')).toBeUndefined();
    const q = 'see the columns of a table';
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), [[], []], undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/sql-commands/ddl/table/describe-table');
    expect(ranked.find((r) => r.doc.url.includes('alter'))?.titleHolds).toBe(false);
  });
});

describe('a question about an idea and the titles that hold it', () => {
  const pages: Record<string, PageRecord> = {
    apis: record('/doc/deploy/meta-status', 'Meta Service HTTP APIs', 'Check the meta service over HTTP.'),
    modes: record('/doc/deploy/modes', 'Understanding Databend Deployments', 'The meta service and the query nodes.'),
  };
  const index = buildFieldIndex(pages);
  const holds = (q: string) =>
    rankPages(
      index,
      queryTerms(q),
      queryTerms(q).map(() => []),
      undefined,
      q,
    ).find((r) => r.doc.url.includes('status'))?.titleHolds;
  it('are not put first for it when they name a part of it', () => {
    expect(holds('what is the meta service')).toBe(false);
    expect(holds('meta service')).toBe(true);
  });
});
