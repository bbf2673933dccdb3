// The command-line parser of every `pactvm` command: `--name value`, `--name=value`, switches,
// `--` and `-h`/`--help`, with unknown options refused by name, and the usage text of a command.
//
// Why it lives in stream/: both CLIs use it (runtime/repl/cli.ts and stream/cli.ts), and stream/
// must import nothing from the engine, so the one shared parser has to sit where stream/ may import
// it. It is generic — it knows no command, flag or engine concept — so it costs stream/ nothing;
// a top-level folder for one file would add a fifth package to the import rules for no gain.

/** A mistake in the command line: the CLI prints it with the command's usage and exits 2. */
export class UsageError extends Error {}

export interface FlagSpec {
  /** without the leading `--` */
  name: string;
  /** the placeholder of its value (`N`, `FILE`); absent for a switch */
  value?: string;
  /** one line for `--help` */
  help?: string;
}

export interface CommandSpec {
  name: string;
  /** positional arguments as the usage line shows them, e.g. `FILE.repl` or `PATH...` */
  args: string;
  /** one line: what the command does */
  summary: string;
  flags: readonly FlagSpec[];
  /** extra lines after the options (examples, defaults) */
  notes?: string;
}

export interface ParsedArgs {
  positional: string[];
  /** switches map to true, valued flags to their (last) value */
  flags: Map<string, string | true>;
  /** `-h` or `--help` was given: callers print the usage and stop */
  help: boolean;
}

const HELP: FlagSpec = { name: 'help', help: 'show this help' };

/** Reads `argv` against the flags a command accepts; throws UsageError naming an unknown option. */
export function parseArgs(argv: readonly string[], accepted: readonly FlagSpec[]): ParsedArgs {
  const specs = new Map(accepted.map(f => [f.name, f]));
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') { positional.push(...argv.slice(i + 1)); break; }
    if (arg === '-h') { help = true; continue; }
    if (!arg.startsWith('-') || arg === '-') { positional.push(arg); continue; }
    if (!arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const spec = specs.get(name) ?? (name === 'help' ? HELP : undefined);
    if (spec === undefined) throw new UsageError(`unknown option --${name}`);
    if (spec.value === undefined) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      if (name === 'help') help = true; else flags.set(name, true);
    } else {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    }
  }
  return { positional, flags, help };
}

/** A valued flag's text, if given. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** A whole-number flag at least `min`, if given. */
export function integerFlag(args: ParsedArgs, name: string, min: number): number | undefined {
  const value = args.flags.get(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < min) {
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got ${String(value)}`);
  }
  return Number(value);
}

/** A numeric flag that passes `check` (described by `what` in the error), if given. */
export function numberFlag(args: ParsedArgs, name: string, check: (n: number) => boolean, what: string): number | undefined {
  const value = args.flags.get(name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n) || !check(n)) {
    throw new UsageError(`--${name} must be ${what}, got ${String(value)}`);
  }
  return n;
}

/** A flag whose value is one of `choices`, if given. */
export function choiceFlag<T extends string>(args: ParsedArgs, name: string, choices: readonly T[]): T | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    const list = choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}` : choices[0];
    throw new UsageError(`--${name} must be ${list}, got "${value}"`);
  }
  return value as T;
}

/** `usage: PROGRAM NAME ARGS [options]`, the summary and one aligned line per option. */
export function commandUsage(program: string, command: CommandSpec): string {
  const rows = [...command.flags, HELP].map(f => [`--${f.name}${f.value ? ` ${f.value}` : ''}`, f.help ?? ''] as const);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  const lines = [
    `usage: ${program} ${command.name}${command.args ? ` ${command.args}` : ''}${command.flags.length ? ' [options]' : ''}`,
    command.summary,
    'options:',
    ...rows.map(([left, help]) => `  ${left.padEnd(width)}${help}`.trimEnd()),
  ];
  if (command.notes) lines.push(command.notes);
  return lines.join('\n') + '\n';
}
