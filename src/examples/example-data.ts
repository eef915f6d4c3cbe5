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
 * Replaces the fixed folder's contents with the content's data files; returns how many files were copied.
 * Content without data files leaves the folder alone (another checkout's run may be using it).
 */
export function prepareExampleData(sourceDir: string, targetDir = EXAMPLE_DATA_DIR): number {
  if (!fs.existsSync(sourceDir)) return 0;
  fs.rmSync(targetDir, { recursive: true, force: true });
  fs.mkdirSync(targetDir, { recursive: true });
  fs.cpSync(sourceDir, targetDir, { recursive: true });
  let files = 0;
  const count = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) e.isDirectory() ? count(path.join(dir, e.name)) : files++;
  };
  count(targetDir);
  return files;
}

/**
 * The data folder is one fixed path for every checkout on the machine, so two runs of the examples tooling
 * (two working copies, or a record beside a check) would replace each other's files mid-page. One run at a
 * time holds this lock; a lock left by a process that no longer exists is taken over.
 */
export async function holdExamplesLock(lockDir = `${path.dirname(EXAMPLE_DATA_DIR)}.lock`, log = (m: string) => console.error(m)): Promise<() => void> {
  const owner = path.join(lockDir, 'pid');
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(owner, String(process.pid));
      const release = () => fs.rmSync(lockDir, { recursive: true, force: true });
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number(fs.existsSync(owner) ? fs.readFileSync(owner, 'utf8') : NaN);
    if (Number.isInteger(pid) && !processAlive(pid)) {
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!told) log(`examples: another run (pid ${pid}) is using ${EXAMPLE_DATA_DIR}; waiting for it to finish`);
    told = true;
    await new Promise((r) => setTimeout(r, 500));
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
