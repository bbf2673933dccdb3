// REPL-only natives (repl.md §3, as decisions.md settles them): transactions, environment
// setters and readers, gas controls, assertions, load/print, versions.

import type { NativeTable } from '../natives/registry.js';
import { argTypeError, stringsArgument, valueResult } from '../natives/errors.js';
import { PactError, userError, nativeFailure } from '../../vm/errors.js';
import {
  CapToken, Closure, KeySetGuard, ModRef, PactDecimal, PactObject, PactTime, UNIT, isCallable, compareCodePoints, type Value,
} from '../../vm/values.js';
import { pretty } from '../values/render.js';
import { valueEquals } from '../values/equality.js';
import { stableRoundTrip } from '../values/stable-encoding.js';
import { base64UrlEncode, decodeBase64Url } from '../values/base64url.js';
import { strip } from '../values/haskell-space.js';
import { TABLE_MODEL, fixedModel, milliToGas } from '../gas/meter.js';
import { isInt, normInt, toBig, type PactInt } from '../values/numbers.js';
import { DEBUG_FLAGS, type DebugFlag, type ReplSession } from './session.js';
import type { Span } from '../../vm/source.js';
import { loadFile } from './script.js';
import { pactState } from '../contracts/defpacts.js';
import { testCapability } from '../contracts/capabilities.js';
import { typecheckNative } from './typecheck-native.js';
import { stackFrameTexts } from './stack-frames.js';

export const PACT_VERSION = '5.4';

/** Flags env-exec-config knows (decisions.md): Pact 5's, the seed's, and Pact 4 spellings. */
const PACT5_FLAGS = ['AllowReadInLocal', 'DisableHistoryInTransactionalMode', 'DisableModuleInstall',
  'DisablePact51', 'DisablePact52', 'DisablePact53', 'DisablePact54', 'DisablePactEvents',
  'DisableReentrancyCheck', 'DisableRuntimeRTC', 'EnableLegacyEventHashes', 'EnforceKeyFormats', 'RequireKeysetNs'];
const SEED_FLAGS = ['DisableInlineMemCheck', 'DisableNewTrans', 'DisableLang40', 'DisableLang410', 'DisableLang42',
  'DisableLang43', 'DisableLang431', 'DisableLang44', 'DisableLang45', 'DisableLang46', 'DisableLang47',
  'DisableLang48', 'DisableLang49', 'DisableLangEvents', 'DisableRuntimeReturnTypeChecking', 'OldReadOnlyBehavior',
  'PreserveModuleIfacesBug', 'PreserveModuleNameBug', 'PreserveNsModuleInstallBug', 'PreserveShowDefs'];
const PACT4_FLAGS = ['DisablePact40', 'DisablePact410', 'DisablePact42', 'DisablePact43', 'DisablePact431',
  'DisablePact44', 'DisablePact45', 'DisablePact46', 'DisablePact47', 'DisablePact48', 'DisablePact49'];
/** pactvm's own flags (decisions.md): AnyKeyWildcard turns on the seed's `any` signature wildcard. */
const PACTVM_FLAGS = ['AnyKeyWildcard'];

/** Each span's `file:sl:sc-el:ec` as the gas log wrote it before: a log repeats a few hundred call
 *  sites thousands of times (the corpus's 4 037 entries have 582 spans), and working out their
 *  lines and columns was most of a line's cost. Spans never change; the map keeps none alive. */
const rangeTexts = new WeakMap<Span, string>();
function rangeText(span: Span): string {
  let text = rangeTexts.get(span);
  if (text === undefined) rangeTexts.set(span, text = span.range());
  return text;
}
export const KNOWN_FLAGS = new Set([...PACT5_FLAGS, ...SEED_FLAGS, ...PACT4_FLAGS, ...PACTVM_FLAGS]);
/** Seed names that mean the same as a Pact 5 flag. */
const FLAG_ALIASES: Record<string, string> = {
  DisableLangEvents: 'DisablePactEvents', DisableRuntimeReturnTypeChecking: 'DisableRuntimeRTC',
};

