// Tests written against surviving mutants of vm/ (npm run mutate -- vm): the engine's limits and
// failure mapping, value kinds and code-point order, each checked at its exact edges and texts.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, Span } from '../../vm/source.js';
import { read, compileExpression } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { FunctionProto } from '../../vm/chunk.js';
import { setTierMode, tierSettings, tierSource } from '../../vm/tier.js';
import { PactError, nativeFailure } from '../../vm/errors.js';
import { BUILTINS, builtinId, namedOverload } from '../../vm/builtins.js';
import { ProbeMap, ProbeKind } from '../../vm/coverage.js';
import { evalLast, errorOf } from '../helpers.js';
import {
  limits, checkedInteger, engineFailure, InternalFailure, sourceTooDeep, valueTooDeep, callTooDeep,
  integerTooLarge, listTooLarge, stringTooLarge, MAX_INTEGER_BITS,
} from '../../vm/limits.js';
import {
  compareCodePoints, kindOf, isCallable, isGuard, PactDecimal, PactObject, PactTime, UNIT,
  KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard, ModuleGuard, PactGuard, ModRef, CapToken,
  TableRef, NativeFn, Partial,
} from '../../vm/values.js';

const span = new Span(new SourceFile('s.repl', '(+ 1 2)'), 0, 7);
const CEILING = 1n << BigInt(MAX_INTEGER_BITS);

test('checkedInteger passes integers strictly inside ±2^(2^20) and refuses the bounds themselves', () => {
  assert.is(checkedInteger(CEILING - 1n), CEILING - 1n);
  assert.is(checkedInteger(-CEILING + 1n), -CEILING + 1n);
  assert.is(checkedInteger(7), 7);
  // around the small bounds checked first (±2^1024): all far inside the limit
  for (const i of [(1n << 1024n) - 1n, 1n << 1024n, (1n << 1024n) + 1n, -(1n << 1024n), -(1n << 1025n)]) assert.is(checkedInteger(i), i);
  assert.throws(() => checkedInteger(CEILING), (e: PactError) => e.message === 'Value too large: integer of more than 1048576 bits');
  assert.throws(() => checkedInteger(-CEILING), (e: PactError) => e.message === 'Value too large: integer of more than 1048576 bits');
  assert.throws(() => checkedInteger(CEILING, 'decimal'), (e: PactError) => e.message === 'Value too large: decimal of more than 1048576 bits');
});

test('the limit errors say exactly which limit was passed, as execution errors', () => {
  const parse = sourceTooDeep(span);
  assert.is(parse.kind, 'parse');
  assert.is(parse.message, 'Nesting too deep: more than 512 nested forms');
  assert.is(parse.span, span);
  assert.is(sourceTooDeep().span, null);
  assert.is(valueTooDeep().message, 'Nesting too deep: value nested more than 1000 levels');
  assert.is(valueTooDeep().kind, 'exec');
  assert.is(callTooDeep().message, `Call depth limit exceeded: more than ${limits.callDepth} nested calls (raise it with --max-call-depth)`);
  assert.is(integerTooLarge().message, 'Value too large: integer of more than 1048576 bits');
  assert.is(listTooLarge(20_000_000n).message, 'Value too large: list of 20000000 elements (the limit is 16777216)');
  assert.is(stringTooLarge().message, 'Value too large: string of more than 67108864 characters');
});

test('the default limits are a million calls and 64 MiB of script', () => {
  assert.is(limits.callDepth, 1_000_000);
  assert.is(limits.fileBytes, 67_108_864);
});

test('engineFailure maps each JavaScript range error to its Pact error at the given span', () => {
  const cases: [string, string][] = [
    ['Maximum call stack size exceeded', 'Nesting too deep: out of stack space (recursion through natives or a deeply nested value)'],
    ['Maximum BigInt size exceeded', "Value too large: integer beyond the engine's size limit"],
    ['Invalid array length', 'Value too large: list too long'],
    ['Invalid string length', 'Value too large: string too long'],
  ];
  for (const [js, pact] of cases) {
    const e = engineFailure(new RangeError(js), span);
    assert.ok(e instanceof PactError, js);
    assert.is((e as PactError).kind, 'exec');
    assert.is(e.message, pact);
    assert.is(e.span, span);
  }
});

