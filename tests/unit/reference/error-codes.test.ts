import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentErrors } from '../../../src/content/errors.ts';
import { matchNames, packNameIndex, unpackNameIndex, type NameRecord } from '../../../src/islands/name-match.ts';
import {
  EXCEPTION_SOURCE,
  extractErrorCodes,
  parseErrorNotes,
  readEngineErrors,
} from '../../../src/reference/error-codes.ts';
import {
  ERROR_PAGES_DIR,
  errorEntryUrl,
  errorPages,
  errorWords,
  typicalMessage,
} from '../../../src/reference/error-pages.ts';
import { generatedPages } from '../../../src/reference/generated-pages.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const MIRROR = '/work/.mirror/databendlabs+databend/repo';

const SOURCE = `
// Internal errors [0, 2000].
build_exceptions! {
    Ok(0),

    /// Internal means a defect.
    Internal(1001),
    // The table is not a clustered table.
    UnclusteredTable(1118),
}

// Storage errors [3001, 4000].
build_exceptions! {
    StorageNotFound(3001),
}
`;

describe('error codes from the engine source', () => {
  it('reads every Name(code) of the build_exceptions! blocks with its block and comment', () => {
    expect(extractErrorCodes(SOURCE)).toEqual([
      { name: 'Ok', code: 0, block: 'Internal errors [0, 2000].' },
      { name: 'Internal', code: 1001, block: 'Internal errors [0, 2000].', comment: 'Internal means a defect.' },
      {
        name: 'UnclusteredTable',
        code: 1118,
        block: 'Internal errors [0, 2000].',
        comment: 'The table is not a clustered table.',
      },
      { name: 'StorageNotFound', code: 3001, block: 'Storage errors [3001, 4000].' },
    ]);
  });

  it('fails naming the line when a block holds something it cannot read', () => {
    expect(() => extractErrorCodes('build_exceptions! {\n    Ok(0),\n    Weird = 3,\n}\n', 'x.rs')).toThrow(
      'x.rs:3: cannot read an error code from "Weird = 3,"',
    );
  });

  it.skipIf(!fs.existsSync(MIRROR))(
    'the recorded codes are exactly those of the engine source at the recorded version',
    () => {
      const data = readEngineErrors(root);
      const source = execFileSync('git', ['-C', MIRROR, 'show', `${data.engine}:${EXCEPTION_SOURCE}`], {
        encoding: 'utf8',
      });
      expect(data.codes).toEqual(extractErrorCodes(source));
      expect(data.codes.length).toBe(220);
    },
  );

  it('refuses a note line without three columns, naming file and line', () => {
    expect(() => parseErrorNotes('# comment\nInternal\tA defect.\n', 'notes.tsv')).toThrow(
      /notes\.tsv:2: expected three columns/,
    );
    try {
      parseErrorNotes('Ok\tFine.\tNothing.\nOk\tAgain.\tNothing.\n', 'notes.tsv');
      expect.unreachable();
    } catch (err) {
      expect((err as ContentErrors).errors[0]?.message).toBe('notes.tsv:2: "Ok" has two notes');
    }
  });
});

