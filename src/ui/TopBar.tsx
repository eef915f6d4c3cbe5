import type { VersionRecord } from '../catalogue/types.ts';
import { Search } from '../islands/Search.tsx';
import { MobileMenu } from '../islands/MobileMenu.tsx';
import { ThemeSwitch } from '../islands/ThemeSwitch.tsx';
import { siteConfig } from '../site.config.ts';
import { Island } from './Island.tsx';
import { uiStrings } from '../strings.ts';

/** Product name, version, search, theme, source repository, and (on phones) the menu button. */
export function TopBar({ version, engineVersion }: { version: VersionRecord; engineVersion: string }) {
  return (
    <header className="top-bar">
      <Island name="mobile-menu" component={MobileMenu} props={{}} className="top-bar-menu" />
      <a className="brand" href="/doc/">
        <span className="brand-name">{uiStrings.siteName}</span>{' '}
        <span className="brand-docs">{uiStrings.docsLabel}</span>
      </a>
      <span className="version-label">
        {version.label} · {uiStrings.engineLabel(engineVersion)}
      </span>
      <Island name="search" component={Search} props={{}} className="top-bar-search" />
      <Island name="theme-switch" component={ThemeSwitch} props={{}} className="top-bar-theme" />
      {/* Its icon is drawn by the stylesheet (top-bar.css), not repeated in every page. */}
      <a className="repo-link" href={siteConfig.productRepository} aria-label={uiStrings.sourceRepository} />
    </header>
  );
}
