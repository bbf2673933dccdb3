// Module deployment sizes under sizeOf's byte budget (gas.md §3.9, §4.1): Pact measures the
// renamed module (Desugar.hs renameModule, `() <$ resolvedModule`), the evaluated module
// (ModuleHashing.hs, `void m`) and the stored ModuleData (Compile.hs evalTopLevel, infos kept)
// each at its charge, with what is left of the limit at sizeOfBytePenalty (5 in the table model)
// a byte. A walk past that budget stops at the first piece past it and charges
// GAConstant(count · 5) instead of MOpDesugarModule / GHashBlake / GWrite: the gas error.
//
// The expected counts come from a model of the pieces written for these tests, from the Haskell
// declarations (SizeOf.hs, SizeOf/Deriving.hs: a record counts 1 then its fields in order, a sum
// type 2 then its constructor's fields, Text length + 4, lists 5 then elements).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { stopsAt } from '../gas/budget-model.js';
import { ReplSession } from '../../runtime/repl/session.js';

const PENALTY = 5; // the table model's sizeOfBytePenalty
const N = 3000; // the long string's length

const SETUP = `(env-data {"k": ["a"]}) (env-keys ["a"]) (define-keyset 'ks (read-keyset "k"))
(env-gasmodel "table")`;
/** Keyset governance (no defcap), a defun holding a string of n characters and a small one. The
 *  renamer orders the two independent defuns as Data.Graph.stronglyConnComp does: b, then a. */
const moduleOf = (n: number) => `(module m 'ks (defun a () ["${'s'.repeat(n)}"]) (defun b () 1))`;
const MODULE = moduleOf(N);

/**
 * The pieces sizeOf counts for MODULE, in order: the Module record (Term.hs `Module`), or with
 * `stored` the ModuleData around it with every info kept (Persistence/Types.hs `ModuleData`).
 */
function modulePieces(stored: boolean, n = N): number[] {
  const info = stored ? [1, 5, 5, 5, 5] : []; // SpanInfo{4 Ints} (Info.hs); `()` when erased
  const text = (length: number) => length + 4;
  const moduleName = [1, text(1), 2]; // ModuleName{"m", Nothing} (Names.hs)
  const arg = [1, text(1), 2, ...info]; // Arg{name, type: Nothing, info} (Names.hs)
  // Dfun (2) Defun{spec, args, term, info} (1): args an empty list (5); the body of a defun
  // without arguments is Nullary term info (Desugar.hs desugarDefun)
  const defun = (body: number[]) => [2, 1, ...arg, 5, 2, ...body, ...info, ...info];
  // Constant (LInteger 1) info: Term tag, Literal tag, the Integer (64 bits: 8)
  const b = defun([2, 2, 8, ...info]);
  // ListLit [Constant (LString s) info] info
  const a = defun([2, 5, 2, 2, text(n), ...info, ...info]);
  const hash = stored ? 32 + 4 : 12 + 4; // the real ModuleHash, or `#placeholder` before hashing
  const module = [
    1, ...moduleName,
    2, 1, text(2), 2, // KeyGov KeySetName{"ks", Nothing} (Guards.hs Governance)
    5, ...b, ...a, // defs
    5, 5, 5, // blessed (a Set), imports, implements
    hash, 32 + 4, // hash, txHash
    ...info, // code: empty, nothing; then the module's info
  ];
  return stored ? [2, ...module, 5] : module; // ModuleData module (Map FullyQualifiedName Def): no deps
}

const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

interface Outcome { error: string | null; log: { what: string; cost: number }[]; milligas: number }

/** `call` after SETUP with a limit of `limitGas`, and the charges it logged. */
function run(call: string, limitGas: number, setup = ''): Outcome {
  const s = new ReplSession();
  const first = runRepl(`${SETUP}\n${setup}\n(env-gaslimit ${limitGas})`, 'setup.repl', s);
  if (first.error) throw new Error(`setup failed: ${first.error.message}`);
  s.gas.log = [];
  const r = runRepl(call, 'call.repl', s);
  return { error: r.error ? r.error.message : null, log: s.gas.log, milligas: s.gas.milligas };
}

/** The milligas charged before the first charge labelled `label`, with the limit out of reach. */
function chargedBefore(call: string, label: string, setup = ''): number {
  const o = run(call, 1_000_000_000, setup);
  assert.is(o.error, null);
  const at = o.log.findIndex(e => e.what.startsWith(label));
  assert.ok(at >= 0, JSON.stringify(o.log));
  return sum(o.log.slice(0, at).map(e => e.cost));
}

/**
 * Runs `call` with a limit whose budget, at the walk of `pieces` (charged instead of `label`),
 * ends in the middle of the long string, and checks the stop: GAConstant for the count at the
 * string's piece, the gas error, no `label` charge.
 */
function expectStopInString(call: string, label: string, pieces: number[], setup = ''): void {
  const before = chargedBefore(call, label, setup);
  const stringAt = pieces.indexOf(N + 4);
  const limitGas = Math.round((before + PENALTY * (sum(pieces.slice(0, stringAt)) + N / 2)) / 1000);
  const budget = Math.floor((limitGas * 1000 - before) / PENALTY);
  const count = stopsAt(pieces, budget);
  // the walk stops at the string, after the pieces before it
  assert.is(count, sum(pieces.slice(0, stringAt + 1)));

  const o = run(call, limitGas, setup);
  const last = o.log[o.log.length - 1];
  assert.is(last.what, `GAConstant (MilliGas ${count! * PENALTY})`);
  assert.is(sum(o.log.slice(0, -1).map(e => e.cost)), before);
  assert.ok(!o.log.some(e => e.what.startsWith(label)), JSON.stringify(o.log));
  assert.is(o.milligas, before + count! * PENALTY);
  assert.is(o.error, `Gas limit "${limitGas}"exceeded: ${Math.ceil(o.milligas / 1000)}`);
}

