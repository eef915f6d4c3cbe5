/**
 * The page's "on this page" list is written once, in the article's collapsible block (`details.toc-inline`), which
 * narrow screens and readers without JavaScript use. On a wide screen this moves that same list into the column
 * beside the article (`aside.toc`), and back when the screen narrows: the links are never in the page twice.
 */
/** Where the column beside the article shows: layout.css's breakpoint (the aside hides at max-width 75rem). */
export const WIDE_SCREEN = '(width > 75rem)';

export function startTocPlacement(doc: Document = document, win: Window = window): void {
  const inline = doc.querySelector<HTMLDetailsElement>('details.toc-inline');
  const list = inline?.querySelector(':scope > .toc-list');
  const aside = doc.querySelector('aside.toc');
  if (!inline || !list || !aside) return;
  const wide = win.matchMedia(WIDE_SCREEN);
  const place = () => (wide.matches ? aside : inline).append(list);
  wide.addEventListener('change', place);
  place();
}
