import type http from 'node:http';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The dev server's error page: the problem in the page, and Vite's client script, so saving the fix reloads
 * the browser by itself (also after a syntax error in src/, when no page module could be loaded).
 */
export function errorPage(title: string, message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><script ` +
    `type="module" src="/@vite/client"></script></head><body><main><h1>${escapeHtml(title)}</h1><p>Fix ` +
    `it and save: this page reloads by ` +
    `itself.</p><pre>${escapeHtml(message)}</pre></main></body></html>`
  );
}

/**
 * Sends a rendered page, rendering it before any header goes out: a component that throws while rendering
 * becomes an error page (status 500) instead of a half-sent response, and the server keeps serving.
 */
export function sendRendered(res: http.ServerResponse, status: number, render: () => string): void {
  let html: string;
  try {
    html = render();
  } catch (err) {
    sendError(res, 'A component failed to render', err);
    return;
  }
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

/** Any failure while handling a request: shown in the page and the terminal, never a crash of the server. */
export function sendError(res: http.ServerResponse, title: string, err: unknown): void {
  const message =
    err instanceof Error ? (err.name === 'ContentErrors' ? err.message : (err.stack ?? err.message)) : String(err);
  console.error(`[dev] ${title}:\n${message}`);
  if (res.headersSent) {
    // Nothing better can be said once the response has started: end it so the browser is not left waiting.
    res.end();
    return;
  }
  res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(errorPage(title, message));
}

/**
 * The dev server listens on loopback unless `--host <address>` opens it deliberately. HOST is not read: shells
 * and containers often set it for other reasons, and it would open the server without anyone asking.
 */
export function listenAddress(args: string[]): string {
  const i = args.indexOf('--host');
  return (i >= 0 ? args[i + 1] : undefined) ?? '127.0.0.1';
}
