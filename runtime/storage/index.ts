// Storage: the interface the contracts runtime keeps user tables, modules, keysets and pact state
// behind, and the in-memory store with the transaction journal that REPL scripts run on.

export * from './memory.js';
