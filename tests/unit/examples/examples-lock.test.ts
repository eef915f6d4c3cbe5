/** The examples lock: a lock a killed run left is taken over with a message, never waited on forever. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdExamplesLock } from '../../../src/examples/example-data.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A lock folder as a killed run leaves it, made a minute ago; `pid` is what its pid file holds, if anything. */
function leftLock(pid?: string): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'examples-lock-'));
  dirs.push(parent);
  const lock = path.join(parent, 'databend-docs.lock');
  fs.mkdirSync(lock);
  if (pid !== undefined) fs.writeFileSync(path.join(lock, 'pid'), pid);
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(lock, past, past);
  return lock;
}

async function takeWithin(lock: string, ms: number): Promise<string[]> {
  const said: string[] = [];
  const release = await Promise.race([
    holdExamplesLock(lock, (m) => said.push(m)),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms; said: ${said.join(' | ')}`)), ms),
    ),
  ]);
  expect(fs.readFileSync(path.join(lock, 'pid'), 'utf8')).toBe(String(process.pid));
  release();
  return said;
}

describe('examples lock', () => {
  it('takes over an empty lock folder a killed run left', async () => {
    const lock = leftLock();
    expect(await takeWithin(lock, 3000)).toEqual([
      `examples: ${lock} names no process (its pid file is missing or unreadable): a killed run left it; taking it over`,
    ]);
  });
  it('takes over a lock whose pid file holds no pid', async () => {
    const lock = leftLock('garbage');
    expect((await takeWithin(lock, 3000))[0]).toMatch(/names no process .* taking it over/);
  });
  it('takes over a lock of a process that no longer runs, naming it', async () => {
    const lock = leftLock('999999999');
    expect(await takeWithin(lock, 3000)).toEqual([
      `examples: ${lock} was held by pid 999999999, which no longer runs; taking it over`,
    ]);
  });
  it('waits for a lock a running process holds', async () => {
    const lock = leftLock(String(process.ppid));
    await expect(takeWithin(lock, 1200)).rejects.toThrow(/still waiting .*another run \(pid \d+\) is using/);
  });
});
