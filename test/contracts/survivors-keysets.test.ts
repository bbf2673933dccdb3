// Keysets (runtime/contracts/keysets.ts), aimed at the mutants a mutation run left alive: reading a
// keyset from message data, key formats, keyset names, and deciding whether the signatures satisfy
// a keyset. Expectations follow Pact 5: Runtime/Utils.hs (readKeyset'), Guards.hs (KeySet, its
// Pretty, keysetNameParser), CEK/Evaluator.hs (isKeysetInSigs, isKeysetNameInSigs, RunKeysetPredC),
// Environment/Utils.hs (checkSigCaps), Errors.hs (the messages) and pact-tests/keysets.repl; the
// direct evaluator's twins (Direct/, the REPL's) agree on everything checked here.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, last, metered } from './guard-helpers.js';

const GOOD = '12440d374865bdf0a3349634a70d1317fc279e7e13db98f2199ac5e7378975ea'; // keysets.repl 'good

// ---- reading a keyset from message data (readKeyset') ----------------------------------------

test('a list of keys reads as a keys-all keyset whose keys are a set: sorted, without duplicates', () => {
  // readKeyset': PList → KeySet (S.fromList keys) KeysAll; Pretty KeySet lists the set in order
  assert.is(last('(env-data {"k": ["b", "a", "b"]}) (read-keyset "k")'), 'KeySet {keys: [a, b],pred: keys-all}');
});

test('a key that is not text makes the read fail, in a list or in the keys field', () => {
  // readKeyset': parseKeyList / parseObj need every key to be a string, else Nothing → read failure
  assert.is(failure('(env-data {"k": ["a", 1]}) (read-keyset "k")'), 'read-keyset failure');
  assert.is(failure('(env-data {"k": {"keys": ["a", 1]}}) (read-keyset "k")'), 'read-keyset failure');
});

test('a predicate that is not text makes the read fail', () => {
  // readKeyset'.parseObj: preview (_PLiteral . _LString) predRaw fails
  assert.is(failure('(env-data {"k": {"keys": ["a"], "pred": 1}}) (read-keyset "k")'), 'read-keyset failure');
});

test('gas: an object read as a keyset pays the lookups of its name, "keys" and "pred", then the predicate\'s parse', () => {
  // readKeyset': ObjOpLookup ksn |data|, ObjOpLookup "keys" |obj|, ObjOpLookup "pred" |obj|, then
  // StrOpParse (length pred) once the object's fields are read — even when the predicate is refused
  const { log, error } = metered('(env-data {"k": {"keys": ["k1"], "pred": "two words"}})', '(read-keyset "k")');
  assert.is(error, 'read-keyset failure');
  assert.equal(log.map(l => l.replace(/: \d+$/, '')), [
    'GNative read-keyset', 'GObjOp (ObjOpLookup "k" 1)', 'GObjOp (ObjOpLookup "keys" 2)',
    'GObjOp (ObjOpLookup "pred" 2)', 'GStrOp (StrOpParse 9)',
  ]);
});

// ---- key formats (EnforceKeyFormats) ---------------------------------------------------------

const ENFORCE = '(env-exec-config ["EnforceKeyFormats"])';

test('EnforceKeyFormats: one key of another format fails the whole keyset, named in the error', () => {
  // coreReadKeyset: enforceKeyFormats fails → InvalidKeysetFormat ks ("Invalid keyset format:" <+> pretty ks)
  assert.is(failure(`${ENFORCE} (env-data {"k": ["foo", "${GOOD}"]}) (read-keyset "k")`),
    `Invalid keyset format: KeySet {keys: [${GOOD}, foo],pred: keys-all}`);
});

test('EnforceKeyFormats: a keyset whose keys all have the ED25519 format reads', () => {
  // keysets.repl: "enforce kadena key format with flag: success single"
  assert.is(last(`${ENFORCE} (env-data {"k": ["${GOOD}"]}) (format "{}" [(read-keyset "k")])`),
    `"KeySet {keys: [${GOOD}],pred: keys-all}"`);
});

// ---- keyset names ----------------------------------------------------------------------------

test('an empty keyset name is refused, and a module governed by it is not installed', () => {
  // keysetNameParser refuses only "" (guard $ not $ T.null t); Desugar resolveGov → InvalidKeysetNameFormat
  assert.is(failure('(enforce-keyset "")'), 'Invalid keyset name format: ');
  assert.is(failure('(module m "" (defun f () 1))'), 'Invalid keyset name format: ');
});