export function replNatives(s: ReplSession): NativeTable {
  const vm = s.vm;
  const str = (name: string, args: Value[], i: number): string => {
    const v = args[i];
    if (typeof v !== 'string') throw argTypeError(name, args);
    return v;
  };
  /** Record a test result at `site`, the expect call's location (taken before its thunks run);
   *  `raisedAt` is where an error the expect caught came from (Pact's message leaves it out). */
  const record = (site: Span | null, doc: string, passed: boolean, message: string, raisedAt: Span | null = null): string => {
    s.testResults.push({ doc, span: site, passed, message, ...(raisedAt ? { raisedAt } : {}) });
    return message;
  };
  /** Run `f` for an expect: a Pact error it raises puts Pact's evaluation state back (Pact's
   *  `put es`) and is handed back instead of raised. */
  const attempt = (f: () => Value): { value: Value } | { error: PactError } => {
    const saved = s.saveEvalState();
    try {
      return { value: f() };
    } catch (e) {
      if (!(e instanceof PactError)) throw e;
      s.restoreEvalState(saved);
      return { error: e };
    }
  };
  const txString = (verb: string, tx: { id: number; name: string | null }) =>
    `${verb} Tx ${tx.id}${tx.name !== null ? ' ' + tx.name : ''}`;

  function beginTx(name: string | null): Value {
    const id = s.db.begin();
    if (id === null) {
      s.tx = null;
      throw userError('tx-function failure Begin Tx');
    }
    s.tx = { id, name };
    return txString('Begin', s.tx);
  }

  function endTx(verb: 'Commit' | 'Rollback'): Value {
    if (verb === 'Commit') s.db.commit(); else s.db.rollback();
    s.resetTxState();
    const tx = s.tx;
    if (!tx) throw userError(`tx-function failure ${verb} Tx`);
    s.tx = null;
    return txString(verb, tx);
  }

  function setGasModel(args: Value[], name: string, rate: Value | undefined): Value {
    if (name === 'table' && rate === undefined) {
      s.gas.model = TABLE_MODEL;
      return 'Set gas model to table-based cost model';
    }
    if (name === 'fixed') {
      if (rate === undefined) throw nativeFailure('env-gasmodel', 'the fixed model needs a rate: (env-gasmodel "fixed" RATE)');
      if (!isInt(rate) || rate < 0) throw nativeFailure('env-gasmodel', `invalid fixed gas rate: ${pretty(rate)}, expected a non-negative integer`);
      const model = fixedModel(Number(rate));
      s.gas.model = model;
      return `Set gas model to ${model.description}`;
    }
    throw argTypeError('env-gasmodel', args);
  }

  /** Pact's coreEnforceVersion: its failures are execution errors (`try` does not catch them).
   *  The bounds are shown as parsed (showVersion: `05.4` is `5.4`). */
  function enforceVersion(min: string, max: string | null): Value {
    const current = parseVersion(PACT_VERSION)!;
    const parsed = (v: string) => {
      const p = parseVersion(v);
      if (!p) throw new PactError('exec', `Enforce pact-version failed: Could not parse ${v}, expect list of dot-separated integers`);
      return p;
    };
    const lo = parsed(min);
    const hi = max === null ? null : parsed(max);
    if (compareVersions(current, lo) >= 0 && (hi === null || compareVersions(current, hi) <= 0)) return true;
    // Pact lays the parts out with hsep, which leaves a space before an absent maximum
    throw new PactError('exec', `Enforce pact-version failed: Current Version: ${PACT_VERSION} Minimum Version: ${lo.join('.')} ${hi !== null ? `Maximum Version: ${hi.join('.')}` : ''}`);
  }


  function setFlags(args: Value[]): Value {
    const list = stringsArgument('env-exec-config', args);
    const unknown = list.filter(f => !KNOWN_FLAGS.has(f));
    if (unknown.length) s.warn(`Repl flags not recognized: ${unknown.join(', ')}`);
    s.env.flags = new Set(list.filter(f => KNOWN_FLAGS.has(f)));
    applyFlags(s);
    return currentFlags(s);
  }

  /** `(continue-pact step [rollback [pact-id [yield]]])` (repl.md §3.6) */
  function continuePact(args: Value[], name: string): Value {
    const step = args[0], rollback = args[1] ?? false, pactId = args[2], yielded = args[3];
    if (!isInt(step) || typeof rollback !== 'boolean' || (pactId !== undefined && typeof pactId !== 'string')
      || (yielded !== undefined && !(yielded instanceof PactObject))) throw argTypeError(name, args);
    // the step is read into an Int (fromInteger wraps at 64 bits)
    const requested = typeof step === 'number' ? step : normInt(BigInt.asIntN(64, step));
    return s.pacts.continueStep(requested, rollback, pactId ?? null, yielded ?? null);
  }

  return {
    'begin-tx': () => beginTx(null),
    'begin-named-tx': args => beginTx(str('begin-named-tx', args, 0)),
    'commit-tx': () => endTx('Commit'),
    'rollback-tx': () => endTx('Rollback'),

    'expect': args => {
      const site = vm.callSite();
      const doc = str('expect', args, 0);
      // both are functions (thunks, or nullary functions passed as written: coreExpect's pattern)
      if (!isCallable(args[1]) || !isCallable(args[2])) throw argTypeError('expect', args);
      const ran = attempt(() => vm.callCatching(args[2], []));
      if ('error' in ran) {
        return record(site, doc, false, `FAILURE: ${doc} evaluation of actual failed with error message:\n${ran.error.message}`, ran.error.span ?? null);
      }
      const actual = ran.value;
      if (isCallable(actual)) {
        const msg = 'FAILURE: expect expression did not return a pact value for comparison';
        record(site, doc, false, msg);
        throw userError(msg);
      }
      // coreExpect's enforcePactValue on what `expected` gives
      const expected = valueResult(vm.call(args[1], []));
      if (valueEquals(expected, actual)) return record(site, doc, true, `Expect: success ${doc}`);
      return record(site, doc, false, `FAILURE: ${doc} expected: ${pretty(expected)}, received: ${pretty(actual)}`);
    },
    'expect-failure': args => {
      const site = vm.callSite();
      const doc = str('expect-failure', args, 0);
      if (!isCallable(args[1])) throw argTypeError('expect-failure', args);
      // any result counts as "no failure", a function too (coreExpectFailure's `Right _`)
      if ('error' in attempt(() => vm.callCatching(args[1], []))) return record(site, doc, true, `Expect failure: Success: ${doc}`);
      // decisions.md: no error means expect-failure itself raises (with Pact's FAILURE text) and
      // the script stops there; the failure is recorded too, so reports list it
      throw new PactError('exec', record(site, doc, false, `FAILURE: ${doc}: expected failure, got result`));
    },
    'expect-failure-match': args => {
      const site = vm.callSite();
      const doc = str('expect-failure-match', args, 0);
      const msg = str('expect-failure-match', args, 1);
      if (!isCallable(args[2])) throw argTypeError('expect-failure-match', args);
      const ran = attempt(() => vm.callCatching(args[2], []));
      if ('error' in ran) {
        if (ran.error.message.includes(msg)) return record(site, doc, true, `Expect failure: Success: ${doc}`);
        return record(site, doc, false, `FAILURE: ${doc}: expected error message '${msg}', got '${ran.error.message}'`);
      }
      // upstream names the expected message here, not the doc (repl.md §3.5); raised, as above
      throw new PactError('exec', record(site, doc, false, `FAILURE: ${msg}: expected failure, got result: ${pretty(ran.value)}`));
    },
    'expect-that': args => {
      const site = vm.callSite();
      const doc = str('expect-that', args, 0);
      // a condition that is no function is a wrong argument (coreExpectThat's VClosure pattern)
      if (!isCallable(args[1])) throw argTypeError('expect-that', args);
      const r = vm.call(args[1], [args[2]]);
      if (r === true) return record(site, doc, true, `Expect-that: success ${doc}`);
      if (r === false) return record(site, doc, false, `FAILURE: Expect-that: Did not satisfy condition: ${doc}`);
      record(site, doc, false, 'FAILURE: expect-that expression did not return a boolean');
      throw nativeFailure('expect-that', 'Expect-that: condition did not return a boolean');
    },

    'env-data': args => {
      if (isCallable(args[0])) throw argTypeError('env-data', args); // envData's VPactValue pattern
      s.env.data = stableRoundTrip(args[0]);
      return 'Setting transaction data';
    },
    'env-chain-data': args => setChainData(s, args),
    'env-keys': args => {
      const keys = stringsArgument('env-keys', args);
      s.env.signers = new Map(keys.map(k => [k, []]));
      return 'Setting transaction keys';
    },
    'env-sigs': args => {
      // no list at all is a wrong argument; a list of wrong entries has its own text (envSigs)
      if (!Array.isArray(args[0])) throw argTypeError('env-sigs', args);
      s.env.signers = parseSigners(args[0], 'key', () =>
        userError("env-sigs: Expected object with 'key': string, 'caps': [capability]"));
      return 'Setting transaction signatures/caps';
    },
    'env-verifiers': args => {
      if (!Array.isArray(args[0])) throw argTypeError('env-verifiers', args);
      s.env.verifiers = parseSigners(args[0], 'name', () =>
        nativeFailure('env-verifiers', "Expected object with 'name': string, 'caps': [capability]"));
      return 'Setting transaction verifiers/caps';
    },
    'env-hash': args => {
      // any valid base64url is accepted, as upstream: ops.repl sets (env-hash "YQo"), which
      // wins over the seed's 32-byte rule (decisions.md: real scripts decide)
      const h = str('env-hash', args, 0);
      // as Pact's envHash: text its decoder (base64-bytestring's URL decode) refuses is a
      // recoverable user error in the decoder's words; the hash kept is the bytes, which tx-hash
      // shows unpadded (`YQ==` is kept as `YQ`), while the answer echoes the text given
      const decoded = decodeBase64Url(h);
      if (!decoded.ok) throw userError(decoded.error);
      s.env.txHash = base64UrlEncode(decoded.bytes);
      return `Set tx hash to ${h}`;
    },
    'env-exec-config': setFlags,
    'env-exec-config-query': () => currentFlags(s),
    'env-enable-repl-natives': args => {
      if (typeof args[0] !== 'boolean') throw argTypeError('env-enable-repl-natives', args);
      s.replNativesInModules = args[0];
      return args[0] ? 'repl natives enabled' : 'repl natives disabled';
    },
    'env-events': args => {
      if (typeof args[0] !== 'boolean') throw argTypeError('env-events', args);
      const events = s.events.map(e => PactObject.of([
        ['module-hash', e.moduleHash], ['name', e.name], ['params', e.params]]));
      if (args[0]) s.events = [];
      return events;
    },
    'env-stackframe': () => stackFrameTexts(vm),
    'env-set-debug-flag': args => {
      const flag = strip(str('env-set-debug-flag', args, 0));
      const given: readonly DebugFlag[] = flag === 'all' ? DEBUG_FLAGS : DEBUG_FLAGS.filter(f => f === flag);
      if (given.length === 0 && flag !== 'none') {
        throw nativeFailure('env-set-debug-flag', `unrecognized flag in env-set-debug: ${flag}`);
      }
      // each flag given is toggled (Pact sets the symmetric difference); `none` clears them all
      if (given.length === 0) s.debugFlags.clear();
      for (const f of given) if (!s.debugFlags.delete(f)) s.debugFlags.add(f);
      s.out.trace(`set debug flags to [${DEBUG_FLAGS.filter(f => s.debugFlags.has(f)).join(', ')}]`, s.vm.callSite());
      return UNIT;
    },

    // a meter past 2^53 (set so by a wrapping env-gas) is read as the integer the number holds
    'env-gas': () => normInt(BigInt(milliToGas(s.gas.milligas))),
    'env-set-gas': args => {
      const n = args[0];
      if (!isInt(n)) throw argTypeError('env-set-gas', args);
      s.gas.milligas = milliGasWord(n, 1000n);
      return `Set gas to ${n}`;
    },
    'env-milligas': () => normInt(BigInt(s.gas.milligas)),
    'env-set-milligas': args => {
      const n = args[0];
      if (!isInt(n)) throw argTypeError('env-set-milligas', args);
      s.gas.milligas = milliGasWord(n, 1n);
      return `Set milligas to ${n}`;
    },
    'env-gaslimit': args => {
      const n = args[0];
      if (!isInt(n)) throw argTypeError('env-gaslimit', args);
      s.gas.setLimit(milliGasWord(n, 1000n));
      return `Set gas limit to ${n}`;
    },
    'env-ask-gasmodel': () => `Current gas model is '${s.gas.model.name}': ${s.gas.model.description}`,
    'env-gasmodel': args => setGasModel(args, str('env-gasmodel', args, 0), undefined),
    'env-gasmodel-fixed': args => setGasModel(args, str('env-gasmodel', args, 0), args[1]),
    'env-gaslog': () => {
      const log = s.gas.log;
      s.gas.log = [];
      if (!log) return ['TOTAL: 0'];
      let running = 0;
      const lines = log.map(e => {
        running += e.cost;
        return `${e.what} ${e.span ? rangeText(e.span) : '<native>'}: ${e.cost}mG, total ${running}mG`;
      });
      return [`TOTAL: ${milliToGas(running)}`, ...lines];
    },

    'load': args => loadFile(s, str('load', args, 0), false),
    'load-with-env': args => {
      if (typeof args[1] !== 'boolean') throw argTypeError('load-with-env', args);
      return loadFile(s, str('load-with-env', args, 0), args[1]);
    },
    'print': args => { s.print(pretty(args[0])); return UNIT; },
    'pact-version': () => PACT_VERSION,
    'enforce-pact-version': args => enforceVersion(str('enforce-pact-version', args, 0), null),
    'enforce-pact-version-range': args =>
      enforceVersion(str('enforce-pact-version-range', args, 0), str('enforce-pact-version-range', args, 1)),
    'sig-keyset': () => new KeySetGuard([...new Set(s.env.signers.keys())].sort(compareCodePoints), 'keys-all'),
    'pact-state': () => pactState(s.pactExec),
    'reset-pact-state': args => {
      if (typeof args[0] !== 'boolean') throw argTypeError('reset-pact-state', args);
      const st = pactState(s.pactExec);
      if (args[0]) s.pactExec = null;
      return st;
    },
    'test-capability': args => testCapability(s, args[0]),
    'continue-pact': args => continuePact(args, 'continue-pact'),
    'continue-pact-with-rollback': args => continuePact(args, 'continue-pact-with-rollback'),
    'continue-pact-rollback-yield': args => continuePact(args, 'continue-pact-rollback-yield'),
    'continue-pact-rollback-yield-object': args => continuePact(args, 'continue-pact-rollback-yield-object'),
    'typecheck': args => typecheckNative(s, str('typecheck', args, 0)),
    'env-namespace-policy': args => {
      const allowRoot = args[0], fn = args[1];
      // only a defun's closure matches envNamespacePolicy's `VClosure (C clo)`: a lambda, a
      // partial application or a defpact is a wrong argument
      if (typeof allowRoot !== 'boolean' || !(fn instanceof Closure) || fn.proto.kind !== 'defun') {
        throw argTypeError('env-namespace-policy', args);
      }
      if (fn.proto.arity !== 2) throw nativeFailure('env-namespace-policy', 'Namespace manager function has invalid argument length');
      s.namespacePolicy = { kind: 'smart', allowRoot, manager: fn };
      return 'Installed namespace policy';
    },
    'env-module-admin': args => {
      const m = args[0];
      if (!(m instanceof ModRef)) throw argTypeError('env-module-admin', args);
      s.caps.moduleAdmin.add(m.module);
      return `Acquired module admin for: ${m.module}`;
    },
  };
}

