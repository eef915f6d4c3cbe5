/**
 * Lighthouse (mobile, its default) on each sample page: the four category scores. Chromium is started here and
 * Lighthouse attaches to it, so the benchmark owns the browser and stops it (with its whole process group)
 * whatever Lighthouse does; a page that fails under load is measured once more.
 */
import type { AddressInfo } from 'node:net';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { samples } from './bytes.ts';
import { freePort, listenOn } from './serve.ts';

const projectRoot = process.cwd();

/**
 * Lighthouse's command line, installed on first use into a folder of its own (`.cache/lighthouse/`): with its
 * dependencies it is a third of `node_modules`, and only `--lighthouse` needs it.
 */
const LIGHTHOUSE_VERSION = '12.8.2';
function lighthouseCli(): string {
  const prefix = path.join(projectRoot, '.cache/lighthouse');
  const cli = path.join(prefix, 'node_modules/lighthouse/cli/index.js');
  const installed = path.join(prefix, 'node_modules/lighthouse/package.json');
  if (!fs.existsSync(installed) || JSON.parse(fs.readFileSync(installed, 'utf8')).version !== LIGHTHOUSE_VERSION) {
    console.log(`installing Lighthouse ${LIGHTHOUSE_VERSION} into .cache/lighthouse (once)`);
    fs.mkdirSync(prefix, { recursive: true });
    const r = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`could not install Lighthouse ${LIGHTHOUSE_VERSION} (npm exited ${r.status})`);
  }
  return cli;
}

export async function lighthouseScores(siteDir: string): Promise<number[][]> {
  const cli = lighthouseCli();
  const server = await listenOn(siteDir);
  const port = (server.address() as AddressInfo).port;
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}.json`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const debugPort = await freePort();
  const chrome = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { detached: true, stdio: 'ignore' },
  );
  const scores: number[][] = [];
  try {
    await waitForDebugger(debugPort);
    console.log('\nLighthouse (mobile): performance / accessibility / best practices / SEO');
    for (const s of samples) {
      let line = '';
      for (let attempt = 1; attempt <= 2 && !line; attempt++) {
        // Not spawnSync: the site is served by this process, which must stay free to answer.
        const run = await runChild(
          process.execPath,
          [
            cli,
            `http://localhost:${port}${s.route}`,
            `--port=${debugPort}`,
            '--output=json',
            `--output-path=${out}`,
            '--quiet',
            '--only-categories=performance,accessibility,best-practices,seo',
          ],
          180_000,
        );
        if (run.status !== 0) {
          if (attempt === 2) line = `not measured: ${run.stderr.trim().split('\n').pop()}`;
          continue;
        }
        const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
          categories: Record<string, { score: number }>;
          audits: Record<string, { score: number | null; title: string }>;
        };
        const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
        const four = [score('performance'), score('accessibility'), score('best-practices'), score('seo')];
        scores.push(four);
        const failing = Object.entries(report.audits).filter(
          ([id, a]) =>
            a.score !== null &&
            a.score < 1 &&
            [
              'link-text',
              'color-contrast',
              'image-alt',
              'document-title',
              'meta-description',
              'crawlable-anchors',
            ].includes(id),
        );
        line = `${four.join(' / ')}${failing.length ? `  (failing: ${failing.map(([id]) => id).join(', ')})` : ''}`;
      }
      console.log(`  ${s.kind.padEnd(15)} ${s.route}: ${line}`);
    }
  } finally {
    fs.rmSync(out, { force: true });
    try {
      if (chrome.pid) process.kill(-chrome.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await new Promise((r) =>
      chrome.exitCode !== null || chrome.signalCode !== null ? r(undefined) : chrome.once('exit', r),
    );
    fs.rmSync(profile, { recursive: true, force: true });
    await new Promise((r) => server.close(r));
  }
  return scores;
}

/** A child process run to its end (killed after `timeoutMs`), without blocking this one. */
function runChild(
  command: string,
  argv: string[],
  timeoutMs: number,
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      stderr += `\ntimed out after ${timeoutMs / 1000} s`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

async function waitForDebugger(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('Chromium did not start');
}
