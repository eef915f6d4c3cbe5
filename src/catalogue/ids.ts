/** Pure helpers that turn content paths into ids, routes and sort keys. */

const NUMBER_PREFIX = /^(\d+)-/;

/** `10-ddl-create-table.md` → `ddl-create-table`; `00-ddl` → `ddl`. */
export function stripNumberPrefix(segment: string): string {
  return segment.replace(NUMBER_PREFIX, '');
}

/** The position a number prefix gives (`20-table` → 20), if any. */
export function numberPrefix(segment: string): number | undefined {
  const m = NUMBER_PREFIX.exec(segment);
  return m ? Number(m[1]) : undefined;
}

/**
 * The id of a page: its path without number prefixes or extension. A frontmatter `id` replaces the last
 * segment (some catalogue ids differ from their file names).
 */
export function docIdFromPath(relPath: string, idOverride?: string): string {
  const segments = relPath.replace(/\.md$/, '').split('/').map(stripNumberPrefix);
  if (idOverride) segments[segments.length - 1] = idOverride;
  return segments.join('/');
}

/** The route of a page: `/doc/<id>`, a folder's `index` page at the folder with a trailing slash, or its slug. */
export function docRoute(id: string, base: string, slug?: string): string {
  if (slug !== undefined) return slug === '/' ? `${base}/` : `${base}${slug}`;
  if (id === 'index') return `${base}/`;
  if (id.endsWith('/index')) return `${base}/${id.slice(0, -'/index'.length)}/`;
  return `${base}/${id}`;
}

/** Routes are compared without their trailing slash: both forms serve the same page. */
export function routeKey(route: string): string {
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
}

/**
 * Sidebar order: explicit or prefix position first (lowest first), unpositioned last, then by file name without
 * its extension, so a name comes before its variants: `aggregate-min` (MIN) before `aggregate-min-if` (MIN_IF),
 * `explain` before `explain-ast` (the 2023 sidebar sorted `min-if.md` first, since `-` sorts before `.`).
 */
export function compareSidebarOrder(
  a: { position?: number; sortName: string },
  b: { position?: number; sortName: string },
): number {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return naturalCompare(stem(a.sortName), stem(b.sortName));
}

const stem = (fileName: string) => fileName.replace(/\.mdx?$/, '');

/**
 * Code-point order of names with digit runs read as numbers (`2-x` before `10-x`), a name before the longer
 * names it starts (`regexp` before `regexp_like`), whatever the machine's locale.
 */
export function naturalCompare(a: string, b: string): number {
  const chunks = (s: string) => s.match(/\d+|\D+/g) ?? [];
  const ca = chunks(a);
  const cb = chunks(b);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const x = ca[i] ?? '';
    const y = cb[i] ?? '';
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y) && Number(x) !== Number(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return ca.length - cb.length;
}
