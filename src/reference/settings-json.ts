/**
 * `/settings.json`: every engine setting for tools (editors, linters, assistants), with the JSON Schema that
 * describes it, published as `/settings.schema.json`. Made from the same recorded facts and notes as the page.
 */
import { siteConfig } from '../site.config.ts';
import type { EngineSettings, SettingNote } from './settings-data.ts';
import { SETTINGS_PAGE_ROUTE } from './settings-page.ts';

export const SETTINGS_JSON = 'settings.json';
export const SETTINGS_SCHEMA_JSON = 'settings.schema.json';

export const settingsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: `${siteConfig.origin}/${SETTINGS_SCHEMA_JSON}`,
  title: 'Databend settings',
  description:
    'Every setting of one Databend version, as system.settings reports it, with what it does and where it is documented.',
  type: 'object',
  additionalProperties: false,
  required: ['engine', 'settings'],
  properties: {
    $schema: { type: 'string' },
    engine: {
      type: 'string',
      pattern: '^v\\d+\\.\\d+\\.\\d+$',
      description: 'The Databend version the facts were recorded on.',
    },
    settings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'default', 'range', 'level', 'summary', 'url'],
        properties: {
          name: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
          type: { type: 'string', enum: ['UInt64', 'String'], description: 'The engine type of the value.' },
          default: {
            type: ['string', 'null'],
            description: 'The default as system.settings shows it; null when it depends on the machine.',
          },
          defaultDependsOn: { type: 'string', description: 'What a machine-dependent default is derived from.' },
          range: { type: 'string', description: 'The allowed values: "[min, max]", a list of strings, or "None".' },
          level: {
            type: 'string',
            enum: ['DEFAULT', 'SESSION', 'GLOBAL'],
            description: 'Where the value comes from in a new session.',
          },
          summary: {
            type: 'string',
            minLength: 1,
            description: 'What the setting changes (Markdown inline code in backticks).',
          },
          url: { type: 'string', pattern: '^https?://', description: "The setting's entry in the settings reference." },
        },
      },
    },
  },
} as const;

export function settingsJson(data: EngineSettings, notes: Map<string, SettingNote>): string {
  const settings = data.settings.map((s) => ({
    ...s,
    summary: notes.get(s.name)?.summary ?? '',
    url: `${siteConfig.origin}${SETTINGS_PAGE_ROUTE}#${s.name}`,
  }));
  return `${JSON.stringify({ $schema: `${siteConfig.origin}/${SETTINGS_SCHEMA_JSON}`, engine: data.engine, settings }, null, 1)}\n`;
}

export const settingsSchemaJson = (): string => `${JSON.stringify(settingsSchema, null, 2)}\n`;
