// The principal natives (create-principal, validate-principal, is-principal, typeof-principal) and
// the principal parser, aimed at the mutants a mutation run of runtime/contracts/principals.ts left
// alive. Expectations follow Pact 5: Principal.hs (principalParser), Runtime/Utils.hs
// (createPrincipalForGuard), CEK/CoreBuiltin.hs (the four natives), TableGasModel.hs (their gas),
// and the values of pact-tests/pact-tests/principals.repl.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, errorOf, logLines, meteredAfter } from '../helpers.js';

const HASH = 'aqukm-5Jj6ITLeQfhNYydmtDccinqdJylD9CMlLKQDI'; // 43 base64url characters
const BAD43 = '!'.repeat(43); // 43 characters outside base64url
const KEY = '584deb6f81d8efe67767309d1732019cf6ad14f9f0007cff50c730ef62521c68';

/** The rendered value of each top-level form of `script`. */
function values(script: string): string[] {
  const r = runRepl(script);
  if (r.error) throw new Error(`${r.error.message} in ${script}`);
  return r.traces;
}
const last = (script: string): string => values(script).slice(-1)[0];
const typeOf = (p: string): string => last(`(typeof-principal ${JSON.stringify(p)})`);
const isP = (p: string): string => last(`(is-principal ${JSON.stringify(p)})`);

// ---- the parser -------------------------------------------------------------------------------

const notPrincipals: [string, string][] = [
  ['one character', 'x'],
  ['u: whose name is not followed by a colon', `u:fn;${HASH}`],
  ['u: whose hash has a character outside base64url', `u:fn:${BAD43}`],
  ['m: whose module name is not followed by a colon', 'm:mod;g'],
  ['w: whose hash has a character outside base64url', `w:${BAD43}:keys-all`],
  ['w: whose hash is not followed by a colon', `w:${HASH};keys-all`],
  ['p: whose hash has a character outside base64url', `p:${BAD43}:pact-guard`],
  ['p: whose hash is not followed by a colon', `p:${HASH};pact-guard`],
];
for (const [what, p] of notPrincipals) {
  test(`not a principal: ${what}`, () => {
    assert.is(typeOf(p), '""', p);
    assert.is(isP(p), 'false', p);
  });
}

test('the well-formed neighbours of those are principals', () => {
  assert.is(typeOf(`u:fn:${HASH}`), '"u:"');
  assert.is(typeOf('m:mod:g'), '"m:"');
  assert.is(typeOf(`w:${HASH}:keys-all`), '"w:"');
  assert.is(typeOf(`p:${HASH}:pact-guard`), '"p:"');
});

// ---- create-principal and validate-principal of every kind of guard ---------------------------

const KS_DATA = `(env-data
  { "ks1": ["${KEY}"]
  , "ks2": ["4440249a122879f2060814e1c4348cdfe0cbf971017ab1f43a0eaf9799583271"
           ,"2f625f20a1a6fffb60455bf957779a82e3d811d350f2b9bc8d3d5549bfd4a953"]
  , "any1": {"keys": ["${KEY}"], "pred": "keys-any"}
  , "short": ["k1"] })`;

test('keysets: one ed25519 key under keys-all is k:, anything else w: (principals.repl)', () => {
  assert.equal(values(`${KS_DATA}
(create-principal (read-keyset "ks1"))
(create-principal (read-keyset "ks2"))
(= (create-principal (read-keyset "any1")) (+ "w:" (+ (hash "${KEY}") ":keys-any")))
(= (create-principal (read-keyset "short")) (+ "w:" (+ (hash "k1") ":keys-all")))`).slice(1), [
    `"k:${KEY}"`,
    '"w:5PhRgNM3oePrkfAKhk9dYmjRqOhEEhbR2eyFz8HU_ew:keys-all"',
    'true', 'true',
  ]);
});

test('validate-principal compares with the guard\'s principal', () => {
  assert.equal(values(`${KS_DATA}
(validate-principal (read-keyset "ks1") "k:${KEY}")
(validate-principal (read-keyset "ks1") "k:${KEY}----")
(validate-principal (read-keyset "ks2") "w:5PhRgNM3oePrkfAKhk9dYmjRqOhEEhbR2eyFz8HU_ew:keys-all")
(validate-principal (read-keyset "ks2") "k:${KEY}")`).slice(1), ['true', 'false', 'true', 'false']);
});

