import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { uiStrings } from '../strings.ts';
import { rememberSearch, recentSearches } from './recent-searches.ts';
import { KINDS, type HitKind } from './search-kinds.ts';
import { searchClient } from './search-loader.ts';
import { optionsOf, SearchResults } from './SearchResults.tsx';
import { MIN_QUERY, useSearchAnswers } from './use-search-answers.ts';

export const SEARCH_PAGE = '/doc/search';

const searchPageUrl = (q: string) => (q ? `${SEARCH_PAGE}?q=${encodeURIComponent(q)}` : SEARCH_PAGE);

/**
 * How many of the first results get excerpts and deep links, each fetching its page's fragment: the first screen
 * of the list. A narrow screen shows three results of the dialog before the reader scrolls.
 */
function detailCount(limit: number): number {
  if (limit > 10) return 10;
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 40rem)').matches ? 3 : 5;
}

interface PanelProps {
  autoFocus: boolean;
  /** How many results to show (the dialog shows a few; the search page many). */
  limit: number;
  /** The search page: start from `?q=` and keep the address in step with the query. */
  followUrl?: boolean;
}

/** The query box, section filter and result list, shared by the dialog, the search page and the 404 page. */
export function SearchPanel({ autoFocus, limit, followUrl = false }: PanelProps) {
  const [query, setQuery] = useState('');
  const [section, setSection] = useState('');
  const [kind, setKind] = useState<HitKind | ''>('');
  const [sections, setSections] = useState<string[]>([]);
  const [recent, setRecent] = useState<string[]>([]);
  const [detailed] = useState(() => detailCount(limit));
  const keyAt = useRef(0);
  const {
    hits,
    status,
    answered,
    detailed: detailsIn,
    active,
    setActive,
    markUnavailable,
    answer,
    searchNow,
  } = useSearchAnswers({
    query,
    section,
    kind,
    limit,
    detailed,
    keyAt,
  });
  const listId = useId();

  const prepare = () => {
    searchClient()
      .then(async (c) => {
        await c.preloadSearch();
        return c.searchSections();
      })
      .then(setSections)
      .catch(markUnavailable);
  };

  useEffect(() => {
    setRecent(recentSearches());
    if (followUrl) {
      const q = new URLSearchParams(window.location.search).get('q') ?? '';
      if (q) setQuery(q);
      prepare();
    }
  }, [followUrl]);

  useEffect(() => {
    if (followUrl) window.history.replaceState(null, '', searchPageUrl(query.trim()));
  }, [query, followUrl]);

  const open = (url: string) => {
    setRecent(rememberSearch(query));
    window.location.href = url;
  };

  const optionUrls = optionsOf(hits).urls;
  // Stable across keystrokes, so the memoized list is not rendered again for each key typed.
  const typed = useRef(query);
  typed.current = query;
  const onPick = useCallback(() => setRecent(rememberSearch(typed.current)), []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    keyAt.current = e.timeStamp;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = optionUrls.length;
      if (n) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const q = query.trim();
      const chosen = active > 0 ? optionUrls[active] : undefined;
      if (chosen) open(chosen);
      else if (answer.current) {
        searchNow();
        // The first result, once its deep link is known: it may open at the section that answers the query.
        answer.current.then((found) => open(found[0]?.url ?? searchPageUrl(q))).catch(() => open(searchPageUrl(q)));
      } else if (q) open(searchPageUrl(q));
    }
  };

  const q = query.trim();
  const statusText =
    status === 'unavailable'
      ? uiStrings.searchUnavailable
      : q.length < MIN_QUERY
        ? ''
        : status === 'done' && answered === q
          ? uiStrings.searchResultCount(hits.length, q)
          : uiStrings.searchTyping;
  const settled = status === 'done' && answered === q;
  const choose = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: [string, string][],
    className: string,
  ) => (
    <label className={className}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} onFocus={prepare}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="search-panel">
      <div className="search-controls">
        <input
          type="search"
          name="q"
          className="search-input"
          placeholder={uiStrings.searchPlaceholder}
          aria-label={uiStrings.search}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={optionUrls.length ? `${listId}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          value={query}
          onFocus={prepare}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="search-filters">
          {choose(
            uiStrings.searchSection,
            section,
            setSection,
            [['', uiStrings.searchAllSections], ...sections.map((s): [string, string] => [s, s])],
            'search-section',
          )}
          {choose(
            uiStrings.searchKind,
            kind,
            (v) => setKind(v as HitKind | ''),
            [
              ['', uiStrings.searchAllKinds],
              ...KINDS.map((k): [string, string] => [k, uiStrings.searchKindOptions[k]]),
            ],
            'search-kind',
          )}
        </div>
      </div>
      <p className="search-status" role="status" aria-live="polite">
        {statusText}
      </p>
      {!q && recent.length > 0 ? (
        <div className="search-recent">
          <p className="search-recent-title">{uiStrings.searchRecent}</p>
          <ul>
            {recent.map((r) => (
              <li key={r}>
                <button type="button" onClick={() => setQuery(r)}>
                  {r}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {settled && hits.length === 0 ? (
        <p className="search-help">
          {uiStrings.searchNoResultsHelp} <a href="/doc/sql-functions">{uiStrings.searchFunctionIndex}</a>,{' '}
          <a href="/doc/sql-commands">{uiStrings.searchCommandIndex}</a>.
        </p>
      ) : null}
      <SearchResults listId={listId} hits={hits} active={active} detailed={detailsIn} onPick={onPick} />
      {!followUrl && settled && hits.length > 0 ? (
        <p className="search-all">
          <a href={searchPageUrl(q)}>{uiStrings.searchAllResults(q)}</a>
        </p>
      ) : null}
    </div>
  );
}
