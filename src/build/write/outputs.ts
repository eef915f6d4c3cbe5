/** The machine-readable outputs besides HTML: catalogue JSON, sitemap, robots.txt, llms.txt, server config. */
import { routeKey } from '../../catalogue/ids.ts';
import type { Catalogue, SidebarItem } from '../../catalogue/types.ts';
import { siteConfig, toolFiles } from '../../site.config.ts';
import type { BuiltPage } from '../load-site.ts';
import { securityHeaders } from '../content-security-policy.ts';
import { markdownUrlOf } from '../paths.ts';
import type { RecordedExample } from '../../content/recorded.ts';

/** The catalogue as one JSON file: version record, the `doc` sidebar tree, every doc metadata entry. */
export function catalogueJson(catalogue: Catalogue): string {
  const generatedIndexes = catalogue.pages
    .filter((p) => p.kind === 'generated-index')
    .map((p) => ({ id: p.id, route: p.route, title: p.title, description: p.description }));
  return `${JSON.stringify({ version: catalogue.version, sidebars: { doc: catalogue.sidebar }, docs: catalogue.docs, generatedIndexes }, null, 2)}\n`;
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(pages: BuiltPage[]): string {
  const urls = pages.map(({ view }) => {
    const lastmod = view.lastUpdated ? `<lastmod>${view.lastUpdated.slice(0, 10)}</lastmod>` : '';
    return `<url><loc>${xmlEscape(siteConfig.origin + view.route)}</loc>${lastmod}</url>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ` +
    `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  );
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.origin}/sitemap.xml\n`;
}

/** llms.txt: the catalogue as a Markdown index, one section per top-level sidebar entry, links to the `.md` copies. */
export function llmsTxt(catalogue: Catalogue, pages: BuiltPage[]): string {
  const byRoute = new Map(pages.map((p) => [routeKey(p.view.route), p]));
  const line = (href: string, depth: number): string | undefined => {
    const p = byRoute.get(routeKey(href));
    if (!p) return undefined;
    const url = p.markdown ? siteConfig.origin + markdownUrlOf(p.view.route) : siteConfig.origin + p.view.route;
    return `${'  '.repeat(depth)}- [${p.view.title}](${url}): ${p.view.description}`;
  };
  const walk = (items: SidebarItem[], depth: number, out: string[]) => {
    for (const item of items) {
      if (item.href) {
        const l = line(item.href, depth);
        if (l) out.push(l);
      } else if (item.type === 'category') {
        out.push(`${'  '.repeat(depth)}- ${item.label}`);
      }
      if (item.type === 'category') walk(item.items, depth + 1, out);
    }
  };
  const sections: string[] = [];
  for (const item of catalogue.sidebar) {
    const out: string[] = [];
    if (item.type === 'category') walk(item.items, 0, out);
    const head = item.href ? `## [${item.label}](${siteConfig.origin}${item.href})` : `## ${item.label}`;
    sections.push(out.length ? `${head}\n\n${out.join('\n')}` : head);
  }
  const tools = toolFiles
    .filter((f) => f.file !== 'llms.txt')
    .map((f) => `- [${f.file}](${siteConfig.origin}/${f.file}): ${f.description}`)
    .join('\n');
  return (
    `# ${siteConfig.title}\n\n> Documentation for Databend, the open-source, elastic, ` +
    `workload-aware cloud data warehouse. Each link is the page's Markdown ` +
    `source.\n\n${sections.join('\n\n')}\n\n## For tools\n\n${tools}\n`
  );
}

/** A recorded result as a Markdown table, for readers of Markdown: the engine's cells as written. */
export function resultMarkdown(e: RecordedExample): string {
  if (e.error !== undefined) return `Error:\n\n\`\`\`text\n${e.error}\n\`\`\``;
  if (!e.result) return 'Result: the statement returns no columns.';
  const cell = (c: string) => c.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
  const head = `| ${e.result.columns.map((c) => cell(`${c.name} (${c.type})`)).join(' | ')} |`;
  const rule = `| ${e.result.columns.map(() => '---').join(' | ')} |`;
  const rows = e.result.rows.map((r) => `| ${r.map(cell).join(' | ')} |`);
  return `Result${e.nondeterministic ? ' (varies from run to run)' : ''}${e.result.rows.length ? '' : ': 0 rows'}:\n\n${[head, rule, ...rows].join('\n')}`;
}

/**
 * A page's Markdown with each example's recorded result after it (in page order, matched by statement). A
 * fence is found by its backticks or tildes, indented or not, so an example inside a tab or a list keeps its place.
 */
export function markdownWithResults(body: string, recorded: readonly RecordedExample[] | undefined): string {
  if (!recorded?.length) return body;
  const lines = body.split('\n');
  const out: string[] = [];
  let next = 0;
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*sql\b(.*)$/.exec(lines[i]!);
    out.push(lines[i]!);
    if (!open) {
      const other = /^(\s*)(`{3,}|~{3,})/.exec(lines[i]!);
      if (other) {
        // Skip any other fenced block whole: its lines are not Markdown.
        for (i++; i < lines.length; i++) {
          out.push(lines[i]!);
          if (lines[i]!.trim().startsWith(other[2]!)) break;
        }
      }
      continue;
    }
    const code: string[] = [];
    for (i++; i < lines.length; i++) {
      out.push(lines[i]!);
      if (lines[i]!.trim().startsWith(open[2]!) && lines[i]!.trim().replace(/[`~]/g, '') === '') break;
      code.push(lines[i]!.slice(open[1]!.length));
    }
    if (!/\bexample\b/.test(open[3]!)) continue;
    const sql = code.join('\n');
    const found = recorded.findIndex((e, k) => k >= next && e.sql.trim() === sql.trim());
    if (found < 0) continue;
    next = found + 1;
    out.push(
      '',
      ...resultMarkdown(recorded[found]!)
        .split('\n')
        .map((l) => (l ? open[1] + l : l)),
    );
  }
  return out.join('\n');
}

