/**
 * The files the browser's search reads besides Pagefind's: `search-records.json` (names and page records, what
 * ranking reads) and `search-summaries.json` (the summaries settings and error codes have of their own, fetched
 * only when one is shown). See `src/islands/search-records-format.ts`.
 */
import { packNameIndex, SEARCH_RECORDS_FILE, type NameIndex } from '../../islands/name-match.ts';
import { packRecordsFile, SEARCH_SUMMARIES_FILE } from '../../islands/search-records-format.ts';

/** Each file's name (at the site's root) and content. */
export function searchRecordFiles(index: NameIndex): [file: string, content: string][] {
  const { records, summaries } = packRecordsFile(packNameIndex(index));
  return [
    [SEARCH_RECORDS_FILE, JSON.stringify(records)],
    [SEARCH_SUMMARIES_FILE, JSON.stringify(summaries)],
  ];
}
