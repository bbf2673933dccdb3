// Edge cases of the command-line parser (stream/args.ts) that its mutation run showed untested:
// `--name=value` forms, the bounds of integer and number flags, one-choice flags, bare usages.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  UsageError, choiceFlag, commandUsage, integerFlag, numberFlag, parseArgs, stringFlag, type ParsedArgs,
} from '../../stream/args.js';

const FLAGS = [{ name: 'depth', value: 'N' }, { name: 'rate', value: 'R' }, { name: 'quiet' }];

const usageError = (fn: () => unknown): string => {
  try { fn(); } catch (e) { assert.instance(e, UsageError); return (e as Error).message; }
  return assert.unreachable('no usage error') as never;
};
const given = (flags: [string, string | true][]): ParsedArgs => ({ positional: [], flags: new Map(flags), help: false });

test('--name=value takes everything after the first =, even an empty text or another =', () => {
  assert.equal([...parseArgs(['--depth=5'], FLAGS).flags], [['depth', '5']]);
  assert.equal([...parseArgs(['--depth='], FLAGS).flags], [['depth', '']]);
  assert.equal([...parseArgs(['--depth=a=b'], FLAGS).flags], [['depth', 'a=b']]);
  assert.equal([...parseArgs(['--depth', '--quiet'], FLAGS).flags], [['depth', '--quiet']]);
  assert.equal([...parseArgs(['--depth=1', '--depth', '2'], FLAGS).flags], [['depth', '2']]);
  assert.equal(parseArgs(['-', 'x'], FLAGS).positional, ['-', 'x']);
  assert.is(parseArgs(['--help'], []).help, true);
  assert.is(usageError(() => parseArgs(['--help=1'], [])), '--help takes no value');
});

test('stringFlag gives the text of a valued flag and nothing for a switch', () => {
  assert.is(stringFlag(given([['depth', '3']]), 'depth'), '3');
  assert.is(stringFlag(given([['quiet', true]]), 'quiet'), undefined);
});

test('integerFlag: the minimum itself is accepted, one below it, signs, fractions and switches are not', () => {
  assert.is(integerFlag(given([]), 'depth', 1), undefined);
  assert.is(integerFlag(given([['depth', '1']]), 'depth', 1), 1);
  assert.is(integerFlag(given([['depth', '0']]), 'depth', 0), 0);
  assert.is(integerFlag(given([['depth', '12']]), 'depth', 1), 12);
  assert.is(usageError(() => integerFlag(given([['depth', '0']]), 'depth', 1)), '--depth must be an integer ≥ 1, got 0');
  assert.is(usageError(() => integerFlag(given([['depth', '-1']]), 'depth', 0)), '--depth must be an integer ≥ 0, got -1');
  assert.is(usageError(() => integerFlag(given([['depth', '1.5']]), 'depth', 0)), '--depth must be an integer ≥ 0, got 1.5');
  assert.is(usageError(() => integerFlag(given([['depth', '5x']]), 'depth', 0)), '--depth must be an integer ≥ 0, got 5x');
  assert.is(usageError(() => integerFlag(given([['depth', 'x5']]), 'depth', 0)), '--depth must be an integer ≥ 0, got x5');
  assert.is(usageError(() => integerFlag(given([['depth', '']]), 'depth', 0)), '--depth must be an integer ≥ 0, got ');
  assert.is(usageError(() => integerFlag(given([['depth', true]]), 'depth', 0)), '--depth must be an integer ≥ 0, got true');
});

test('numberFlag: any finite number that passes the check; blanks, words, infinities and switches are refused', () => {
  const positive = (n: number) => n > 0;
  assert.is(numberFlag(given([]), 'rate', positive, 'a positive number'), undefined);
  assert.is(numberFlag(given([['rate', '2.5']]), 'rate', positive, 'a positive number'), 2.5);
  assert.is(numberFlag(given([['rate', ' 3 ']]), 'rate', positive, 'a positive number'), 3);
  for (const bad of ['0', '-1', '', '  ', 'x', 'Infinity', 'NaN']) {
    assert.is(usageError(() => numberFlag(given([['rate', bad]]), 'rate', positive, 'a positive number')), `--rate must be a positive number, got ${bad}`);
  }
  assert.is(usageError(() => numberFlag(given([['rate', true]]), 'rate', () => true, 'a number')), '--rate must be a number, got true');
  // a blank is refused for being blank, even by a check that takes 0 (Number('  ') is 0)
  for (const blank of ['', '  ', '\t']) {
    assert.is(usageError(() => numberFlag(given([['rate', blank]]), 'rate', () => true, 'a number')), `--rate must be a number, got ${blank}`);
  }
});

test('choiceFlag lists one choice alone, two with "or", more with commas', () => {
  assert.is(choiceFlag(given([]), 'format', ['json']), undefined);
  assert.is(usageError(() => choiceFlag(given([['format', 'x']]), 'format', ['json'])), '--format must be json, got "x"');
  assert.is(usageError(() => choiceFlag(given([['format', 'x']]), 'format', ['json', 'table'])), '--format must be json or table, got "x"');
  assert.is(choiceFlag(given([['format', 'table']]), 'format', ['json', 'table']), 'table');
});

test('a command usage without arguments or options has no [options], and notes come last', () => {
  assert.is(commandUsage('tool', { name: 'ping', args: '', summary: 'Ping.', flags: [] }), [
    'usage: tool ping', 'Ping.', 'options:', '  --help  show this help', '',
  ].join('\n'));
  assert.is(commandUsage('tool', { name: 'ping', args: '', summary: 'Ping.', flags: [{ name: 'n', value: 'N' }], notes: 'Example: tool ping --n 2' }), [
    'usage: tool ping [options]', 'Ping.', 'options:', '  --n N', '  --help  show this help', 'Example: tool ping --n 2', '',
  ].join('\n'));
});

test.run();
