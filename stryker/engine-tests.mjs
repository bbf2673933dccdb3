// The uvu tests that judge the engine scopes: every in-process test of our own. Left out: the
// upstream corpus (not ours), and the tests that only drive the CLI in child processes, whose
// coverage Stryker cannot see (robustness/, examples, package, the CLI-level repl tests: batch, bundle, check, ...).
export const ENGINE_TESTS =
  '^(?!conformance/|robustness/|stream/|examples|package|architecture|dead-code|deadlines|repl/(any-key|batch|bundle|check|cli|coverage|watch)\\.).*\\.test\\.js$';