/** Milligas as Pact keeps it, a Word64: the integer read into one (fromInteger wraps a negative or
 *  huge one), times `scale` (gasToMilliGas multiplies in Word64, wrapping again). The meter holds
 *  a JS number, exact below 2^53. */
function milliGasWord(n: PactInt, scale: bigint): number {
  return Number(BigInt.asUintN(64, BigInt.asUintN(64, toBig(n)) * scale));
}

function currentFlags(s: ReplSession): Value {
  return [...s.env.flags].sort(compareCodePoints);
}

/** Flags with an effect on the machine. */
export function applyFlags(s: ReplSession): void {
  const f = s.env.flags;
  const has = (name: string) => f.has(name) || Object.entries(FLAG_ALIASES).some(([a, t]) => t === name && f.has(a));
  s.vm.checkReturnTypes = !has('DisableRuntimeRTC');
}

function parseSigners(v: Value[], keyField: string, bad: () => PactError): Map<string, CapToken[]> {
  const out = new Map<string, CapToken[]>();
  for (const sig of v) {
    if (!(sig instanceof PactObject)) throw bad();
    const key = sig.get(keyField);
    const caps = sig.get('caps');
    if (typeof key !== 'string' || !Array.isArray(caps) || !caps.every(c => c instanceof CapToken)) throw bad();
    out.set(key, caps as CapToken[]);
  }
  return out;
}

