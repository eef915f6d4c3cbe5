/**
 * The settings reference page, made from the engine's recording and our notes (`settings-data.ts`): one entry per
 * setting, a heading whose anchor is the setting's name (`#max_threads`), its facts on one line, what it does and
 * its examples. `scripts/reference.ts --write` writes it; a unit test fails when the page is not what it makes.
 */
import { checkNotesCover, type EngineSetting, type EngineSettings, type SettingNote } from './settings-data.ts';

export const SETTINGS_PAGE_SOURCE = '13-sql-reference/43-settings-reference.md';
export const SETTINGS_PAGE_ROUTE = '/doc/sql-reference/settings-reference';

const U64_MAX = '18446744073709551615';

/** The allowed values as a reader says them: `0` (off) or `1` (on), `1` to `1024`, `0` or more, a list of strings. */
export function allowedValues(s: Pick<EngineSetting, 'type' | 'range'>): string {
  const numeric = /^\[(\d+), (\d+)\]$/.exec(s.range);
  if (numeric) {
    const [, lo, hi] = numeric;
    if (lo === '0' && hi === '1') return '`0` (off) or `1` (on)';
    if (hi === U64_MAX) return `\`${lo}\` or more`;
    return `\`${lo}\` to \`${hi}\``;
  }
  const list = /^\[(.*)\]$/.exec(s.range);
  if (list) {
    const values = (list[1] ?? '')
      .split(',')
      .map((v) => v.trim().replace(/^"|"$/g, ''))
      .filter(Boolean);
    return values.map((v) => `\`${v}\``).join(', ');
  }
  // A long list comes cut short (`["Africa/Abidjan", "Africa/Accra", "Africa...`): its first values, and that there are more.
  const cut = /^\[(.*), "[^"]*\.\.\.$/.exec(s.range);
  if (cut) {
    const first = (cut[1] ?? '').split(',').map((v) => v.trim().replace(/^"|"$/g, ''));
    return `one of a fixed list that \`system.settings\` shortens: ${first.map((v) => `\`${v}\``).join(', ')} and more`;
  }
  return s.type === 'String' ? 'a string (the engine lists no fixed values)' : `a value of type ${s.type}`;
}

export function defaultText(s: EngineSetting): string {
  if (s.default === null) return `depends on the machine: ${s.defaultDependsOn ?? 'see its description'}`;
  if (s.default === '') return 'empty';
  return `\`${s.default}\``;
}

/** The facts of one setting on one line, as the engine recorded them. */
export function factsLine(s: EngineSetting, sameLevel: boolean): string {
  const facts = [`**Type:** \`${s.type}\``, `**Default:** ${defaultText(s)}`, `**Allowed:** ${allowedValues(s)}`];
  if (!sameLevel) facts.push(`**Level in a new session:** \`${s.level}\``);
  return facts.join(' · ');
}

/** The page's Markdown. Every setting needs a note and every note a setting (the error names each). */
export function settingsPage(data: EngineSettings, notes: Map<string, SettingNote>): string {
  checkNotesCover(data, notes);
  const byName = new Map(data.settings.map((s) => [s.name, s]));
  const levels = new Set(data.settings.map((s) => s.level));
  const sameLevel = levels.size === 1;
  const groups = new Map<string, string[]>();
  for (const [name, note] of notes) groups.set(note.group, [...(groups.get(note.group) ?? []), name]);
  const out: string[] = [
    '---',
    'title: Settings Reference',
    'sidebar_label: Settings Reference',
    `description: Every setting of Databend ${data.engine} with its type, default and ` +
      `allowed values, and what it changes, grouped by topic.`,
    'keywords: [all settings, list of settings, session variables, setting default, setting range]',
    '---',
    '',
    `Databend ${data.engine} has ${data.settings.length} settings. Each entry below gives a setting's type, its default and the`,
    'values it accepts, as `system.settings` reports them, and says what the setting changes. To change a setting for',
    'your session or for every session, see [Managing Settings](42-manage-settings.md); `SHOW SETTINGS` and the',
    '[system.settings](20-system-tables/system-settings.md) table show the values in force.',
    '',
    'A setting of type `UInt64` whose allowed values are `0` and `1` is a switch: `1` turns it on.',
    ...(sameLevel
      ? [
          '',
          `Each setting has the level \`${[...levels][0]}\` until it is changed: \`SET\` gives it the level \`SESSION\` in your ` +
            'session, and `SET GLOBAL` the level `GLOBAL` in every session, new ones included.',
        ]
      : []),
  ];
  for (const [group, names] of groups) {
    out.push('', `## ${group}`);
    for (const name of names) {
      const s = byName.get(name)!;
      const note = notes.get(name)!;
      out.push('', `### ${name}`, '', note.summary, '', factsLine(s, sameLevel));
      for (const sql of note.examples) out.push('', '```sql example', sql, '```');
    }
  }
  out.push(
    '',
    '## See also',
    '',
    '- [Managing Settings](42-manage-settings.md): `SET`, `SET GLOBAL`, `UNSET` and the `SET_VAR` hint.',
    '- [SHOW SETTINGS](../14-sql-commands/40-show/show-settings.md)',
    '',
  );
  return out.join('\n');
}
