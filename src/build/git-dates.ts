import { execFile, execFileSync } from 'node:child_process';

/**
 * Last commit date of every file under `dir`, from one `git log` pass (one process, not one per page).
 * Files never committed, or a tree that is not a git checkout, simply have no date.
 */
export function lastCommitDates(projectRoot: string, dir: string): Map<string, string> {
  let out = '';
  try {
    out = execFileSync('git', gitArgs(dir), {
      cwd: projectRoot,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return new Map();
  }
  return parse(out);
}

/** The same, while the caller goes on (the build reads the content meanwhile). */
export function lastCommitDatesAsync(projectRoot: string, dir: string): Promise<Map<string, string>> {
  return new Promise((resolve) => {
    execFile('git', gitArgs(dir), { cwd: projectRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (err, out) =>
      resolve(err ? new Map() : parse(out)),
    );
  });
}

const gitArgs = (dir: string) => ['log', '--format=%x00%cI', '--name-only', '--', dir];

function parse(out: string): Map<string, string> {
  const dates = new Map<string, string>();
  let current = '';
  for (const line of out.split('\n')) {
    if (line.startsWith('\0')) current = line.slice(1);
    else if (line && current && !dates.has(line)) dates.set(line, current);
  }
  return dates;
}
