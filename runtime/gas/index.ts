// Gas: the saturating milligas meter and its models (free, table, fixed), the table model's cost
// constants, the charge helpers natives call at Pact's charge points, and the profiler that
// attributes each charge to the Pact call stack.

export * from './meter.js';
export * from './cost-table.js';
export * from './charges.js';
export * from './profile.js';
