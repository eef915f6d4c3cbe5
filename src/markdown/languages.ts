/**
 * Code block languages the site highlights. An unknown language is a build error rather than a silently
 * unhighlighted block: it is nearly always a typo.
 */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  sql: 'sql',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  console: 'shellsession',
  python: 'python',
  py: 'python',
  go: 'go',
  javascript: 'javascript',
  js: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  java: 'java',
  rust: 'rust',
  rs: 'rust',
  toml: 'toml',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
  xml: 'xml',
  ini: 'ini',
  dockerfile: 'docker',
  diff: 'diff',
  http: 'http',
  text: 'text',
  plaintext: 'text',
};

/** Shiki grammars to load: every target of the alias table except plain text. */
export const SHIKI_LANGUAGES = [...new Set(Object.values(LANGUAGE_ALIASES))].filter((l) => l !== 'text');

export function resolveLanguage(lang: string): string | undefined {
  return LANGUAGE_ALIASES[lang.toLowerCase()];
}

/** The languages of a page's code blocks besides SQL, shell and plain text, as a fence names them. */
export function grammarsOf(body: string): string[] {
  const out = new Set<string>();
  for (const m of body.matchAll(/^ {0,3}(?:`{3,}|~{3,})\s*([\w+-]+)/gm)) {
    const lang = resolveLanguage(m[1]!);
    if (lang && !COMMON_GRAMMARS.has(lang)) out.add(lang);
  }
  return [...out].sort();
}
const COMMON_GRAMMARS = new Set(['sql', 'bash', 'shellsession', 'text']);
