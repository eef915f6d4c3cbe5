/** Site-wide settings that are ours to choose, in one place. */
export const siteConfig = {
  /** Product name shown in the top bar and page titles. */
  title: 'Databend Docs',
  /** Public origin, used for canonical URLs, the sitemap and Open Graph tags. */
  origin: 'https://docs.databend.com',
  /** Every page lives under this prefix. */
  routeBase: '/doc',
  /** The product's source repository (top bar link). */
  productRepository: 'https://github.com/databendlabs/databend',
  /** This documentation's repository: "edit this page" and "report a problem" point here. */
  docsRepository: 'https://github.com/databendlabs/databend-docs',
  /** Branch that "edit this page" links to. */
  docsBranch: 'main',
  /** The specification's landing pages: the site must always have these. */
  landingRoutes: [
    '/doc/',
    '/doc/guides/',
    '/doc/cloud/',
    '/doc/enterprise/',
    '/doc/develop/',
    '/doc/deploy',
    '/doc/integrations',
    '/doc/sql-reference',
    '/doc/sql-commands',
    '/doc/sql-functions',
    '/doc/usecases',
    '/doc/releases',
    '/doc/contributing',
  ],
  /** Folder of the docs repository that holds the Markdown sources. */
  contentDir: 'content/doc',
} as const;

/**
 * The files published for tools at the site's root, all listed in llms.txt and on the landing page's footer. Other
 * pages' footers link llms.txt (which lists the rest) and the file about what the page documents (`shownOn`: route
 * prefixes): a link on every page to data about something else would be weight without use.
 */
export const toolFiles: readonly { file: string; description: string; shownOn: readonly string[] }[] = [
  {
    file: 'functions.json',
    description:
      'every SQL function: signatures proved on the engine, NULL behaviour, summary, URL ' +
      'and examples with their results (schema: functions.schema.json)',
    shownOn: ['/doc/sql-functions'],
  },
  {
    file: 'settings.json',
    description:
      'every engine setting: type, default, allowed values, level, what it does and its entry (schema: settings.schema.json)',
    shownOn: [
      '/doc/sql-reference/settings-reference',
      '/doc/sql-reference/manage-settings',
      '/doc/sql-reference/system-tables/system-settings',
      '/doc/sql-commands/setting-cmds/',
      '/doc/sql-commands/show/show-settings',
    ],
  },
  {
    file: 'llms-full.txt',
    description: "every page's Markdown in one file, with each example's recorded result",
    shownOn: [],
  },
  { file: 'llms.txt', description: 'an index of the pages, each linked to its Markdown', shownOn: ['/doc/'] },
];

/** The tool files a page's footer links: every one on the landing page, else llms.txt and the page's own data. */
export function toolFilesFor(route: string): typeof toolFiles {
  if (route === '/doc/' || route === '/doc') return toolFiles;
  return toolFiles.filter((f) => f.shownOn.some((prefix) => route.startsWith(prefix)));
}
