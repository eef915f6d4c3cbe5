import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { answerPathProblem, engineEnvironment, statementLocationProblem } from './confine.ts';
import { engineErrorMessage, type EngineResult } from './result-table.ts';

export interface BridgeAnswer extends Partial<EngineResult> {
  ok: boolean;
  error?: string;
  value?: string;
  /** One answer per statement of a `plan` or `values` request (the signature prober's batches). */
  answers?: { type?: string; box?: string; error?: string; overloads?: string[] }[];
}

/** The parts of a successful answer that make a result, or undefined when the answer has none. */
export function engineResultOf(a: BridgeAnswer): EngineResult | undefined {
  return a.box !== undefined && a.rows !== undefined && a.columns !== undefined && a.schema !== undefined
    ? { box: a.box, rows: a.rows, columns: a.columns, schema: a.schema }
    : undefined;
}

/**
 * The Databend release the examples run on: the engine package pinned in `requirements.txt`. The pages and
 * their results describe it, and the top bar says so.
 */
export function pinnedEngineVersion(projectRoot: string): string {
  const pinned = /^databend==([\w.]+)\s*$/m.exec(
    fs.readFileSync(path.join(projectRoot, 'src/examples/requirements.txt'), 'utf8'),
  );
  if (!pinned) throw new Error('src/examples/requirements.txt: no pinned databend version (databend==x.y.z)');
  return `v${pinned[1]}`;
}

/** A problem with the engine process itself (missing, hung, crashed), as opposed to an SQL error. */
export class EngineFailure extends Error {}

/** A statement that would reach outside the examples' data folder, or an answer that names a path outside it. */
export class ExampleRefused extends EngineFailure {}

/** The project-local engine (`.venv`, made by scripts/setup.sh --engine), or DATABEND_PYTHON. */
export function enginePython(projectRoot: string): string {
  const fromEnv = process.env.DATABEND_PYTHON;
  if (fromEnv) return fromEnv;
  const local = path.join(projectRoot, '.venv/bin/python');
  if (fs.existsSync(local)) return local;
  throw new EngineFailure(
    'the Databend engine is not installed: run `sh scripts/setup.sh --engine` (it makes .venv with the pinned databend package)',
  );
}

/**
 * The engine bridge as a long-lived child process speaking JSON lines. Each request has a time limit; a
 * statement that hangs kills the process, and a crash is reported, after which `restart()` starts a fresh one.
 */
export class EngineBridge {
  private proc?: ChildProcessWithoutNullStreams;
  private pending?: {
    proc: ChildProcessWithoutNullStreams;
    resolve: (a: BridgeAnswer) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
  };
  private stderr = '';

  constructor(
    private readonly python: string,
    private readonly script: string,
    private readonly timeoutMs: number,
    private readonly projectRoot: string,
  ) {}

  static forProject(projectRoot: string, timeoutMs = Number(process.env.EXAMPLE_TIMEOUT_MS ?? 30_000)): EngineBridge {
    return new EngineBridge(
      enginePython(projectRoot),
      path.join(projectRoot, 'src/examples/engine.py'),
      timeoutMs,
      projectRoot,
    );
  }

  private start(): ChildProcessWithoutNullStreams {
    // Outside the project, with a bare environment: no credentials or home for the engine to find.
    const proc = spawn(this.python, [this.script], {
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: os.tmpdir(),
      env: engineEnvironment(),
    });
    this.stderr = '';
    proc.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-4000);
    });
    createInterface({ input: proc.stdout }).on('line', (line) => {
      const p = this.pending;
      if (!p) return;
      this.pending = undefined;
      clearTimeout(p.timer);
      try {
        p.resolve(JSON.parse(line) as BridgeAnswer);
      } catch {
        p.reject(new EngineFailure(`the engine bridge wrote something that is not JSON: ${line.slice(0, 200)}`));
      }
    });
    proc.on('error', (err) => this.fail(new EngineFailure(`cannot start the engine (${this.python}): ${err.message}`)));
    proc.on('exit', (code, signal) => {
      if (this.proc === proc) this.proc = undefined;
      // Only the request this process was serving fails; a restarted engine's request is not its business.
      if (this.pending?.proc !== proc) return;
      const last = this.stderr.trim().split('\n').slice(-3).join(' | ');
      this.fail(new EngineFailure(`the engine stopped (${signal ?? `exit ${code}`})${last ? `: ${last}` : ''}`));
    });
    this.proc = proc;
    return proc;
  }

  private fail(err: Error): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    clearTimeout(p.timer);
    p.reject(err);
  }

  /**
   * Sends one request. A statement (`run`) that names a location outside the examples' data folder is refused
   * before it reaches the engine, and an answer that names a path outside it is refused instead of returned.
   */
  async request(body: Record<string, unknown>): Promise<BridgeAnswer> {
    if (body.op !== 'run' || typeof body.sql !== 'string') return this.send(body);
    const refused = statementLocationProblem(body.sql);
    if (refused) throw new ExampleRefused(`refused before it ran: ${refused}`);
    const answer = await this.send(body);
    const leak = answerPathProblem(
      `${answer.box ?? ''}\n${engineErrorMessage(answer.error ?? '')}`,
      body.sql,
      this.projectRoot,
    );
    if (leak) throw new ExampleRefused(`the answer was not recorded: ${leak}`);
    return answer;
  }

  private send(body: Record<string, unknown>): Promise<BridgeAnswer> {
    const proc = this.proc ?? this.start();
    return new Promise<BridgeAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new EngineFailure(`no answer within ${this.timeoutMs / 1000} s: the statement was stopped`));
        proc.kill('SIGKILL');
      }, this.timeoutMs);
      this.pending = { proc, resolve, reject, timer };
      proc.stdin.write(`${JSON.stringify(body)}\n`);
    });
  }

  /** Kills the current process (if any); the next request starts a fresh engine. */
  restart(): void {
    this.proc?.kill('SIGKILL');
    this.proc = undefined;
  }

  close(): void {
    this.proc?.stdin.end();
    this.proc = undefined;
  }

  /**
   * Ends the engine and waits for it to exit, so this process reaps it: the engine's CPU time counts to the run
   * that used it (`npm test` reports each step's), and its work folder is gone before the next step starts.
   */
  async stop(): Promise<void> {
    const proc = this.proc;
    this.close();
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((done) => proc.once('exit', () => done()));
  }
}