/** llms-full.txt: every page in sidebar order, its Markdown with the recorded result under each example. */
export function llmsFullTxt(pages: LlmsPage[], engine: string): string {
  return llmsFullOf(pages.map(llmsFullPart), engine);
}

/** A page as llms-full.txt gives it: title, address, and its Markdown with the recorded results. */
export interface LlmsPage {
  title: string;
  url: string;
  body: string;
  recorded?: readonly RecordedExample[] | undefined;
}

/** One page's part of llms-full.txt. */
export function llmsFullPart(p: LlmsPage): string {
  return `# ${p.title}\n\nSource: ${p.url}\n\n${markdownWithResults(p.body.trim(), p.recorded)}\n`;
}

/** llms-full.txt from its pages' parts (`llmsFullPart`), in sidebar order. */
export function llmsFullOf(parts: readonly string[], engine: string): string {
  return (
    `# ${siteConfig.title} (complete)\n\n> Every page of the documentation in Markdown, ` +
    `with the result the engine returned for each example (Databend ` +
    `${engine}).\n\n${parts.join('\n')}`
  );
}

/**
 * How the site is served (what `npm start`'s server reads, and a readable record of what any static host needs:
 * see the README's "Hosting"): clean URLs, / → /doc/, no directory listings, the security headers, long caching
 * of hashed assets.
 * The build writes it beside the site (`site.serve.json`), never into it: it is not a page to publish.
 */
export function serveJson(themeScript: string): string {
  return `${JSON.stringify(
    {
      cleanUrls: true,
      directoryListing: false,
      redirects: [{ source: '/', destination: '/doc/', type: 301 }],
      headers: [
        { source: '**', headers: securityHeaders(themeScript) },
        {
          source: 'assets/build/**',
          headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
        },
      ],
    },
    null,
    2,
  )}\n`;
}

/** OpenSearch description: lets a browser add the docs as a site search (type the site name, then a query). */
export function openSearchXml(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${xmlEscape(siteConfig.title)}</ShortName>
  <Description>Search the ${xmlEscape(siteConfig.title)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Url type="text/html" method="get" template="${xmlEscape(siteConfig.origin)}/doc/search?q={searchTerms}"/>
</OpenSearchDescription>
`;
}