test('engineFailure keeps any other failure as an internal one, never a Pact error', () => {
  const other = engineFailure(new RangeError('toFixed() digits argument must be between 0 and 100'), span);
  assert.ok(other instanceof InternalFailure);
  assert.is(other.message, 'internal error: toFixed() digits argument must be between 0 and 100, please report');
  const typeError = new TypeError('x is not a function');
  const bug = engineFailure(typeError, null) as InternalFailure;
  assert.ok(bug instanceof InternalFailure);
  assert.is(bug.detail, 'x is not a function');
  assert.is(bug.original, typeError);
  assert.is(engineFailure('thrown text', null).message, 'internal error: thrown text, please report');
  const asPact = bug.toPactError();
  assert.is(asPact.kind, 'internal');
  assert.is(asPact.message, 'internal error: x is not a function, please report');
});

test('engineFailure maps only range errors by their text: another error saying "call stack" is a bug', () => {
  assert.ok(engineFailure(new TypeError('Maximum call stack size exceeded'), span) instanceof InternalFailure);
});

test('engineFailure gives a Pact error the span only when it has none', () => {
  const bare = new PactError('user', 'boom');
  assert.is(engineFailure(bare, span), bare);
  assert.is(bare.span, span);
  const other = new Span(span.file, 1, 2);
  const located = new PactError('user', 'boom', other);
  assert.is(engineFailure(located, span).span, other);
  const internal = new InternalFailure('x', null, null);
  assert.is(engineFailure(internal, span), internal);
  assert.is(internal.span, span);
});

test('compareCodePoints orders by code point: astral characters after every BMP character', () => {
  assert.is(compareCodePoints('abc', 'abc'), 0);
  assert.ok(compareCodePoints('a', 'b') < 0);
  assert.ok(compareCodePoints('b', 'a') > 0);
  assert.ok(compareCodePoints('ab', 'abc') < 0);
  assert.ok(compareCodePoints('abc', 'ab') > 0);
  // U+FFFF (one unit, 0xFFFF) against U+1F600 (surrogates 0xD83D 0xDE00): UTF-16 order says less
  assert.ok(compareCodePoints('\u{1F600}', '\uFFFF') > 0);
  assert.ok(compareCodePoints('\uFFFF', '\u{1F600}') < 0);
  // the edges of the surrogate range: U+D7FF is BMP, U+E000 is BMP, both before any astral
  assert.ok(compareCodePoints('\uD7FF', '\u{10000}') < 0);
  assert.ok(compareCodePoints('\uE000', '\u{10000}') < 0);
  assert.ok(compareCodePoints('\u{10000}', '\uE000') > 0);
  // the last surrogate unit 0xDFFF still counts as astral: after U+E000
  assert.ok(compareCodePoints('\uDFFF', '\uE000') > 0);
  assert.ok(compareCodePoints('\uE000', '\uDFFF') < 0);
  // two astral characters compare by their units
  assert.ok(compareCodePoints('\u{1F600}', '\u{1F601}') < 0);
  assert.is(compareCodePoints('\u{1F600}', '\u{1F601}'), 0xde00 - 0xde01);
  assert.is(compareCodePoints('a', 'c'), -2);
  assert.is(compareCodePoints('abcd', 'ab'), 2);
});

test('PactObject lists its keys in code-point order and answers size and get', () => {
  const o = PactObject.of([['b', 1], ['\u{1F600}', 2], ['\uFFFF', 3], ['a', 4]]);
  assert.equal(o.sortedKeys(), ['a', 'b', '\uFFFF', '\u{1F600}']);
  assert.is(o.size, 4);
  assert.is(o.get('a'), 4);
  assert.is(o.get('z'), undefined);
});

test('kindOf names every value kind as Pact type errors do (a capability token as a closure: toArgTypeError)', () => {
  const kinds: [unknown, string][] = [
    [1, 'integer'], [1n, 'integer'], ['s', 'string'], [true, 'bool'], [new PactDecimal(1n, 1), 'decimal'],
    [[1], 'list'], [PactObject.of([]), 'object'], [UNIT, 'unit'], [new PactTime(0n), 'time'],
    [new KeySetGuard([], 'keys-all'), 'guard'], [new KeySetRefGuard('k'), 'guard'], [new UserGuard('f', []), 'guard'],
    [new CapabilityGuard('c', [], null), 'guard'], [new ModuleGuard('m', 'n'), 'guard'], [new PactGuard('p', 'n'), 'guard'],
    [new ModRef('m', []), 'modref'], [new CapToken('m.C', []), 'closure'], [new TableRef('t', 'm', 's'), 'table'],
    [new NativeFn(0), 'closure'],
  ];
  for (const [v, kind] of kinds) assert.is(kindOf(v as never), kind, kind);
});

