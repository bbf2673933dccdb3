// Pact's `sizeOf` (SizeOfV0, gas.md §4) of the module IR: the byte counts behind module deployment
// gas (gas.md §3.9). Like the value sizes (values/size.ts) these are walks that count piece by
// piece, in the order of the Haskell declarations, because under a gas limit Pact stops at the
// first piece past its byte budget and charges for the count reached there (gas.md §4.1).
// Rules (SizeOf.hs, SizeOf/Deriving.hs): a single-constructor record counts 1 then its fields, a
// sum type 2 then the chosen constructor's fields, Text its UTF-8 length + 4, a ShortByteString
// its length + 4, a list, Set or Map 5 then its elements (a Map as (key, value) pairs, 1 + key +
// value, in key order), Maybe 2 (+ payload), Int 5, Word64 9, Word8 and Bool 1, `()` nothing.
// Entry points: `countErasedModule` (infos erased) and `countStoredModule` (ModuleData, infos kept).

import { count, countKnown, countText, integerSize, measure } from '../values/size.js';
import type { Built } from './hash.js';
import {
  compareBytes, compareModuleName, compareText, formTerms, sortedSet,
  type Arg, type BuiltinForm, type ConstVal, type Def, type DefCapMeta, type DefConst, type DefSchema,
  type FullyQualifiedName, type Governance, type Guard, type HashBytes, type IfDef, type IfDefCapMeta, type Import,
  type Info, type Interface, type Literal, type Module, type ModuleName, type Name, type PactValue,
  type QualifiedName, type Schema, type Step, type Term, type Type,
} from './terms.js';

/** What the store charge sizes: `ModuleData module deps` (or InterfaceData), the dependencies in
 *  FullyQualifiedName order (the Map's key order; deploy.ts sorts them). */
export interface StoredModule { data: Built; deps: [FullyQualifiedName, Def][] }

/** Whether infos count as SpanInfos (a stored module) or are `()` (the desugar and hash sizes,
 *  `() <$ module` and `void module`); set by the entry walks for the walk in progress. */
let keepInfo = false;

/** Module and interface records walked piece by piece, not answered from a memo: tests see that
 *  deployment sizes are measured only when gas reads them. */
export const moduleWalks = { count: 0 };

// ---- memos ------------------------------------------------------------------------------------
// The IR is immutable (hashing rewrites copy only the paths that change), so a part's size never
// changes: the definitions the desugar, hash and store sizes share, and a module sized again, are
// added whole when they fit the budget left, and walked piece by piece only when they do not.

const erasedDefs = new WeakMap<Def | IfDef, number>();
const storedDefs = new WeakMap<Def | IfDef, number>();
const erasedModules = new WeakMap<Built, number>();
const storedModules = new WeakMap<StoredModule, number>();

/** `walk(x)` counted as a whole subtotal from `memo` when it fits the budget, else piece by piece. */
function countMemo<T extends object>(memo: WeakMap<T, number>, x: T, walk: (x: T) => void): void {
  let known = memo.get(x);
  if (known === undefined) memo.set(x, known = measure(walk, x));
  if (!countKnown(known)) walk(x);
}

// ---- entry walks ------------------------------------------------------------------------------

/** A module or interface with its infos erased: Desugar.hs renameModule's `() <$ resolvedModule`
 *  (MOpDesugarModule) and ModuleHashing.hs's `void m` (GHash). */
export function countErasedModule(b: Built): void {
  const outer = keepInfo;
  keepInfo = false;
  try {
    countMemo(erasedModules, b, countBuilt);
  } finally {
    keepInfo = outer;
  }
}

/** `ModuleData m deps` / `InterfaceData i deps` with infos (Compile.hs evalTopLevel's GWrite,
 *  static-redeploy's). */
export function countStoredModule(s: StoredModule): void {
  const outer = keepInfo;
  keepInfo = true;
  try {
    countMemo(storedModules, s, countModuleData);
  } finally {
    keepInfo = outer;
  }
}

/** A PactValue on its own (no infos in it). */
export function countPactValue(v: PactValue): void { pactValue(v); }

function countBuilt(b: Built): void {
  if ('module' in b) module(b.module);
  else iface(b.interface);
}

/** ModuleData: a sum type (2), the module or interface, then the Map FullyQualifiedName Def. */
function countModuleData(s: StoredModule): void {
  count(2);
  countBuilt(s.data);
  count(5);
  for (let i = 0; i < s.deps.length; i++) {
    const [fqn, d] = s.deps[i];
    count(1);
    fullyQualifiedName(fqn);
    def(d);
  }
}

