/**
 * `npm run dev`: the same site, rendered on request. Vite serves the islands and the stylesheet from source;
 * any change under content/ or src/ reloads the open page. A content error is shown in the page and in the
 * terminal, and the server keeps running.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createServer as createViteServer } from 'vite';
import { routeKey } from '../catalogue/ids.ts';
import { FAVICON_SVG } from '../build/write-site.ts';

const projectRoot = process.cwd();
const port = Number(process.env.PORT ?? 3000);

const vite = await createViteServer({
  root: projectRoot,
  configFile: false,
  appType: 'custom',
  publicDir: false,
  esbuild: { jsx: 'automatic' },
  server: { middlewareMode: true, watch: { ignored: ['**/site/**', '**/site.*/**', '**/node_modules/**', '**/.venv/**'] } },
});

// Server modules are loaded through Vite so an edited component is picked up on the next request.
type LoadSite = typeof import('../build/load-site.ts');
type RenderPage = typeof import('../build/render-page.tsx');
type Theme = typeof import('../islands/theme.ts');

let cached: { model: Awaited<ReturnType<LoadSite['loadSite']>> } | { error: unknown } | undefined;
let tokenCss = '';

async function model() {
  if (!cached) {
    const { loadSite } = (await vite.ssrLoadModule('/src/build/load-site.ts')) as LoadSite;
    try {
      const m = await loadSite({ projectRoot, withDates: false });
      tokenCss = m.tokenCss;
      cached = { model: m };
      console.log(`[dev] ${m.pages.length} pages ready`);
    } catch (error) {
      cached = { error };
      console.error(`[dev] content errors:\n${String(error instanceof Error ? error.message : error)}`);
    }
  }
  return cached;
}

function reloadAll(file: string) {
  cached = undefined;
  console.log(`[dev] ${path.relative(projectRoot, file)} changed: reloading`);
  // Rebuild the model before the browser asks: the reload's request then finds it ready, or nearly.
  void model().then(() => vite.ws.send({ type: 'full-reload', path: '*' }));
}
vite.watcher.add(path.join(projectRoot, 'content'));
for (const event of ['change', 'add', 'unlink'] as const) {
  vite.watcher.on(event, (file) => {
    if (file.startsWith(path.join(projectRoot, 'content')) || file.startsWith(path.join(projectRoot, 'src'))) reloadAll(file);
  });
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
  if (url.pathname === '/assets/build/tokens.css') {
    await model();
    res.writeHead(200, { 'content-type': 'text/css' }).end(tokenCss);
    return;
  }
  const state = await model();
  if ('error' in state) {
    // The error class comes from a module Vite loaded, so compare by name rather than instanceof.
    const err = state.error as Error;
    const message = err?.name === 'ContentErrors' ? err.message : String(err?.stack ?? err);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content error</title><script type="module" src="/@vite/client"></script></head><body><main><h1>The content has errors</h1><p>Fix them and save: this page reloads by itself.</p><pre>${escapeHtml(message)}</pre></main></body></html>`;
    res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    return;
  }
  const m = state.model;
  if (url.pathname.startsWith('/assets/content/')) {
    const rel = decodeURIComponent(url.pathname.slice('/assets/content/'.length));
    const asset = m.tree.assets.find((a) => a.relPath === rel);
    if (asset) {
      const type = asset.absPath.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(asset.absPath));
      return;
    }
  }
  if (url.pathname.endsWith('.md')) {
    const page = m.pages.find((p) => p.markdown !== undefined && `${routeKey(p.view.route)}.md` === url.pathname);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(page.markdown);
      return;
    }
  }
  const { renderPageHtml } = (await vite.ssrLoadModule('/src/build/render-page.tsx')) as RenderPage;
  const { themeBootstrap } = (await vite.ssrLoadModule('/src/islands/theme.ts')) as Theme;
  const site = {
    sidebar: m.catalogue.sidebar,
    version: m.catalogue.version,
    stylesheets: ['/src/ui/styles/site.css', '/assets/build/tokens.css'],
    scripts: ['/@vite/client', '/src/islands/main.tsx'],
    themeScript: themeBootstrap,
    origin: `http://localhost:${port}`,
  };
  const found = m.pages.find((p) => routeKey(p.view.route) === routeKey(url.pathname));
  const view = found?.view ?? { kind: 'not-found' as const, route: url.pathname, title: 'Page not found', description: 'There is no page at this address.', breadcrumbs: [], cards: [], toc: [], enterprise: false };
  res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(renderPageHtml(view, site));
}

http
  .createServer((req, res) => {
    vite.middlewares(req, res, () => {
      handle(req, res).catch((err: unknown) => {
        console.error(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String((err as Error)?.stack ?? err));
      });
    });
  })
  .listen(port, () => console.log(`[dev] http://localhost:${port}/doc/ (edits to content/ and src/ reload the page)`));
