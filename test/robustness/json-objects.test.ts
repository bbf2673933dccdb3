// Found item 6: JSON enters Pact objects without prototype effects: `__proto__` (and `constructor`)
// are keys like any other in env-data, read-msg, table rows and env-chain-data.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

test('env-data keeps a "__proto__" key and read-msg reads it back', () => {
  const r = runRepl('(env-data {"__proto__": {"x": 1}, "constructor": 2, "a": 3})\n(read-msg)\n(read-msg "__proto__")\n' +
    '(read-integer "constructor")\n(at "x" (read-msg "__proto__"))');
  assert.is(r.error, null);
  assert.equal(r.traces.slice(1), ['{"__proto__": {"x": 1},"a": 3,"constructor": 2}', '{"x": 1}', '2', '1']);
});

test('a table row with a "__proto__" column is stored and read back whole', () => {
  const r = runRepl('(module m g (defcap g () true) (defschema s __proto__:integer toString:string) (deftable t:{s}))\n' +
    '(create-table t)\n(insert t "k" {"__proto__": 5, "toString": "x"})\n(read t "k")\n(at "__proto__" (read t "k"))');
  assert.is(r.error, null);
  assert.equal(r.traces.slice(3), ['{"__proto__": 5,"toString": "x"}', '5']);
});

test('env-chain-data treats "__proto__" as an unknown key, not a way in', () => {
  const r = runRepl('(env-chain-data {"__proto__": {"chain-id": "5"}})');
  assert.is(r.error?.message, 'envChainData: bad public metadata value for key: __proto__');
  const chain = runRepl('(at "chain-id" (chain-data))', 'after.repl', r.session);
  assert.equal(chain.traces, ['""']);
});

test('hashing an object with a "__proto__" key hashes that key', () => {
  const r = runRepl('(!= (hash {"__proto__": 1}) (hash {}))');
  assert.equal(r.traces, ['true']);
});

test.run();