// ---- primitives -------------------------------------------------------------------------------

/** ModuleHash/Hash, a ShortByteString: length + 4. */
function bytes(b: HashBytes): void { count(b.length + 4); }

/** Maybe Text (a NamespaceName, a DefPactId): 2, and the text when there is one. */
function maybeText(s: string | null): void {
  count(2);
  if (s !== null) countText(s);
}

/** SpanInfo{startLine, startCol, endLine, endCol :: Int} when kept; `()` counts nothing. */
function info(i: Info): void {
  if (!keepInfo || i === null) return;
  count(1);
  count(5);
  count(5);
  count(5);
  count(5);
}

// ---- names ------------------------------------------------------------------------------------

/** ModuleName{name, namespace: Maybe NamespaceName} */
function moduleName(m: ModuleName): void {
  count(1);
  countText(m.name);
  maybeText(m.namespace);
}

/** A list or Set of module names: 5 + each. */
function moduleNames(ms: readonly ModuleName[]): void {
  count(5);
  for (let i = 0; i < ms.length; i++) moduleName(ms[i]);
}

/** QualifiedName{name, module} */
function qualifiedName(q: QualifiedName): void {
  count(1);
  countText(q.name);
  moduleName(q.module);
}

/** FullyQualifiedName{module, name, hash} */
function fullyQualifiedName(f: FullyQualifiedName): void {
  count(1);
  moduleName(f.module);
  countText(f.name);
  bytes(f.hash);
}

/** Name{name, kind: NameKind}; NameKind is a sum type: NBound Word64 | NTopLevel ModuleName
 *  ModuleHash | NModRef ModuleName [ModuleName] | NDynRef DynamicRef{member, Word64}. */
function name(n: Name): void {
  count(1);
  countText(n.name);
  count(2);
  const k = n.kind;
  switch (k.k) {
    case 'bound': count(9); return;
    case 'toplevel': moduleName(k.module); bytes(k.hash); return;
    case 'modref': moduleName(k.module); moduleNames(k.implemented); return;
    case 'dynref': count(1); countText(k.member); count(9); return;
  }
}

// ---- types ------------------------------------------------------------------------------------

/** Type, a sum type: PrimType 1 byte, a module set as a Set, a schema; the rest no fields. */
function type(t: Type): void {
  count(2);
  switch (t.t) {
    case 'prim': count(1); return;
    case 'list': type(t.elem); return;
    case 'modref': moduleNames(sortedSet(t.interfaces, compareModuleName)); return;
    case 'object': case 'table': schema(t.schema); return;
    default: return;
  }
}

/** `Map Field Type`, in the order of the field names (our maps keep the order written). */
function fields(m: Map<string, Type>): void {
  count(5);
  const keys = [...m.keys()].sort(compareText);
  for (let i = 0; i < keys.length; i++) {
    count(1);
    countText(keys[i]);
    type(m.get(keys[i])!);
  }
}

/** Schema{name: QualifiedName, fields} */
function schema(s: Schema): void {
  count(1);
  qualifiedName(s.name);
  fields(s.fields);
}

/** Arg{name, type: Maybe Type, info} */
function arg(a: Arg): void {
  count(1);
  countText(a.name);
  count(2);
  if (a.type !== null) type(a.type);
  info(a.info);
}

function args(as: readonly Arg[]): void {
  count(5);
  for (let i = 0; i < as.length; i++) arg(as[i]);
}

// ---- literals and values ----------------------------------------------------------------------

/** Literal, a sum type; a Decimal is DecimalRaw{places: Word8, mantissa: Integer}. */
function literal(l: Literal): void {
  count(2);
  switch (l.l) {
    case 'string': countText(l.value); return;
    case 'integer': count(integerSize(l.value)); return;
    case 'decimal': count(1); count(1); count(integerSize(l.mantissa)); return;
    case 'unit': return;
    case 'bool': count(1); return;
  }
}

function pactValues(vs: readonly PactValue[]): void {
  count(5);
  for (let i = 0; i < vs.length; i++) pactValue(vs[i]);
}

/** PactValue, a sum type; an object is a `Map Field PactValue` (key order), a ModRef's interfaces
 *  a Set, a table TableValue{TableName{name, module}, hash, schema}. */
