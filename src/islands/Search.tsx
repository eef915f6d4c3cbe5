import { useEffect, useRef, useState } from 'react';
import { uiStrings } from '../strings.ts';
import { SEARCH_PAGE, SearchPanel } from './SearchPanel.tsx';

export { SEARCH_PAGE } from './SearchPanel.tsx';
export { TYPING_PAUSE_MS } from './use-search-answers.ts';

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

  // Tab and Shift+Tab cycle inside the dialog: focus never leaves it while it is open. Escape closes it even with
  // text typed: the search box would otherwise take the first Escape to clear itself and keep the dialog open.
  const onDialogKey = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      return;
    }
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
        onKeyDown={onDialogKey}
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
