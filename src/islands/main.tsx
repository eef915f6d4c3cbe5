/**
 * The browser entry: hydrates each server-rendered island with its component. Loaded as a module script, so
 * it never blocks rendering; the page is complete and readable before it runs.
 */
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MobileMenu } from './MobileMenu.tsx';
import { NotFoundSuggestions } from './NotFoundSuggestions.tsx';
import { Search } from './Search.tsx';
import { Tabs } from './Tabs.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { TocHighlight } from './TocHighlight.tsx';
import { ISLAND_NAMES, type IslandName } from './names.ts';
import { addPageControls } from './page-controls.tsx';
import { startSidebarLoader } from './sidebar-loader.ts';

const components: Record<IslandName, ComponentType<never>> = {
  'theme-switch': ThemeSwitch,
  'mobile-menu': MobileMenu,
  tabs: Tabs as ComponentType<never>,
  'toc-highlight': TocHighlight,
  search: Search as ComponentType<never>,
  'not-found-suggestions': NotFoundSuggestions,
};

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = el.dataset.island as IslandName;
  if (!ISLAND_NAMES.includes(name)) continue;
  const Component = components[name] as ComponentType<object>;
  const props = JSON.parse(el.dataset.props ?? '{}') as object;
  const prefix = el.dataset.idPrefix;
  hydrateRoot(el, <Component {...props} />, prefix ? { identifierPrefix: prefix } : undefined);
}
addPageControls();
startSidebarLoader();
// Marks the page interactive: tests and the benchmark wait for it rather than guessing.
document.documentElement.dataset.islands = 'ready';
