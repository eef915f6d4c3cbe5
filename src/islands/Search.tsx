import { useEffect, useId, useRef, useState } from 'react';
import { uiStrings } from '../ui/strings.ts';
import { loadPagefind, search, type SearchHit } from './search-client.ts';

type Status = 'idle' | 'loading' | 'done' | 'unavailable';

/** The query box and result list, shared by the top-bar dialog and the 404 page. */
function SearchPanel({ autoFocus }: { autoFocus: boolean }) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [active, setActive] = useState(0);
  const listId = useId();
  const latest = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setHits([]);
      setStatus('idle');
      return;
    }
    const ticket = ++latest.current;
    setStatus('loading');
    search(q)
      .then((found) => {
        // Answers can arrive out of order: only the newest query's results are shown.
        if (ticket !== latest.current) return;
        setHits(found);
        setActive(0);
        setStatus('done');
      })
      .catch(() => ticket === latest.current && setStatus('unavailable'));
  }, [query]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = hits.length;
      if (n) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter' && hits[active]) {
      window.location.href = hits[active].url;
    }
  };

  return (
    <div className="search-panel">
      <input
        type="search"
        className="search-input"
        placeholder={uiStrings.searchPlaceholder}
        aria-label={uiStrings.search}
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={hits.length ? `${listId}-${active}` : undefined}
        autoFocus={autoFocus}
        value={query}
        onFocus={() => void loadPagefind().catch(() => setStatus('unavailable'))}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p className="search-status" role="status">
        {status === 'unavailable'
          ? uiStrings.searchUnavailable
          : status === 'done'
            ? uiStrings.searchResultCount(hits.length, query.trim())
            : ''}
      </p>
      <ul id={listId} className="search-results" role="listbox" aria-label={uiStrings.searchResults}>
        {hits.map((hit, i) => (
          <li key={hit.url} id={`${listId}-${i}`} role="option" aria-selected={i === active} className="search-hit">
            <a href={hit.url}>
              <span className="search-hit-title">{hit.title}</span>
              <span className="search-hit-excerpt">
                {hit.excerpt.map((run, j) => (run.marked ? <mark key={j}>{run.text}</mark> : <span key={j}>{run.text}</span>))}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Search. In the top bar: a button (and Ctrl/⌘ K or "/") opening a dialog. On the 404 page: the panel inline.
 */
export function Search({ inline = false }: { inline?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (inline) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') || (e.key === '/' && !typing)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inline]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  if (inline) return <SearchPanel autoFocus={false} />;
  return (
    <>
      <button type="button" className="search-button" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-label={uiStrings.search}>
        <svg className="search-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span className="search-label">{uiStrings.search}</span> <kbd className="search-shortcut">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        className="search-dialog"
        aria-label={uiStrings.search}
        onClose={() => setOpen(false)}
        onClick={(e) => e.target === dialog.current && setOpen(false)}
      >
        {open ? <SearchPanel autoFocus /> : null}
        <form method="dialog" className="search-close">
          <button type="submit">{uiStrings.closeSearch}</button>
        </form>
      </dialog>
    </>
  );
}
