import { useEffect, useState } from 'react';
import { uiStrings } from '../strings.ts';
import { applyTheme, readStoredTheme, storeTheme, THEMES, type ThemeChoice } from './theme.ts';

/**
 * Light / dark / system. The choice is stored and applied before first paint by the inline bootstrap in
 * <head>, so a reload never flashes the wrong theme; this control only changes it.
 */
export function ThemeSwitch() {
  // The server cannot know the stored choice: render "system", then read it once mounted.
  const [choice, setChoice] = useState<ThemeChoice>('system');
  useEffect(() => setChoice(readStoredTheme()), []);
  return (
    <label className="theme-switch">
      <span className="visually-hidden">{uiStrings.theme}</span>
      <select
        value={choice}
        onChange={(e) => {
          const next = e.target.value as ThemeChoice;
          setChoice(next);
          storeTheme(next);
          applyTheme(next);
        }}
      >
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {uiStrings.themes[t]}
          </option>
        ))}
      </select>
    </label>
  );
}
