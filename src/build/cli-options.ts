/**
 * The command lines of the build and the project's tools, checked before anything runs: an unknown option (a typo
 * such as `--chek`), an option without its value or a number that is not one is refused with a usage line and
 * exit 2, instead of being ignored and the tool running with its defaults.
 */

export interface OptionSpec {
  /** Options that stand alone (`--stats`). */
  alone?: readonly string[];
  /** Options followed by a value (`--out site`), and those among them that take a whole number in a range. */
  withValue?: readonly string[];
  numbers?: Readonly<Record<string, readonly [min: number, max: number]>>;
  /** Options written `--name=value`. */
  withEquals?: readonly string[];
  /** How many arguments that are not options it takes (a folder, pages, queries); none by default. */
  positional?: number;
  /** Pairs that exclude each other. */
  exclusive?: readonly (readonly [string, string])[];
}

/** What is wrong with the command line, if anything. */
export function optionProblem(args: readonly string[], spec: OptionSpec): string | undefined {
  const seen = new Set<string>();
  let positional = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') || a === '-') {
      if (++positional > (spec.positional ?? 0))
        return spec.positional
          ? `too many arguments: ${JSON.stringify(a)}`
          : `unexpected argument ${JSON.stringify(a)}`;
      continue;
    }
    const name = a.includes('=') ? a.slice(0, a.indexOf('=') + 1) : a;
    if (seen.has(name)) return `${name.replace(/=$/, '')} is given twice`;
    seen.add(name);
    if (spec.alone?.includes(a)) continue;
    if (spec.withEquals?.includes(name)) {
      if (a.length === name.length) return `${a} needs a value after =`;
      continue;
    }
    if (!spec.withValue?.includes(a)) return `unknown option ${JSON.stringify(a)}`;
    const value = args[++i];
    if (value === undefined || value === '' || value.startsWith('--')) return `${a} needs a value`;
    const range = spec.numbers?.[a];
    if (range && !(/^\d{1,9}$/.test(value) && Number(value) >= range[0] && Number(value) <= range[1]))
      return `${a} needs a whole number from ${range[0]} to ${range[1]}, not ${JSON.stringify(value)}`;
  }
  for (const [x, y] of spec.exclusive ?? []) if (seen.has(x) && seen.has(y)) return `${x} and ${y} exclude each other`;
  return undefined;
}

/** Exits 2 with the problem and the usage line when the command line is wrong. */
export function exitOnBadOptions(tool: string, args: readonly string[], spec: OptionSpec, usage: string): void {
  const problem = optionProblem(args, spec);
  if (!problem) return;
  console.error(`${tool}: ${problem}\nusage: ${usage}`);
  process.exit(2);
}
