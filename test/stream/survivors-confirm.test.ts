// Mutants of stream/confirm.ts that survived the complete mutation run (issue 16), killed here: the
// number of confirmations a released block is reported with.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BlockHeaderEvent } from '../../stream/block-header.js';
import { ConfirmationBuffer } from '../../stream/confirm.js';

function block(height: number, hash: string, parent: string): BlockHeaderEvent {
  return { header: { chainId: 0, height, hash, parent } as BlockHeaderEvent['header'], powHash: '', target: '', txCount: 0 };
}

test('a block is released with the number of blocks on top of it: on a straight chain and across forks', () => {
  const released: string[] = [];
  const buffer = new ConfirmationBuffer({
    confirmed: (b, confirmations) => released.push(`${b.header.hash}+${confirmations}`),
    orphaned: (b) => released.push(`${b.header.hash} orphaned`),
  }, { depth: 2 });
  for (let h = 100; h <= 104; h++) buffer.push(block(h, `a${h}`, `a${h - 1}`));
  assert.equal(released, ['a100+2', 'a101+2', 'a102+2']);
  // a fork from a103 grows to 106, then the node switches back to a's branch and it grows past it
  released.length = 0;
  buffer.push(block(105, 'b105', 'a104'));
  assert.equal(released, ['a103+2']);
  buffer.push(block(105, 'a105', 'a104'));
  buffer.push(block(106, 'a106', 'a105'));
  assert.equal(released, ['a103+2', 'a104+2']);
  buffer.push(block(106, 'c106', 'b105'));
  buffer.push(block(107, 'c107', 'c106'));
  assert.equal(released, ['a103+2', 'a104+2', 'b105+2', 'a105 orphaned']);
});

test.run();
