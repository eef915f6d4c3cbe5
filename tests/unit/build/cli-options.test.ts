/** The command lines of the build and the tools: refused before anything runs, with the reason. */
import { describe, expect, it } from 'vitest';
import { optionProblem, type OptionSpec } from '../../../src/build/cli-options.ts';

const build: OptionSpec = {
  alone: ['--no-cache', '--stats'],
  withValue: ['--content', '--out', '--cache', '--threads'],
  numbers: { '--threads': [0, 256] },
  exclusive: [['--cache', '--no-cache']],
};

describe('command-line options', () => {
  it('accepts what the tool knows', () => {
    expect(optionProblem(['--out', 'public', '--stats', '--threads', '2'], build)).toBeUndefined();
    expect(optionProblem([], build)).toBeUndefined();
  });

  it('refuses an unknown option, a missing value, a bad number, a repeat and exclusive pairs', () => {
    expect(optionProblem(['--out', 'site', '--bogus'], build)).toBe('unknown option "--bogus"');
    expect(optionProblem(['--out'], build)).toBe('--out needs a value');
    expect(optionProblem(['--out', '--stats'], build)).toBe('--out needs a value');
    expect(optionProblem(['--cache', ''], build)).toBe('--cache needs a value');
    expect(optionProblem(['--threads', 'two'], build)).toBe('--threads needs a whole number from 0 to 256, not "two"');
    expect(optionProblem(['--threads', '9999'], build)).toBe(
      '--threads needs a whole number from 0 to 256, not "9999"',
    );
    expect(optionProblem(['--cache', 'c', '--no-cache'], build)).toBe('--cache and --no-cache exclude each other');
    expect(optionProblem(['--out', 'a', '--out', 'b'], build)).toBe('--out is given twice');
    expect(optionProblem(['site'], build)).toBe('unexpected argument "site"');
  });

  it('counts arguments that are not options, and takes --name=value forms', () => {
    const tool: OptionSpec = { alone: ['--gate'], withEquals: ['--file='], positional: 1 };
    expect(optionProblem(['site', '--gate', '--file=x.json'], tool)).toBeUndefined();
    expect(optionProblem(['site', 'other'], tool)).toBe('too many arguments: "other"');
    expect(optionProblem(['--file='], tool)).toBe('--file= needs a value after =');
    expect(optionProblem(['--fil=x'], tool)).toBe('unknown option "--fil=x"');
  });
});
