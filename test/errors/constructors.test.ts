// Every error constructor of Pact 5's Errors.hs, each with a small REPL program that raises it and
// the exact text Pact prints (its Pretty instances), or the reason no script can raise it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, type Ran } from '../helpers.js';

/** The error families of Errors.hs; only UserRecoverableError is caught by `try`/`enforce-one`. */
type Family = 'LexerError' | 'ParseError' | 'DesugarError' | 'EvalError' | 'DbOpError' | 'UserRecoverableError';

interface Row {
  ctor: string;
  family: Family;
  program: string;
  /** Pact's text; a function when it carries a hash the program computes (read from its traces) */
  expected: string | ((r: Ran) => string);
  /** where Pact reports it, `file:line:col` (the prefix of the rendered error), when a row pins it */
  at?: string;
}

interface Pending extends Row {
  /** whose work fixes it (another helper's area), and what differs today */
  why: string;
}

const MOD = '(module m g (defcap g () true)';
const OTHER = '(module o g (defcap g () true) (defun z () 1))\n';
const TABLE = `${MOD} (defschema s a:integer) (deftable t:{s}))\n(create-table m.t)\n`;
const PACT2 = `${MOD} (defpact p () (step 1) (step 2)))\n`;
const TX_HASH = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g'; // the REPL's default transaction hash

/** The hashes `Loaded module NAME, hash H` traces report, in order. */
const loadedHashes = (r: Ran, name: string): string[] =>
  r.traces.flatMap(t => {
    const m = /^"?Loaded module (\S+), hash (\S+?)"?$/.exec(t);
    return m && m[1] === name ? [m[2]] : [];
  });

/** Two modules of nested defpacts: a child with three steps, one with two, and parents that misuse them. */
const NESTED = `(module c g (defcap g () true)
  (defpact good:string () (step "a0") (step "a1") (step "a2"))
  (defpact two:string () (step "b0") (step "b1"))
  (defpact other:string () (step (pact-id)) (step "o1") (step "o2")))
(module p g (defcap g () true)
  (defpact forgets:[string] () (step [(c.good)]) (step ["forgets"]) (step [(continue (c.good))]))
  (defpact short:string () (step (c.two)) (step "p1") (step "p2"))
  (defpact rollback-over-plain:string () (step-with-rollback (c.good) "undo") (step "p1") (step "p2"))
  (defpact reveal:[string] () (step [(c.other)]) (step ["r1"]) (step ["r2"]))
  (defpact twice:[string] () (step [(c.other) (c.other)]) (step ["t1"]) (step ["t2"]))
  (defpact swaps:[string] () (step [(c.good)]) (step [(continue (c.other))]) (step ["s2"])))
(begin-tx)
`;
/** The nested pact id `(p.reveal)` printed: its first step returns `(pact-id)` in a list. */
const revealedId = (r: Ran): string => /^\["(\S+)"\]$/.exec(r.traces.find(t => /^\["\S+"\]$/.test(t)) ?? '')?.[1] ?? '(no id)';

