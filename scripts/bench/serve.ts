/** The built site served by the same server as `npm start`, inside the benchmark's process, and free ports. */
import type { Server } from 'node:http';
import net from 'node:net';
import { createSiteServer } from '../../src/serve/serve-site.ts';

/** On loopback, on a port the system picks; it stops with the benchmark (a spawned `npx serve` outlived it). */
export async function listenOn(siteDir: string): Promise<Server> {
  const server = createSiteServer(siteDir);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return server;
}

/** A port free on loopback now (for a child server or Chromium's debugging port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
