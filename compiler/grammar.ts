// Pact 5's context-free grammar (the language its LALR(1) parser accepts), as data: terminals in
// the order Pact declares them, rules in Pact's order, and the rules whose reduction checks a value.

/** The terminals, numbered in declaration order (the order the expected-token lists use), then EOF. */
export const TERMINALS = [
  'let', 'letstar', 'lam', 'module', 'interface', 'import', 'defun', 'defcap', 'defconst', 'defschema',
  'deftable', 'defpact', 'bless', 'implements', 'true', 'false', 'docAnn', 'modelAnn', 'eventAnn',
  'managedAnn', 'step', 'steprb', "'{'", "'}'", "'('", "')'", "'['", "']'", "','", "'::'", "':'",
  "':='", "'.'", 'IDENT', 'NUM', 'STR', 'TICK',
] as const;
export const EOF = TERMINALS.length;

/** Checks some reductions run on the values they reduce; a failure is the parse error. */
export type RuleCheck = 'atLeastOneDef' | 'primType' | 'objType' | 'decimal' | 'modelDecimal';

/** Entry points, in declaration order: a .repl file is a ReplProgram, a .pact file a Program. */
export const STARTS = ['Expr', 'Module', 'ReplProgram', 'Program'] as const;

// `Lhs -> alt | alt`; an empty alternative is ε; `!check` after an alternative names its check.
const RULES = `
Program -> ProgramList
ProgramList -> ProgramList TopLevel |
ReplProgram -> ReplProgramList
ReplProgramList -> ReplProgramList ReplTopLevel |
TopLevel -> Module | Interface | Expr | Use
ReplTopLevel -> TopLevel | '(' Defun ')' | '(' DefConst ')'
Governance -> StringRaw | IDENT
StringRaw -> STR | TICK
Module -> '(' module IDENT Governance MDocOrModel ExtOrDefs ')'
Interface -> '(' interface IDENT MDocOrModel ImportOrIfDef ')'
Ext -> Use | '(' implements ModQual ')' | '(' bless StringRaw ')'
Use -> '(' import ModQual ImportList ')' | '(' import ModQual STR ImportList ')'
ExtOrDefs -> ExtOrDefList !atLeastOneDef
ExtOrDefList -> ExtOrDefList Def | ExtOrDefList Ext | Def | Ext
Def -> '(' Defun ')' | '(' DefConst ')' | '(' Defcap ')' | '(' Defschema ')' | '(' Deftable ')' | '(' DefPact ')'
ImportOrIfDef -> ImportOrIfDef IfDef | ImportOrIfDef Use | IfDef | Use
IfDef -> '(' IfDefun ')' | '(' DefConst ')' | '(' IfDefCap ')' | '(' Defschema ')' | '(' IfDefPact ')'
IfDefun -> defun IDENT MTypeAnn '(' MArgs ')' MDocOrModel
IfDefCap -> defcap IDENT MTypeAnn '(' MArgs ')' MDocOrModel MDCapMeta
IfDefPact -> defpact IDENT MTypeAnn '(' MArgs ')' MDocOrModel
ImportList -> '[' ImportNames ']' |
ImportNames -> ImportNames IDENT |
DefConst -> defconst IDENT MTypeAnn Expr MDoc
Defun -> defun IDENT MTypeAnn '(' MArgs ')' MDocOrModel Block
Defschema -> defschema IDENT MDocOrModel SchemaArgList
Deftable -> deftable IDENT ':' '{' ParsedName '}' MDoc
Defcap -> defcap IDENT MTypeAnn '(' MArgs ')' MDocOrModel MDCapMeta Block
DefPact -> defpact IDENT MTypeAnn '(' MArgs ')' MDocOrModel DefPactSteps
DefPactSteps -> Steps
Steps -> Steps Step | Step
Step -> '(' step Expr MModel ')' | '(' step Expr Expr MModel ')' | '(' steprb Expr Expr MModel ')' | '(' steprb Expr Expr Expr MModel ')'
MDCapMeta -> Managed | Event |
Managed -> managedAnn | managedAnn IDENT ParsedName
Event -> eventAnn
MArgs -> MArgs MArg |
MArg -> IDENT ':' Type | IDENT
SchemaArgList -> SchemaArgList IDENT ':' Type | SchemaArgList IDENT |
Type -> '[' Type ']' | module '{' ModuleNames '}' | IDENT '{' ParsedTyName '}' !objType | IDENT !primType
ModuleNames -> ModuleNames ',' ModQual | ModQual
DocAnn -> docAnn STR
DocStr -> STR
MModel -> ModelAnn |
ModelAnn -> modelAnn '[' PactFVModels ']'
MDocOrModel -> DocAnn ModelAnn | ModelAnn DocAnn | DocAnn | ModelAnn | DocStr |
MDoc -> DocAnn | DocStr |
MTypeAnn -> ':' Type |
Block -> BlockBody
BlockBody -> BlockBody Expr | Expr
Expr -> '(' SExpr ')' | Atom
SExpr -> LamExpr | LetExpr | GenAppExpr
List -> '[' ListExprs ']'
ListExprs -> Expr MCommaExpr |
MCommaExpr -> ',' ExprCommaSep | AppList
ExprCommaSep -> ExprCommaSep ',' Expr | Expr
LamExpr -> lam '(' LamArgs ')' Block
LamArgs -> LamArgs IDENT ':' Type | LamArgs IDENT |
LetExpr -> let '(' Binders ')' Block | letstar '(' Binders ')' Block
Binders -> Binders '(' IDENT MTypeAnn Expr ')' | '(' IDENT MTypeAnn Expr ')'
GenAppExpr -> Expr AppBindList
AppList -> AppList Expr |
AppBindList -> AppBindList Expr | AppBindList BindingForm |
BindingForm -> '{' BindPairs '}'
BindPair -> STR ':=' MArg | TICK ':=' MArg
BindPairs -> BindPairs ',' BindPair | BindPair
Atom -> Var | Number | String | List | Bool | Object | '(' ')'
Bool -> true | false
Var -> IDENT '.' ModQual | IDENT | IDENT '::' IDENT
ParsedName -> IDENT '.' ModQual | IDENT | IDENT '::' IDENT
ParsedTyName -> IDENT '.' ModQual | IDENT
ModQual -> IDENT '.' IDENT | IDENT
Number -> NUM '.' NUM !decimal | NUM
String -> STR | TICK
Object -> '{' ObjectBody '}'
ObjectBody -> FieldPairs
FieldPair -> STR ':' Expr | TICK ':' Expr
FieldPairs -> FieldPairs ',' FieldPair | FieldPair |
PactFVModels -> PropExprList
PropExprList -> PropExprList PropExpr |
PropExpr -> PropAtom | '(' PropExprList ')' | '[' PropExprList ']'
PropAtom -> FVVar | FVNumber | FVString | FVKeyword | FVDelim | FVBool
FVKeyword -> let | lam
FVDelim -> '{' | '}' | ':' | ','
FVBool -> true | false
FVNumber -> NUM '.' NUM !modelDecimal | NUM
FVString -> STR | TICK
FVVar -> IDENT '.' ModQual | IDENT | IDENT '::' IDENT
`;