const MODULES = `${KS_DATA}
(env-keys ["${KEY}" "4440249a122879f2060814e1c4348cdfe0cbf971017ab1f43a0eaf9799583271"
           "2f625f20a1a6fffb60455bf957779a82e3d811d350f2b9bc8d3d5549bfd4a953"])
(begin-tx)
(define-keyset "ksref" (read-keyset "ks1"))
(module tester G
  (defcap G () true)
  (defcap C (a:string) true)
  (defun both-guard (ks1 ks2) (enforce-keyset ks1) (enforce-keyset ks2))
  (defun ug () (create-user-guard (both-guard (read-keyset "ks1") (read-keyset "ks2"))))
  (defun cg () (create-capability-guard (C "x")))
  (defpact pg ()
    (step [(create-principal (create-pact-guard "pact-guard"))
           (= (create-principal (create-capability-pact-guard (C "x")))
              (+ "c:" (hash (+ "tester.C\\"x\\"" (pact-id)))))])))
(module tester2 G
  (defcap G () true)
  (defun mg () (create-module-guard "tester")))
(commit-tx)`;

test('r:, m:, u:, p: and c: principals (principals.repl; c: is the hash of name, args, pact id)', () => {
  const out = values(`${MODULES}
(create-principal (keyset-ref-guard "ksref"))
(create-principal (tester2.mg))
(create-principal (tester.ug))
(= (create-principal (tester.cg)) (+ "c:" (hash "tester.C\\"x\\"")))
(tester.pg)`);
  assert.equal(out.slice(-5), [
    '"r:ksref"',
    '"m:tester2:tester"',
    `"u:tester.both-guard:${HASH}"`,
    'true',
    '["p:DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g:pact-guard" true]',
  ]);
});

test('validate-principal of the other guards', () => {
  const out = values(`${MODULES}
(validate-principal (keyset-ref-guard "ksref") "r:ksref")
(validate-principal (tester2.mg) "m:tester2:tester")
(validate-principal (tester2.mg) "r:ksref")
(validate-principal (tester.ug) "u:tester.both-guard:${HASH}")`);
  assert.equal(out.slice(-4), ['true', 'true', 'false', 'true']);
});

// ---- argument errors (argsError) --------------------------------------------------------------

const typeError = (n: string, types: string) =>
  `Type error: failed to call native function ${n} with argument(s) of type(s): ${types}`;

test('the natives\' argument type errors', () => {
  assert.is(errorOf('(create-principal "x")'), typeError('create-principal', 'string'));
  assert.is(errorOf('(is-principal 1)'), typeError('is-principal', 'integer'));
  assert.is(errorOf('(typeof-principal 1)'), typeError('typeof-principal', 'integer'));
  assert.is(errorOf('(validate-principal "x" "y")'), typeError('validate-principal', 'string, string'));
  assert.is(errorOf(`${KS_DATA} (validate-principal (read-keyset "ks1") 1)`),
    typeError('validate-principal', 'guard, integer'));
});

// ---- gas (table model) ------------------------------------------------------------------------

/** Milligas of `call`, and its gas log, after `setup` ran unmetered in the same session. */
function gasAfter(setup: string, call: string): { mg: number; log: string } {
  const m = meteredAfter(setup, call);
  if (m.error) throw new Error(`unexpected error: ${m.error.message}`);
  return { mg: m.milligas, log: logLines(m).join('\n') };
}

const KS = `(env-data {"ks1": ["${KEY}"]})`;
const READ = gasAfter(KS, '(read-keyset "ks1")').mg; // what reading the keyset costs, apart

test('gas: create-principal of a k: keyset is basic work + GAConstant 1000', () => {
  const { mg, log } = gasAfter(KS, '(create-principal (read-keyset "ks1"))');
  assert.is(mg - READ, 100 + 1000);
  assert.ok(log.includes('GAConstant (MilliGas 1000): 1000'), log);
});

