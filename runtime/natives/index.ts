// Every group of core natives, in one list (REPL natives are added by the REPL session).

import type { Runtime } from '../context.js';
import type { NativeTable } from './registry.js';
import { arithmeticNatives } from './arithmetic.js';
import { generalNatives } from './general.js';
import { dataNatives } from './data.js';
import { stringNatives } from './strings.js';
import { cryptoNatives } from './crypto/index.js';

export function coreNativeTables(rt: Runtime): NativeTable[] {
  return [arithmeticNatives(rt), generalNatives(rt), dataNatives(rt), stringNatives(rt), cryptoNatives(rt)];
}