describe('error reference pages', () => {
  const pages = generatedPages(root).filter((p) => p.source.startsWith(ERROR_PAGES_DIR));

  it('are what the recorded codes, the notes and the recorded examples make (else: scripts/reference.ts --write)', () => {
    for (const p of pages)
      expect(fs.readFileSync(path.join(root, 'content/doc', p.source), 'utf8'), p.source).toBe(p.markdown);
  });

  it('give every code an entry headed by its code and name, with what it means and what to do', () => {
    const all = pages.map((p) => p.markdown).join('\n');
    for (const c of readEngineErrors(root).codes) expect(all).toContain(`\n### ${c.code} ${c.name}\n`);
    expect(all.match(/\*\*What to do:\*\*/g)).toHaveLength(220);
  });

  it('link a code to the pages whose recorded examples show it', () => {
    const page = pages.find((p) => p.markdown.includes('### 1118 UnclusteredTable'))!.markdown;
    const entry = page.slice(page.indexOf('### 1118 UnclusteredTable'), page.indexOf('### 1119'));
    expect(entry).toContain(
      '[CLUSTERING_INFORMATION](../../15-sql-functions/111-system-functions/clustering_information.md)',
    );
    expect(errorEntryUrl({ code: 1118, name: 'UnclusteredTable' })).toBe(
      '/doc/sql-reference/error-codes/codes-1100-1999#1118-unclusteredtable',
    );
  });

  it("quote a message the engine gave, and file an error raised under a name of no code under its code's one entry", () => {
    const data = {
      engine: 'v1.2.453',
      source: EXCEPTION_SOURCE,
      codes: [
        { name: 'Internal', code: 1001, block: '' },
        { name: 'UnknownTable', code: 1025, block: '' },
      ],
    };
    const notes = new Map([
      ['Internal', { means: 'A defect.', todo: 'Report it.', line: 1 }],
      ['UnknownTable', { means: 'No such table.', todo: 'Check the name.', line: 2 }],
    ]);
    const shown = [
      {
        source: '12-load-data/read.md',
        title: 'Reading Files',
        errors: new Set(['FromStdError:1001']),
        messages: new Map([['FromStdError:1001', 'Parquet error: Invalid Parquet file. Corrupt footer.']]),
      },
      {
        source: '14-sql-commands/drop.md',
        title: 'DROP TABLE',
        errors: new Set(['UnknownTable:1025']),
        messages: new Map([['UnknownTable:1025', 'Unknown table `default`.`t`.']]),
      },
    ];
    const page = errorPages(data, notes, shown).find((p) => p.source.endsWith('10-codes-0-1099.md'))!.markdown;
    expect(page).toContain(
      '### 1001 Internal\n\nA defect.\n\n**What to do:** Report it.\n\n**A message it gives:** ` Parquet error: Invalid Parquet file. Corrupt footer. `\n\n**Shown in the examples of:** [Reading Files](../../12-load-data/read.md).',
    );
    expect(page).toContain('**A message it gives:** `` Unknown table `default`.`t`. ``');
  });

  it("quote the message most pages show, not the first page's odd case", () => {
    expect(
      typicalMessage(['Parameters are not declared: {"fee"}.', 'Aggregate function is required.', undefined]),
    ).toBe('Parameters are not declared: {"fee"}.');
    expect(typicalMessage(['an odd, early case.', 'the usual message.', 'the usual message.'])).toBe(
      'the usual message.',
    );
    expect(typicalMessage([undefined])).toBeUndefined();
  });

  it("quote a syntax error by what the parser says at its marker, not by another code's odd case", () => {
    const diagnostic =
      "\n  --> SQL:1:64\n  |\n1 | SELECT $1 FROM @s (FILE_FORMAT => 'CSV', AWS_KEY_ID => 'k')\n" +
      '  | ------          ^^^^^^^^^^ unexpected `AWS_KEY_ID`, expecting `PATTERN` or `)`\n  | |\n  | while parsing `SELECT ...`\n\n.';
    expect(errorWords('error: ', diagnostic)).toBe('unexpected `AWS_KEY_ID`, expecting `PATTERN` or `)`');
    expect(errorWords('Unknown table `t`. ', '')).toBe('Unknown table `t`.');
    const page = pages.find((p) => p.markdown.includes('### 1005 SyntaxException'))!.markdown;
    const entry = page.slice(page.indexOf('### 1005 SyntaxException'), page.indexOf('### 1006'));
    expect(entry).toMatch(/\*\*A message it gives:\*\* `+ unexpected `/);
  });

  it('link a setting named in an entry to its own entry in the settings reference', () => {
    const page = pages.find((p) => p.markdown.includes('### 1043 AbortedQuery'))!.markdown;
    const entry = page.slice(page.indexOf('### 1043 AbortedQuery'), page.indexOf('### 1044'));
    expect(entry).toContain(
      '[`max_execute_time_in_seconds`](/doc/sql-reference/settings-reference#max_execute_time_in_seconds)',
    );
  });
});

describe('error codes in the name search', () => {
  const rec = (name: string, kind: NameRecord['kind'], url: string, summary = ''): NameRecord => ({
    name,
    kind,
    url,
    page: 'P',
    section: 'SQL Reference',
    summary,
  });
  const records = [
    rec('1118 UnclusteredTable', 'error code', '/doc/sql-reference/error-codes/codes-1100-1999#1118-unclusteredtable'),
    rec('1025 UnknownTable', 'error code', '/doc/sql-reference/error-codes/codes-0-1099#1025-unknowntable'),
    rec('UNHEX', 'function', '/doc/sql-functions/string-functions/unhex'),
    rec('max_threads', 'setting', '/doc/sql-reference/settings-reference#max_threads', 'Threads of one query.'),
  ];
  it('finds an entry by its code alone and by its name alone, exactly', () => {
    for (const q of ['1118', 'UnclusteredTable', 'unclustered_table']) {
      const [first] = matchNames(records, q);
      expect(first?.record.name, q).toBe('1118 UnclusteredTable');
      expect(first?.quality).toBe('exact');
      expect(first?.strong).toBe(true);
    }
  });
  it("keeps a name's own summary in the stored records, and drops one that repeats its page's", () => {
    const pages = {
      a: ['/doc/sql-reference/settings-reference', 'Settings Reference', '', 'Every setting.', 'SQL Reference'] as [
        string,
        string,
        string,
        string,
        string,
      ],
    };
    const stored = packNameIndex({
      sections: [],
      names: [records[3]!, { ...records[3]!, name: 'x', summary: 'Every setting.' }],
      pages,
    });
    expect(stored.names[0]).toMatchObject({ summary: 'Threads of one query.' });
    expect(stored.names[1]).not.toHaveProperty('summary');
    expect(unpackNameIndex(stored).names.map((n) => n.summary)).toEqual(['Threads of one query.', 'Every setting.']);
  });
});
