/** The last few queries a reader opened a result for, kept in localStorage; offered when the box is empty. */
const KEY = 'docs-recent-searches';
const KEEP = 5;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const storeOf = (): Store | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: search works, it just remembers nothing
  }
};

export function recentSearches(store: Store | undefined = storeOf()): string[] {
  try {
    const list: unknown = JSON.parse(store?.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((q): q is string => typeof q === 'string').slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

/** Puts the query first, once (case-insensitive), and keeps the newest few. */
export function rememberSearch(query: string, store: Store | undefined = storeOf()): string[] {
  const q = query.trim();
  if (!q) return recentSearches(store);
  const list = [q, ...recentSearches(store).filter((old) => old.toLowerCase() !== q.toLowerCase())].slice(0, KEEP);
  try {
    store?.setItem(KEY, JSON.stringify(list));
  } catch {
    // quota or privacy mode: nothing to keep
  }
  return list;
}