test('isGuard and isCallable tell their kinds from every other', () => {
  for (const g of [new KeySetGuard([], 'keys-all'), new KeySetRefGuard('k'), new UserGuard('f', []),
    new CapabilityGuard('c', [], null), new ModuleGuard('m', 'n'), new PactGuard('p', 'n')]) {
    assert.ok(isGuard(g));
    assert.not.ok(isCallable(g));
  }
  assert.not.ok(isGuard(new ModRef('m', [])));
  assert.not.ok(isGuard('keys-all'));
  const fn = new NativeFn(3);
  assert.ok(isCallable(fn));
  assert.ok(isCallable(new Partial(fn, [1])));
  assert.not.ok(isCallable(1));
  assert.not.ok(isCallable('f'));
  assert.not.ok(isCallable([fn] as never));
  assert.not.ok(isCallable(new ModRef('m', [])));
});

/** The first lambda prototype that `source` compiles to. */
function lambda(source: string): FunctionProto {
  const top = compileExpression(read(new SourceFile('t.repl', source))[0], new ReplSession());
  return top.chunk.constants.find((c): c is FunctionProto => c instanceof FunctionProto)!;
}

/** The same code as a module function (`defun`, or another kind), as the compiler would make it. */
function asKind(p: FunctionProto, kind: 'defun' | 'defpact', qualifiedName = 'my-mod.f-1'): FunctionProto {
  return new FunctionProto(p.name, kind, p.arity, p.nlocals, p.chunk, p.captureFrom, p.paramTypes, p.returnType,
    p.span, qualifiedName, 'my-mod');
}

test('setTierMode sets the threshold: never when off, from the first call when always, else after 40', () => {
  const saved = tierSettings.mode;
  try {
    setTierMode('off');
    assert.equal(tierSettings, { mode: 'off', threshold: Infinity });
    setTierMode('always');
    assert.equal(tierSettings, { mode: 'always', threshold: 0 });
    setTierMode('on');
    assert.equal(tierSettings, { mode: 'on', threshold: 40 });
  } finally {
    setTierMode(saved);
  }
});

test('the tier leaves defpacts to the interpreter', () => {
  const p = lambda('(lambda (x) (length x))');
  assert.ok(tierSource(p) !== null);
  assert.is(tierSource(asKind(p, 'defpact')), null);
});

test('a lambda that calls nothing runs without a machine frame; one that calls a native or a function has one', () => {
  const leaf = tierSource(lambda('(lambda (x) (+ x 1))'))!;
  assert.not.ok(leaf.includes('++m.fp'));
  assert.ok(leaf.includes('if (m.fp >= limits.callDepth) throw callTooDeep();'));
  assert.not.ok(leaf.includes('interpretAt'));
  assert.ok(leaf.includes('throw tierFailure(m, caught, chunk, at, m.fp + 1, base, P);'));
  for (const calling of ['(lambda (x) (length x))', '(lambda (g x) (g g x))', '(lambda (g x) (+ 1 (g g x)))']) {
    const code = tierSource(lambda(calling))!;
    assert.ok(code.includes('const fp = ++m.fp;'), calling);
    assert.ok(code.includes('if (closure.via !== null) m.enterReentrant(fp, closure);'), calling);
    assert.ok(code.includes('if (m.guardFp === fp) m.leaveReentrant(); m.fp = fp - 1; return'), calling);
    assert.ok(code.includes('} catch (caught) {\n    throw tierFailure(m, caught, chunk, at, fp, base, P);'), calling);
    assert.ok(code.includes('if (m.fp >= TIER_DEPTH || m.fp >= limits.callDepth) {'), calling);
    assert.ok(code.includes('m.stack[base - 1] = closure; return m.interpretAt(closure, base); }'), calling);
    assert.not.ok(code.includes('activate(P)'), calling);
  }
});

test('a module function keeps its frame on the Pact call stack: activation, arguments in the stack, its name', () => {
  const code = tierSource(asKind(lambda('(lambda (x) (length x))'), 'defun'))!;
  assert.ok(code.includes('function pact_my_mod_f_1(m, closure, base, a0) {'));
  assert.ok(code.includes('activate(P);'));
  assert.ok(code.includes('m.fBase[fp] = base; m.sp = base + 1; S[base + 0] = a0;'));
  assert.ok(code.includes('if (closure.via !== null || m.reentrant.length > 0) m.enterReentrant(fp, closure);'));
  assert.ok(code.includes('const nb = base + 2;'));
  assert.ok(code.includes('P.active--; if (m.guardFp === fp) m.leaveReentrant(); m.fp = fp - 1; m.sp = base - 1; return v0;'));
  assert.ok(code.includes('const S = m.stack, host = m.host, gas = host.gas, natives = host.natives;'));
});

