/**
 * The error reference: an overview page and one page per range of codes, made from the codes extracted from the
 * engine's source, our notes, and the recorded example results (a code links to the pages whose examples show it).
 * Each entry is a heading `<code> <Name>` (anchor `#1118-unclusteredtable`), what it means and what to do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { slug } from 'github-slugger';
import { parse as parseYaml } from 'yaml';
import { SETTINGS_PAGE_ROUTE } from './settings-page.ts';
import { checkErrorNotesCover, type EngineErrorCode, type EngineErrorCodes, type ErrorNote } from './error-codes.ts';

export const ERROR_PAGES_DIR = '13-sql-reference/60-error-codes';
export const ERROR_PAGES_ROUTE = '/doc/sql-reference/error-codes';

/** The pages, by range of codes; each range is a page of a few dozen entries (a page stays within its byte budget). */
export const ERROR_RANGES: { file: string; from: number; to: number; title: string; about: string }[] = [
  {
    file: '10-codes-0-1099.md',
    from: 0,
    to: 1099,
    title: 'Error Codes 0–1099',
    about: 'statements, functions, types, sessions and clusters',
  },
  {
    file: '20-codes-1100-1999.md',
    from: 1100,
    to: 1999,
    title: 'Error Codes 1100–1999',
    about: 'tables, columns, licences, indexes, files and geometry',
  },
  {
    file: '30-codes-2000-2499.md',
    from: 2000,
    to: 2499,
    title: 'Error Codes 2000–2499',
    about: 'the meta service, users, roles, policies, databases, tables and catalogs',
  },
  {
    file: '40-codes-2500-5999.md',
    from: 2500,
    to: 5999,
    title: 'Error Codes 2500–5999',
    about: 'stages, file formats, connections, functions, shares, streams, settings, scripts, storage and transactions',
  },
];

/** The anchor of a code's entry: GitHub's slug of its heading. */
export const errorAnchor = (c: Pick<EngineErrorCode, 'name' | 'code'>) => slug(`${c.code} ${c.name}`);

/** Where an entry is: the route of its range's page and its anchor. */
export function errorEntryUrl(c: Pick<EngineErrorCode, 'name' | 'code'>): string | undefined {
  const range = ERROR_RANGES.find((r) => c.code >= r.from && c.code <= r.to);
  return range
    ? `${ERROR_PAGES_ROUTE}/${range.file.replace(/^\d+-/, '').replace(/\.md$/, '')}#${errorAnchor(c)}`
    : undefined;
}

/** A page whose recorded examples show errors: its source under `content/doc/`, its title, the `Name:code` keys it shows. */
export interface PageWithErrors {
  source: string;
  title: string;
  errors: Set<string>;
  /** The first line of the engine's message for each `Name:code` it shows, in page order (the first kept). */
  messages: Map<string, string>;
}

/** The engine names the error in its message: `Error: UnknownTable. Code: 1025, Text = ...`. */
const ERROR_IN_MESSAGE = /\b([A-Z][A-Za-z0-9]*)\. Code: (\d+), Text = ([^\n]*)/g;

/** Where a parser error says what it found: the words after the `^^^` that mark the place in the statement. */
const PARSER_MARK = /^[ \t]*\|[ \t|-]*\^+[ \t]+(\S.*)$/m;

/**
 * The words of an error to quote: its first line, or, for a parser error whose first line is only `error:` (the
 * statement and a marker follow), what the parser says at the marker (`unexpected `PUT`, expecting ...`).
 */
export function errorWords(firstLine: string, rest: string): string {
  const first = firstLine.trim();
  if (first !== 'error:') return first;
  return PARSER_MARK.exec(rest)?.[1]?.trim() ?? first;
}

