/**
 * The sidebar as a modal drawer on a phone: the page behind it neither scrolls nor takes focus (inert), Tab
 * cycles between the drawer's links and the button that closes it, Escape closes it, and the article is where
 * the reader left it when it closes. Returns the function that undoes all of it.
 */
export function openDrawer(drawer: HTMLElement, button: HTMLElement, close: () => void): () => void {
  const doc = drawer.ownerDocument;
  const win = doc.defaultView ?? window;
  const scrollY = win.scrollY;
  // Everything but the drawer and the top bar's menu slot: the skip link, the rest of the top bar, the
  // article and its table of contents.
  const behind = [
    ...doc.querySelectorAll<HTMLElement>(
      'body > :not(.top-bar, .layout, script), .top-bar > :not(.top-bar-menu), .layout > :not(.sidebar-drawer)',
    ),
  ];
  for (const el of behind) el.inert = true;
  // The navigation's wrapper is the dialog: a nav element cannot take the dialog role.
  const dialog = drawer.closest<HTMLElement>('.sidebar-drawer') ?? drawer;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  // Named as the navigation it holds.
  const named = dialog !== drawer && drawer.hasAttribute('aria-label');
  if (named) dialog.setAttribute('aria-label', drawer.getAttribute('aria-label') ?? '');
  doc.body.setAttribute('data-menu-open', '');

  // The current page's link in the middle of the drawer, scrolling only the drawer (scrollIntoView would move
  // the page behind it too).
  const current = drawer.querySelector<HTMLElement>('[aria-current="page"]');
  if (current) {
    const box = drawer.getBoundingClientRect();
    const link = current.getBoundingClientRect();
    drawer.scrollTop += link.top - box.top - (box.height - link.height) / 2;
  }

  const focusable = () =>
    [button, ...drawer.querySelectorAll<HTMLElement>('a[href], summary, button')].filter((el) => el.checkVisibility());
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      close();
      button.focus();
      return;
    }
    if (e.key !== 'Tab') return;
    const list = focusable();
    const first = list[0];
    const last = list[list.length - 1];
    const active = doc.activeElement;
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && (active === last || !list.includes(active as HTMLElement))) {
      e.preventDefault();
      first?.focus();
    }
  };
  doc.addEventListener('keydown', onKey);

  return () => {
    doc.removeEventListener('keydown', onKey);
    doc.body.removeAttribute('data-menu-open');
    dialog.removeAttribute('role');
    dialog.removeAttribute('aria-modal');
    if (named) dialog.removeAttribute('aria-label');
    for (const el of behind) el.inert = false;
    if (win.scrollY !== scrollY) win.scrollTo(0, scrollY);
  };
}