function pactValue(v: PactValue): void {
  count(2);
  switch (v.v) {
    case 'literal': literal(v.lit); return;
    case 'list': pactValues(v.items); return;
    case 'guard': guard(v.guard); return;
    case 'object': {
      count(5);
      const keys = [...v.fields.keys()].sort(compareText);
      for (let i = 0; i < keys.length; i++) {
        count(1);
        countText(keys[i]);
        pactValue(v.fields.get(keys[i])!);
      }
      return;
    }
    case 'modref':
      count(1);
      moduleName(v.module);
      moduleNames(sortedSet(v.implemented, compareModuleName));
      return;
    case 'capToken': count(1); fullyQualifiedName(v.name); pactValues(v.args); return;
    case 'table':
      count(1);
      count(1);
      countText(v.name);
      moduleName(v.module);
      bytes(v.hash);
      schema(v.schema);
      return;
    case 'time': count(8); return;
  }
}

/** Guard QualifiedName PactValue, a sum type of six records. */
function guard(g: Guard): void {
  count(2);
  count(1);
  switch (g.g) {
    case 'keyset': {
      // KeySet{keys: Set PublicKeyText, pred: KSPredicate}; a custom predicate holds a
      // ParsedTyName (TQN QualifiedName | TBN BareName), both sum types
      const keys = sortedSet(g.keys, compareText);
      count(5);
      for (let i = 0; i < keys.length; i++) countText(keys[i]);
      count(2);
      const p = g.pred;
      if (p.p !== 'custom') return;
      count(2);
      if ('qualified' in p.name) qualifiedName(p.name.qualified);
      else countText(p.name.bare);
      return;
    }
    case 'keysetRef': countText(g.name.name); maybeText(g.name.namespace); return;
    case 'user': qualifiedName(g.fun); pactValues(g.args); return;
    case 'capability': qualifiedName(g.name); pactValues(g.args); maybeText(g.pactId); return;
    case 'module': moduleName(g.module); countText(g.name); return;
    case 'defpact': countText(g.pactId); countText(g.name); return;
  }
}

// ---- terms ------------------------------------------------------------------------------------

function terms(ts: readonly Term[]): void {
  count(5);
  for (let i = 0; i < ts.length; i++) term(ts[i]);
}

/** BuiltinForm, a sum type whose constructors hold their terms in order. */
function form(f: BuiltinForm): void {
  count(2);
  const ts = formTerms(f);
  for (let i = 0; i < ts.length; i++) term(ts[i]);
}

/** Term, a sum type: each constructor's fields, its info last. A builtin is `ReplBuiltin
 *  CoreBuiltin` in the REPL: a sum type (2) around a 2-byte enum. */
function term(t: Term): void {
  count(2);
  switch (t.t) {
    case 'var': name(t.name); break;
    case 'lam': args(t.args); term(t.body); break;
    case 'let': arg(t.arg); term(t.value); term(t.body); break;
    case 'app': term(t.fn); terms(t.args); break;
    case 'seq': term(t.first); term(t.then); break;
    case 'nullary': term(t.body); break;
    case 'form': form(t.form); break;
    case 'builtin': count(2); count(2); break;
    case 'const': literal(t.lit); break;
    case 'list': terms(t.items); break;
    case 'object':
      // [(Field, Term)]: a list in the order written
      count(5);
      for (let i = 0; i < t.fields.length; i++) {
        count(1);
        countText(t.fields[i][0]);
        term(t.fields[i][1]);
      }
      break;
    case 'inline': pactValue(t.value); break;
  }
  info(t.info);
}

// ---- definitions ------------------------------------------------------------------------------

/** ConstVal: TermConst Term | EvaledConst PactValue */
function constVal(c: ConstVal): void {
  count(2);
  if (c.c === 'term') term(c.term);
  else pactValue(c.value);
}

/** DefConst{spec, value: ConstVal, info} */
function defConst(d: DefConst): void {
  count(1);
  arg(d.spec);
  constVal(d.value);
  info(d.info);
}

/** DefSchema{name, fields: Map Field Type, info} */
function defSchema(d: DefSchema): void {
  count(1);
  countText(d.name);
  fields(d.fields);
  info(d.info);
}

/** The (Int, Text) of `@managed param mgr`: a pair (1) of an Int and the parameter's name. */
function managedParam(param: string): void {
  count(1);
  count(5);
  countText(param);
}

/** DefCapMeta (FQNameRef Name): DefEvent | DefManaged DefManagedMeta | Unmanaged; DefManagedMeta
 *  is DefManagedMeta (Int, Text) name | AutoManagedMeta; FQNameRef a sum type around the FQN. */
function capMeta(m: DefCapMeta): void {
  count(2);
  if (m.c !== 'managed') return;
  count(2);
  if (m.meta.m === 'auto') return;
  managedParam(m.meta.param);
  count(2);
  fullyQualifiedName(m.meta.manager);
}

