// Pact's time: UTC calendar arithmetic on microsecond timestamps, the ISO form Pact prints, and
// the `format-time`/`parse-time` directives of Pact's time library.

export * from './calendar.js';
export * from './directives.js';
export * from './instant.js';
