/**
 * `npm run dev`: the same site, rendered on request. Vite serves the islands and the stylesheet from source;
 * any change under content/ or src/ reloads the open page. Only the page a browser asks for is rendered, so a
 * reload stays quick however large the site; the other pages are checked in the background and their errors
 * printed. A content error is shown in the page and in the terminal, and the server keeps running.
 */
import { pinnedEngineVersion } from '../examples/bridge.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createServer as createViteServer } from 'vite';
import { FAVICON_SVG } from '../build/write/write-site.ts';
import { routeKey } from '../catalogue/ids.ts';
import { statOf } from '../serve/site-files.ts';
import { listenAddress, sendError, sendRendered } from './respond.ts';

const projectRoot = process.cwd();
/** The whole sidebar, for the categories a page leaves closed and empty (the build names it by its hash). */
const SIDEBAR_DATA = '/assets/build/sidebar.json';
const port = Number(process.env.PORT ?? 3000);

const host = listenAddress(process.argv.slice(2));
// Made before Vite so its live-reload WebSocket shares this server's port and address: on a port of its own
// (24678) it listened on every interface and sent any client the source of a module that failed to compile.
const httpServer = http.createServer((req, res) => {
  if (serveSearchIndex(new URL(req.url ?? '/', 'http://localhost').pathname, res)) return;
  vite.middlewares(req, res, () => {
    // A module that does not compile (a syntax error in src/) fails here: the error page still reloads.
    handle(req, res).catch((err: unknown) => sendError(res, 'The site failed to render', err));
  });
});

const vite = await createViteServer({
  root: projectRoot,
  configFile: false,
  appType: 'custom',
  publicDir: false,
  esbuild: { jsx: 'automatic' },
  server: {
    middlewareMode: true,
    ws: { server: httpServer },
    watch: { ignored: ['**/site/**', '**/site.*/**', '**/node_modules/**', '**/.venv/**', '**/.cache/**'] },
  },
});

// Server modules are loaded through Vite so an edited component is picked up on the next request.
type LoadSite = typeof import('../build/load-site.ts');
type RenderPage = typeof import('../build/render/render-page.tsx');
type Theme = typeof import('../islands/theme.ts');
type Errors = typeof import('../content/errors.ts');
type SidebarModule = typeof import('../ui/Sidebar.tsx');
type Prepared = Awaited<ReturnType<LoadSite['prepareSite']>>;

let state: Promise<{ site: Prepared } | { error: unknown }> | undefined;
let generation = 0;

function prepared() {
  state ??= (async () => {
    const { prepareSite } = (await vite.ssrLoadModule('/src/build/load-site.ts')) as LoadSite;
    try {
      const site = await prepareSite({ projectRoot, withDates: false });
      console.log(`[dev] ${site.catalogue.pages.length} pages ready`);
      void checkEverything(site, ++generation);
      return { site };
    } catch (error) {
      console.error(`[dev] content errors:\n${String(error instanceof Error ? error.message : error)}`);
      return { error };
    }
  })();
  return state;
}

/** Renders every page in small slices between requests and prints what is wrong, until the next change. */
async function checkEverything(site: Prepared, gen: number): Promise<void> {
  const { ErrorSink } = (await vite.ssrLoadModule('/src/content/errors.ts')) as Errors;
  const sink = new ErrorSink();
  for (const page of site.catalogue.pages) {
    if (gen !== generation) return;
    try {
      site.renderPage(page, sink);
    } catch {
      // Reported when the page is opened.
    }
    await new Promise((r) => setImmediate(r));
  }
  if (sink.errors.length)
    console.error(
      `[dev] ${sink.errors.length} content problem(s):\n  ${sink.errors.map((e) => e.message).join('\n  ')}`,
    );
}

