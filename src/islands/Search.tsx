import { useEffect, useId, useRef, useState } from 'react';
import { uiStrings } from '../strings.ts';
import { rememberSearch, recentSearches } from './recent-searches.ts';
import type { ExcerptRun, SearchHit } from './search-client.ts';
import { KINDS, type HitKind } from './search-kinds.ts';
import { searchClient } from './search-loader.ts';

type Status = 'idle' | 'loading' | 'done' | 'unavailable';

export const SEARCH_PAGE = '/doc/search';

const searchPageUrl = (q: string) => (q ? `${SEARCH_PAGE}?q=${encodeURIComponent(q)}` : SEARCH_PAGE);

/**
 * Keys closer together than this are one burst of typing: the search waits for the burst to end instead of
 * looking up every prefix (each costs index chunks on a phone). A key after a pause, or a pasted text, searches
 * at once.
 */
export const TYPING_PAUSE_MS = 150;
/** Shorter text is a word being started: no search, no status. */
const MIN_QUERY = 2;

/** An excerpt as text runs: matched words marked, never markup from the index. */
function Excerpt({ runs }: { runs: ExcerptRun[] }) {
  return <>{runs.map((run, i) => (run.marked ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>))}</>;
}

interface PanelProps {
  autoFocus: boolean;
  /** How many results to show (the dialog shows a few; the search page many). */
  limit: number;
  /** The search page: start from `?q=` and keep the address in step with the query. */
  followUrl?: boolean;
}

