/**
 * The served site under load: `npm start`'s server in a process of its own, 50 connections on loopback for 20 s
 * on a doc page and on the search records (as a browser asks: Brotli accepted), with autocannon. Prints requests
 * per second, latency percentiles and errors against the design's goals. Part of `npm run bench`; alone:
 *
 *   npx tsx scripts/bench/load-test.ts [site] [--seconds 20] [--connections 50]
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './serve.ts';

/** The design's goals for the served site, on 2 cores. */
export const LOAD_GOAL = { docPageRps: 1000, recordsRps: 300, p99Ms: 100 };

export interface LoadFigure {
  url: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not listen on ${port} within ${timeoutMs / 1000} s`);
}

/** Load figures for each URL, the server a child process (so the load generator does not share its thread). */
export async function serveLoad(siteDir: string, { seconds = 20, connections = 50 } = {}): Promise<LoadFigure[]> {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/serve/serve-site.ts', siteDir, '--port', String(port)],
    { stdio: 'ignore' },
  );
  try {
    await waitForPort(port);
    const figures: LoadFigure[] = [];
    for (const url of ['/doc/', '/search-records.json']) {
      const base = `http://127.0.0.1:${port}${url}`;
      const headers = { 'accept-encoding': 'br, gzip' };
      // One warm-up second: the server compresses each file once, on its first request.
      await autocannon({ url: base, connections: 4, duration: 1, headers });
      const r = await autocannon({ url: base, connections, duration: seconds, headers });
      figures.push({
        url,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    }
    return figures;
  } finally {
    server.kill('SIGTERM');
  }
}

export function describeLoad(figures: LoadFigure[], connections = 50): string[] {
  return figures.map((f) => {
    const goal = f.url === '/doc/' ? LOAD_GOAL.docPageRps : LOAD_GOAL.recordsRps;
    const met = f.rps >= goal && f.p99 <= LOAD_GOAL.p99Ms && f.errors === 0 && f.non2xx === 0;
    return (
      `  ${f.url}: ${Math.round(f.rps)} req/s, latency p50 ${f.p50} ms, p99 ${f.p99} ms, ` +
      `${f.errors} errors, ${f.non2xx} non-2xx, ${connections} connections (goal ≥ ${goal} ` +
      `req/s, p99 ≤ ${LOAD_GOAL.p99Ms} ms, 0 errors: ${met ? 'met' : 'MISSED'})`
    );
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: number) =>
    args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
  const siteDir =
    args.find((a, i) => !a.startsWith('--') && !['--seconds', '--connections'].includes(args[i - 1] ?? '')) ?? 'site';
  const connections = flag('--connections', 50);
  const figures = await serveLoad(siteDir, { seconds: flag('--seconds', 20), connections });
  console.log(
    `served site under load (npm start's server, loopback):\n${describeLoad(figures, connections).join('\n')}`,
  );
}
