/** Pure theme helpers shared by the switch and the <head> bootstrap. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'databend-docs-theme';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

export function storeTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be disabled (private mode): the choice then lasts for this page only.
  }
}

/** `data-theme` on <html> drives the CSS; "system" removes it so prefers-color-scheme decides. */
export function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

/**
 * The bootstrap inlined in <head> (its hash goes into the Content-Security-Policy). It marks that scripts run
 * (CSS shows JS-only controls) and applies the stored theme before the first paint.
 */
export const themeBootstrap =
  `(function(){var d=document.documentElement;d.dataset.js="";try{var ` +
  `t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="light"||t==="dark")d.dataset.theme=t}catch(e){}})();`;