/** The query box, section filter and result list, shared by the dialog, the search page and the 404 page. */
function SearchPanel({ autoFocus, limit, followUrl = false }: PanelProps) {
  const [query, setQuery] = useState('');
  const [section, setSection] = useState('');
  const [kind, setKind] = useState<HitKind | ''>('');
  const [sections, setSections] = useState<string[]>([]);
  const [recent, setRecent] = useState<string[]>([]);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  // The text the results on screen answer: until it is the text in the box, a search is pending (the status says
  // so, never "No results", and never the new text's count beside an older text's results).
  const [answered, setAnswered] = useState('');
  const [active, setActive] = useState(0);
  const [detailed, setDetailed] = useState(false);
  const listId = useId();
  const latest = useRef(0);
  const lastChange = useRef({ at: 0, text: '' });
  // The answer for what is in the box now, excerpts and deep links included: Enter opens its first result, even
  // when it is pressed before the results are on screen (a fast typist never lands on an older query's result).
  const answer = useRef<Promise<SearchHit[]> | null>(null);

  const prepare = () => {
    searchClient()
      .then(async (c) => {
        await c.preloadSearch();
        return c.searchSections();
      })
      .then(setSections)
      .catch(() => setStatus('unavailable'));
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
    const q = query.trim();
    // A key typed (or erased) soon after the last one: part of a burst. A paste, or a key after a pause, is not.
    const now = performance.now();
    const previous = lastChange.current;
    const oneKey =
      Math.abs(q.length - previous.text.length) <= 1 && (q.startsWith(previous.text) || previous.text.startsWith(q));
    const burst = oneKey && now - previous.at < TYPING_PAUSE_MS;
    lastChange.current = { at: now, text: q };
    // One character is the start of a word, not a query: nothing to say yet (never "No results").
    if (q.length < MIN_QUERY) {
      answer.current = null;
      setHits([]);
      setAnswered('');
      setStatus('idle');
      return;
    }
    const ticket = ++latest.current;
    // Pending from the keystroke on: the results of the previous text stay on screen, never "No results".
    setStatus('loading');
    let resolveAnswer: (hits: SearchHit[]) => void = () => undefined;
    let rejectAnswer: (err: unknown) => void = () => undefined;
    answer.current = new Promise<SearchHit[]>((res, rej) => {
      resolveAnswer = res;
      rejectAnswer = rej;
    });
    answer.current.catch(() => undefined);
    const run = () => {
      if (ticket !== latest.current) return;
      const pending = searchClient().then((c) =>
        c.search(q, { section: section || undefined, kind: kind || undefined, limit, detailed: limit > 10 ? 10 : 5 }),
      );
      pending.then((a) => a.details).then(resolveAnswer, rejectAnswer);
      pending
        .then(({ hits: found, details }) => {
          // Answers can arrive out of order: only the newest query's results are shown.
          if (ticket !== latest.current) return;
          setHits(found);
          setAnswered(q);
          setDetailed(false);
          setActive(0);
          setStatus('done');
          // Excerpts and deep links arrive a moment later; the order of results does not change.
          void details.then((more) => {
            if (ticket !== latest.current) return;
            setHits(more);
            setDetailed(true);
          });
        })
        .catch(() => ticket === latest.current && setStatus('unavailable'));
    };
    if (!burst) {
      run();
      return;
    }
    const timer = setTimeout(run, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, section, kind, limit, followUrl]);

  const open = (url: string) => {
    setRecent(rememberSearch(query));
    window.location.href = url;
  };

  // Every result and each of its deep links is one option: the arrows walk through them in reading order.
  const optionUrls: string[] = [];
  const optionStart: number[] = [];
  for (const hit of hits) {
    optionStart.push(optionUrls.length);
    optionUrls.push(hit.url, ...hit.sub.map((s) => s.url));
  }

  const onKeyDown = (e: React.KeyboardEvent) => {
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
      <ul
        id={listId}
        className="search-results"
        role="listbox"
        aria-label={uiStrings.searchResults}
        data-details={detailed ? 'ready' : undefined}
      >
        {hits.map((hit, i) => {
          const first = optionStart[i] ?? 0;
          return (
            <li
              key={`${hit.url} ${hit.title}`}
              role="presentation"
              className="search-hit"
              data-kind={hit.kind ?? 'page'}
            >
              <a
                href={hit.url}
                id={`${listId}-${first}`}
                role="option"
                aria-selected={first === active}
                tabIndex={-1}
                onClick={() => setRecent(rememberSearch(query))}
              >
                {hit.crumbs ? <span className="search-hit-crumbs">{hit.crumbs}</span> : null}
                <span className="search-hit-title">
                  {hit.title}
                  {hit.section ? <span className="search-hit-section"> › {hit.section}</span> : null}
                </span>
                <span className="search-hit-excerpt">
                  <Excerpt runs={hit.excerpt} />
                </span>
              </a>
              {hit.sub.length ? (
                <ul className="search-sub" role="presentation">
                  {hit.sub.map((s, j) => (
                    <li key={s.url} role="presentation">
                      <a
                        href={s.url}
                        id={`${listId}-${first + 1 + j}`}
                        role="option"
                        aria-selected={first + 1 + j === active}
                        tabIndex={-1}
                        onClick={() => setRecent(rememberSearch(query))}
                      >
                        <span className="search-sub-title">{s.title}</span>
                        <span className="search-hit-excerpt">
                          <Excerpt runs={s.excerpt} />
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!followUrl && settled && hits.length > 0 ? (
        <p className="search-all">
          <a href={searchPageUrl(q)}>{uiStrings.searchAllResults(q)}</a>
        </p>
      ) : null}
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Search. In the top bar: a link to the search page that, with JavaScript, opens a dialog instead (also on
 * Ctrl/⌘ K or "/"). On the search page and the 404 page: the panel inline.
 */
export function Search({ mode = 'dialog' }: { mode?: 'dialog' | 'inline' | 'page' }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);

  /** `from`: the control that opened the dialog (a tap does not focus a link on every phone), else what has focus. */
  const show = (from?: HTMLElement) => {
    opener.current = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setOpen(true);
  };

  useEffect(() => {
    if (mode !== 'dialog') return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing =
        target &&
        (target.tagName === 'INPUT' ||
          target.tagName === 'TEXTAREA' ||
          target.tagName === 'SELECT' ||
          target.isContentEditable);
      if (((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') || (e.key === '/' && !typing)) {
        e.preventDefault();
        show();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mode]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // A page wider than the screen widens the layout viewport of a phone, and with it a fixed dialog: while open, the
  // dialog follows the visual viewport (what the screen shows), through two custom properties set in CSSOM.
  useEffect(() => {
    const d = dialog.current;
    const vv = window.visualViewport;
    if (!open || !d || !vv) return;
    const fit = () => {
      const wider = window.innerWidth - vv.width > 1;
      if (wider) {
        d.style.setProperty('--screen-left', `${vv.offsetLeft}px`);
        d.style.setProperty('--screen-width', `${vv.width}px`);
      } else {
        d.style.removeProperty('--screen-left');
        d.style.removeProperty('--screen-width');
      }
    };
    fit();
    vv.addEventListener('resize', fit);
    vv.addEventListener('scroll', fit);
    return () => {
      vv.removeEventListener('resize', fit);
      vv.removeEventListener('scroll', fit);
    };
  }, [open]);

  const onClose = () => {
    setOpen(false);
    // Focus goes back where the reader was (the search button, or the page they pressed the shortcut on).
    opener.current?.focus();
  };

  // Tab and Shift+Tab cycle inside the dialog: focus never leaves it while it is open.
  const trapFocus = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.tabIndex >= 0 && el.offsetParent !== null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  if (mode === 'inline') return <SearchPanel autoFocus={false} limit={10} />;
  if (mode === 'page') return <SearchPanel autoFocus limit={50} followUrl />;
  return (
    <>
      <a
        href={SEARCH_PAGE}
        className="search-button"
        onClick={(e) => {
          e.preventDefault();
          show(e.currentTarget);
        }}
        aria-haspopup="dialog"
        aria-label={uiStrings.search}
      >
        <span className="search-label">{uiStrings.search}</span> <kbd className="search-shortcut">Ctrl K</kbd>
      </a>
      <dialog
        ref={dialog}
        className="search-dialog"
        aria-label={uiStrings.search}
        onClose={onClose}
        onKeyDown={trapFocus}
        onClick={(e) => e.target === dialog.current && setOpen(false)}
      >
        {open ? <SearchPanel autoFocus limit={10} /> : null}
        <form method="dialog" className="search-close">
          <button type="submit">{uiStrings.closeSearch}</button>
        </form>
      </dialog>
    </>
  );
}