test('a keyset not in the database is named quoted, with its namespace', () => {
  // NoSuchKeySet ksn: Pretty KeySetName is "'" <> (ns <> ".") <> name
  assert.is(failure('(enforce-keyset "nope")'), "Cannot find keyset in database: 'nope");
  assert.is(failure('(describe-keyset "ns.nope")'), "Cannot find keyset in database: 'ns.nope");
});

// ---- which signatures count (checkSigCaps) ---------------------------------------------------

const SIGS = `(begin-tx)
(env-data {"ks": ["signer"]})
(module sigs G
  (defcap G () true)
  (defconst KS (read-keyset "ks"))
  (defcap INNER () (enforce-keyset KS))
  (defcap OUTER () true)
  (defcap OTHER () true)
  (defun in-body () (with-capability (OUTER) (enforce-keyset KS)))
  (defun nested () (with-capability (OUTER) (with-capability (INNER) true))))
(commit-tx)`;
const signedFor = (caps: string) => `(env-sigs [{"key": "signer", "caps": [${caps}]}])`;
const KEYSET_FAILURE = 'Keyset failure (keys-all): [signer...]';

test('a signature scoped to a capability counts inside that capability\'s with-capability body', () => {
  // checkSigCaps: no capability being evaluated → the caps on the stack are granted
  assert.is(last(`${SIGS} ${signedFor('(sigs.OUTER)')} (sigs.in-body)`), 'true');
  assert.is(failure(`${SIGS} ${signedFor('(sigs.OTHER)')} (sigs.in-body)`), KEYSET_FAILURE);
});

test('inside a defcap body only the capabilities being evaluated count, not those already on the stack', () => {
  // checkSigCaps: granted = csCapsBeingEvaluated when it is not empty (INNER here, not OUTER)
  assert.is(failure(`${SIGS} ${signedFor('(sigs.OUTER)')} (sigs.nested)`), KEYSET_FAILURE);
  assert.is(last(`${SIGS} ${signedFor('(sigs.INNER)')} (sigs.nested)`), 'true');
});

test('a signature scoped to several capabilities counts when any one of them is granted', () => {
  // checkSigCaps.match: not (S.null (S.intersection granted sigCaps))
  assert.is(last(`${SIGS} ${signedFor('(sigs.OTHER) (sigs.OUTER)')} (sigs.in-body)`), 'true');
});

test('the opt-in AnyKeyWildcard: a signature by the key `any` signs for every key, even an empty one', () => {
  // not Pact: decisions.md (env-sigs row) — with AnyKeyWildcard such a signature counts as a
  // signer for every keyset check
  assert.is(last(`(env-exec-config ["AnyKeyWildcard"]) (env-sigs [{"key": "any", "caps": []}])
    (env-data {"k": ["", "other"]}) (enforce-keyset (read-keyset "k"))`), 'true');
});

// ---- custom predicates (isKeysetInSigs.runCustomPred) -----------------------------------------

const PREDS = `(begin-tx)
(module preds G
  (defcap G () true)
  (defconst K 1)
  (defun all-signed:bool (count:integer matched:integer) (= count matched))
  (defun matched-count:integer (count:integer matched:integer) matched))
(commit-tx)
(env-sigs [{"key": "a", "caps": []}])`;
const withPred = (pred: string) => `${PREDS} (env-data {"ks": {"keys": ["a"], "pred": "${pred}"}}) (enforce-keyset (read-keyset "ks"))`;

test('a qualified predicate is the defun applied to the key count and the matched count', () => {
  // runCustomPred TQN: applyLam clo [count, matched]; keysets.repl "keyset enforce suceeds with custom pred"
  assert.is(last(withPred('preds.all-signed')), 'true');
});

test('a qualified predicate naming something other than a defun is refused', () => {
  // runCustomPred TQN: (d, _) that is not Dfun → InvalidCustomKeysetPredicate "expected defun"
  assert.is(failure(withPred('preds.K')), 'Invalid custom predicate for keyset expected defun');
});

test('a predicate that returns a non-boolean is an error naming the value', () => {
  // RunKeysetPredC: a value other than PBool → ExpectedBoolValue ("expected bool value, got" <+> pretty v)
  assert.is(failure(withPred('preds.matched-count')), 'expected bool value, got 1');
});

test.run();
