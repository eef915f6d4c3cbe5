/** The islands the browser bundle knows; the server marks containers with these names. */
export const ISLAND_NAMES = [
  'theme-switch',
  'mobile-menu',
  'tabs',
  'toc-highlight',
  'search',
  'not-found-suggestions',
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];
