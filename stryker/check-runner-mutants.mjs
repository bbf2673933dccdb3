// What stryker/check-runner.mjs mutates: `isSafe` of the stable encoding (its whole test made `true`
// was once thought under-reported), and json.ts's legacy key hash, whose memo table the dry run
// fills, so some of its mutants are retried in a fresh worker (README "Mutation testing").
export const CHECKED = ['runtime/values/stable-encoding.ts:40-50', 'runtime/values/json.ts:62-76'];
