/**
 * `npm run dev` opens one socket, on loopback, even with HOST=0.0.0.0 in the environment: its live-reload
 * WebSocket shares the page's port (it had a port of its own, 24678, on every interface).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../load.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const port = Number(process.env.TEST_PORT ?? 4208);
let server: ChildProcess;

/** The TCP sockets a process listens on, as "address:port", read from /proc (its fds and the kernel's tables). */
function listening(pid: number): string[] {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      /* closed meanwhile */
    }
  }
  const out: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] !== '0A' || !inodes.has(f[9]!)) continue; // 0A: LISTEN
      const [hex, portHex] = f[1]!.split(':');
      const address =
        hex!.length === 8
          ? hex!
              .match(/../g)!
              .reverse()
              .map((b) => parseInt(b, 16))
              .join('.')
          : hex === '00000000000000000000000000000000'
            ? '::'
            : hex === '00000000000000000000000001000000'
              ? '::1'
              : hex!;
      out.push(`${address}:${parseInt(portHex!, 16)}`);
    }
  }
  return out.sort();
}

beforeAll(async () => {
  // --no-build: without a built site the server would build the project's site/ in the background.
  server = spawn(process.execPath, ['--import', 'tsx', 'src/dev/server.ts', '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '0.0.0.0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start: ${said}`)), 25_000);
    const read = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('[dev] http://')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dev server exited (${code}): ${said}`));
    });
  });
}, scaled(30_000));

afterAll(() => {
  server.kill('SIGTERM');
});

describe('dev server sockets', () => {
  it('listens on loopback only, on its one port, whatever HOST says', () => {
    expect(listening(server.pid!)).toEqual([`127.0.0.1:${port}`]);
  });

  it('answers the live-reload WebSocket on that port', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-protocol': 'vite-hmr',
        },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(101);
  });
});
