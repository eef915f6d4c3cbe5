/**
 * The records search ranks on (`/search-records.json`): every documented name, every page's fields, the parts of
 * the full-text index. Fetched once, on first use; the page fields made into the ranking's index once. The
 * summaries that settings and error codes have of their own come later, from `/search-summaries.json`, the first
 * time such a name is among the results (`search-records-format.ts`).
 */
import { SEARCH_RECORDS_FILE, unpackNameIndex, type NameIndex, type NameRecord } from './name-match.ts';
import { buildFieldIndex, type FieldIndex } from './search-fields.ts';
import { functionWordPages } from './name-word.ts';
import { errorCodePages } from './error-code.ts';
import { functionNamePages, namePages } from './called-function.ts';
import {
  SEARCH_SUMMARIES_FILE,
  unpackRecordsFile,
  type RecordsFile,
  type SummariesFile,
} from './search-records-format.ts';

let loadingRecords: Promise<NameIndex> | undefined;
/** Each name whose summary is in the summaries file, with its place there. */
const awaiting = new Map<NameRecord, number>();
let loadingSummaries: Promise<void> | undefined;

async function fetchJson<T>(file: string): Promise<T> {
  const r = await fetch(`/${file}`);
  if (!r.ok) throw new Error(`${file}: ${r.status}`);
  return (await r.json()) as T;
}

export function loadNames(): Promise<NameIndex> {
  loadingRecords ??= fetchJson<RecordsFile>(SEARCH_RECORDS_FILE).then((file) => {
    const index = unpackNameIndex(unpackRecordsFile(file));
    file.names.forEach((n, i) => {
      if (Array.isArray(n) && n[4] === 1) awaiting.set(index.names[i]!, i);
    });
    return index;
  });
  // A failed fetch (offline) is tried again by the next search.
  loadingRecords.catch(() => (loadingRecords = undefined));
  return loadingRecords;
}

/** Whether a name's summary is still to come from the summaries file. */
export const awaitsSummary = (record: NameRecord): boolean => awaiting.has(record);

/** Fills in the summaries of names that have their own (fetched once; the records keep them). */
export function loadSummaries(): Promise<void> {
  loadingSummaries ??= Promise.all([loadNames(), fetchJson<SummariesFile>(SEARCH_SUMMARIES_FILE)]).then(
    ([, summaries]) => {
      for (const [record, i] of awaiting) record.summary = summaries[i] ?? '';
      awaiting.clear();
    },
  );
  loadingSummaries.catch(() => (loadingSummaries = undefined));
  return loadingSummaries;
}

const fieldIndexes = new WeakMap<NameIndex, FieldIndex>();
export function fieldIndexOf(index: NameIndex): FieldIndex {
  let fields = fieldIndexes.get(index);
  if (!fields) {
    fields = buildFieldIndex(index.pages);
    const route = (url: string) => url.replace(/\/+$/, '');
    const byRoute = new Map(fields.docs.map((d, i) => [route(d.url), i]));
    fields.functionPages = functionWordPages(index.names, (url) => byRoute.get(route(url)));
    fields.errorPages = errorCodePages(index.names, (url) => byRoute.get(route(url)));
    fields.functionNamePages = functionNamePages(index.names, (url) => byRoute.get(route(url)));
    fields.namePages = namePages(index.names, (url) => byRoute.get(route(url)));
    fieldIndexes.set(index, fields);
  }
  return fields;
}