export const ROWS: Row[] = [
  // ---- LexerError: "Lexical Error: " + the constructor's text
  { ctor: 'LexicalError', family: 'LexerError', program: '(print `)',
    expected: 'Lexical Error: Encountered unexpected character "`", Last seen " "' },
  { ctor: 'LexicalError', family: 'LexerError', program: "(print '1)",
    expected: 'Lexical Error: Encountered unexpected character "1", Last seen "\'"' },
  { ctor: 'StringLiteralError', family: 'LexerError', program: '(print "abc',
    expected: 'Lexical Error: String literal parsing error:  did not close string literal' },
  { ctor: 'StringLiteralError', family: 'LexerError', program: '(print "a\\qb")',
    expected: 'Lexical Error: String literal parsing error:  Invalid escape sequence' },
  { ctor: 'OutOfInputError', family: 'LexerError', program: "(print '",
    expected: "Lexical Error: Ran out of input before finding a lexeme. Last Character seen:  (')" },

  // ---- ParseError. The whole file is parsed (Pact's LALR(1) grammar, Parser.y) before any of it runs.
  { ctor: 'PrecisionOverflowError', family: 'ParseError', program: `(+ 1.${'0'.repeat(255)}1 1)`,
    expected: 'Precision overflow (>=255 decimal places):  256 decimals', at: 'ctor.repl:1:3' },
  { ctor: 'InvalidBaseType', family: 'ParseError', program: '(defun f:foo () 1)', expected: 'No such type: foo', at: 'ctor.repl:1:9' },
  // Where no action applies, Pact lists the terminals the failing state shifts, in declaration
  // order (at most ten, then `...`), at the offending token, or at 1:0 when the input ran out.
  { ctor: 'ParsingError', family: 'ParseError', program: '(print 1', expected: "Expected: [')']", at: 'ctor.repl:1:0' },
  { ctor: 'ParsingError', family: 'ParseError', program: '(module m g)', expected: "Expected: ['(']", at: 'ctor.repl:1:11' },
  { ctor: 'ParsingError', family: 'ParseError', program: '(let ((x 1)))',
    expected: "Expected: [true, false, '{', '(', '[', IDENT, NUM, STR, TICK]", at: 'ctor.repl:1:12' },
  { ctor: 'ParsingError', family: 'ParseError', program: '(defun f () "a")', // the string is the docstring
    expected: "Expected: [true, false, '{', '(', '[', IDENT, NUM, STR, TICK]", at: 'ctor.repl:1:15' },
  { ctor: 'ParsingError', family: 'ParseError', program: '(defpact p () (step 1))',
    expected: 'Expected: [let, letstar, lam, module, interface, import, defun, defconst, true, false, ...]', at: 'ctor.repl:1:1' },
  { ctor: 'ParsingError', family: 'ParseError', program: '(defun f (m:module{i j}) 1)', expected: "Expected: ['}', ',']", at: 'ctor.repl:1:21' },
  // raised by the grammar's own action when a module body is reduced, at its first non-definition
  { ctor: 'ParsingError', family: 'ParseError', program: '(module m g (implements i) (use j))',
    expected: 'Expected: at least one of [defun, defcap, defschema, deftable, defpact, defconst]', at: 'ctor.repl:1:12' },
  // a complete program expects nothing more: the left-over input is listed instead
  { ctor: 'TooManyCloseParens', family: 'ParseError', program: '(print "first")\n(+ 1 2))',
    expected: 'Too many closing parens, remaining tokens: []', at: 'ctor.repl:2:7' },
  { ctor: 'TooManyCloseParens', family: 'ParseError', program: '(+ 1 2)\n) 2 "a\\"b" \'x',
    expected: 'Too many closing parens, remaining tokens: [number<2>, "a"b", \'\'x]', at: 'ctor.repl:2:0' },
  { ctor: 'UnexpectedInput', family: 'ParseError', program: '1 ]', expected: 'Unexpected input after expr, remaining tokens: []]', at: 'ctor.repl:1:2' },
  { ctor: 'UnexpectedInput', family: 'ParseError', program: '(print 1) } a b c d e f g h i j k',
    expected: 'Unexpected input after expr, remaining tokens: [}, ident<a>, ident<b>, ident<c>, ident<d>, ident<e>, ident<f>, ident<g>, ident<h>, ident<i>, ...]',
    at: 'ctor.repl:1:10' },

  // ---- DesugarError
  { ctor: 'UnboundTermVariable', family: 'DesugarError', program: '(nope::f)', expected: 'Unbound variable nope' },
  { ctor: 'UnboundTypeVariable', family: 'DesugarError', program: `${OTHER}${MOD} (defun f:object{o} () {}))`,
    expected: 'Unbound type variable o' },
  { ctor: 'UnboundTypeVariable', family: 'DesugarError', program: `${OTHER}${MOD} (deftable t:{o}))`,
    expected: 'Unbound type variable o' },
  { ctor: 'NoSuchModuleMember', family: 'DesugarError', program: `${MOD} (defun f () 1))\n(m.nope)`,
    expected: 'Module m has no such member: nope' },
  { ctor: 'NoSuchModuleMember', family: 'DesugarError', program: '(nope.f)', expected: 'Module nope has no such member: f' },
  { ctor: 'NoSuchModule', family: 'DesugarError', program: '(print nope)', expected: 'Cannot find module:  nope' },
  { ctor: 'RecursionDetected', family: 'DesugarError', program: `${MOD} (defun f () (f)))`,
    expected: 'Recursive cycle detected in Module m in the following functions: [f]' },
  { ctor: 'NotAllowedWithinDefcap', family: 'DesugarError',
    program: `${MOD} (defcap c () (with-capability (g) 1)))`,
    expected: 'with-capability form not allowed within defcap' },
  { ctor: 'InvalidGovernanceRef', family: 'DesugarError', program: '(module m g (defun g () true))',
    expected: 'Invalid governance. Must be a 0-argument defcap or a keyset. Found m.g' },
  { ctor: 'InvalidGovernanceRef', family: 'DesugarError', program: '(module m g (defcap g (a:integer) true))',
    expected: 'Invalid governance. Must be a 0-argument defcap or a keyset. Found m.g' },
  { ctor: 'InvalidDefInTermVariable', family: 'DesugarError', program: `${MOD} (defschema s a:integer) (defun f () s))`,
    expected: 'Invalid definition in term variable position: s' },
  { ctor: 'InvalidModuleReference', family: 'DesugarError', program: `${OTHER}${MOD} (implements o))`,
    expected: 'Invalid Interface attempted to be used as module reference: o' },
  { ctor: 'InvalidModuleReference', family: 'DesugarError', program: `${OTHER}${MOD} (defun h (x:module{o}) 1))`,
    expected: 'Invalid Interface attempted to be used as module reference: o' },
  { ctor: 'LastStepWithRollback', family: 'DesugarError', program: `${MOD} (defpact p () (step-with-rollback 1 2)))`,
    expected: "rollbacks aren't allowed on the last step in: m.p" },
  { ctor: 'InvalidManagedArg', family: 'DesugarError',
    program: `${MOD} (defcap c (a:integer) @managed b mgr true) (defun mgr (a b) a))`,
    expected: 'Invalid Managed arg: no such arg with name b' },
  { ctor: 'InvalidImports', family: 'DesugarError', program: `${MOD} (defun f () 1))\n(use m [f nope])`,
    expected: 'Invalid imports, module or interface m does not implement the following members: [ nope ]' },
  { ctor: 'InvalidSyntax', family: 'DesugarError', program: '(if)', expected: 'Desugar syntax failure: if must take three arguments' },
  { ctor: 'InvalidSyntax', family: 'DesugarError', program: '(do)',
    expected: 'Desugar syntax failure: do form must have at least 1 expression' },
  { ctor: 'InvalidSyntax', family: 'DesugarError', program: '(with-capability)',
    expected: 'Desugar syntax failure: with-capability must take at least 2 expressions' },
  { ctor: 'InvalidSyntax', family: 'DesugarError', program: '(enforce-one)',
    expected: 'Desugar syntax failure: enforce-one must take two arguments' },
  { ctor: 'InvalidSyntax', family: 'DesugarError', program: '(create-user-guard 1)',
    expected: 'Desugar syntax failure: create-user-guard must take one argument, which must be an application' },
  { ctor: 'InvalidSyntax', family: 'DesugarError', program: '(cond)',
    expected: 'Desugar syntax failure: cond: expected list of conditions with a default case' },
  { ctor: 'InvalidDefInSchemaPosition', family: 'DesugarError', program: `${MOD} (defun s () 1) (defun f:object{s} () {}))`,
    expected: 'Invalid def in defschema position: s is not a valid schema' },
  { ctor: 'DuplicateDefinition', family: 'DesugarError', program: `${MOD} (defun f () 1) (defun f () 2))`,
    expected: 'Duplicate definition: m.f' },
  { ctor: 'InvalidBlessedHash', family: 'DesugarError', program: `${MOD} (bless "nothash") (defun f () 1))`,
    expected: 'Invalid blessed hash, incorrect format: nothash' },
  { ctor: 'InvalidNativeShadowing', family: 'DesugarError', program: '(let ((length 3)) length)',
    expected: 'Variable length shadows native with the same name' },

  // ---- EvalError
  { ctor: 'ArrayOutOfBoundsException', family: 'EvalError', program: '(at 5 [1 2])',
    expected: 'Array index out of bounds. Length (2), Index (5)' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(/ 1 0)', expected: 'Arithmetic exception: div by zero' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(/ 1.0 0.0)', expected: 'Arithmetic exception: div by zero, decimal' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(^ 2 -1)',
    expected: 'Arithmetic exception: negative exponent in integer power' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(log 1 2)', expected: 'Arithmetic exception: Base 1 not supported' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(log -2 2)', expected: 'Arithmetic exception: Negative log base' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(log 2 0)', expected: 'Arithmetic exception: Non-positive log argument' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(ln 0)',
    expected: 'Arithmetic exception: Natural logarithm must be greater then 0' },
  { ctor: 'ArithmeticException', family: 'EvalError', program: '(sqrt -1)',
    expected: 'Arithmetic exception: Square root must be non-negative' },
  { ctor: 'EnumerationError', family: 'EvalError', program: '(enumerate 0 10 -1)',
    expected: 'Enumeration error: enumerate: increment diverges below from interval bounds.' },
  { ctor: 'EnumerationError', family: 'EvalError', program: '(enumerate 10 0 1)',
    expected: 'Enumeration error: enumerate: increment diverges above from interval bounds.' },
  { ctor: 'DecodeError', family: 'EvalError', program: '(base64-decode "a")', expected: 'Decoding error: invalid b64 encoding' },
  { ctor: 'GasExceeded', family: 'EvalError',
    program: '(env-gasmodel "table")\n(env-gaslimit 1)\n(+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2) (+ 1 2)',
    expected: 'Gas limit "1"exceeded: 2' },
  { ctor: 'FloatingPointError', family: 'EvalError', program: '(^ 0.0 -1.0)',
    expected: 'Floating point error: zero to a negative power is undefined' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(+ 1 "a")',
    expected: 'Type error: failed to call native function + with argument(s) of type(s): integer, string' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(require-capability 1)',
    expected: 'Type error: failed to call native function require-capability with argument(s) of type(s): integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(compose-capability 1)',
    expected: 'Type error: failed to call native function compose-capability with argument(s) of type(s): integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(install-capability 1)',
    expected: 'Type error: failed to call native function install-capability with argument(s) of type(s): integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(emit-event 1)',
    expected: 'Type error: failed to call native function emit-event with argument(s) of type(s): integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(test-capability 1)',
    expected: 'Type error: failed to call native function test-capability with argument(s) of type(s): integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: `${TABLE}(select m.t ["a" 1] (constantly true))`,
    expected: 'Type error: failed to call native function select-with-fields with argument(s) of type(s): integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: `${TABLE}(read m.t "k" [1])`,
    expected: 'Type error: failed to call native function read-with-fields with argument(s) of type(s): integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: `${TABLE}(read m.t "k" 1)`,
    expected: 'Type error: failed to call native function read-with-fields with argument(s) of type(s): table, string, integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(define-keyset 1)',
    expected: 'Type error: failed to call native function define-read-keyset with argument(s) of type(s): integer' },
  { ctor: 'InvalidManagedCap', family: 'EvalError', program: `${MOD} (defcap c () true))\n(install-capability (m.c))`,
    expected: 'Install capability error: capability is not managed and cannot be installed: m.c' },
  { ctor: 'CapNotInstalled', family: 'EvalError',
    program: `${MOD} (defcap c (a:integer) @managed a mgr true) (defun mgr (a:integer b:integer) a) (defun f () (with-capability (c 1) 1)))\n(m.f)`,
    expected: 'Managed capability not installed: (m.c 1)' },
  { ctor: 'CapAlreadyInstalled', family: 'EvalError',
    program: `${MOD} (defcap c (a:integer) @managed a mgr true) (defun mgr (a:integer b:integer) a))\n(install-capability (m.c 1))\n(install-capability (m.c 1))`,
    expected: 'Capability already installed: (m.c 1)' },
  { ctor: 'NoSuchKeySet', family: 'EvalError', program: '(enforce-keyset "nope")', expected: "Cannot find keyset in database: 'nope" },
  { ctor: 'NoSuchKeySet', family: 'EvalError', program: '(enforce-guard (keyset-ref-guard "nope"))',
    expected: "Cannot find keyset in database: 'nope" },
  { ctor: 'InvalidDefPactStepSupplied', family: 'EvalError', program: `${PACT2}(m.p)\n(continue-pact 5)`,
    expected: 'DefPactStep does not match defpact properties: requested: 5 step count:2' },
  { ctor: 'NoPreviousDefPactExecutionFound', family: 'EvalError', program: '(continue-pact 1 false "abc")',
    expected: 'No previous defpact execution found for defpact id:  abc' },
  { ctor: 'DefPactAlreadyCompleted', family: 'EvalError', program: `${PACT2}(m.p)\n(continue-pact 1)\n(continue-pact 2)`,
    expected: `Requested defpact already completed:  defpact id:${TX_HASH}` },
  { ctor: 'MultipleOrNestedDefPactExecFound', family: 'EvalError', program: `${PACT2}(m.p)\n(m.p)`,
    expected: `defpact execution context already in the environment:  defpact id: ${TX_HASH}` },
  { ctor: 'DefPactStepHasNoRollback', family: 'EvalError',
    program: `${MOD} (defpact p () (step 1) (step 2) (step 3)))\n(m.p)\n(continue-pact 0 true)`,
    expected: `Step has no rollback: defpact id: ${TX_HASH}` },
  { ctor: 'NoDefPactIdAndExecEnvSupplied', family: 'EvalError', program: '(continue-pact 1)',
    expected: 'No defpact id or execution environment supplied' },
  { ctor: 'CannotUpgradeInterface', family: 'EvalError', program: '(interface i (defun f ()))\n(interface i (defun f ()))',
    expected: 'Interface cannot be upgraded: i' },
  { ctor: 'ModuleDoesNotExist', family: 'EvalError', program: '(describe-module "nope")', expected: 'Cannot find module: nope' },
  { ctor: 'HashNotBlessed', family: 'EvalError',
    program: `(begin-tx)\n${TABLE}(module n g (defcap g () true) (defun f () (keys m.t)))\n` +
      `${MOD} (defschema s a:integer) (deftable t:{s}) (defun x () 1))\n(n.f)`,
    expected: r => `Execution aborted, hash not blessed for module m: ${loadedHashes(r, 'm')[0]}` },
  { ctor: 'ClosureAppliedToTooManyArgs', family: 'EvalError', program: '(defun two (a b) a)\n(two 1 2 3)',
    expected: 'Attempted to apply a closure to too many arguments' },
  { ctor: 'ClosureAppliedToTooManyArgs', family: 'EvalError', program: '(+ 1 2 3)',
    expected: 'Attempted to apply a closure to too many arguments' },
  { ctor: 'FormIllegalWithinDefcap', family: 'EvalError',
    program: `${MOD} (defcap c () (install-capability (g))))\n(with-capability (m.c) 1)`,
    expected: 'Form illegal within defcap install-capability' },
  { ctor: 'RunTimeTypecheckFailure', family: 'EvalError', program: '(defun f (a:integer) a)\n(f "x")',
    expected: 'Runtime typecheck failure, argument is string , but expected type integer' },
  // a capability token is named as a closure in both (pvToArgTypeError, toArgTypeError: ATEClosure)
  { ctor: 'RunTimeTypecheckFailure', family: 'EvalError', program: `${MOD} (defcap C (a:integer) true) (defun f (a:integer) a))\n(m.f (m.C 1))`,
    expected: 'Runtime typecheck failure, argument is closure , but expected type integer' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: `${MOD} (defcap C (a:integer) true))\n(int-to-str 10 (m.C 1))`,
    expected: 'Type error: failed to call native function int-to-str with argument(s) of type(s): integer, closure' },
  { ctor: 'NativeIsTopLevelOnly', family: 'EvalError', program: `${MOD} (defun f () (describe-module "m")))\n(m.f)`,
    expected: 'Top-level call used in module describe-module' },
  { ctor: 'EventDoesNotMatchModule', family: 'EvalError', program: `${MOD} (defcap e () @event true))\n(emit-event (m.e))`,
    expected: 'Emitted event does not match module: m' },
  { ctor: 'InvalidEventCap', family: 'EvalError', program: `${MOD} (defcap e () true) (defun f () (emit-event (e))))\n(m.f)`,
    expected: r => `Invalid event capability m.e.{${loadedHashes(r, 'm')[0]}}` },
  { ctor: 'ExpectedPactValue', family: 'EvalError', program: '[(lambda (x) x)]',
    expected: 'Expected Pact Value, got closure or table reference' },
  { ctor: 'PointNotOnCurve', family: 'EvalError', program: "(scalar-mult 'g1 {'x: 1, 'y: 1} 2)",
    expected: 'Point lies outside of elliptic curve' },
  { ctor: 'MismatchingKeysetNamespace', family: 'EvalError',
    program: '(env-data {"k":["a"]})\n(env-sigs [{"key":"a","caps":[]}])\n(define-namespace "ns" (read-keyset "k") (read-keyset "k"))\n' +
      '(namespace "ns")\n(env-exec-config ["RequireKeysetNs"])\n(define-keyset "other.k" (read-keyset "k"))',
    expected: 'Error defining keyset, namespace mismatch, expected ns' },
  { ctor: 'RuntimeRecursionDetected', family: 'EvalError',
    program: '(interface i (defun f:integer (m:module{i} n:integer)))\n' +
      '(module a g (defcap g () true) (implements i) (defun f:integer (m:module{i} n:integer) (if (> n 0) (m::f m (- n 1)) 0)))\n(a.f a 1)',
    expected: 'Recursion detected by the runtime. Recursing in function: a.f' },
  { ctor: 'SPVVerificationFailure', family: 'EvalError', program: '(verify-spv "TXOUT" {})',
    expected: 'SPV verification failure: SPV verification not supported' },
  { ctor: 'UserGuardMustBeADefun', family: 'EvalError',
    program: `${MOD} (defcap c () true) (defun f () (create-user-guard (c))))\n(m.f)`,
    expected: 'User guard closure m.c must be defun, gotdefcap' },
  { ctor: 'ExpectedBoolValue', family: 'EvalError', program: '(if 1 2 3)', expected: 'expected bool value, got 1' },
  { ctor: 'ExpectedStringValue', family: 'EvalError', program: '(enforce false 1)', expected: 'expected string value, got: 1' },
  { ctor: 'ExpectedCapToken', family: 'EvalError', program: '(with-capability 1 2)',
    expected: 'expected capability token value, got: 1' },
  { ctor: 'WriteValueDidNotMatchSchema', family: 'EvalError', program: `${TABLE}(write m.t "a" {"a": "x"})`,
    expected: 'Attempted insert failed due to schema mismatch. Expected: {"a": integer}, received {"a": "x"}' },
  { ctor: 'ObjectIsMissingField', family: 'EvalError', program: '(at "b" {"a":1})', expected: 'Key "b" not found in object: {"a": 1}' },
  { ctor: 'InvalidKeysetFormat', family: 'EvalError',
    program: '(env-data {"k":["a"]})\n(env-exec-config ["EnforceKeyFormats"])\n(read-keyset "k")',
    expected: 'Invalid keyset format: KeySet {keys: [a],pred: keys-all}' },
  { ctor: 'InvalidKeysetNameFormat', family: 'EvalError', program: '(env-data {"k":["a"]})\n(define-keyset "" (read-keyset "k"))',
    expected: 'Invalid keyset name format: ' },
  { ctor: 'CannotDefineKeysetOutsideNamespace', family: 'EvalError',
    program: '(env-data {"k":["a"]})\n(env-exec-config ["RequireKeysetNs"])\n(define-keyset "k" (read-keyset "k"))',
    expected: 'Cannot define keyset outside of a namespace' },
  { ctor: 'NamespaceNotFound', family: 'EvalError', program: '(namespace "nope")', expected: 'Namespace not found: nope' },
  { ctor: 'NativeExecutionError', family: 'EvalError', program: '(time "2000-01-01")',
    expected: 'native execution failure, time failed with message: time default format parse failure' },
  { ctor: 'OperationIsLocalOnly', family: 'EvalError',
    program: `${MOD})\n(env-exec-config ["DisableHistoryInTransactionalMode"])\n(describe-module "m")`,
    expected: 'Operation only permitted in local execution mode: describe-module' },
  { ctor: 'OperationIsLocalOnly', family: 'EvalError',
    program: '(env-exec-config ["DisableHistoryInTransactionalMode"])\n(list-modules)',
    expected: 'Operation only permitted in local execution mode: list-modules' },
  { ctor: 'CannotApplyValueToNonClosure', family: 'EvalError', program: '(let ((x 1)) (x 2))',
    expected: 'Cannot apply value to non-closure' },
  { ctor: 'InvalidCustomKeysetPredicate', family: 'EvalError',
    program: `${MOD} (defcap p () true))\n(env-data {"k":{"keys":["a"],"pred":"m.p"}})\n(env-sigs [{"key":"a","caps":[]}])\n(enforce-keyset (read-keyset "k"))`,
    expected: 'Invalid custom predicate for keyset expected defun' },
  { ctor: 'ModuleAdminNotAcquired', family: 'EvalError',
    program: `(begin-tx)\n${MOD} (defcap e () @event true))\n(commit-tx)\n(emit-event (m.e))`,
    expected: 'Module admin necessary for operation but has not been acquired:m' },
  { ctor: 'ModuleAdminNotAcquired', family: 'EvalError',
    program: `(begin-tx)\n${MOD} (defcap c () true))\n(commit-tx)\n(with-capability (m.c) 1)`,
    expected: 'Module admin necessary for operation but has not been acquired:m' },
  { ctor: 'InvalidNumArgs', family: 'EvalError', program: '(do (+ 1) 2)',
    expected: 'Incorrect number of arguments (1) for native function + supplied; expected (2)' },
  { ctor: 'InvalidNumArgs', family: 'EvalError', program: '(do ((lambda (a b) a) 1) 2)',
    expected: 'Incorrect number of arguments (1) for lambda supplied; expected (2)' },
  { ctor: 'RootNamespaceInstallError', family: 'EvalError',
    program: '(module ns g (defcap g () true) (defun mgr (n:string g:guard) true))\n(env-namespace-policy false (ns.mgr))\n' +
      `${MOD})`,
    expected: 'Namespace installation error: cannot install in root namespace' },
  { ctor: 'HyperlaneError', family: 'EvalError', program: '(hyperlane-message-id {})',
    expected: 'Hyperlane native error: Failed to find key in object: version' },
  { ctor: 'HyperlaneDecodeError', family: 'EvalError', program: '(hyperlane-decode-token-message "!!")',
    expected: 'Hyperlane decode error: Failed to base64-decode token message' },
  { ctor: 'EntityNotAllowedInDefPact', family: 'EvalError', program: `${MOD} (defpact p () (step "e" 1) (step 2)))`,
    expected: 'Pact 5 does not support entity expressions in defpact m.p. Please ensure your defpact steps have the correct number of expressions' },

  // ---- DbOpError, printed inside EvalError's DbOpFailure
  { ctor: 'NoSuchTable', family: 'DbOpError', program: `${MOD} (defschema s a:integer) (deftable t:{s}))\n(read m.t "a")`,
    expected: 'Error during database operation: Table m_t not found' },
  { ctor: 'TableAlreadyExists', family: 'DbOpError', program: `${TABLE}(create-table m.t)`,
    expected: 'Error during database operation: Table m_t already exists' },
  { ctor: 'RowFoundError', family: 'DbOpError', program: `${TABLE}(insert m.t "k" {"a":1})\n(insert m.t "k" {"a":1})`,
    expected: 'Error during database operation: Value already found while in Insert mode in table m_t at key "k"' },
  { ctor: 'NoRowFound', family: 'DbOpError', program: `${TABLE}(update m.t "k" {"a":1})`,
    expected: 'Error during database operation: No row found during update in table m_t at key k' },
  { ctor: 'NotInTx', family: 'DbOpError', program: '(commit-tx)',
    expected: 'Error during database operation: No Transaction currently in progress, cannot execute "commit"' },
  { ctor: 'NotInTx', family: 'DbOpError', program: '(rollback-tx)',
    expected: 'Error during database operation: No Transaction currently in progress, cannot execute "rollback"' },
  { ctor: 'OpDisallowed', family: 'DbOpError',
    program: `${MOD} (defschema s a:integer) (deftable t:{s}) (defun w () (write t "k" {"a":1}) true) (defun gd () (create-user-guard (w))))\n(create-table m.t)\n(enforce-guard (m.gd))`,
    expected: 'Error during database operation: Operation disallowed in read-only or sys-only mode' },

  // ---- UserRecoverableError: caught by try
  { ctor: 'UserEnforceError', family: 'UserRecoverableError', program: '(enforce false "no")', expected: 'no' },
  { ctor: 'UserEnforceError', family: 'UserRecoverableError', program: '(error "boom")', expected: 'boom' },
  { ctor: 'OneShotCapAlreadyUsed', family: 'UserRecoverableError',
    program: `${MOD} (defcap c () @managed true) (defun f () (with-capability (c) 1)))\n(install-capability (m.c))\n(m.f)\n(m.f)`,
    expected: 'One-shot managed capability used more than once' },
  { ctor: 'CapabilityNotGranted', family: 'UserRecoverableError',
    program: `${MOD} (defcap c (a:integer) true) (defun f () (require-capability (c 1))))\n(m.f)`,
    expected: 'require-capability: not granted: (m.c 1)' },
  { ctor: 'NoSuchObjectInDb', family: 'UserRecoverableError', program: `${TABLE}(read m.t "a")`,
    expected: 'No value found in table m_t for key: a' },
  { ctor: 'KeysetPredicateFailure', family: 'UserRecoverableError',
    program: '(env-data {"k":["abcdefghijklmnop", "b"]})\n(enforce-keyset (read-keyset "k"))',
    expected: 'Keyset failure (keys-all): [abcdefgh..., b...]' },
  { ctor: 'CapabilityPactGuardInvalidPactId', family: 'UserRecoverableError',
    program: '(hash "one")\n(hash "two")\n' +
      `${MOD} (defschema s gd:guard) (deftable t:{s})\n` +
      '  (defpact p () (step (write t "a" {"gd": (create-pact-guard "x")})) (step 1))\n' +
      '  (defpact q () (step (enforce-guard (at "gd" (read t "a")))) (step 1)))\n(create-table m.t)\n' +
      '(begin-tx)\n(env-hash (hash "one"))\n(m.p)\n(commit-tx)\n(begin-tx)\n(env-hash (hash "two"))\n(m.q)',
    // the guard carries the pact id of p (its transaction's hash), q runs under the other
    expected: r => `Capability pact guard failed: invalid pact id, expected ${r.traces[0].slice(1, -1)} got ${r.traces[1].slice(1, -1)}` },
  { ctor: 'EnvReadFunctionFailure', family: 'UserRecoverableError', program: '(read-keyset "nope")', expected: 'read-keyset failure' },
  { ctor: 'EnvReadFunctionFailure', family: 'UserRecoverableError', program: '(read-integer "nope")', expected: 'read-integer failure' },
  { ctor: 'VerifierFailure', family: 'UserRecoverableError',
    program: `${MOD} (defcap c () (enforce-verifier "nope")) (defun f () (with-capability (c) 1)))\n(m.f)`,
    expected: 'Verifier failure nope: not in transaction' },
  { ctor: 'CapabilityGuardNotAcquired', family: 'UserRecoverableError',
    program: `${MOD} (defcap c () true) (defun f () (enforce-guard (create-capability-guard (c)))))\n(m.f)`,
    expected: 'Capability not acquired: CapabilityGuard {name: m.c,args: [],pactId: }' },
  { ctor: 'ImplementationError', family: 'DesugarError', program: `(interface i (defun f:integer (a:integer)))\n${MOD} (implements i) (defun f:integer (a:string) 1))`,
    expected: 'Module m does not correctly implement the function f from Interface i' },
  { ctor: 'NotImplemented', family: 'DesugarError', program: `(interface i (defun f:integer (a:integer)))\n${MOD} (implements i) (defun h () 1))`,
    expected: 'Interface member not implemented, module m does not implement interface i member: f' },
  { ctor: 'EmptyBindingBody', family: 'DesugarError', program: '(bind {"a":1} {"a":=a})', expected: 'Bind expression lacks an accompanying body' },
  { ctor: 'InvalidDynamicInvoke', family: 'DesugarError', program: `${MOD} (defun h () 1) (defun f () (h::g)))`, expected: 'Invalid dynamic call: h::g' },
  { ctor: 'InvalidManagerFun', family: 'DesugarError', program: `${MOD} (defcap c (a:integer) @managed a g true))`,
    expected: 'm.g is not a valid managed capability manager function. m.g must be a defun' },
  { ctor: 'InvalidModuleReference', family: 'DesugarError', program: '(interface i (defun f ()))\n(print i)', expected: 'Invalid Interface attempted to be used as module reference: i' },
  { ctor: 'CannotApplyPartialClosure', family: 'EvalError', program: '(let ((f (+ 1))) (f 2))', expected: 'Attempted to apply a closure outside of native callsite' },
  { ctor: 'EvalError', family: 'EvalError', program: `${MOD} (defpact p () (step-with-rollback (yield {"a":1} "1") 1) (step 2)))\n(m.p)`,
    expected: 'Program encountered an unhandled raised error: Cross-chain yield not allowed in step with rollback' },
  { ctor: 'YieldOutsideDefPact', family: 'EvalError', program: '(yield {})', expected: 'Try to yield a value outside a running defpact execution' },
  { ctor: 'NoActiveDefPactExec', family: 'EvalError', program: '(resume {"a":=a} a)', expected: 'No active defpact execution in the environment' },
  { ctor: 'NotInDefPactExecution', family: 'EvalError', program: '(pact-id)', expected: 'Attempted to fetch defpact data, but currently not within defpact execution' },
  { ctor: 'DefPactStepMismatch', family: 'EvalError', program: `${MOD} (defpact p () (step 1) (step 2) (step 3)))\n(m.p)\n(continue-pact 2)`,
    expected: `Step mismatch in DefPactStep and defpact execution environment: defpact id: ${TX_HASH} step: 2 DefPactExec step: 1` },
  { ctor: 'NoYieldInDefPactStep', family: 'EvalError', program: `${MOD} (defpact p () (step 1) (step (resume {"a":=a} a))))\n(m.p)\n(continue-pact 1)`,
    expected: `No yield value found from previous pact step. Current step: 1 defpact Id: ${TX_HASH}` },
  { ctor: 'ExpectedFreeVariable', family: 'DesugarError', program: `${OTHER}${MOD} (defcap c (a:integer) @managed a o true))`,
    expected: 'Expected free variable in expression, found locally bound:  o' },
  { ctor: 'InvalidImportModuleHash', family: 'DesugarError', program: `${MOD} (defun f () 1))\n(use m "A_fYbw7HlGzKqGUKqjFBeWdOsJlyHjv6PULaK0uTJCQ")`,
    expected: r => `Import error for module m , hash not blessed: ${loadedHashes(r, 'm')[0]}` },
  { ctor: 'DynNameIsNotModRef', family: 'EvalError',
    program: `${MOD} (defun f (x) (x::f)))\n(m.f 1)`, expected: 'Attempted to use x as dynamic name, but it is not a modref' },
  { ctor: 'NativeArgumentsError', family: 'EvalError', program: '(yield {} 1)',
    expected: 'Type error: failed to call native function yield-to-chain with argument(s) of type(s): object, integer' },
  { ctor: 'EnforcePactVersionFailure', family: 'EvalError',
    program: '(enforce-pact-version "100.0")', expected: 'Enforce pact-version failed: Current Version: 5.4 Minimum Version: 100.0 ' },
  { ctor: 'EnforcePactVersionParseFailure', family: 'EvalError', program: '(enforce-pact-version "a.b")',
    expected: 'Enforce pact-version failed: Could not parse a.b, expect list of dot-separated integers' },
  { ctor: 'YieldProvenanceDoesNotMatch', family: 'EvalError',
    program: `${MOD} (defpact p () (step (yield {"a":1} "1")) (step (resume {"a":=a} a))))\n(m.p)\n` +
      `(env-chain-data {"chain-id": "2"})\n(continue-pact 1 false "${TX_HASH}" {"a":1})`,
    expected: r => {
      const h = loadedHashes(r, 'm')[0];
      // Pact renders errors compactly: a list keeps the non-flat brackets of prettyprinter's `list`
      return `Yield provenance does not match, received (Provenance 1 ${h}), expected [ (Provenance 2 ${h}) ]`;
    } },
  // continue-pact with rollback names the step to undo, which must be the one the stored exec ran last
  { ctor: 'DefPactRollbackMismatch', family: 'EvalError', program: `${MOD} (defpact p () (step 1) (step 2) (step 3)))\n(m.p)\n(continue-pact 1)\n(continue-pact 2 true)`,
    expected: `Rollback mismatch in DefPactStep and defpact execution environment: defpact id: ${TX_HASH} step rollback: True DefPactExec rollback: False` },
  { ctor: 'DefPactRollbackMismatch', family: 'EvalError',
    program: `${MOD} (defpact p () (step-with-rollback 1 2) (step-with-rollback 3 4) (step 5)))\n(m.p)\n(continue-pact 1)\n(continue-pact 0 true)`,
    expected: `Rollback mismatch in DefPactStep and defpact execution environment: defpact id: ${TX_HASH} step rollback: True DefPactExec rollback: True` },
  // Pact spells the prefix; the rest is base64-bytestring's (Data.ByteString.Base64.Internal) text
  { ctor: 'Keccak256Error', family: 'EvalError', program: '(hash-keccak256 ["a"])',
    expected: 'Base64URL decode failed: Base64-encoded bytestring has invalid size' },
  { ctor: 'Keccak256Error', family: 'EvalError', program: '(hash-keccak256 ["aGVsbG8" "a!!b"])',
    expected: 'Base64URL decode failed: invalid character at offset: 1' },
  // ---- nested defpacts (item 3; the full cases are in test/repl/nested-defpacts.test.ts)
  { ctor: 'NestedDefpactsNotAdvanced', family: 'EvalError', program: `${NESTED}(p.forgets)\n(continue-pact 1)`,
    expected: `Nested defpact not advanced ${TX_HASH}` },
  { ctor: 'NestedDefPactParentStepCountMismatch', family: 'EvalError', program: `${NESTED}(p.short)`,
    expected: `Nested defpact execution failed, parameter mismatch: PactId: ${TX_HASH} step count: 2 Parent step count: 3` },
  { ctor: 'NestedDefPactParentRollbackMismatch', family: 'EvalError', program: `${NESTED}(p.rollback-over-plain)`,
    expected: `Nested defpact execution failed, parameter mismatch: defpact id: ${TX_HASH} Rollback: False Parent rollback:True` },
  // the nested pact's id is read in a first transaction (same hash, so the same id), then the error
  { ctor: 'NestedDefPactNeverStarted', family: 'EvalError',
    program: `${NESTED}(p.reveal)\n(rollback-tx)\n(begin-tx)\n(p.twice)`,
    expected: r => `Requested nested defpact never started: defpact id: ${revealedId(r)}` },
  { ctor: 'NestedDefPactDoubleExecution', family: 'EvalError',
    program: `${NESTED}(p.reveal)\n(rollback-tx)\n(begin-tx)\n(p.swaps)\n(continue-pact 1)`,
    expected: r => `Requested nested defpact double execution: defpact id: ${revealedId(r)}` },
  // ---- names (item 8)
  { ctor: 'ExpectedModule', family: 'EvalError', program: '(interface iface (defun foo:string ()))\n(module iface g (defcap g () true))',
    expected: 'Expected module, found interface: iface' },
  { ctor: 'ModuleMemberDoesNotExist', family: 'EvalError',
    program: `${MOD} (defschema s g:guard) (deftable t:{s}) (defun f:bool (a:integer) true) (defun guard () (create-user-guard (f 1))))\n` +
      `(create-table t)\n(insert t "k" { "g": (guard) })\n${MOD} (defschema s g:guard) (deftable t:{s}) (defun other () 1))\n` +
      '(enforce-guard (at "g" (read t "k")))',
    // named with the module's current hash: the guard is looked up in the module as it is now
    expected: r => `Module member does not exist m.f.{${loadedHashes(r, 'm')[1]}}` },
  // ---- the static typechecker (issue 11; its messages are pinned in test/typecheck/errors.test.ts)
  { ctor: 'TypecheckingFailure', family: 'EvalError', program: `${MOD} (defun f:integer () (+ 1 "a")))\n(typecheck "m")`,
    expected: 'static typechecking failed for m\nCouldnt match type integer with string\nExpected: integer\n' +
      ' 1 | (module m g (defcap g () true) (defun f:integer () (+ 1 "a")))\n   |                                                    ^^^^^^^^^\n\n' +
      'Actual: string\n 1 | (module m g (defcap g () true) (defun f:integer () (+ 1 "a")))\n' +
      '   |                                                    ^^^^^^^^^\n' },
];