/** Reads every recorded page's errors (`content/doc.examples/**.json`) and the title of its page. */
export function pagesWithErrors(contentRoot: string): PageWithErrors[] {
  const examplesRoot = path.join(contentRoot, 'doc.examples');
  const out: PageWithErrors[] = [];
  const visit = (dir: string) => {
    for (const dirent of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, dirent.name);
      if (dirent.isDirectory()) visit(abs);
      else if (dirent.name.endsWith('.json')) {
        const text = fs.readFileSync(abs, 'utf8');
        const errors = new Set<string>();
        const messages = new Map<string, string>();
        const data = JSON.parse(text) as { examples?: { error?: string; expectError?: boolean }[] };
        for (const e of data.examples ?? []) {
          for (const m of (e.error ?? '').matchAll(ERROR_IN_MESSAGE)) {
            const key = `${m[1]}:${m[2]}`;
            errors.add(key);
            const message = errorWords(m[3] ?? '', (e.error ?? '').slice((m.index ?? 0) + m[0].length));
            if (!messages.has(key) && message.length >= 8 && !message.endsWith(':')) messages.set(key, message);
          }
        }
        if (!errors.size) continue;
        const source = path.relative(examplesRoot, abs).replace(/\.json$/, '.md');
        const md = path.join(contentRoot, 'doc', source);
        if (!fs.existsSync(md)) continue;
        const front = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(md, 'utf8'))?.[1] ?? '';
        const title = String((parseYaml(front) as { title?: string | number | boolean } | null)?.title ?? source);
        out.push({ source: source.split(path.sep).join('/'), title, errors, messages });
      }
    }
  };
  if (fs.existsSync(examplesRoot)) visit(examplesRoot);
  return out;
}

/** At most this many pages are linked under a code; the entry says how many more show it. */
const MAX_LINKS = 6;

