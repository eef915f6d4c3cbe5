/**
 * Validates every page of the built site with html-validate: ids unique and valid (a label's `for`, a tab's
 * `aria-controls` must point at one element), landmarks named apart, and the markup rules listed below.
 * Prints `file:line:column: rule: message` for each problem and exits 1 if there is any.
 *
 *   tsx scripts/validate-html.ts [site]
 */
import fs from 'node:fs';
import path from 'node:path';
import { HtmlValidate, StaticConfigLoader, type ConfigData, type ResolvedConfig } from 'html-validate';

export const validatorConfig: ConfigData = {
  rules: {
    'no-dup-id': 'error',
    // HTML's own rule (not empty, no whitespace): React's generated ids start with an underscore (`_tabs1-R_0_`),
    // which HTML allows and the strict mode (a letter first) refuses; no stylesheet selects them.
    'valid-id': ['error', { relaxed: true }],
    'unique-landmark': 'error',
    'no-dup-attr': 'error',
    'close-order': 'error',
    'no-dup-class': 'error',
    'attribute-allowed-values': 'error',
    'element-permitted-content': 'error',
    'element-permitted-parent': 'error',
    'no-redundant-role': 'error',
    'input-missing-label': 'error',
    'wcag/h37': 'error',
  },
};

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...htmlFiles(full));
    else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out.sort();
}

/**
 * The configuration resolved once for every page. html-validate's own static loader merges the configuration and
 * builds its element table again for each page it is given (a quarter of this script's time over 593 pages); the
 * pages share one configuration, so one resolved copy serves them all.
 */
class ResolvedOnce extends StaticConfigLoader {
  private resolved?: ResolvedConfig | Promise<ResolvedConfig>;
  override getConfigFor(handle: string, configOverride?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
    if (configOverride) return super.getConfigFor(handle, configOverride);
    return (this.resolved ??= super.getConfigFor(handle));
  }
}

export async function validateSite(siteDir: string): Promise<{ pages: number; problems: string[] }> {
  const validator = new HtmlValidate(new ResolvedOnce(validatorConfig));
  const files = htmlFiles(siteDir).filter((f) => !f.includes(`${path.sep}pagefind${path.sep}`));
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(fs.readFileSync(file, 'utf8'), file);
    for (const result of report.results)
      for (const m of result.messages) problems.push(`${file}:${m.line}:${m.column}: ${m.ruleId}: ${m.message}`);
  }
  return { pages: files.length, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const siteDir = process.argv[2] ?? 'site';
  if (!fs.existsSync(siteDir)) {
    console.error(`validate-html: ${siteDir} not found: build the site first (npm run build)`);
    process.exit(1);
  }
  const { pages, problems } = await validateSite(siteDir);
  for (const p of problems) console.error(p);
  console.log(`validate-html: ${pages} pages, ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  process.exit(problems.length ? 1 : 0);
}
