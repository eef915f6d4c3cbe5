/**
 * How the records travel: `search-records.json` holds what ranking and name matching read, a name as a short tuple
 * (its page by position, its anchor left out when it is the name's own slug, its text left out when it is its
 * page's title), a page as a row whose breadcrumbs and section are places in tables of the distinct ones (60
 * breadcrumbs and 16 sections for 590 pages), the Pagefind ids in a list of their own; the summaries a setting or
 * an error code has of its own, only ever shown, are in `search-summaries.json`, fetched when such a name is on
 * screen. What the ranking reads is the same as before (`name-match.ts`'s `StoredIndex`); only its storage
 * changes. Pure functions: the build writes with them, the browser reads with them (one pass over each list).
 */
import type { NameKind, PageRecord, StoredIndex } from './name-match.ts';

export const SEARCH_SUMMARIES_FILE = 'search-summaries.json';

const KIND_CODES: readonly NameKind[] = ['function', 'command', 'setting', 'system table', 'error code'];

/** An anchor made from the name the way the pages make it: `add_days` for ADD_DAYS. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-|-$/g, '');

type StoredName = StoredIndex['names'][number];

/**
 * A name as stored: name (`0`: its page's title), kind (its place in `KIND_CODES`), its page (the place of its
 * record in `pages`), its anchor (`1`: the name's slug, `0`: none) and `1` when its own summary is in the summaries
 * file. A name whose page has no record stays as it was.
 */
type PackedName = [name: string | 0, kind: number, page: number, anchor?: string | 0 | 1, ownSummary?: 1] | StoredName;

/**
 * A page record as stored: its breadcrumbs a place in `crumbs`, its section a place in `sections` (the text itself
 * when the filter does not offer it).
 */
type PackedPage = [
  url: string,
  title: string,
  crumbs: number,
  summary: string,
  section: number | string,
  headings?: string[],
  keywords?: string[],
  listing?: 1,
];

export interface RecordsFile extends Omit<StoredIndex, 'names' | 'pages'> {
  /** Every page's Pagefind result id, in the order of `pages`. */
  ids: string[];
  /** The distinct breadcrumbs. */
  crumbs: string[];
  pages: PackedPage[];
  names: PackedName[];
}

/** The summaries of names that have their own, by the name's place in `names`. */
export type SummariesFile = Record<string, string>;

const routeKey = (url: string) => (url.split('#')[0] ?? url).replace(/\/+$/, '');

/** The two files, from the index as `packNameIndex` stores it. */
export function packRecordsFile(stored: StoredIndex): { records: RecordsFile; summaries: SummariesFile } {
  const records = Object.values(stored.pages);
  const routes = records.map((p) => p[0]);
  const pageAt = new Map(routes.map((route, i) => [routeKey(route), i]));
  const summaries: SummariesFile = {};
  const names = stored.names.map((n, i): PackedName => {
    const page = pageAt.get(routeKey(n.url));
    const kind = KIND_CODES.indexOf(n.kind);
    // A name stored with its page's title or section is one whose page has no record: kept whole.
    if (page === undefined || kind < 0 || n.page !== undefined || n.section !== undefined) return n;
    const hash = n.url.indexOf('#');
    // Rebuilt from its page's route: only when that gives the same address back.
    if ((hash < 0 ? n.url : n.url.slice(0, hash)) !== routes[page]) return n;
    const anchor = hash < 0 ? 0 : n.url.slice(hash + 1) === slugOf(n.name) ? 1 : n.url.slice(hash + 1);
    const packed: PackedName = [n.name === records[page]?.[1] ? 0 : n.name, kind, page, anchor];
    if (n.summary !== undefined) {
      summaries[i] = n.summary;
      packed.push(1);
    } else if (anchor === 0) packed.pop();
    return packed;
  });
  const crumbs = [...new Set(records.map((p) => p[2]))];
  const crumbAt = new Map(crumbs.map((c, i) => [c, i]));
  const sectionAt = new Map(stored.sections.map((section, i) => [section, i]));
  const pages = records.map(([url, title, crumb, summary, section, ...rest]): PackedPage => [
    url,
    title,
    crumbAt.get(crumb) ?? 0,
    summary,
    sectionAt.get(section) ?? section,
    ...rest,
  ]);
  return { records: { ...stored, ids: Object.keys(stored.pages), crumbs, pages, names }, summaries };
}

/**
 * The index as `unpackNameIndex` reads it. A name whose summary is in the summaries file gets an empty one until
 * that file comes (`fillSummaries`): never its page's, which says something else.
 */
export function unpackRecordsFile(file: RecordsFile): StoredIndex {
  const { ids, crumbs, pages: rows, names: packedNames, ...rest } = file;
  const table = (list: readonly string[], at: number | string, what: string) => {
    const text = typeof at === 'string' ? at : list[at];
    if (text === undefined) throw new Error(`search-records.json: a page points to ${what} ${at}, which it lacks`);
    return text;
  };
  const pages: Record<string, PageRecord> = {};
  rows.forEach(([url, title, crumb, summary, section, ...more], i) => {
    const id = ids[i];
    if (id === undefined) throw new Error(`search-records.json: page ${i} has no id`);
    pages[id] = [
      url,
      title,
      table(crumbs, crumb, 'breadcrumbs'),
      summary,
      table(file.sections, section, 'section'),
      ...more,
    ];
  });
  const names = packedNames.map((n): StoredName => {
    if (!Array.isArray(n)) return n;
    const [packedName, kind, page, anchor = 0, own] = n;
    const record = rows[page];
    const kindName = KIND_CODES[kind];
    const name = packedName === 0 ? (record?.[1] ?? '') : packedName;
    if (record === undefined || kindName === undefined)
      throw new Error(`search-records.json: the name ${name} points to page ${page} or kind ${kind}, which it lacks`);
    const route = record[0];
    const url = anchor === 0 ? route : `${route}#${anchor === 1 ? slugOf(name) : anchor}`;
    return own ? { name, kind: kindName, url, summary: '' } : { name, kind: kindName, url };
  });
  return { ...rest, pages, names };
}
