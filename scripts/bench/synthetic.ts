/** Cold builds of synthetic catalogues: how time and memory grow with the number of pages. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mib, seconds, timedBuild, type BuildRun } from './builds.ts';

/** A synthetic catalogue: folders of 50 pages, each page with headings, a table, code and links. */
function writeSynthetic(dir: string, pages: number): void {
  fs.rmSync(dir, { recursive: true, force: true });
  const perFolder = 50;
  for (let i = 0; i < pages; i++) {
    const section = Math.floor(i / perFolder);
    const folder = `${String(section).padStart(3, '0')}-section-${section}`;
    const folderDir = path.join(dir, folder);
    if (i % perFolder === 0) {
      fs.mkdirSync(folderDir, { recursive: true });
      fs.writeFileSync(
        path.join(folderDir, '_category_.json'),
        JSON.stringify({
          label: `Section ${folder}`,
          link: { type: 'generated-index', slug: `/synthetic/${folder}`, description: `Synthetic section ${folder}.` },
        }),
      );
    }
    const n = String(i % perFolder).padStart(2, '0');
    const prevLink =
      i % perFolder > 0
        ? `See [the previous page](./${String((i % perFolder) - 1).padStart(2, '0')}-page-${i - 1}.md#usage).`
        : 'This page opens its section.';
    fs.writeFileSync(
      path.join(folderDir, `${n}-page-${i}.md`),
      `---\ntitle: Synthetic Page ${i}\ndescription: Synthetic page number ${i}, for ` +
        `measuring how the build grows.\n---\n\nThis page describes function number ${i}. ` +
        `${prevLink}\n\n## Syntax\n\n\`\`\`sql syntax\nFUNC_${i}(<expr>)\n\`\`\`\n\n## ` +
        `Usage\n\n| Argument | Type | Meaning |\n| --- | --- | --- |\n| expr | INT | The ` +
        `value. |\n\n:::note\nA note on page ${i}.\n:::\n\n\`\`\`bash\necho page ` +
        `${i}\n\`\`\`\n\n### Details\n\nMore text about page ${i}, with \`inline code\` ` +
        `and **emphasis**.\n`,
    );
  }
}

export interface SyntheticRow {
  pages: number;
  run: BuildRun;
}

/** Cold builds of synthetic catalogues of a tenth of `pages` and of `pages`: time, memory, growth. */
export function synthetic(pages: number): SyntheticRow[] {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-'));
  const rows: SyntheticRow[] = [];
  try {
    console.log(
      '\nsynthetic catalogues (cold builds: wall time of the command, peak memory of the process and its threads):',
    );
    for (const n of [Math.max(1, Math.round(pages / 10)), pages]) {
      const content = path.join(work, `content-${n}`);
      writeSynthetic(content, n);
      const run = timedBuild(content, path.join(work, `site-${n}`), path.join(work, `cache-${n}`));
      rows.push({ pages: n, run });
      console.log(
        `  ${String(n).padStart(6)} pages: ${seconds(run.wallMs)} (build ${seconds(run.ms)}), ` +
          `${mib(run.maxRssKb)}  [load ${run.load.toFixed(1)}]`,
      );
      fs.rmSync(path.join(work, `site-${n}`), { recursive: true, force: true });
      fs.rmSync(path.join(work, `cache-${n}`), { recursive: true, force: true });
    }
    const [small, large] = rows;
    if (small && large)
      console.log(
        `  growth: ${large.pages / small.pages}x the pages took ` +
          `${(large.run.wallMs / small.run.wallMs).toFixed(1)}x the time and ` +
          `${(large.run.maxRssKb / small.run.maxRssKb).toFixed(2)}x the memory`,
      );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return rows;
}
