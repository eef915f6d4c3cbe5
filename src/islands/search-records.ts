/**
 * The records search ranks on (`/search-records.json`): every documented name, every page's fields, the parts of
 * the full-text index. Fetched once, on first use; the page fields made into the ranking's index once.
 */
import { SEARCH_RECORDS_FILE, unpackNameIndex, type NameIndex, type StoredIndex } from './name-match.ts';
import { buildFieldIndex, type FieldIndex } from './search-rank.ts';

let loadingNames: Promise<NameIndex> | undefined;

export function loadNames(): Promise<NameIndex> {
  loadingNames ??= fetch(`/${SEARCH_RECORDS_FILE}`).then((r) => {
    if (!r.ok) throw new Error(`${SEARCH_RECORDS_FILE}: ${r.status}`);
    return (r.json() as Promise<StoredIndex>).then(unpackNameIndex);
  });
  return loadingNames;
}

const fieldIndexes = new WeakMap<NameIndex, FieldIndex>();
export function fieldIndexOf(index: NameIndex): FieldIndex {
  let fields = fieldIndexes.get(index);
  if (!fields) {
    fields = buildFieldIndex(index.pages);
    fieldIndexes.set(index, fields);
  }
  return fields;
}
