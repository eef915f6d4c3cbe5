import { useEffect, useRef, useState } from 'react';
import { uiStrings } from '../strings.ts';
import { openDrawer } from './drawer.ts';

/**
 * The phone-sized menu button: opens the sidebar as a modal drawer (see drawer.ts). Without JavaScript the
 * sidebar is shown below the article instead (see layout.css), so navigation never depends on this.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const sidebar = document.getElementById('sidebar');
    if (!open || !sidebar || !button.current) return;
    return openDrawer(sidebar, button.current, () => setOpen(false));
  }, [open]);
  return (
    <button
      ref={button}
      type="button"
      className="menu-button"
      aria-expanded={open}
      aria-controls="sidebar"
      onClick={() => setOpen(!open)}
    >
      {open ? uiStrings.closeMenu : uiStrings.menu}
    </button>
  );
}
