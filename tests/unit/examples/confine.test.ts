/**
 * An example touches only the examples' data folder: a statement naming a location outside it is refused before
 * the engine runs it, and an answer naming a path outside it is not returned. Runs the real engine bridge.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineBridge, enginePython, ExampleRefused } from '../../../src/examples/bridge.ts';
import { answerPathProblem, statementLocationProblem } from '../../../src/examples/confine.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const bridge = EngineBridge.forProject(root);
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'examples-outside-'));
afterAll(() => {
  bridge.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

describe('examples confined to their data folder', () => {
  it('refuses to read /etc/passwd through an fs:// location', async () => {
    await expect(bridge.request({ op: 'run', sql: "SELECT $1 FROM 'fs:///etc/' (FILES=>('passwd'))" })).rejects.toThrow(
      new ExampleRefused(
        "refused before it ran: the location 'fs:///etc/' is outside /tmp/databend-docs/data/: " +
          'an example may read and write files only there',
      ),
    );
  });

  it('refuses COPY INTO a folder outside, and nothing is written there', async () => {
    await expect(bridge.request({ op: 'run', sql: `COPY INTO 'fs://${outside}/' FROM (SELECT 1)` })).rejects.toThrow(
      /refused before it ran: the location 'fs:\/\/.*examples-outside-.*' is outside \/tmp\/databend-docs\/data\//,
    );
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('refuses a path that climbs out of the data folder, however it is written', () => {
    for (const sql of [
      "SELECT $1 FROM 'fs:///tmp/databend-docs/data/../../../etc/' (FILES=>('passwd'))",
      "SELECT $1 FROM 'fs:\\x2f\\x2f/etc/' (FILES=>('passwd'))",
      "/* it's */ SELECT $1 FROM 'fs:///etc/' (FILES=>('passwd'))",
      "SELECT $1 FROM @s (FILES=>('../../../etc/passwd'))",
      'SELECT $1 FROM @s/../../../etc/',
      "CREATE STAGE s URL = 'fs:///tmp/databend-docs/data-other/'",
    ])
      expect(statementLocationProblem(sql), sql).toMatch(
        /outside \/tmp\/databend-docs\/data\/|climbs out of its folder/,
      );
    expect(statementLocationProblem("CREATE STAGE s URL = 'fs:///tmp/databend-docs/data/load-data/'")).toBeUndefined();
    expect(statementLocationProblem("SELECT 'a/../b', '/etc/passwd'")).toBeUndefined();
  });

  it('does not return an answer that names the project folder', async () => {
    await expect(
      bridge.request({ op: 'run', sql: `SELECT concat('${root.slice(0, 3)}', '${root.slice(3)}') AS p` }),
    ).rejects.toThrow(`the answer was not recorded: the engine's answer names the project folder (${root})`);
    expect(answerPathProblem("error near 'fs:///home/me/x.csv'", 'PUT fs:///home/me/x.csv @s', root)).toBeUndefined();
    expect(answerPathProblem('│ fs:///var/lib/x │', 'LIST @s', root)).toMatch(/names fs:\/\/\/var\/lib\/x, outside/);
  });

  it("does not return an answer that names the engine's own working folder, in memory or in the temporary folder", () => {
    for (const dir of ['/dev/shm', os.tmpdir()])
      expect(
        answerPathProblem(`error: cannot open ${dir}/databend-examples-123-x1y2/.databend/_data/1`, 'SELECT 1', root),
      ).toMatch(/names the engine's own working folder/);
  });

  // The statement checks are one wall; the engine process itself is the other (Landlock, Linux 5.13+): asked
  // directly, past the bridge's checks, it can neither read /etc nor write outside its folders.
  it.runIf(process.platform === 'linux')('the engine process itself cannot read /etc or write elsewhere', () => {
    const requests = [
      "CREATE FILE FORMAT lines TYPE = CSV FIELD_DELIMITER = ':'",
      "SELECT $1 FROM 'fs:///etc/' (FILES=>('passwd'), FILE_FORMAT=>'lines')",
      `COPY INTO 'fs://${outside}/' FROM (SELECT 1)`,
    ]
      .map((sql) => JSON.stringify({ op: 'run', sql }))
      .join('\n');
    const run = spawnSync(enginePython(root), [path.join(root, 'src/examples/engine.py')], {
      input: `${requests}\n`,
      encoding: 'utf8',
      cwd: os.tmpdir(),
    });
    const [, read, copy] = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { ok: boolean; error?: string; box?: string });
    expect(read).toMatchObject({
      ok: false,
      error: expect.stringMatching(/PermissionDenied.*Permission denied \(os error 13\)/),
    });
    expect(copy).toMatchObject({ ok: false, error: expect.stringMatching(/Permission denied \(os error 13\)/) });
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('still runs what stays inside', async () => {
    const answer = await bridge.request({ op: 'run', sql: 'SELECT 1 + 1 AS two' });
    expect(answer.ok).toBe(true);
    expect(answer.box).toContain('2');
  });
});
