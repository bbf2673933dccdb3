// Assigns frame slots: parameters first, then let binders, reusing slots of scopes that ended.
// Captures are worked out by the emitter, which sees each lambda's body before creating it.

import type { Expr, FunctionIR } from './ir.js';

export function resolveSlots(fn: FunctionIR): void {
  fn.params.forEach((p, i) => { p.slot = i; });
  fn.nlocals = fn.params.length;
  walk(fn.body, fn, fn.params.length);
}

function walk(e: Expr, fn: FunctionIR, next: number): void {
  switch (e.k) {
    case 'const': case 'local': case 'global': case 'native': return;
    case 'lambda': resolveSlots(e.fn); return;
    case 'let': {
      // a chain of lets (a let* of many bindings) in a loop: recursing per binding overflows
      let x: Expr = e;
      while (x.k === 'let') {
        walk(x.value, fn, next);
        x.binder.slot = next;
        next++;
        if (next > fn.nlocals) fn.nlocals = next;
        x = x.body;
      }
      walk(x, fn, next);
      return;
    }
    case 'app': walk(e.fn, fn, next); walkAll(e.args, fn, next); return;
    case 'call-native': walkAll(e.args, fn, next); return;
    case 'if': walk(e.cond, fn, next); walk(e.then, fn, next); walk(e.else, fn, next); return;
    case 'and': case 'or': walk(e.left, fn, next); walk(e.right, fn, next); return;
    case 'seq': walkAll(e.exprs, fn, next); return;
    case 'list': walkAll(e.items, fn, next); return;
    case 'object': walkAll(e.values, fn, next); return;
    case 'enforce': walk(e.cond, fn, next); walk(e.msg, fn, next); return;
    case 'enforce-one': walk(e.msg, fn, next); walkAll(e.conds, fn, next); return;
    case 'try': walk(e.fallback, fn, next); walk(e.body, fn, next); return;
    case 'error': walk(e.msg, fn, next); return;
    case 'pure': walk(e.body, fn, next); return;
  }
}

/** An indexed loop: compiling runs as cold code, where `for…of` costs an iterator and a result
 *  object per element. */
function walkAll(es: Expr[], fn: FunctionIR, next: number): void {
  for (let i = 0; i < es.length; i++) walk(es[i], fn, next);
}
