/**
 * Where a page's frontmatter ends and its body begins, without reading the YAML: `readFrontmatter` validates the
 * block; a render thread that parses an edited page ahead of the build (`build/render/parse-ahead.ts`) needs
 * only the body, and not the YAML parser.
 */
const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/** The frontmatter's YAML text and the body, with the block replaced by blank lines (positions match the file). */
export function splitFrontmatter(text: string): { yamlText: string; body: string } | undefined {
  const match = FENCE.exec(text);
  if (!match) return undefined;
  return { yamlText: match[1] ?? '', body: match[0].replace(/[^\n]/g, '') + text.slice(match[0].length) };
}