/** env-chain-data: all-or-nothing update of the public metadata (repl.md §3.2, decisions.md). */
function setChainData(s: ReplSession, args: Value[]): Value {
  const obj = args[0];
  if (!(obj instanceof PactObject)) throw argTypeError('env-chain-data', args);
  const next = { ...s.env.chainData };
  const bad = (k: string) => userError(`envChainData: bad public metadata value for key: ${k}`);
  for (const k of obj.sortedKeys()) {
    const v = obj.get(k)!;
    switch (k) {
      case 'chain-id':
        if (typeof v === 'string') next['chain-id'] = v;
        else if (isInt(v)) {
          if (v < 0 || v > 19) throw userError(`envChainData: chain-id must be between 0 and 19, got ${v}`);
          next['chain-id'] = v.toString();
        } else throw bad(k);
        break;
      case 'sender': if (typeof v !== 'string') throw bad(k); next.sender = v; break;
      case 'prev-block-hash': if (typeof v !== 'string') throw bad(k); next['prev-block-hash'] = v; break;
      // both are Word64 in Pact's public data: a negative or huge integer wraps
      case 'block-height': if (!isInt(v)) throw bad(k); next['block-height'] = word64(v); break;
      case 'gas-limit': if (!isInt(v)) throw bad(k); next['gas-limit'] = word64(v); break;
      case 'gas-price': if (!(v instanceof PactDecimal)) throw bad(k); next['gas-price'] = v; break;
      case 'gas-fee': if (!(v instanceof PactDecimal)) throw bad(k); break; // accepted, no effect (decisions.md)
      case 'block-time': if (!(v instanceof PactTime)) throw bad(k); next['block-time'] = v.micros; break;
      default: throw bad(k);
    }
  }
  s.env.chainData = next;
  // upstream's string: pubdata.repl compares it, so it wins over the seed's object (decisions.md)
  return 'Updated public metadata';
}

function word64(i: PactInt): PactInt {
  return i >= 0 && i <= Number.MAX_SAFE_INTEGER ? i : normInt(BigInt.asUintN(64, toBig(i)));
}

/** A version as Pact's mkVersion reads it: dot-separated decimals, each read into a 64-bit Int
 *  (wrapping), or no number at all (the empty text is the empty version, below every other). */
function parseVersion(v: string): bigint[] | null {
  if (v === '') return [];
  if (!/^\d+(\.\d+)*$/.test(v)) return null;
  return v.split('.').map(part => BigInt.asIntN(64, BigInt(part)));
}

function compareVersions(a: bigint[], b: bigint[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length;
}