/** An interface defcap's DefCapMeta BareName: the manager is a bare name. */
function ifCapMeta(m: IfDefCapMeta): void {
  count(2);
  if (m.c !== 'managed') return;
  count(2);
  if (m.meta.m === 'auto') return;
  managedParam(m.meta.param);
  countText(m.meta.manager);
}

/** Step: Step Term | StepWithRollback Term Term */
function step(s: Step): void {
  count(2);
  term(s.exec);
  if (s.s === 'rollback') term(s.rollback);
}

function def(d: Def): void { countMemo(keepInfo ? storedDefs : erasedDefs, d, defPieces); }

/** Def, a sum type of records: Defun{spec, args, term, info}, DefConst, DefCap{spec, args, term,
 *  meta, info}, DefSchema, DefTable{name, schema: TableSchema (ResolvedTable Schema), info},
 *  DefPact{spec, args, steps, info}. */
function defPieces(d: Def): void {
  count(2);
  switch (d.d) {
    case 'defun': {
      const f = d.defun;
      count(1); arg(f.spec); args(f.args); term(f.term); info(f.info);
      return;
    }
    case 'defconst': defConst(d.defconst); return;
    case 'defcap': {
      const c = d.defcap;
      count(1); arg(c.spec); args(c.args); term(c.term); capMeta(c.meta); info(c.info);
      return;
    }
    case 'defschema': defSchema(d.defschema); return;
    case 'deftable': {
      const t = d.deftable;
      count(1); countText(t.name); count(2); schema(t.schema); info(t.info);
      return;
    }
    case 'defpact': {
      const p = d.defpact;
      count(1); arg(p.spec); args(p.args);
      count(5);
      for (let i = 0; i < p.steps.length; i++) step(p.steps[i]);
      info(p.info);
      return;
    }
  }
}

function ifDef(d: IfDef): void { countMemo(keepInfo ? storedDefs : erasedDefs, d, ifDefPieces); }

/** IfDef, a sum type: IfDefun{spec, args, info}, DefConst, IfDefCap{spec, args, meta, info},
 *  IfDefPact{spec, args, info}, DefSchema. */
function ifDefPieces(d: IfDef): void {
  count(2);
  switch (d.d) {
    case 'defun': case 'defpact': count(1); arg(d.spec); args(d.args); info(d.info); return;
    case 'defconst': defConst(d.defconst); return;
    case 'defcap': count(1); arg(d.spec); args(d.args); ifCapMeta(d.meta); info(d.info); return;
    case 'defschema': defSchema(d.defschema); return;
  }
}

// ---- modules ----------------------------------------------------------------------------------

/** Governance: KeyGov KeySetName{name, namespace} | CapGov (FQNameRef Name). */
function governance(g: Governance): void {
  count(2);
  if (g.g === 'keyset') {
    count(1);
    countText(g.keyset.name);
    maybeText(g.keyset.namespace);
  } else {
    count(2);
    fullyQualifiedName(g.fqn);
  }
}

/** Import{module, hash: Maybe ModuleHash, imported: Maybe [Text]} */
function importOf(i: Import): void {
  count(1);
  moduleName(i.module);
  count(2);
  if (i.hash !== null) bytes(i.hash);
  count(2);
  if (i.imported !== null) {
    count(5);
    for (let k = 0; k < i.imported.length; k++) countText(i.imported[k]);
  }
}

function imports(is: readonly Import[]): void {
  count(5);
  for (let i = 0; i < is.length; i++) importOf(is[i]);
}

/** ModuleCode: nothing when empty (the REPL's modules), else its text. */
function code(c: string): void {
  if (c !== '') countText(c);
}

/** Module{name, governance, defs, blessed: Set ModuleHash, imports, implements, hash, txHash,
 *  code, info} */
function module(m: Module): void {
  moduleWalks.count++;
  count(1);
  moduleName(m.name);
  governance(m.governance);
  count(5);
  for (let i = 0; i < m.defs.length; i++) def(m.defs[i]);
  const blessed = sortedSet(m.blessed, compareBytes);
  count(5);
  for (let i = 0; i < blessed.length; i++) bytes(blessed[i]);
  imports(m.imports);
  moduleNames(m.implements);
  bytes(m.hash);
  bytes(m.txHash);
  code(m.code);
  info(m.info);
}

/** Interface{name, defs, imports, hash, txHash, code, info} */
function iface(i: Interface): void {
  moduleWalks.count++;
  count(1);
  moduleName(i.name);
  count(5);
  for (let k = 0; k < i.defs.length; k++) ifDef(i.defs[k]);
  imports(i.imports);
  bytes(i.hash);
  bytes(i.txHash);
  code(i.code);
  info(i.info);
}