/** A setting named in code (`max_execute_time_in_seconds`) links to its entry in the settings reference. */
const linkSettings = (text: string, settings: ReadonlySet<string>) =>
  text.replace(/(?<!\[)`([a-z][a-z0-9_]*)`/g, (whole, name: string) =>
    settings.has(name) ? `[\`${name}\`](${SETTINGS_PAGE_ROUTE}#${name})` : whole,
  );

/** A message as inline code: at most 140 characters, fenced with enough backticks for those it holds. */
function messageCode(message: string): string {
  const cut = message.length > 140 ? `${message.slice(0, 139)}…` : message;
  const fence = '`'.repeat(Math.max(0, ...[...cut.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return `${fence} ${cut} ${fence}`;
}

/**
 * The message to quote under a code: the one most pages show (the usual way to meet the error, not an odd case of
 * one page); among as many, the first in page order.
 */
export function typicalMessage(messages: readonly (string | undefined)[]): string | undefined {
  const pages = new Map<string, number>();
  for (const m of messages) if (m) pages.set(m, (pages.get(m) ?? 0) + 1);
  let best: string | undefined;
  for (const [m, n] of pages) {
    const bestN = best === undefined ? 0 : pages.get(best)!;
    if (n > bestN) best = m;
  }
  return best;
}

function entry(
  c: EngineErrorCode,
  note: ErrorNote,
  pageFile: string,
  shownOn: PageWithErrors[],
  settings: ReadonlySet<string>,
  key: string,
): string[] {
  const lines = [
    '',
    `### ${c.code} ${c.name}`,
    '',
    linkSettings(note.means, settings),
    '',
    `**What to do:** ${linkSettings(note.todo, settings)}`,
  ];
  const message = typicalMessage(shownOn.map((p) => p.messages.get(key)));
  if (message) lines.push('', `**A message it gives:** ${messageCode(message)}`);
  if (shownOn.length) {
    const from = path.posix.dirname(`${ERROR_PAGES_DIR}/${pageFile}`);
    const links = shownOn
      .slice(0, MAX_LINKS)
      .map((p) => `[${p.title.replace(/([[\]<>*`\\])/g, '\\$1')}](${path.posix.relative(from, p.source)})`);
    const more = shownOn.length - MAX_LINKS;
    lines.push(
      '',
      `**Shown in the examples of:** ${links.join(', ')}${more > 0 ? ` and ${more} other ${more === 1 ? 'page' : 'pages'}` : ''}.`,
    );
  }
  return lines;
}

/** The overview and the range pages, each `{ source, markdown }` with the source under `content/doc/`. */
export function errorPages(
  data: EngineErrorCodes,
  notes: Map<string, ErrorNote>,
  pages: PageWithErrors[],
  settings: ReadonlySet<string> = new Set(),
): { source: string; markdown: string }[] {
  checkErrorNotesCover(data, notes);
  const out: { source: string; markdown: string }[] = [];
  const ranges = ERROR_RANGES.map((r) => ({
    ...r,
    codes: data.codes.filter((c) => c.code >= r.from && c.code <= r.to).sort((a, b) => a.code - b.code),
  }));
  const placed = ranges.reduce((n, r) => n + r.codes.length, 0);
  if (placed !== data.codes.length)
    throw new Error(`error ranges cover ${placed} of ${data.codes.length} codes: extend ERROR_RANGES`);
  const shared = data.codes.filter((c) => data.codes.some((o) => o !== c && o.code === c.code));
  out.push({
    source: `${ERROR_PAGES_DIR}/index.md`,
    markdown: [
      '---',
      'title: Error Codes',
      `description: Every error code of Databend ${data.engine}, with what it means and what to do, by range of codes.`,
      'keywords: [error code, error message, exception, troubleshooting]',
      '---',
      '',
      'When a statement fails, Databend names the error and its code before the message. The message',
      '`UnknownTable. Code: 1025, Text = Unknown table ...` has the name `UnknownTable` and the code `1025`; how each',
      'client prints them is on [Error Messages](../45-error-messages.md). Look the code up in the pages below: each',
      'entry says what the error means, what to do, and which pages of this documentation show it in an example.',
      '',
      '```sql example error',
      'SELECT * FROM no_such_table',
      '```',
      '',
      `Databend ${data.engine} has ${data.codes.length} error codes, listed by range:`,
      '',
      '| Codes | Errors about | Page |',
      '| --- | --- | --- |',
      ...ranges.map((r) => `| ${r.from}–${r.to} | ${r.about} | [${r.codes.length} codes](${r.file}) |`),
      '',
      ...(shared.length
        ? [
            `Two errors can share a code: ${shared.map((c) => `\`${c.name}\` (${c.code})`).join(', ')}. The name tells them apart.`,
            '',
          ]
        : []),
    ].join('\n'),
  });
  // An error the engine raises under a name of no code (`FromStdError`, code 1001) belongs to the code's one entry.
  const names = new Set(data.codes.map((c) => c.name));
  const byCode = new Map<number, EngineErrorCode[]>();
  for (const c of data.codes) byCode.set(c.code, [...(byCode.get(c.code) ?? []), c]);
  const resolved = pages.map((p) => {
    const rekey = (key: string) => {
      const [name = '', code = ''] = key.split(':');
      const owners = byCode.get(Number(code)) ?? [];
      return names.has(name) || owners.length !== 1 ? key : `${owners[0]!.name}:${code}`;
    };
    return {
      ...p,
      errors: new Set([...p.errors].map(rekey)),
      messages: new Map([...p.messages].map(([k, v]) => [rekey(k), v])),
    };
  });
  for (const r of ranges) {
    const lines = [
      '---',
      `title: ${r.title}`,
      `description: ` +
        `${JSON.stringify(`The error codes ${r.from} to ${r.to} of Databend ${data.engine}, about ${r.about.split(',')[0]} and more: what each means and what to do.`)}`,
      '---',
      '',
      `These errors are about ${r.about}. The [Error Codes](index.md) page explains how to read an error; every entry`,
      'gives the code and name the engine reports.',
    ];
    for (const c of r.codes) {
      const key = `${c.name}:${c.code}`;
      lines.push(
        ...entry(
          c,
          notes.get(c.name)!,
          r.file,
          resolved.filter((p) => p.errors.has(key)),
          settings,
          key,
        ),
      );
    }
    lines.push('');
    out.push({ source: `${ERROR_PAGES_DIR}/${r.file}`, markdown: lines.join('\n') });
  }
  return out;
}
