/** The data files every page's footer links (no file access here: the page shell imports it). */
export const FOOTER_DATA_LINKS: readonly { href: string; label: string }[] = [{ href: '/settings.json', label: 'settings.json' }];
