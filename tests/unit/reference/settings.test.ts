import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ContentErrors } from '../../../src/content/errors.ts';
import { generatedPages } from '../../../src/reference/generated-pages.ts';
import {
  checkNotesCover,
  parseSettingsNotes,
  readEngineSettings,
  readSettingsNotes,
} from '../../../src/reference/settings-data.ts';
import { settingsJson, settingsSchema } from '../../../src/reference/settings-json.ts';
import { allowedValues, SETTINGS_PAGE_SOURCE } from '../../../src/reference/settings-page.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('settings reference', () => {
  it('the committed page is what the recorded settings and the notes make (else: scripts/reference.ts --write)', () => {
    const page = generatedPages(root).find((p) => p.source === SETTINGS_PAGE_SOURCE)!;
    expect(fs.readFileSync(path.join(root, 'content/doc', SETTINGS_PAGE_SOURCE), 'utf8')).toBe(page.markdown);
  });

  it("gives every one of the engine's settings an entry headed by its name, with its facts", () => {
    const data = readEngineSettings(root);
    const page = generatedPages(root).find((p) => p.source === SETTINGS_PAGE_SOURCE)!.markdown;
    expect(data.settings).toHaveLength(100);
    for (const s of data.settings) expect(page).toContain(`\n### ${s.name}\n`);
    expect(page).toContain('### max_threads\n');
    expect(page).toMatch(
      /### enable_cbo\n\n[^\n]+\n\n\*\*Type:\*\* `UInt64` · \*\*Default:\*\* `1` · \*\*Allowed:\*\* `0` \(off\) or `1` \(on\)/,
    );
    expect(page).toContain('**Default:** depends on the machine: the number of CPU cores');
  });

  it('says allowed values as a reader would', () => {
    expect(allowedValues({ type: 'UInt64', range: '[1, 1024]' })).toBe('`1` to `1024`');
    expect(allowedValues({ type: 'UInt64', range: '[0, 18446744073709551615]' })).toBe('`0` or more');
    expect(allowedValues({ type: 'String', range: '["rounding", "truncating"]' })).toBe('`rounding`, `truncating`');
    expect(allowedValues({ type: 'String', range: 'None' })).toBe('a string (the engine lists no fixed values)');
    // The engine cuts a long list short (timezone): not "no fixed values".
    expect(allowedValues({ type: 'String', range: '["Africa/Abidjan", "Africa/Accra", "Africa...' })).toBe(
      'one of a fixed list that `system.settings` shortens: `Africa/Abidjan`, `Africa/Accra` and more',
    );
  });

  it('refuses notes that are malformed, name a setting twice, or miss a setting, naming file and line', () => {
    expect(() => parseSettingsNotes('Group:\n  max_threads: Threads.\n  max_threads: Again.\n', 'notes.yaml')).toThrow(
      /notes\.yaml:3: setting "max_threads" has two notes|notes\.yaml.*Map keys must be unique/,
    );
    expect(() =>
      parseSettingsNotes('Group:\n  max_threads:\n    summary: Threads.\n    example: [SELECT 1]\n', 'notes.yaml'),
    ).toThrow(/notes\.yaml:2: setting "max_threads": unknown key "example"/);
    const data = readEngineSettings(root);
    const notes = readSettingsNotes(root);
    notes.delete('enable_cbo');
    notes.set('no_such_setting', { summary: 'x', examples: [], group: 'G', line: 7 });
    try {
      checkNotesCover(data, notes, 'notes.yaml');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ContentErrors);
      const messages = (err as ContentErrors).errors.map((e) => e.message);
      expect(messages).toContain('notes.yaml: setting "enable_cbo" of the engine has no note: say what it does');
      expect(messages).toContain('notes.yaml:7: "no_such_setting" is not a setting of the engine (v1.2.453)');
    }
  });

  it('publishes settings.json valid against its schema, each setting linked to its entry', () => {
    const json = JSON.parse(settingsJson(readEngineSettings(root), readSettingsNotes(root))) as {
      engine: string;
      settings: { name: string; url: string; default: string | null; summary: string }[];
    };
    const validate = new Ajv({ allErrors: true, strict: true }).compile(settingsSchema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.settings).toHaveLength(100);
    const sqlDialect = json.settings.find((s) => s.name === 'sql_dialect')!;
    expect(sqlDialect.url).toBe('https://docs.databend.com/doc/sql-reference/settings-reference#sql_dialect');
    expect(sqlDialect.summary).toMatch(/dialect/);
    expect(json.settings.find((s) => s.name === 'max_memory_usage')!.default).toBeNull();
    // The schema refuses what tools could not use: a setting without a summary, an unknown field.
    const broken = {
      ...json,
      settings: [
        { ...json.settings[0]!, summary: '' },
        { ...json.settings[1]!, extra: 1 },
      ],
    };
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.length).toBe(2);
  });
});
