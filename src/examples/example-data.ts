import fs from 'node:fs';
import path from 'node:path';

/**
 * Data files for examples that load or list files (COPY INTO, stages, SELECT FROM @stage). The files are kept
 * with the content in `content/doc.data/`; before each page runs they are copied, fresh, to one fixed folder, so
 * a page's SQL can name it (`CREATE STAGE s URL = 'fs:///tmp/databend-docs/data/'`) and say the same thing on
 * every machine. A fresh copy per page means a page that unloads files into the folder cannot change what the
 * next page sees.
 */
export const EXAMPLE_DATA_DIR = '/tmp/databend-docs/data';

/** `content/doc` keeps its data files in `content/doc.data`, as its results live in `content/doc.examples`. */
export const exampleDataSourceOf = (contentRoot: string) => `${contentRoot.replace(/[\\/]+$/, '')}.data`;

/**
 * Makes the fixed folder hold exactly the content's data files; returns how many files it holds. Content without
 * data files leaves the folder alone (another checkout's run may be using it).
 *
 * When the folder already holds them (the same names, kinds, modes and bytes: the page before wrote nothing there,
 * as most pages do) it is kept: removing and copying it again cost 50 ms a page on a busy disk, a third of the
 * examples' own time. Any difference (a file unloaded, changed or removed) means a fresh copy.
 */
export function prepareExampleData(sourceDir: string, targetDir = EXAMPLE_DATA_DIR): number {
  if (!fs.existsSync(sourceDir)) return 0;
  const wanted = folderState(sourceDir);
  if (fs.existsSync(targetDir) && sameState(folderState(targetDir), wanted)) return countFiles(wanted);
  fs.rmSync(targetDir, { recursive: true, force: true });
  fs.mkdirSync(targetDir, { recursive: true });
  fs.cpSync(sourceDir, targetDir, { recursive: true });
  return countFiles(folderState(targetDir));
}

/** Each entry of a folder, at any depth: its path inside it, its kind and mode, and a file's bytes. */
type FolderState = Map<string, { kind: 'dir' | 'file' | 'other'; mode: number; bytes?: Buffer }>;

function folderState(dir: string, state: FolderState = new Map(), prefix = ''): FolderState {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + e.name;
    const full = path.join(dir, e.name);
    const mode = fs.lstatSync(full).mode & 0o7777;
    if (e.isDirectory()) {
      state.set(rel, { kind: 'dir', mode });
      folderState(full, state, `${rel}/`);
    } else if (e.isFile()) state.set(rel, { kind: 'file', mode, bytes: fs.readFileSync(full) });
    else state.set(rel, { kind: 'other', mode });
  }
  return state;
}

function sameState(a: FolderState, b: FolderState): boolean {
  if (a.size !== b.size) return false;
  for (const [rel, x] of a) {
    const y = b.get(rel);
    if (!y || x.kind !== y.kind || x.mode !== y.mode || x.kind === 'other') return false;
    if (x.bytes && (!y.bytes || !x.bytes.equals(y.bytes))) return false;
  }
  return true;
}

const countFiles = (state: FolderState) => [...state.values()].filter((e) => e.kind !== 'dir').length;

/**
 * The data folder is one fixed path for every checkout on the machine, so two runs of the examples tooling
 * (two working copies, or a record beside a check) would replace each other's files mid-page. One run at a
 * time holds this lock; a lock left by a process that no longer exists is taken over.
 */
export async function holdExamplesLock(
  lockDir = `${path.dirname(EXAMPLE_DATA_DIR)}.lock`,
  log = (m: string) => console.error(m),
): Promise<() => void> {
  const owner = path.join(lockDir, 'pid');
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(owner, String(process.pid));
      // Once, and only while it is still this process's: a lock released early may be another run's by the exit.
      const release = () => {
        process.off('exit', release);
        if (lockOwner(owner) === process.pid) fs.rmSync(lockDir, { recursive: true, force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = lockOwner(owner);
    if (pid === undefined ? lockAgeMs(lockDir) > LOCK_WRITE_GRACE_MS : !processAlive(pid)) {
      log(
        pid === undefined
          ? `examples: ${lockDir} names no process (its pid file is missing or unreadable): a killed run left it; taking it over`
          : `examples: ${lockDir} was held by pid ${pid}, which no longer runs; taking it over`,
      );
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!told)
      log(
        `examples: another run (pid ${pid ?? 'not written yet'}) is using ${EXAMPLE_DATA_DIR}; waiting for it to finish`,
      );
    told = true;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A run makes the lock folder, then writes its pid into it: a folder without a readable pid is one being made
 * for this long, and after that one a killed run left.
 */
const LOCK_WRITE_GRACE_MS = 5_000;

/** The pid a lock names, or undefined when its file is missing, unreadable or not a pid. */
function lockOwner(owner: string): number | undefined {
  try {
    const text = fs.readFileSync(owner, 'utf8').trim();
    return /^[1-9]\d*$/.test(text) ? Number(text) : undefined;
  } catch {
    return undefined;
  }
}

/** How long ago the lock folder was made (0 when it is gone: the next attempt takes it). */
function lockAgeMs(lockDir: string): number {
  try {
    return Date.now() - fs.statSync(lockDir).mtimeMs;
  } catch {
    return 0;
  }
}

/** Whether a process of this machine still runs (a lock or a folder it left is then still in use). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
