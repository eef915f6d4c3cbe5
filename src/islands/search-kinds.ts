/**
 * The kinds of entry a reader can filter on: the kinds of name, and pages (light: the search dialog renders them
 * before its code loads).
 */
export const KINDS = ['function', 'command', 'setting', 'system table', 'page'] as const;
export type HitKind = (typeof KINDS)[number];
