import { useEffect, useState } from 'react';
import { uiStrings } from '../ui/strings.ts';

/**
 * The phone-sized menu button: opens the sidebar as a drawer. Without JavaScript the sidebar is shown below
 * the article instead (see layout.css), so navigation never depends on this.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    document.body.toggleAttribute('data-menu-open', open);
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.querySelector<HTMLElement>('#sidebar [aria-current="page"]')?.scrollIntoView({ block: 'center' });
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <button type="button" className="menu-button" aria-expanded={open} aria-controls="sidebar" aria-label={open ? uiStrings.closeMenu : uiStrings.menu} onClick={() => setOpen(!open)}>
      {uiStrings.menu}
    </button>
  );
}
