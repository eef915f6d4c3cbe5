import { describe, expect, it } from 'vitest';
import { cleanUrl, excerptRuns } from '../../src/islands/search-client.ts';
import { isThemeChoice, themeBootstrap } from '../../src/islands/theme.ts';

describe('search helpers', () => {
  it('turns excerpts into text runs, so index text never becomes markup', () => {
    expect(excerptRuns('use <mark>date_trunc</mark> with &lt;img onerror=x&gt; &amp; more')).toEqual([
      { text: 'use ', marked: false },
      { text: 'date_trunc', marked: true },
      { text: ' with <img onerror=x> & more', marked: false },
    ]);
  });
  it('gives canonical page URLs', () => {
    expect(cleanUrl('/doc/sql-functions/datetime-functions/datetrunc/')).toBe('/doc/sql-functions/datetime-functions/datetrunc');
    expect(cleanUrl('/doc/')).toBe('/doc/');
  });
});

describe('theme helpers', () => {
  it('accepts only the three choices', () => {
    expect(['light', 'dark', 'system', 'blue', null].map(isThemeChoice)).toEqual([true, true, true, false, false]);
  });
  it('bootstraps the stored theme and marks that scripts run', () => {
    expect(themeBootstrap).toContain('d.dataset.js=""');
    expect(themeBootstrap).toContain('localStorage.getItem("databend-docs-theme")');
  });
});