test('the model is the whole sizes: S_desugar = S_hash (no constants) and S_store', () => {
  const o = run(MODULE, 1_000_000_000);
  assert.is(o.error, null);
  const desugar = sum(modulePieces(false)), store = sum(modulePieces(true));
  assert.equal([desugar, store], [155 + N, 392 + N]);
  assert.equal(o.log.map(e => e.what), [
    `GModuleOp (MOpDesugarModule ${desugar})`, `GHashOp (GHashBlake ${desugar})`,
    'GModuleOp (MOpFindTransitiveDep 425)', `GWrite ${store}`,
  ]);
});

test('the desugar size passes the budget: GAConstant at the count reached, no MOpDesugarModule', () => {
  // nothing is charged before: a limit of 10 gas is a budget of 2000 bytes, passed by the string
  // after the 84 bytes before it (the module's head and all of defun b, whose size is known whole)
  const o = run(MODULE, 10);
  const count = stopsAt(modulePieces(false), 2000);
  assert.is(count, 84 + N + 4);
  assert.equal(o.log.map(e => e.what), [`GAConstant (MilliGas ${count! * PENALTY})`]);
  assert.is(o.milligas, 15_440);
  assert.is(o.error, 'Gas limit "10"exceeded: 16');
  expectStopInString(MODULE, 'GModuleOp (MOpDesugarModule', modulePieces(false));
});

test('the hash size passes the budget after the desugar charge fits', () => {
  expectStopInString(MODULE, 'GHashOp (GHashBlake', modulePieces(false));
});

test('the stored size (infos kept) passes the budget after desugar, hash and the dependency walk', () => {
  expectStopInString(MODULE, 'GWrite', modulePieces(true));
});

test('static-redeploy writes the module data again: sized under the budget too', () => {
  const setup = `(begin-tx) ${MODULE} (commit-tx) (begin-tx)`;
  expectStopInString('(static-redeploy "m")', 'GWrite', modulePieces(true), setup);
});

test('the walk stops inside a SpanInfo, at the Int that passes the budget', () => {
  // the module's own info is its last SpanInfo (1, then four Ints of 5), before the empty
  // dependency map (5): find a string length whose budget at the store charge ends inside it
  // (whole gas limits step the budget by 200 bytes; the sizes before grow by 500 mG a character)
  for (let n = 100; n < 400; n++) {
    const pieces = modulePieces(true, n), size = sum(pieces);
    const before = 400 * (155 + n) + 100 * (155 + n) + 425; // desugar, hash, dependency walk
    const limitGas = Math.floor((before + PENALTY * (size - 11)) / 1000);
    const count = stopsAt(pieces, Math.floor((limitGas * 1000 - before) / PENALTY));
    if (count === null || count < size - 20 || count > size - 10) continue;
    const o = run(moduleOf(n), limitGas);
    assert.is(o.log[o.log.length - 1].what, `GAConstant (MilliGas ${count * PENALTY})`);
    assert.is(o.error, `Gas limit "${limitGas}"exceeded: ${Math.ceil((before + count * PENALTY) / 1000)}`);
    return;
  }
  assert.unreachable('no string length puts the budget inside the info');
});

/** The head of a module `m` governed by 'ks up to its list of defs, and its tail after them
 *  (empty blessed, imports, implements; the placeholder hash; the tx hash), infos erased. */
const HEAD = [1, 1, 5, 2, 2, 1, 6, 2, 5];
const TAIL = [5, 5, 5, 16, 36];

test('schema fields are counted in the order of their names (Map Field Type), not as written', () => {
  const call = `(module m 'ks (defschema s b:integer ${'a'.repeat(N)}:string))`;
  // DSchema (2) DefSchema{name, fields, info} (1): the Map (5) of (name, type) pairs (1 + name +
  // TyPrim (2) PrimType (1)), the long name first; written order would put b first
  const pieces = [...HEAD, 2, 1, 5, 5, 1, N + 4, 2, 1, 1, 5, 2, 1, ...TAIL];
  expectStopInString(call, 'GModuleOp (MOpDesugarModule', pieces);
});

test('an object constant: in the order written as a term, in key order as a value', () => {
  const call = `(module m 'ks (defconst c {"b": 1, "${'a'.repeat(N)}": 2}))`;
  const field = (name: number) => [1, name + 4];
  // DConst (2) DefConst{spec, value, info} (1), spec Arg{"c", Nothing}, ConstVal (2)
  const head = [...HEAD, 2, 1, 1, 5, 2, 2];
  // renamed: TermConst (ObjectLit [(Field, Term)]): a list in the order written, each value a
  // Constant (2) LInteger (2) of 8 bytes
  const desugared = [...head, 2, 5, ...field(1), 2, 2, 8, ...field(N), 2, 2, 8, ...TAIL];
  expectStopInString(call, 'GModuleOp (MOpDesugarModule', desugared);
  // evaluated: EvaledConst (PObject (Map Field PactValue)): key order, each value PLiteral (2)
  // LInteger (2) of 8 bytes
  const evaluated = [...head, 2, 5, ...field(N), 2, 2, 8, ...field(1), 2, 2, 8, ...TAIL];
  expectStopInString(call, 'GHashOp (GHashBlake', evaluated);
});

test('within the budget the three charges are unchanged: the walk stops nowhere', () => {
  // a limit just above what the deployment costs
  const total = 400 * (155 + N) + 100 * (155 + N) + 425 + 200 * (392 + N);
  const o = run(MODULE, Math.ceil(total / 1000));
  assert.is(o.error, null);
  assert.is(o.milligas, total);
});

test.run();
