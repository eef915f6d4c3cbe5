/** The pages made from recorded data, each with its source path under `content/doc/` and its Markdown. */
import path from 'node:path';
import { readEngineErrors, readErrorNotes } from './error-codes.ts';
import { errorPages, pagesWithErrors } from './error-pages.ts';
import { readEngineSettings, readSettingsNotes } from './settings-data.ts';
import { SETTINGS_PAGE_SOURCE, settingsPage } from './settings-page.ts';

export function generatedPages(projectRoot: string): { source: string; markdown: string }[] {
  const settings = readEngineSettings(projectRoot);
  const settingNames = new Set(settings.settings.map((s) => s.name));
  return [
    { source: SETTINGS_PAGE_SOURCE, markdown: settingsPage(settings, readSettingsNotes(projectRoot)) },
    ...errorPages(
      readEngineErrors(projectRoot),
      readErrorNotes(projectRoot),
      pagesWithErrors(path.join(projectRoot, 'content')),
      settingNames,
    ),
  ];
}