/** Reachable, but today's pactvm prints something else (empty now: every reachable constructor
 *  matches). A row added here must still differ, and the test says when it has been fixed. */
export const PENDING_FIX: Pending[] = [];

/** Constructors no REPL script can raise, and why (read from Pact 5's source). */
export const UNREACHABLE: Record<string, string> = {
  InvalidCapabilityReference: 'declared but never thrown anywhere in Pact 5',
  NotAllowedOutsideModule: 'declared but never thrown anywhere in Pact 5',
  NoSuchInterface: 'checkImplements runs after resolveInterfaceName, which already refuses a non-interface (InvalidModuleReference)',
  InvariantFailure: 'invariant violations (every InvariantError constructor) are engine bugs by definition; no program reaches them',
  TxAlreadyBegun: 'the REPL\'s mock database never raises it; a nested begin-tx is a recoverable "tx-function failure"',
  WriteError: 'raised only by the SQLite backend; the REPL uses the mock database',
  RowReadDecodeFailure: 'a stored row always decodes: rows are only written by the engine itself',
  MultipleRowsReturnedFromSingleWrite: 'raised only by the SQLite backend',
  CCDefPactContinuationError: 'needs a cross-chain continuation whose database exec disagrees with the SPV proof; the REPL has no SPV',
  ContinuationError: 'raised only by chainweb\'s continuation entry point (Evaluate.hs), not by any native',
  DefPactStepNotInEnvironment: 'continue-pact always installs a step before continuing; resume without one is NoActiveDefPactExec',
  UnknownException: 'wraps Haskell exceptions escaping a native; the REPL has none to raise',
  VerifierError: 'PEVerifierError comes from chainweb\'s verifier plugins, outside the REPL',
  DefPactIdMismatch: 'resumePact reads the exec stored under the step\'s own id, and an exec is only ever written under the id of ' +
    'the step that ran it; only a cross-chain continuation\'s exec (chainweb\'s SPV entry) can differ, and continue-pact passes none',
};