test('gas: a w: keyset pays one flat GAConstant 1000 for its hash (mkHash), however many bytes it hashes', () => {
  // three 64-character keys: 192 bytes hashed, still 1000 (Runtime/Utils.hs mkHash)
  const keys = [KEY, KEY.replace('5', '6'), KEY.replace('5', '7')];
  for (const [what, data] of [['short', '["k1"]'], ['long', JSON.stringify(keys)], ['keys-any', '{"keys": ["k1"], "pred": "keys-any"}']]) {
    const setup = `(env-data {"w": ${data}})`;
    const read = gasAfter(setup, '(read-keyset "w")').mg;
    const { mg, log } = gasAfter(setup, '(create-principal (read-keyset "w"))');
    assert.is(mg - read, 100 + 1000, what);
    assert.not.ok(log.includes('TextConcat'), log);
  }
});

test('gas: a keyset with a qualified custom predicate also pays TextConcat of its name, module and namespace', () => {
  const cases: [string, number][] = [['m.f', 2], ['free.mod.pred', 11], ['ns.mödule.fn', 10]];
  for (const [pred, length] of cases) {
    const setup = `(env-data {"w": {"keys": ["k1"], "pred": "${pred}"}})`;
    const read = gasAfter(setup, '(read-keyset "w")').mg;
    const { mg, log } = gasAfter(setup, '(create-principal (read-keyset "w"))');
    assert.is(mg - read, 100 + 1000 + 100 * length, pred);
    // after the hash: GAConstant, then the predicate's text
    assert.ok(log.includes(`GAConstant (MilliGas 1000): 1000\nGConcat (TextConcat (GasTextLength ${length})): ${100 * length}`), log);
  }
  // a bare predicate name is not charged
  const bare = '(env-data {"w": {"keys": ["k1"], "pred": "pred"}})';
  assert.is(gasAfter(bare, '(create-principal (read-keyset "w"))').mg - gasAfter(bare, '(read-keyset "w")').mg, 100 + 1000);
});

const GUARDS = `(begin-tx)
(module gm g (defcap g () true)
  (defun f:bool (a:integer b:string) true)
  (defcap CAP:bool (a:integer) true)
  (defun ug () (create-user-guard (f 1 "a")))
  (defun cg () (create-capability-guard (CAP 1))))
(commit-tx)`;

test('gas: a user or capability guard pays GHash of the guard record\'s sizeOf, then 1000 for the hash', () => {
  // UserGuard{gm.f, [1 "a"]}: 1 + QualifiedName(1 + "f" 5 + ModuleName(1 + "gm" 6 + Nothing 2))
  //   + [5 + integer 12 + string 9] = 1 + 15 + 26 = 42
  // CapabilityGuard{gm.CAP, [1], Nothing}: 1 + (1 + 7 + 9) + (5 + 12) + 2 = 37
  for (const [call, bytes] of [['(create-principal (gm.ug))', 42], ['(create-principal (gm.cg))', 37]] as const) {
    const made = gasAfter(GUARDS, call.slice('(create-principal '.length, -1)).mg;
    const { mg, log } = gasAfter(GUARDS, call);
    assert.is(mg - made, 100 + bytes * 100 + 1000, call);
    assert.ok(log.includes(`GHash ${bytes}: ${bytes * 100}\nGAConstant (MilliGas 1000): 1000`), log);
  }
});

test('gas: is-principal and typeof-principal pay StrOpParse (5 per character + 1)', () => {
  for (const n of ['is-principal', 'typeof-principal']) {
    const { mg, log } = gasAfter('', `(${n} "r:abc")`);
    assert.is(mg, 100 + 5 * 5 + 1, n);
    assert.ok(log.includes('GStrOp (StrOpParse 5): 26'), log);
  }
  assert.is(gasAfter('', `(typeof-principal "k:${KEY}")`).mg, 100 + 5 * 66 + 1);
});

test('gas: validate-principal pays 250, the principal, then TextComparison (length + 100)', () => {
  const { mg, log } = gasAfter(KS, '(validate-principal (read-keyset "ks1") "abc")');
  assert.is(mg - READ, 250 + 1000 + 3 + 100);
  assert.ok(log.includes('GComparison (TextComparison "abc"): 103'), log);
});

test.run();
