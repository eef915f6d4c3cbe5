/**
 * The machine-readable reference the site publishes beside its pages (`/settings.json` and its schema), listed
 * in llms.txt and linked from every page's footer. Made only where the project has the recorded data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ENGINE_SETTINGS_FILE, readEngineSettings, readSettingsNotes, SETTINGS_NOTES_FILE } from './settings-data.ts';
import { SETTINGS_JSON, SETTINGS_SCHEMA_JSON, settingsJson, settingsSchemaJson } from './settings-json.ts';

export interface DataFile {
  /** Path in the site, without the leading slash. */
  path: string;
  title: string;
  description: string;
  text: () => string;
}

export function dataForTools(projectRoot: string): DataFile[] {
  if (
    !fs.existsSync(path.join(projectRoot, ENGINE_SETTINGS_FILE)) ||
    !fs.existsSync(path.join(projectRoot, SETTINGS_NOTES_FILE))
  )
    return [];
  const data = readEngineSettings(projectRoot);
  const notes = readSettingsNotes(projectRoot);
  return [
    {
      path: SETTINGS_JSON,
      title: 'settings.json',
      description: `every setting of Databend ${data.engine}: type, default, allowed values, level, what it does and its entry`,
      text: () => settingsJson(data, notes),
    },
    {
      path: SETTINGS_SCHEMA_JSON,
      title: 'settings.schema.json',
      description: 'the JSON Schema of settings.json',
      text: settingsSchemaJson,
    },
  ];
}