function reloadAll(file: string) {
  state = undefined;
  generation++;
  console.log(`[dev] ${path.relative(projectRoot, file)} changed: reloading`);
  // Prepare the catalogue before the browser asks: the reload's request then finds it ready.
  void prepared().then(() => vite.ws.send({ type: 'full-reload', path: '*' }));
}
vite.watcher.add(path.join(projectRoot, 'content'));
for (const event of ['change', 'add', 'unlink'] as const) {
  vite.watcher.on(event, (file) => {
    if (file.startsWith(path.join(projectRoot, 'content')) || file.startsWith(path.join(projectRoot, 'src')))
      reloadAll(file);
  });
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/') {
    res.writeHead(302, { location: '/doc/' }).end();
    return;
  }
  if (url.pathname === '/favicon.svg') {
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(FAVICON_SVG);
    return;
  }
  const current = await prepared();
  if ('error' in current) {
    // The error class comes from a module Vite loaded, so compare by name rather than instanceof.
    sendError(res, 'The content has errors', current.error);
    return;
  }
  const site = current.site;
  if (url.pathname === '/assets/build/tokens.css') {
    res.writeHead(200, { 'content-type': 'text/css' }).end(site.tokenCss());
    return;
  }
  if (url.pathname === SIDEBAR_DATA) {
    const { sidebarData } = (await vite.ssrLoadModule('/src/ui/Sidebar.tsx')) as SidebarModule;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sidebarData(site.catalogue.sidebar)));
    return;
  }
  if (url.pathname.startsWith('/assets/content/')) {
    const rel = decodeURIComponent(url.pathname.slice('/assets/content/'.length));
    const asset = site.tree.assets.find((a) => a.relPath === rel);
    if (asset) {
      const type = asset.absPath.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(asset.absPath));
      return;
    }
  }
  const found = site.catalogue.byRoute.get(routeKey(url.pathname.replace(/\.md$/, '')));
  if (found && url.pathname.endsWith('.md') && found.kind === 'doc') {
    res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(found.source.raw);
    return;
  }
  const { renderPageHtml } = (await vite.ssrLoadModule('/src/build/render/render-page.tsx')) as RenderPage;
  const { themeBootstrap } = (await vite.ssrLoadModule('/src/islands/theme.ts')) as Theme;
  const { ErrorSink } = (await vite.ssrLoadModule('/src/content/errors.ts')) as Errors;
  const view = found
    ? (() => {
        const sink = new ErrorSink();
        const built = site.renderPage(found, sink);
        return sink.errors.length ? sink.errors.map((e) => e.message).join('\n') : built.view;
      })()
    : {
        kind: 'not-found' as const,
        route: url.pathname,
        title: 'Page not found',
        description: 'There is no page at this address.',
        breadcrumbs: [],
        section: '',
        cards: [],
        toc: [],
        enterprise: false,
      };
  if (typeof view === 'string') {
    sendError(res, 'The content has errors', view);
    return;
  }
  const siteView = {
    sidebar: site.catalogue.sidebar,
    version: site.catalogue.version,
    stylesheets: ['/src/ui/styles/site.css', '/assets/build/tokens.css'],
    scripts: ['/@vite/client', '/src/islands/main.tsx'],
    themeScript: themeBootstrap,
    sidebarData: SIDEBAR_DATA,
    origin: `http://localhost:${port}`,
    engineVersion: pinnedEngineVersion(projectRoot),
  };
  sendRendered(res, found ? 200 : 404, () => renderPageHtml(view, siteView));
}

/**
 * Search while writing: the index of the last build (`site/`), served as `npm start` serves it; pages edited since
 * are found by what they said then. Without a build, one starts in the background, and search works once it is done.
 */
const builtSite = path.join(projectRoot, 'site');
const SEARCH_FILE = /^\/(?:pagefind\/[\w./-]+|search-(?:records|summaries)\.json)$/;
const SEARCH_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};
function serveSearchIndex(pathname: string, res: http.ServerResponse): boolean {
  if (!SEARCH_FILE.test(pathname) || pathname.includes('..')) return false;
  const file = path.join(builtSite, pathname);
  if (!statOf(file)?.isFile()) return false;
  res
    .writeHead(200, {
      'content-type': SEARCH_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    })
    .end(fs.readFileSync(file));
  return true;
}
if (!fs.existsSync(path.join(builtSite, 'search-records.json'))) {
  if (process.argv.includes('--no-build')) {
    console.log('[dev] search: no built index yet (npm run build makes one)');
  } else {
    console.log(
      '[dev] search: no built index yet; building the site in the background (npm run build) so search works here',
    );
    // Detached: its own process group, so ending the server ends the build and all it started.
    const build = spawn('sh', ['scripts/build.sh'], { cwd: projectRoot, stdio: 'ignore', detached: true });
    build.on('exit', (code) =>
      console.log(
        code === 0
          ? '[dev] search: the index is built; search works now'
          : `[dev] search: the build failed (exit ${code}); run npm run build to see why`,
      ),
    );
    process.on('exit', () => {
      if (build.exitCode === null && build.pid) process.kill(-build.pid, 'SIGTERM');
    });
    // Node ends on these signals without running 'exit' handlers: the build outlived the server.
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
}

httpServer.listen(port, host, () => {
  const shown = host === '127.0.0.1' ? 'localhost' : host;
  console.log(
    `[dev] http://${shown}:${port}/doc/ (edits to content/ and src/ reload the ` +
      `page${host === '127.0.0.1' ? '; --host <address> to serve beyond this machine' : ''})`,
  );
});