test('tiered code declares exactly the variables it uses: parameters, locals, stack entries, captures', () => {
  const leaf = tierSource(lambda('(lambda (x) (+ x 1))'))!;
  assert.ok(leaf.includes('function pact_lambda(m, closure, base, a0) {'));
  assert.ok(leaf.includes('let l0 = a0;\n'));
  assert.ok(leaf.includes('let v0, v1;\n'));
  assert.ok(leaf.includes('const host = m.host, gas = host.gas; let metered = gas.metered;\n'));
  assert.not.ok(leaf.includes('caps'));
  const two = tierSource(lambda('(lambda (g x) (g g x))'))!;
  assert.ok(two.includes('function pact_lambda(m, closure, base, a0, a1) {'));
  assert.ok(two.includes('let l0 = a0, l1 = a1;\n'));
  assert.ok(two.includes('let v0, v1, v2, v3;\n'));
  const capturing = tierSource(lambda('(let ((y 2)) (lambda (x) (+ x y)))'))!;
  assert.ok(capturing.includes('const caps = closure.captures;'));
  assert.ok(capturing.includes('v1 = caps[0];'));
});

test('a source file finds the line of any offset and gives each line without its line break', () => {
  const f = new SourceFile('f.repl', 'ab\ncd\r\ne\rf\r\n\nlast');
  // lineText first: the line starts are computed by whichever is asked first
  assert.is(f.lineText(1), 'cd');
  assert.is(f.lineText(2), 'e\rf');
  assert.is(f.lineText(3), '');
  assert.is(f.lineText(4), 'last');
  assert.is(f.lineText(0), 'ab');
  assert.equal(f.position(0), { line: 0, col: 0 });
  assert.equal(f.position(2), { line: 0, col: 2 });
  assert.equal(f.position(3), { line: 1, col: 0 });
  assert.equal(f.position(14), { line: 4, col: 1 });
  assert.equal(new SourceFile('g.repl', 'x\ny').position(2), { line: 1, col: 0 });
});

test('Span.join covers both spans, in either order', () => {
  const f = new SourceFile('j.repl', '(a) (b)');
  const a = new Span(f, 0, 3), b = new Span(f, 4, 7);
  for (const j of [Span.join(a, b), Span.join(b, a)]) {
    assert.is(j.start, 0);
    assert.is(j.end, 7);
    assert.is(j.file, f);
  }
  assert.is(Span.join(a, b).range(), 'j.repl:0:0-0:7');
});

test('nativeFailure is an execution error naming the native', () => {
  const e = nativeFailure('env-data', 'bad data');
  assert.is(e.kind, 'exec');
  assert.is(e.message, 'native execution failure, env-data failed with message: bad data');
  assert.not.ok(e.recoverable);
});

test('a partial application dropped in a sequence names the function it left unsaturated', () => {
  const mod = '(module m g (defcap g () true) (defun f (a:integer b:integer) a))\n';
  assert.match(errorOf(`${mod}((lambda () (m.f 1) 2))`), /^Incorrect number of arguments \(1\) for function m\.f\.\{[\w-]+\} supplied; expected \(2\)$/);
  assert.is(errorOf('((lambda () ((lambda (a b) a) 1) 2))'), 'Incorrect number of arguments (1) for lambda supplied; expected (2)');
  assert.is(errorOf('((lambda () (+ 1) 2))'), 'Incorrect number of arguments (1) for native function + supplied; expected (2)');
});

test('natives are found by surface name; of the internal names only negate is callable', () => {
  assert.is(evalLast('(negate 10)'), '-10');
  assert.equal(namedOverload('negate')?.map(b => b.name), ['negate']);
  assert.is(namedOverload('round-prec'), undefined);
  assert.is(namedOverload('no-such-native'), undefined);
  assert.is(BUILTINS[builtinId('negate')].name, 'negate');
  assert.throws(() => builtinId('no-such-native'), (e: Error) => e.message === 'unknown builtin no-such-native');
});

test('a probe map numbers its probes in order and counts hits once sealed', () => {
  const probes = new ProbeMap('p.repl', 'm.f');
  assert.is(probes.add(ProbeKind.Entry, 1), 0);
  assert.is(probes.add(ProbeKind.Line, 2), 1);
  assert.is(probes.add(ProbeKind.Then, 2), 2);
  assert.equal(probes.lines, [1, 2, 2]);
  assert.equal(probes.kinds, [ProbeKind.Entry, ProbeKind.Line, ProbeKind.Then]);
  assert.is(probes.hits.length, 0);
  probes.seal();
  assert.equal([...probes.hits], [0, 0, 0]);
});

test.run();