export interface Rule {
  lhs: number;
  rhs: number[];
  check: RuleCheck | null;
  /** whether this is the augmented rule of an entry point (reducing it accepts) */
  start: boolean;
}

export interface Grammar {
  /** symbol names: terminals 0..EOF, then nonterminals */
  names: string[];
  rules: Rule[];
  /** the rules of each nonterminal, by symbol number */
  rulesOf: Map<number, number[]>;
  /** the augmented start rule of each entry point, by name */
  startRule: Map<string, number>;
}

export const isTerminal = (sym: number): boolean => sym <= EOF;

/** The grammar with symbols numbered; rule i < STARTS.length is entry point i's `start -> X`. */
export function pactGrammar(): Grammar {
  const names: string[] = [...TERMINALS, '%eof'];
  const number = new Map(names.map((n, i) => [n, i]));
  const lines = RULES.trim().split('\n').map(l => l.split(' -> '));
  for (const s of STARTS) number.set(`%start_${s}`, names.push(`%start_${s}`) - 1);
  for (const [lhs] of lines) if (!number.has(lhs)) number.set(lhs, names.push(lhs) - 1);
  const sym = (n: string): number => {
    const v = number.get(n);
    if (v === undefined) throw new Error(`grammar: unknown symbol ${n}`);
    return v;
  };
  const rules: Rule[] = STARTS.map(s => ({ lhs: sym(`%start_${s}`), rhs: [sym(s)], check: null, start: true }));
  for (const [lhs, alts] of lines) {
    for (const alt of alts.split('|')) {
      const parts = alt.trim().split(/\s+/).filter(p => p !== '');
      const check = parts.length && parts[parts.length - 1].startsWith('!') ? parts.pop()!.slice(1) as RuleCheck : null;
      rules.push({ lhs: sym(lhs), rhs: parts.map(sym), check, start: false });
    }
  }
  const rulesOf = new Map<number, number[]>();
  rules.forEach((r, i) => rulesOf.set(r.lhs, [...(rulesOf.get(r.lhs) ?? []), i]));
  return { names, rules, rulesOf, startRule: new Map(STARTS.map((s, i) => [s, i])) };
}
