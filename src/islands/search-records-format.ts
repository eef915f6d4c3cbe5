/**
 * How the records travel: `search-records.json` holds what ranking and name matching read, a name as a short tuple
 * (its page by position, its anchor left out when it is the name's own slug); the summaries a setting or an error
 * code has of its own, only ever shown, are in `search-summaries.json`, fetched when such a name is on screen.
 * What the ranking reads is the same as before (`name-match.ts`'s `StoredIndex`); only its storage changes. Pure
 * functions: the build writes with them, the browser reads with them.
 */
import type { NameKind, StoredIndex } from './name-match.ts';

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
 * A name as stored: name, kind (its place in `KIND_CODES`), its page (the place of its record in `pages`), its
 * anchor (`1`: the name's slug, `0`: none) and `1` when its own summary is in the summaries file. A name whose page
 * has no record stays as it was.
 */
type PackedName = [name: string, kind: number, page: number, anchor?: string | 0 | 1, ownSummary?: 1] | StoredName;

export interface RecordsFile extends Omit<StoredIndex, 'names'> {
  names: PackedName[];
}

/** The summaries of names that have their own, by the name's place in `names`. */
export type SummariesFile = Record<string, string>;

const routeKey = (url: string) => (url.split('#')[0] ?? url).replace(/\/+$/, '');

/** The two files, from the index as `packNameIndex` stores it. */
export function packRecordsFile(stored: StoredIndex): { records: RecordsFile; summaries: SummariesFile } {
  const routes = Object.values(stored.pages).map((p) => p[0]);
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
    const packed: PackedName = [n.name, kind, page, anchor];
    if (n.summary !== undefined) {
      summaries[i] = n.summary;
      packed.push(1);
    } else if (anchor === 0) packed.pop();
    return packed;
  });
  return { records: { ...stored, names }, summaries };
}

/**
 * The index as `unpackNameIndex` reads it. A name whose summary is in the summaries file gets an empty one until
 * that file comes (`fillSummaries`): never its page's, which says something else.
 */
export function unpackRecordsFile(file: RecordsFile): StoredIndex {
  const routes = Object.values(file.pages).map((p) => p[0]);
  const names = file.names.map((n): StoredName => {
    if (!Array.isArray(n)) return n;
    const [name, kind, page, anchor = 0, own] = n;
    const route = routes[page];
    const kindName = KIND_CODES[kind];
    if (route === undefined || kindName === undefined)
      throw new Error(`search-records.json: the name ${name} points to page ${page} or kind ${kind}, which it lacks`);
    const url = anchor === 0 ? route : `${route}#${anchor === 1 ? slugOf(name) : anchor}`;
    return own ? { name, kind: kindName, url, summary: '' } : { name, kind: kindName, url };
  });
  return { ...file, names };
}
