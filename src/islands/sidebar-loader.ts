/**
 * The rest of the sidebar, on demand. A page's sidebar holds its own branch and the way to every section; a
 * category off that branch arrives as its link alone, in an entry marked `li[data-sb-lazy]`: the link to its page,
 * or for a category without one (`a[data-sb-group]`), to its first page. This gives each such entry its toggle
 * (`details[data-sb-lazy]`; a category without a page becomes the toggle, as the server writes it when it is on
 * the branch), and opening one fills it from the site's sidebar JSON
 * (`nav[data-sidebar]`: one file with a hashed name, fetched once and cached). Everything is built with DOM calls
 * and text nodes: nothing from the file is parsed as HTML.
 */
/** The sidebar's tree as its JSON holds it: a label, a link, the entries below (written by `ui/Sidebar.tsx`). */
export type SidebarDataItem = { l: string; h?: string; c?: SidebarDataItem[] };

export function startSidebarLoader(doc: Document = document): void {
  const nav = doc.getElementById('sidebar');
  const url = nav?.dataset.sidebar;
  if (!nav || !url) return;
  let data: Promise<SidebarDataItem[]> | undefined;
  const load = () =>
    (data ??= fetch(url).then((res) => {
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return res.json() as Promise<SidebarDataItem[]>;
    }));
  // A reader who reaches for the sidebar is about to open something: fetch before the click.
  for (const event of ['pointerenter', 'focusin'] as const)
    nav.addEventListener(event, () => void load().catch(() => (data = undefined)), { once: true });
  nav.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open || !details.hasAttribute('data-sb-lazy')) return;
      const href = details.previousElementSibling?.getAttribute('href');
      const group = details.dataset.sbFirst;
      details.setAttribute('aria-busy', 'true');
      load()
        .then((items) => {
          const label = details.querySelector('summary')?.textContent ?? '';
          const node = group ? findGroup(items, label, group) : href ? findByHref(items, href) : undefined;
          if (node?.c && details.hasAttribute('data-sb-lazy')) {
            details.append(list(doc, node.c));
            details.removeAttribute('data-sb-lazy');
          }
        })
        .catch(() => {
          // Offline or a stale page: the category's link still leads to its page; try again on the next open.
          data = undefined;
        })
        .finally(() => details.removeAttribute('aria-busy'));
    },
    // `toggle` does not bubble.
    true,
  );
  for (const li of nav.querySelectorAll<HTMLLIElement>('li[data-sb-lazy]')) {
    const a = li.querySelector('a');
    const label = a?.textContent ?? '';
    li.removeAttribute('data-sb-lazy');
    if (a?.hasAttribute('data-sb-group')) a.replaceWith(groupToggle(doc, label, a.getAttribute('href') ?? ''));
    else li.append(lazyToggle(doc, label));
  }
  nav.setAttribute('data-sidebar-ready', '');
  revealCurrent(nav);
}

/**
 * On a wide screen the sidebar scrolls on its own: bring the current page's link to its middle when it is out of
 * sight, scrolling only the sidebar (scrollIntoView would move the page too). A hidden sidebar (the phone's
 * closed drawer) is left as it is.
 */
function revealCurrent(nav: HTMLElement): void {
  const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current || nav.scrollHeight <= nav.clientHeight) return;
  const box = nav.getBoundingClientRect();
  const linkBox = current.getBoundingClientRect();
  if (box.height === 0 || (linkBox.top >= box.top && linkBox.bottom <= box.bottom)) return;
  nav.scrollTop += linkBox.top - box.top - (box.height - linkBox.height) / 2;
}

export function findByHref(items: SidebarDataItem[], href: string): SidebarDataItem | undefined {
  for (const item of items) {
    if (item.h === href && item.c) return item;
    const inner = item.c && findByHref(item.c, href);
    if (inner) return inner;
  }
  return undefined;
}

/** A category without a page of its own, found by its label and its first page (labels alone may repeat). */
export function findGroup(items: SidebarDataItem[], label: string, first: string): SidebarDataItem | undefined {
  for (const item of items) {
    if (!item.h && item.l === label && item.c && firstHref(item.c) === first) return item;
    const inner = item.c && findGroup(item.c, label, first);
    if (inner) return inner;
  }
  return undefined;
}

function firstHref(items: SidebarDataItem[]): string | undefined {
  for (const item of items) {
    const found = item.h ?? (item.c && firstHref(item.c));
    if (found) return found;
  }
  return undefined;
}

/** The toggle of a category without a page, whose contents load when it is first opened. */
function groupToggle(doc: Document, label: string, first: string): HTMLDetailsElement {
  const details = doc.createElement('details');
  const summary = doc.createElement('summary');
  const text = doc.createElement('span');
  text.textContent = label;
  summary.append(text);
  details.setAttribute('data-sb-lazy', '');
  details.dataset.sbFirst = first;
  details.append(summary);
  return details;
}

/** The toggle of a category whose contents load when it is first opened. */
function lazyToggle(doc: Document, label: string): HTMLDetailsElement {
  const details = doc.createElement('details');
  const summary = doc.createElement('summary');
  summary.setAttribute('aria-label', label);
  details.setAttribute('data-sb-lazy', '');
  details.append(summary);
  return details;
}

/** The same markup as the server's (`Sidebar.tsx`): categories with a page load in turn when opened. */
function list(doc: Document, items: SidebarDataItem[]): HTMLUListElement {
  const ul = doc.createElement('ul');
  for (const item of items) {
    const li = doc.createElement('li');
    if (item.h) li.append(link(doc, item.h, item.l));
    if (item.c && item.h) li.append(lazyToggle(doc, item.l));
    else if (item.c) {
      const details = doc.createElement('details');
      const summary = doc.createElement('summary');
      const label = doc.createElement('span');
      label.textContent = item.l;
      summary.append(label);
      details.append(summary, list(doc, item.c));
      li.append(details);
    }
    ul.append(li);
  }
  return ul;
}

function link(doc: Document, href: string, label: string): HTMLAnchorElement {
  const a = doc.createElement('a');
  a.href = href;
  a.textContent = label;
  return a;
}
