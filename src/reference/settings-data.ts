/**
 * The engine's settings as recorded from `system.settings` (`npm run examples -- --settings`), and our own words on
 * each (`content/catalogue/settings-notes.yaml`). The settings reference page and `/settings.json` are made from
 * these two files only: no fact about a setting is typed by hand.
 */
import { readRecordedJson } from '../content/recorded.ts';
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument, isMap, isScalar, LineCounter } from 'yaml';
import { z } from 'zod';
import { ContentError, ContentErrors } from '../content/errors.ts';

export const ENGINE_SETTINGS_FILE = 'content/catalogue/engine-settings.json';
export const SETTINGS_NOTES_FILE = 'content/catalogue/settings-notes.yaml';

/**
 * Defaults the engine computes from the machine it runs on (settings_default.rs at v1.2.453): recorded as null,
 * with what they depend on, so the recording is the same on every machine.
 */
export const MACHINE_DEPENDENT: Record<string, string> = {
  max_threads: 'the number of CPU cores of the query node (at most 96)',
  max_memory_usage: '80% of the memory of the query node, or the `max_server_memory_usage` of its configuration',
  recluster_block_size: '35% of the default of `max_memory_usage`',
};

export interface EngineSetting {
  name: string;
  /** The engine's type name: `UInt64` or `String`. */
  type: string;
  /** The default as the engine shows it; null where it depends on the machine (`MACHINE_DEPENDENT`). */
  default: string | null;
  /** What the default depends on, for a machine-dependent default. */
  defaultDependsOn?: string;
  /** The allowed values as the engine shows them: `[0, 1]`, `["utf8"]`, or `None` (any value of the type). */
  range: string;
  /** The level of the value in a new session: `DEFAULT` unless a global value is stored. */
  level: string;
}

export interface EngineSettings {
  engine: string;
  settings: EngineSetting[];
}

const settingSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  type: z.string().min(1),
  default: z.string().nullable(),
  defaultDependsOn: z.string().optional(),
  range: z.string().min(1),
  level: z.string().min(1),
});
const engineSettingsSchema = z.strictObject({ engine: z.string().min(1), settings: z.array(settingSchema).min(1) });

/** One setting's own words: what it does (one or two sentences) and, where it helps, examples to run. */
export interface SettingNote {
  summary: string;
  /** Statements run on the engine under the entry, in order (each a `sql example` block). */
  examples: string[];
  /** The group of the reference page the entry sits in. */
  group: string;
  /** Line of the note in the notes file, for errors. */
  line: number;
}

const fail = (file: string, reason: string, line?: number): never => {
  throw new ContentErrors([new ContentError(file, line, reason)]);
};

export function readEngineSettings(projectRoot: string): EngineSettings {
  return readRecordedJson(
    projectRoot,
    ENGINE_SETTINGS_FILE,
    engineSettingsSchema,
    'the recorded settings',
    'npm run examples -- --settings',
  );
}

/**
 * The notes file: groups (a YAML map of group title → map of setting name → note), each note either a string
 * (the summary) or `{ summary, examples }`. Errors name the file and line.
 */
export function parseSettingsNotes(text: string, file = SETTINGS_NOTES_FILE): Map<string, SettingNote> {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const lineOf = (node: { range?: [number, number, number] | null } | null | undefined) =>
    node?.range ? counter.linePos(node.range[0]).line : undefined;
  if (doc.errors.length) fail(file, doc.errors[0]!.message, doc.errors[0]!.linePos?.[0]?.line);
  const notes = new Map<string, SettingNote>();
  if (!isMap(doc.contents)) return fail(file, 'expected a map of groups, each a map of setting names to notes');
  for (const groupPair of doc.contents.items) {
    const group = isScalar(groupPair.key) ? String(groupPair.key.value) : '';
    if (!isMap(groupPair.value))
      return fail(file, `group "${group}": expected a map of setting names to notes`, lineOf(groupPair.key));
    for (const pair of groupPair.value.items) {
      const name = isScalar(pair.key) ? String(pair.key.value) : '';
      const line = lineOf(pair.key) ?? 0;
      if (notes.has(name)) fail(file, `setting "${name}" has two notes`, line);
      const value = pair.value;
      let summary: unknown;
      let examples: unknown = [];
      if (isScalar(value)) summary = value.value;
      else if (isMap(value)) {
        const js = value.toJSON() as Record<string, unknown>;
        const extra = Object.keys(js).filter((k) => k !== 'summary' && k !== 'examples');
        if (extra.length)
          fail(file, `setting "${name}": unknown key "${extra[0]}" (a note has summary and examples)`, line);
        summary = js.summary;
        examples = js.examples ?? [];
      }
      if (typeof summary !== 'string' || !summary.trim()) fail(file, `setting "${name}" needs a summary`, line);
      if (!Array.isArray(examples) || examples.some((e) => typeof e !== 'string' || !e.trim()))
        fail(file, `setting "${name}": examples must be a list of statements`, line);
      notes.set(name, {
        summary: String(summary).trim(),
        examples: (examples as string[]).map((e) => e.trim()),
        group,
        line,
      });
    }
  }
  return notes;
}

export function readSettingsNotes(projectRoot: string): Map<string, SettingNote> {
  const file = path.join(projectRoot, SETTINGS_NOTES_FILE);
  if (!fs.existsSync(file)) return fail(SETTINGS_NOTES_FILE, 'the notes on the settings are missing');
  return parseSettingsNotes(fs.readFileSync(file, 'utf8'));
}

/** Every recorded setting has a note and every note a recorded setting: otherwise the error names each. */
export function checkNotesCover(
  settings: EngineSettings,
  notes: Map<string, SettingNote>,
  file = SETTINGS_NOTES_FILE,
): void {
  const errors: ContentError[] = [];
  const names = new Set(settings.settings.map((s) => s.name));
  for (const s of settings.settings)
    if (!notes.has(s.name))
      errors.push(new ContentError(file, undefined, `setting "${s.name}" of the engine has no note: say what it does`));
  for (const [name, note] of notes)
    if (!names.has(name))
      errors.push(new ContentError(file, note.line, `"${name}" is not a setting of the engine (${settings.engine})`));
  if (errors.length) throw new ContentErrors(errors);
}

/** Each setting's summary as plain text (a search result's excerpt), or none where the project has no notes. */
export function settingSummaries(projectRoot: string): Map<string, string> {
  if (!fs.existsSync(path.join(projectRoot, SETTINGS_NOTES_FILE))) return new Map();
  return new Map([...readSettingsNotes(projectRoot)].map(([name, note]) => [name, note.summary.replace(/`/g, '')]));
}
