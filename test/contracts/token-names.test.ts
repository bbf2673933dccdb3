// Keyset names and principals as Pact's runtime parsers read them (Guards.hs keysetNameParser,
// Principal.hs principalParser, RuntimeParsers.hs `style`): identifiers are tokens (they take the
// white space after them), `true`/`false` are reserved, Unicode letters count, a keyset name read
// alone ignores what follows `ns.name`, and a principal must end where its parts end.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { identToken } from '../../runtime/values/token-names.js';

const HASH = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'; // 43 base64url characters
const HEX = '0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdef0123'; // 64

/** The value each line of `script` gives, as the REPL renders it. */
function values(script: string): string[] {
  const r = runRepl(script);
  if (r.error) throw new Error(`${r.error.message} in ${script}`);
  return r.traces;
}
const typeOf = (p: string): string => values(`(typeof-principal ${JSON.stringify(p)})`)[0];

const principals: [string, string, string][] = [
  ['a k: principal is 64 hex digits', `k:${HEX}`, 'k:'],
  ['one digit short is none', `k:${HEX.slice(1)}`, ''],
  ['one digit over is none', `k:${HEX}0`, ''],
  ['w: takes a hash and a name', `w:${HASH}:keys-all`, 'w:'],
  ['w:\'s name may be qualified twice', `w:${HASH}:ns.mod.fn`, 'w:'],
  ['but not three times', `w:${HASH}:a.b.c.d`, ''],
  ['a reserved word is no name', `w:${HASH}:true`, ''],
  ['a Unicode letter is a letter', `w:${HASH}:é-pred`, 'w:'],
  ['white space after a name is part of its token', `w:${HASH}:keys-all  `, 'w:'],
  ['but not after a hash', `c:${HASH} `, ''],
  ['r: takes any text', 'r:any text at all', 'r:'],
  ['even a reserved word after a dot (then it is a root name)', 'r:ns.true', 'r:'],
  ['and spaces around the dot of ns.name', 'r:ns . ks', 'r:'],
  ['but ns.name must then end the text', 'r:ns.ks.more', ''],
  ['r: with no name is none', 'r:', ''],
  ['u: takes a name then a hash, spaces allowed after the name', `u:ns.mod.fn :${HASH}`, 'u:'],
  ['u: must end with its hash', `u:fn:${HASH}x`, ''],
  ['m: takes a module name and a name', 'm:ns.mod:g', 'm:'],
  ['m:\'s module name has at most one dot', 'm:a.b.c:g', ''],
  ['p: takes a hash and a name', `p:${HASH}:name`, 'p:'],
  ['c: is a hash alone', `c:${HASH}`, 'c:'],
  ['an unknown prefix is none', 'x:abc', ''],
];
for (const [what, p, expected] of principals) {
  test(`principal: ${what}`, () => assert.is(typeOf(p), JSON.stringify(expected)));
}

test('is-principal agrees with typeof-principal', () => {
  assert.equal(values(`(is-principal "r:ns . ks") (is-principal "r:ns.ks.more") (is-principal "k:${HEX}")`), ['true', 'false', 'true']);
});

const KEYSET = '(env-data {"ks": {"keys": ["k1"], "pred": "keys-all"}}) (env-keys ["k1"])';

test('a keyset name is read as ns.name when it starts so: what follows is ignored', () => {
  const out = values(`${KEYSET}
(define-keyset "ns.ks rest" (read-keyset "ks"))
(describe-keyset "ns.ks")
(describe-keyset "ns . ks")
(keyset-ref-guard "ns.ks.zzz")
(enforce-guard "ns .ks")
(create-principal (keyset-ref-guard "ns . ks"))`);
  assert.equal(out.slice(2), [
    '"Keyset write success"',
    'KeySet {keys: [k1],pred: keys-all}',
    'KeySet {keys: [k1],pred: keys-all}',
    "'ns.ks",
    'true',
    '"r:ns.ks"',
  ]);
});

test('a name that is not ns.name is a root name, whole', () => {
  const r = runRepl(`${KEYSET}
(define-keyset "true.x" (read-keyset "ks"))
(describe-keyset "true.x")
(describe-keyset "true")`);
  assert.equal(r.traces.slice(2), ['"Keyset write success"', 'KeySet {keys: [k1],pred: keys-all}']);
  assert.is(r.error?.message, "Cannot find keyset in database: 'true");
});

test('the empty name is the one Pact refuses', () => {
  const r = runRepl('(describe-keyset "")');
  assert.is(r.error?.message, 'Invalid keyset name format: ');
});

test('a keyset governance name is read the same way: its hash and description use ns.name', () => {
  const describe = (gov: string): string[] => values(`${KEYSET}
(define-keyset "ns.gov" (read-keyset "ks"))
(define-keyset "gov" (read-keyset "ks"))
(module m ${JSON.stringify(gov)}
  (defun f () 1))
(at "hash" (describe-module "m"))
(at "keyset" (describe-module "m"))`).slice(-2);
  const canonical = describe('ns.gov');
  assert.equal(canonical[1], '"ns.gov"');
  assert.equal(describe('ns . gov'), canonical);
  assert.equal(describe('ns.gov.more'), canonical);
  assert.is.not(describe('gov')[0], canonical[0]);
});

const NS_GUARDS = '(env-data {"ks": {"keys": ["k1"], "pred": "keys-all"}}) (env-keys ["k1"])';
const defineNamespace = (name: string): string => {
  const r = runRepl(`${NS_GUARDS} (define-namespace ${JSON.stringify(name)} (read-keyset "ks") (read-keyset "ks"))`);
  return r.error ? r.error.message : r.traces[r.traces.length - 1];
};

test('a namespace name is Latin-1: a letter first, then letters, numbers and symbols (isValidNsFormat)', () => {
  for (const ok of ['free', 'ns-1_x', 'é', 'ñu²', 'Ab½|~']) assert.is(defineNamespace(ok), `"Namespace defined: ${ok}"`);
  const refused = 'native execution failure, define-namespace failed with message: invalid namespace format';
  for (const bad of ['', '1ns', '_ns', '-ns', 'ns.x', 'ns x', 'σ', 'aσ', 'a😀']) assert.is(defineNamespace(bad), refused, bad);
});

test('describe-module reads a module name with Unicode letters (Names.hs identParser)', () => {
  const r = runRepl('(module mšdulš g (defcap g () true) (defun f () 1))\n(at "name" (describe-module "mšdulš"))');
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], '"mšdulš"');
  const bad = runRepl('(describe-module "1m")');
  assert.is(bad.error?.message, 'native execution failure, describe-module failed with message: invalid module name format');
});

test('an identifier starts with any letter (ASCII ones decided without the Unicode regex) or a symbol', () => {
  const letter = /^\p{L}$/u;
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    const starts = identToken(`${ch}x`, 0) !== null;
    assert.is(starts, letter.test(ch) || '%#+-_&$@<>=^?*!|/~'.includes(ch), `${JSON.stringify(ch)} starts an identifier`);
  }
  for (const ch of ['é', 'Ω', 'ж', '中']) assert.ok(identToken(`${ch}x`, 0) !== null, ch);
  for (const ch of ['\u00a0', '¹', '😀']) assert.is(identToken(`${ch}x`, 0), null, ch);
});

test.run();