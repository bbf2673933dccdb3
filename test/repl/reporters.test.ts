// The test reporters read back by real parsers: TAP 14 by tap-parser in strict mode, JUnit by
// fast-xml-parser (validated first), whatever characters the scripts' docs and messages hold.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Parser } from 'tap-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { junitReport, prettyReport, tapReport } from '../../runtime/repl/reporters.js';
import type { ExpectCase, PortableResult } from '../../runtime/repl/parallel.js';

/** Every character class a report must survive: markup, quotes, controls, a lone surrogate, non-characters, TAP's `#`. */
const NASTY = 'q " a & l < g > s \' bel \u0007 esc \u001b nul \u0000 del \u007f nel \u0085 lone \ud800 nc \uffff # h \\ b ]]> end';

function result(file: string, cases: [doc: string, message: string | null, line: number][], error: string | null = null): PortableResult {
  const expectCases: ExpectCase[] = cases.map(([doc, message, line]) => ({
    doc, passed: message === null, message: message ?? `Expect: success ${doc}`, line, location: `${file}:${line - 1}:0-${line - 1}:20`,
    raisedAt: message?.includes('evaluation of actual failed') ? 'lib/token.pact:13:4' : null,
  }));
  const failed = expectCases.filter(c => !c.passed);
  return {
    file, passed: failed.length === 0 && error === null,
    expects: { passed: expectCases.length - failed.length, failed: failed.length },
    failures: failed.map(c => ({ doc: c.doc, message: c.message, line: c.line })),
    error: error === null ? null : { message: error, file, line: 4, column: 2 },
    errorText: error === null ? null : `${file}:4:2: ${error}\n 4 | (oops)\n   |   ^^^^\n\n`,
    coverage: null,
    durationMs: 1.5, gasMilli: 0, cases: expectCases,
  };
}

const RESULTS = [
  result('ok.repl', [['adds', null, 1]]),
  result('two-failures.repl', [['first', 'FAILURE: first expected: 1, received: 2', 3], ['fine', null, 4],
    [`doc ${NASTY}`, `FAILURE: evaluation of actual failed with error message:\n${NASTY}`, 7]]),
  result('dir #1/broken.repl', [['before', null, 1]], `Type error: ${NASTY}`),
];

function parseTap(text: string) {
  const events = Parser.parse(text, { strict: true });
  const complete = events.find(e => e[0] === 'complete')![1] as { ok: boolean; count: number; plan: { end: number }; failures: { tapError?: string | null }[] };
  const asserts = events.filter(e => e[0] === 'assert').map(e => e[1] as { ok: boolean; id: number; diag: Record<string, unknown> | null });
  const comments = events.filter(e => e[0] === 'comment').map(e => String(e[1]).trim());
  return { complete, asserts, comments };
}

test('TAP: a strict TAP 14 parser reads the report without one protocol error', () => {
  const text = tapReport(RESULTS);
  assert.ok(text.startsWith('TAP version 14\n1..3\n'));
  const { complete, asserts } = parseTap(text);
  assert.equal(complete.failures.filter(f => f.tapError), []);
  assert.is(complete.count, 3);
  assert.is(complete.plan.end, 3);
  assert.equal(asserts.map(a => [a.id, a.ok]), [[1, true], [2, false], [3, false]]);
});

test('TAP: several failures in one file are a YAML list, each entry with its doc, message and line', () => {
  const { asserts } = parseTap(tapReport(RESULTS));
  const diag = asserts[1].diag!;
  assert.is(diag.message, '2 of 3 expects failed');
  assert.equal(diag.failures, [
    { doc: 'first', message: 'FAILURE: first expected: 1, received: 2', line: 3 },
    { doc: `doc ${NASTY}`, message: `FAILURE: evaluation of actual failed with error message:\n${NASTY}`, line: 7, raised_at: 'lib/token.pact:13:4' },
  ]);
});

test('TAP: an escaped error is a YAML mapping with its location; the summary is the closing comment', () => {
  const text = tapReport(RESULTS);
  const { asserts, comments } = parseTap(text);
  assert.equal(asserts[2].diag!.error, { message: `Type error: ${NASTY}`, file: 'dir #1/broken.repl', line: 4, column: 2 });
  assert.match(text, /^not ok 3 - dir \\#1\/broken\.repl$/m);
  assert.equal(comments, ['# 1 passed, 2 failed']);
  assert.ok(text.endsWith('# 1 passed, 2 failed\n'));
});

const junit = () => new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false,
  htmlEntities: true, isArray: name => name === 'testsuite' || name === 'testcase',
}).parse(junitReport(RESULTS));

test('JUnit: well-formed XML for any text: controls and non-characters become visible escapes', () => {
  const text = junitReport(RESULTS);
  assert.is(XMLValidator.validate(text), true);
  // nothing XML 1.0 cannot carry is left in the document
  assert.not.match(text, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/);
  const failure = junit().testsuites.testsuite[1].testcase[2].failure;
  assert.is(failure.message, 'FAILURE: evaluation of actual failed with error message:\n' +
    NASTY.replace('\u0007', '\\u0007').replace('\u001b', '\\u001b').replace('\u0000', '\\u0000').replace('\ud800', '\\ud800').replace('\uffff', '\\uffff'));
});

test('JUnit: a <testsuite> per file, a <testcase> per expect, an <error> case for an escaped error', () => {
  const doc = junit();
  const all = doc.testsuites;
  assert.equal([all.name, all.tests, all.failures, all.errors], ['pactvm', '6', '2', '1']);
  const suites = all.testsuite as { name: string; tests: string; failures: string; errors: string; testcase: Record<string, unknown>[] }[];
  assert.equal(suites.map(s => [s.name, s.tests, s.failures, s.errors]), [
    ['ok.repl', '1', '0', '0'], ['two-failures.repl', '3', '2', '0'], ['dir #1/broken.repl', '2', '0', '1'],
  ]);
  assert.equal(suites[1].testcase.map(c => [c.classname, c.name, 'failure' in c]).slice(0, 2),
    [['two-failures.repl', 'first', true], ['two-failures.repl', 'fine', false]]);
  const first = suites[1].testcase[0].failure as { message: string; '#text': string };
  assert.is(first.message, 'FAILURE: first expected: 1, received: 2');
  assert.is(first['#text'], 'two-failures.repl:2:0-2:20:FAILURE: first expected: 1, received: 2');
  const error = suites[2].testcase[1];
  assert.is(error.name, 'an error escaped the script');
  assert.ok(String((error.error as { message: string }).message).startsWith('Type error: q " a & l < g >'));
});

test('pretty: failures at the location `pactvm run` prints, continuation lines indented under them, then where a caught error was raised', () => {
  const r = result('f.repl', [['a', 'FAILURE: a evaluation of actual failed with error message:\nline one\n  line two', 12], ['b', null, 13]]);
  assert.is(prettyReport(r), [
    'FAIL f.repl (1/2 expects, 1.5 ms)',
    '    f.repl:11:0-11:20:FAILURE: a evaluation of actual failed with error message:',
    '        line one',
    '          line two',
    '        (raised at lib/token.pact:13:4)',
    '',
  ].join('\n'));
  const broken = result('b.repl', [], 'boom');
  assert.is(prettyReport(broken), 'FAIL b.repl (0/0 expects, 1.5 ms)\n    b.repl:4:2: boom\n     4 | (oops)\n       |   ^^^^\n');
});

test.run();
