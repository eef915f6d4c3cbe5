/** The dev server's responses: a failure while rendering is a page saying so, and the server keeps serving. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenAddress, sendError, sendRendered } from '../../../src/dev/respond.ts';

let server: http.Server;
let base = '';
beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = http.createServer((req, res) => {
    if (req.url === '/throws')
      sendRendered(res, 200, () => {
        throw new Error('Sidebar exploded');
      });
    else if (req.url === '/late') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>partial');
      sendError(res, 'The site failed to render', new Error('after the headers'));
    } else sendRendered(res, 200, () => '<p>fine</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  // The test files after this one share the worker: their console is theirs again.
  vi.restoreAllMocks();
});

describe('dev server responses', () => {
  it('shows a component that throws as an error page that reloads itself, and keeps serving', async () => {
    const r = await fetch(`${base}/throws`);
    expect(r.status).toBe(500);
    const html = await r.text();
    expect(html).toContain('Sidebar exploded');
    expect(html).toContain('<script type="module" src="/@vite/client"></script>');
    expect(await (await fetch(`${base}/ok`)).text()).toBe('<p>fine</p>');
  });

  it('ends a response that failed after its headers instead of crashing', async () => {
    const r = await fetch(`${base}/late`);
    expect(await r.text()).toBe('<p>partial');
    expect((await fetch(`${base}/ok`)).status).toBe(200);
  });

  it('listens on loopback unless an address is given', () => {
    expect(listenAddress([])).toBe('127.0.0.1');
    expect(listenAddress(['--host', '0.0.0.0'])).toBe('0.0.0.0');
  });
});