/** Reachable, but the exact text cannot be derived from reading the source (empty now: the parse
 *  errors follow from the grammar, see compiler/lalr.ts). A row added here needs its reason. */
export const NOT_PINNED: Record<string, string> = {};

/** Every constructor of Errors.hs that a PactError prints (VerifierError is PEVerifierError's). */
const ALL_CONSTRUCTORS = [
  'LexicalError', 'StringLiteralError', 'OutOfInputError',
  'ParsingError', 'TooManyCloseParens', 'UnexpectedInput', 'PrecisionOverflowError', 'InvalidBaseType',
  'UnboundTermVariable', 'UnboundTypeVariable', 'InvalidCapabilityReference', 'NoSuchModuleMember', 'NoSuchModule',
  'NoSuchInterface', 'ImplementationError', 'NotImplemented', 'RecursionDetected', 'NotAllowedWithinDefcap',
  'NotAllowedOutsideModule', 'InvalidGovernanceRef', 'InvalidDefInTermVariable', 'InvalidModuleReference',
  'EmptyBindingBody', 'LastStepWithRollback', 'ExpectedFreeVariable', 'InvalidManagedArg', 'InvalidImports',
  'InvalidImportModuleHash', 'InvalidSyntax', 'InvalidDefInSchemaPosition', 'InvalidDynamicInvoke',
  'DuplicateDefinition', 'InvalidBlessedHash', 'InvalidNativeShadowing', 'InvalidManagerFun',
  'ArrayOutOfBoundsException', 'ArithmeticException', 'EnumerationError', 'DecodeError', 'GasExceeded',
  'FloatingPointError', 'InvariantFailure', 'EvalError', 'NativeArgumentsError', 'InvalidManagedCap', 'CapNotInstalled',
  'CapAlreadyInstalled', 'ModuleMemberDoesNotExist', 'NoSuchKeySet', 'YieldOutsideDefPact', 'NoActiveDefPactExec',
  'NoYieldInDefPactStep', 'InvalidDefPactStepSupplied', 'DefPactIdMismatch', 'CCDefPactContinuationError',
  'NoPreviousDefPactExecutionFound', 'DefPactAlreadyCompleted', 'NestedDefPactParentStepCountMismatch',
  'NestedDefPactParentRollbackMismatch', 'NestedDefPactNeverStarted', 'NestedDefPactDoubleExecution',
  'MultipleOrNestedDefPactExecFound', 'DefPactStepHasNoRollback', 'DefPactStepNotInEnvironment',
  'NoDefPactIdAndExecEnvSupplied', 'DefPactRollbackMismatch', 'DefPactStepMismatch', 'CannotUpgradeInterface',
  'DynNameIsNotModRef', 'ModuleDoesNotExist', 'ExpectedModule', 'HashNotBlessed', 'CannotApplyPartialClosure',
  'ClosureAppliedToTooManyArgs', 'FormIllegalWithinDefcap', 'RunTimeTypecheckFailure', 'NativeIsTopLevelOnly',
  'EventDoesNotMatchModule', 'InvalidEventCap', 'NestedDefpactsNotAdvanced', 'ExpectedPactValue', 'NotInDefPactExecution',
  'RootNamespaceInstallError', 'PointNotOnCurve', 'YieldProvenanceDoesNotMatch', 'MismatchingKeysetNamespace',
  'EnforcePactVersionFailure', 'EnforcePactVersionParseFailure', 'RuntimeRecursionDetected', 'SPVVerificationFailure',
  'ContinuationError', 'UserGuardMustBeADefun', 'ExpectedBoolValue', 'ExpectedStringValue', 'ExpectedCapToken',
  'WriteValueDidNotMatchSchema', 'ObjectIsMissingField', 'InvalidKeysetFormat', 'InvalidKeysetNameFormat',
  'CannotDefineKeysetOutsideNamespace', 'NamespaceNotFound', 'NativeExecutionError', 'OperationIsLocalOnly',
  'CannotApplyValueToNonClosure', 'InvalidCustomKeysetPredicate', 'HyperlaneError', 'HyperlaneDecodeError',
  'ModuleAdminNotAcquired', 'UnknownException', 'InvalidNumArgs', 'EntityNotAllowedInDefPact', 'Keccak256Error',
  'TypecheckingFailure',
  // DbOpError, wrapped in EvalError's DbOpFailure
  'WriteError', 'RowReadDecodeFailure', 'RowFoundError', 'NoRowFound', 'NoSuchTable', 'TableAlreadyExists',
  'TxAlreadyBegun', 'NotInTx', 'OpDisallowed', 'MultipleRowsReturnedFromSingleWrite',
  'UserEnforceError', 'OneShotCapAlreadyUsed', 'CapabilityNotGranted', 'NoSuchObjectInDb', 'KeysetPredicateFailure',
  'CapabilityPactGuardInvalidPactId', 'EnvReadFunctionFailure', 'VerifierFailure', 'CapabilityGuardNotAcquired',
  'VerifierError',
];

