// The one command-line parser of every pactvm command (stream/args.ts).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  UsageError, choiceFlag, commandUsage, integerFlag, parseArgs, stringFlag, type CommandSpec,
} from '../../stream/args.js';

const FLAGS = [{ name: 'depth', value: 'N', help: 'how deep' }, { name: 'quiet', help: 'say less' }];

const usageError = (fn: () => unknown): string => {
  try { fn(); } catch (e) { assert.instance(e, UsageError); return (e as Error).message; }
  return assert.unreachable('no usage error') as never;
};

test('values come as the next argument or after =, switches stand alone, the rest is positional', () => {
  const args = parseArgs(['a', '--depth', '3', 'b', '--quiet', '--depth=5', '-', 'c'], FLAGS);
  assert.equal(args.positional, ['a', 'b', '-', 'c']);
  assert.equal([...args.flags], [['depth', '5'], ['quiet', true]]);
  assert.is(args.help, false);
});

test('-- ends the options: what follows is positional even if it looks like a flag', () => {
  assert.equal(parseArgs(['--quiet', '--', '--depth', '-x'], FLAGS).positional, ['--depth', '-x']);
});

test('-h and --help are known to every command', () => {
  assert.is(parseArgs(['-h'], []).help, true);
  assert.is(parseArgs(['x', '--help'], FLAGS).help, true);
});

test('unknown options, missing values and values on switches are usage errors that name the flag', () => {
  assert.is(usageError(() => parseArgs(['--bogus'], FLAGS)), 'unknown option --bogus');
  assert.is(usageError(() => parseArgs(['--bogus=1'], FLAGS)), 'unknown option --bogus');
  assert.is(usageError(() => parseArgs(['-x'], FLAGS)), 'unknown option -x');
  assert.is(usageError(() => parseArgs(['--depth'], FLAGS)), '--depth needs a value');
  assert.is(usageError(() => parseArgs(['--quiet=yes'], FLAGS)), '--quiet takes no value');
});

test('typed readers check the value and say what they wanted', () => {
  const args = parseArgs(['--depth', 'x'], [...FLAGS, { name: 'format', value: 'F' }]);
  assert.is(usageError(() => integerFlag(args, 'depth', 0)), '--depth must be an integer ≥ 0, got x');
  assert.is(integerFlag(parseArgs(['--depth', '7'], FLAGS), 'depth', 1), 7);
  assert.is(stringFlag(args, 'format'), undefined);
  const format = parseArgs(['--format', 'xml'], [{ name: 'format', value: 'F' }]);
  assert.is(usageError(() => choiceFlag(format, 'format', ['json', 'table', 'tap'])), '--format must be json, table or tap, got "xml"');
  assert.is(choiceFlag(parseArgs(['--format=tap'], [{ name: 'format', value: 'F' }]), 'format', ['json', 'tap']), 'tap');
});

test('a command usage shows its arguments and one aligned line per option, --help included', () => {
  const spec: CommandSpec = { name: 'walk', args: 'PATH', summary: 'Walk a path.', flags: FLAGS };
  assert.is(commandUsage('tool', spec), [
    'usage: tool walk PATH [options]',
    'Walk a path.',
    'options:',
    '  --depth N  how deep',
    '  --quiet    say less',
    '  --help     show this help',
    '',
  ].join('\n'));
});

test.run();
