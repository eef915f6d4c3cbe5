/**
 * What an example may touch on this machine: only the examples' data folder. The engine opens any `fs://`
 * location a statement names (`SELECT $1 FROM 'fs:///etc/' …` read /etc/passwd into a page; `COPY INTO
 * 'fs:///elsewhere/'` wrote there), so every statement is checked before it runs, and every answer before it is
 * recorded. The engine also runs in a folder of its own with a bare environment (no credentials, no home), and
 * `engine.py` confines its own process with Landlock, so a statement these checks miss still cannot open files
 * elsewhere.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { EXAMPLE_DATA_DIR } from './example-data.ts';

/** The string literals of a statement, as the engine reads them (quotes doubled or escaped, backslash escapes). */
export function stringLiterals(sql: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < sql.length; i++) {
    const q = sql[i];
    if (q === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      continue;
    }
    if (q === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 1;
      continue;
    }
    if (q !== "'" && q !== '"' && q !== '$') continue;
    if (q === '$') {
      if (sql[i + 1] !== '$') continue;
      const end = sql.indexOf('$$', i + 2);
      out.push(sql.slice(i + 2, end < 0 ? sql.length : end));
      i = end < 0 ? sql.length : end + 1;
      continue;
    }
    let value = '';
    let j = i + 1;
    for (; j < sql.length; j++) {
      const c = sql[j]!;
      if (c === '\\' && j + 1 < sql.length) {
        const n = sql[j + 1]!;
        const hex =
          n === 'x'
            ? /^[0-9a-f]{2}/i.exec(sql.slice(j + 2))
            : n === 'u'
              ? /^[0-9a-f]{4}/i.exec(sql.slice(j + 2))
              : null;
        if (hex) {
          value += String.fromCharCode(parseInt(hex[0], 16));
          j += 1 + hex[0].length;
        } else {
          value += ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[n] ?? n;
          j += 1;
        }
      } else if (c === q && sql[j + 1] === q) {
        value += q;
        j += 1;
      } else if (c === q) {
        break;
      } else {
        value += c;
      }
    }
    out.push(value);
    i = j;
  }
  return out;
}

const within = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);

/** Whether an absolute path stays in the data folder, also once symbolic links on its way are followed. */
function insideDataFolder(p: string, dataDir: string): boolean {
  const resolved = path.posix.resolve('/', p);
  if (!within(resolved, dataDir)) return false;
  let realData: string;
  try {
    realData = fs.realpathSync(dataDir);
  } catch {
    return true; // not made yet: no link to follow
  }
  // The longest part of the path that exists, with its links followed, must be inside too.
  for (let q = resolved; ; q = path.posix.dirname(q)) {
    try {
      return within(fs.realpathSync(q), realData);
    } catch {
      if (q === dataDir) return true;
    }
  }
}

/** A statement's `fs://` locations and path segments that would reach outside the data folder, or undefined. */
export function statementLocationProblem(sql: string, dataDir = EXAMPLE_DATA_DIR): string | undefined {
  for (const literal of stringLiterals(sql)) {
    const value = literal.trim();
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
    if (scheme === 'fs' || scheme === 'file') {
      const where = /^[a-z]+:\/\/(\/[^?#]*)/i.exec(value)?.[1];
      if (!where || !insideDataFolder(decodeURIComponentSafe(where), dataDir)) {
        return `the location '${literal}' is outside ${dataDir}/: an example may read and write files only there`;
      }
    }
    if (/(^|[/\\])\.\.([/\\]|$)/.test(value) && (scheme !== undefined || /@|files\s*=>|pattern\s*=>/i.test(sql))) {
      return `the path '${literal}' climbs out of its folder with "..": an example may read and write files only in ${dataDir}/`;
    }
  }
  // Whatever the literals were read as, a quoted location anywhere in the text is checked too.
  for (const m of sql.matchAll(/['"]\s*(?:fs|file):\/\/([^'"]*)/gi)) {
    if (!m[1]!.startsWith('/') || !insideDataFolder(decodeURIComponentSafe(m[1]!.replace(/[?#].*$/, '')), dataDir)) {
      return `the location ${m[0].replace(/^['"]\s*/, "'")}' is outside ${dataDir}/: an example may read and write files only there`;
    }
  }
  // A stage path (`@stage/../..`) is not a string literal.
  const climb = /@[\w~$.-]*\/[^\s'";),]*(?:^|\/)\.\.(?:\/|[\s'";),]|$)/.exec(sql);
  if (climb)
    return `the stage path ${climb[0].trim()} climbs out of its folder with "..": an example may read and write files only in ${dataDir}/`;
  return undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * A path outside the data folder in what the engine answered (its result or its error), or undefined. What the
 * statement itself says is left out: an error that quotes the statement shows what the page shows anyway.
 */
export function answerPathProblem(
  answer: string,
  sql: string,
  projectRoot: string,
  dataDir = EXAMPLE_DATA_DIR,
): string | undefined {
  const seen = answer.split(sql).join('');
  for (const m of seen.matchAll(/(?:fs|file):\/\/(\/[^\s'"`│|,)\]}]*)/gi)) {
    if (!sql.includes(m[0]) && !insideDataFolder(m[1]!, dataDir))
      return `the engine's answer names ${m[0]}, outside ${dataDir}/`;
  }
  const home = os.homedir();
  const secret: [string, string][] = [
    [projectRoot, 'the project folder'],
    ...(home && home !== '/' ? [[home, 'the home folder'] as [string, string]] : []),
    // engine.py makes it in /dev/shm where there is one, else in the temporary folder.
    ...ENGINE_WORK_ROOTS.map(
      (root) => [path.join(root, 'databend-examples-'), "the engine's own working folder"] as [string, string],
    ),
  ];
  for (const [p, what] of secret) if (seen.includes(p)) return `the engine's answer names ${what} (${p})`;
  return undefined;
}

/** Where engine.py makes its working folder (`databend-examples-<pid>-…`): in memory where it can, else here. */
export const ENGINE_WORK_ROOTS = ['/dev/shm', os.tmpdir()];

/** The environment the engine runs in: enough to start Python, nothing that names credentials or a home. */
export function engineEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  // RUST_BACKTRACE=1 as the results were recorded with: the engine then ends an error with its stack frames
  // (cut off by engineErrorMessage) instead of a line saying backtraces are off.
  const keep: NodeJS.ProcessEnv = {
    PATH: env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    RUST_BACKTRACE: '1',
  };
  if (env.TZ) keep.TZ = env.TZ;
  return keep;
}
