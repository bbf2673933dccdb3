// Pact values as data: numbers (integers and exact decimals), structural equality and ordering,
// the REPL and `show` renderings (with the width-80 layout Pact's printer uses), JSON in and out,
// size estimates for gas, Pact's sort, runtime type checks, and the BLAKE2b digest. Everything
// here is pure: no machine, no gas meter, no session.

export * from './numbers.js';
export * from './equality.js';
export * from './render.js';
export * from './layout.js';
export * from './json.js';
export * from './size.js';
export * from './sort.js';
export * from './type-checks.js';
export * from './digest.js';
export * from './mpfr.js';
