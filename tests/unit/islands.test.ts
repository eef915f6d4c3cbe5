import { describe, expect, it } from 'vitest';
import { excerptIn } from '../../src/islands/search-sections.ts';
import { isThemeChoice, themeBootstrap } from '../../src/islands/theme.ts';

describe('search helpers', () => {
  it('turns excerpts into text runs, so index text never becomes markup', () => {
    const words = 'use date_trunc with &lt;img onerror=x&gt; &amp; more'.split(' ');
    expect(excerptIn(words, new Map([[1, 1]]), 0, words.length, 24)).toEqual([
      { text: 'use ', marked: false },
      { text: 'date_trunc', marked: true },
      { text: ' with <img onerror=x> & more', marked: false },
    ]);
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