/** What a row's program does today: the text and whether `try` would catch it. */
function outcome(row: Row): { message: string | null; recoverable: boolean; expected: string; at: string | null } {
  const r = runRepl(row.program, 'ctor.repl');
  const expected = typeof row.expected === 'string' ? row.expected : row.expected(r);
  const span = r.error?.span, pos = span?.startPos;
  const at = span && pos ? `${span.file.name}:${pos.line + 1}:${pos.col}` : null;
  return { message: r.error ? r.error.message : null, recoverable: r.error?.recoverable ?? false, expected, at };
}

for (const row of ROWS) {
  test(`${row.ctor} prints Pact's text: ${row.program.split('\n').pop()!.slice(0, 60)}`, () => {
    const o = outcome(row);
    assert.is(o.message, o.expected);
    assert.is(o.recoverable, row.family === 'UserRecoverableError', 'only user-recoverable errors are caught by try');
    if (row.at) assert.is(o.at, row.at);
  });
}

test('each pending constructor still differs from Pact (move it to ROWS once it matches)', () => {
  const fixed = PENDING_FIX.filter(row => {
    const o = outcome(row);
    return o.message === o.expected && o.recoverable === (row.family === 'UserRecoverableError');
  }).map(row => row.ctor);
  assert.equal(fixed, [], `now match Pact, move them from PENDING_FIX to ROWS: ${fixed.join(', ')}`);
});

test('every constructor is pinned, pending, unreachable with a reason, or left out with a reason', () => {
  const covered = new Set([
    ...ROWS.map(r => r.ctor), ...PENDING_FIX.map(r => r.ctor), ...Object.keys(UNREACHABLE), ...Object.keys(NOT_PINNED),
  ]);
  assert.equal(ALL_CONSTRUCTORS.filter(c => !covered.has(c)), []);
  assert.equal([...covered].filter(c => !ALL_CONSTRUCTORS.includes(c)), []);
  for (const reason of [...Object.values(UNREACHABLE), ...Object.values(NOT_PINNED)]) assert.ok(reason.length > 20);
});

test.run();
