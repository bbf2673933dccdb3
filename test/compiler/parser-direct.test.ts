// The parser called directly, without read()'s grammar check in front: the syntax it builds (kinds,
// values, spans) and its own errors, a safety net for callers that hand it unchecked tokens.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../vm/source.js';
import { PactError } from '../../vm/errors.js';
import { scan } from '../../compiler/lexer.js';
import { parse } from '../../compiler/parser.js';
import { describeSyntax, showSyntax, type Syntax } from '../../compiler/syntax.js';
import { decDigits } from '../../runtime/values/numbers.js';
import { MAX_SOURCE_NESTING } from '../../vm/limits.js';

const file = (text: string) => new SourceFile('t.pact', text);
const parsed = (text: string): Syntax[] => { const f = file(text); return parse(f, scan(f)); };
/** Each form as `kind<description>@start-end`. */
const shape = (text: string): string[] => parsed(text).map(s => `${s.t}<${describeSyntax(s)}>@${s.span.start}-${s.span.end}`);
const fails = (text: string): string => {
  try { parsed(text); return 'no error'; } catch (e) {
    if (!(e instanceof PactError) || !e.span) throw e;
    return `${e.kind}: ${e.message} @ ${e.span.start}-${e.span.end}`;
  }
};

test('atoms become syntax of their kind, each spanning its token', () => {
  assert.equal(shape('x let @doc : := , "s" \'t 7'), [
    'name<x>@0-1', 'keyword<let>@2-5', 'annotation<@doc>@6-10', 'punct<:>@11-12', 'punct<:=>@13-15', 'punct<,>@16-17',
    'str<"s">@18-21', 'str<"t">@22-24', 'int<7>@25-26']);
  const [s, t] = parsed('"s" \'t');
  assert.equal([s.t === 'str' && s.tick, t.t === 'str' && t.tick], [false, true]);
  assert.equal(parsed('"s" \'t').map(showSyntax), ['"s"', "'t"]);
  // the texts desugar errors name
  assert.equal(shape('{a} 1.5 -2 m::f'), ['brace<{...}>@0-3', 'dec<decimal>@4-7', 'int<-2>@8-10', 'dyn<m::f>@11-15']);
});

test('brackets group their items and span from opener to closer', () => {
  assert.equal(shape(' (a [b] {c}) []'), ['paren<(...)>@1-12', 'bracket<[...]>@13-15']);
  const [p] = parsed('(a [b 1] {c : 2})');
  assert.is(showSyntax(p), '(a [b 1] {c : 2})');
  if (p.t !== 'paren') throw new Error('not a paren');
  assert.equal(p.items.map(i => `${i.t}@${i.span.start}-${i.span.end}`), ['name@1-2', 'bracket@3-8', 'brace@9-16']);
});

test('qualified names take at most three parts; dynamic names join ident :: ident', () => {
  assert.equal(shape('a.b ns.m.f m::g'), ['name<a.b>@0-3', 'name<ns.m.f>@4-10', 'dyn<m::g>@11-15']);
  assert.is(fails('a.b.c.d'), 'parse: Unexpected input after expr, remaining tokens: [., d] @ 5-6');
  // a dot not followed by an identifier ends the name, after one part or two
  assert.is(fails('a. "s"'), 'parse: Unexpected input after expr, remaining tokens: [., "s"] @ 1-2');
  assert.is(fails('a.b. "s"'), 'parse: Unexpected input after expr, remaining tokens: [., "s"] @ 3-4');
  assert.is(fails('a.b.'), 'parse: Unexpected input after expr, remaining tokens: [.] @ 3-4');
  assert.is(fails('a.1'), 'parse: Unexpected input after expr, remaining tokens: [., 1] @ 1-2');
  assert.is(fails('m::1'), 'parse: Unexpected input after expr, remaining tokens: [::, 1] @ 1-3');
  assert.is(fails('m:: g'), 'no error');
  assert.is(fails('m::'), 'parse: Unexpected input after expr, remaining tokens: [::] @ 1-3');
  assert.is(fails('a.'), 'parse: Unexpected input after expr, remaining tokens: [.] @ 1-2');
});

test('integers: a number up to 2^53 - 1, a bigint beyond, either sign', () => {
  const values = parsed('9007199254740991 9007199254740992 -9007199254740991 -9007199254740992 -0')
    .map(s => (s.t === 'int' ? s.value : null));
  assert.equal(values, [9007199254740991, 9007199254740992n, -9007199254740991, -9007199254740992n, -0]);
});

test('NUM . NUM is a decimal with the written scale, up to 255 places; a negative fraction is not', () => {
  const dec = (text: string) => parsed(text).map(s => (s.t === 'dec' ? `${decDigits(s.value)}/${s.value.places}@${s.span.start}-${s.span.end}` : s.t));
  assert.equal(dec('1.50 -0.5 1 . 5 -12.0 -0.0'), ['1.50/2@0-4', '-0.5/1@5-9', '1.5/1@10-15', '-12.0/1@16-21', '0.0/1@22-26']);
  assert.equal(dec(`1.${'0'.repeat(255)}`), [`1.${'0'.repeat(255)}/255@0-257`]);
  assert.is(fails(`(f 1.${'0'.repeat(256)})`), 'parse: Precision overflow (>=255 decimal places):  256 decimals @ 3-261');
  assert.is(fails('1.-5'), 'parse: Unexpected input after expr, remaining tokens: [., -5] @ 1-2');
  assert.is(fails('1.a'), 'parse: Unexpected input after expr, remaining tokens: [., a] @ 1-2');
  assert.is(fails('1.'), 'parse: Unexpected input after expr, remaining tokens: [.] @ 1-2');
});

test('a closer that does not match, a missing closer, and left-over closers', () => {
  assert.is(fails('(a ]'), 'parse: Expected: [)], got ] @ 3-4');
  assert.is(fails('[a )'), 'parse: Expected: []], got ) @ 3-4');
  assert.is(fails('{a )'), 'parse: Expected: [}], got ) @ 3-4');
  assert.is(fails('(a }'), 'parse: Expected: [)], got } @ 3-4');
  assert.is(fails('(a (b)'), 'parse: Expected: [)], got end of input @ 6-6');
  assert.is(fails('[a'), 'parse: Expected: []], got end of input @ 2-2');
  assert.is(fails('a ) b c d e f'), 'parse: Too many closing parens, remaining tokens: [), b, c, d, e] @ 2-3');
  assert.is(fails(']'), 'parse: Too many closing parens, remaining tokens: []] @ 0-1');
  assert.is(fails('}'), 'parse: Too many closing parens, remaining tokens: [}] @ 0-1');
  assert.is(fails(':: a b c d e'), 'parse: Unexpected input after expr, remaining tokens: [::, a, b, c, d] @ 0-2');
});

test(`nesting: ${MAX_SOURCE_NESTING} levels parse, one more is a located error`, () => {
  const nest = (n: number) => '('.repeat(n) + ')'.repeat(n);
  assert.is(parsed(nest(MAX_SOURCE_NESTING)).length, 1);
  assert.is(parsed(`[${nest(MAX_SOURCE_NESTING - 1)}] (${nest(MAX_SOURCE_NESTING - 1)})`).length, 2);
  const n = MAX_SOURCE_NESTING;
  assert.is(fails(nest(n + 1)), `parse: Nesting too deep: more than ${n} nested forms @ ${n}-${n + 1}`);
  assert.is(fails(`{${nest(n)}}`), `parse: Nesting too deep: more than ${n} nested forms @ ${n}-${n + 1}`);
});

test.run();
