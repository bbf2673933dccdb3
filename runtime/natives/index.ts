// Every group of core natives, in one list (REPL natives are added by the REPL session).

import type { Runtime } from './context.js';
import type { NativeTable } from './registry.js';
import { arithmeticNatives } from './arithmetic.js';
import { transcendentalNatives } from './transcendental.js';
import { generalNatives } from './general.js';
import { collectionNatives } from './collections.js';
import { stringNatives } from './strings.js';
import { hashingNatives } from './hashing.js';
import { timeNatives } from './time.js';
import { dataNatives } from './data.js';
import { cryptoNatives } from './crypto/index.js';

export function coreNativeTables(rt: Runtime): NativeTable[] {
  return [
    arithmeticNatives(rt), transcendentalNatives(rt), generalNatives(rt), collectionNatives(rt),
    stringNatives(rt), hashingNatives(rt), timeNatives(rt), dataNatives(rt), ...cryptoNatives(rt),
  ];
}
