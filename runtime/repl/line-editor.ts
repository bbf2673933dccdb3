// The REPL's line input: on a terminal, readline with editing, tab completion and a history file
// kept across sessions (as Pact keeps .pc-history); on piped input, plain lines and no echo.

import { createInterface, type Interface } from 'node:readline';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** How many history lines are kept (in memory and in the file). */
export const HISTORY_SIZE = 1000;

/** The history file: `PACTVM_HISTORY`, else ~/.pactvm_history. */
export function historyPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.PACTVM_HISTORY || join(homedir(), '.pactvm_history');
}

export interface LineEditor {
  readonly rl: Interface;
  /** show a prompt (terminal: readline's own, so editing redraws it) */
  prompt(text: string): void;
  /** remember an entered line in the history file (terminal only) */
  remember(line: string): void;
  /** Ctrl-C on a terminal: `handler` runs after the line being typed is dropped (the session goes on) */
  onInterrupt(handler: () => void): void;
}

type Completer = (line: string) => [string[], string];

/** Oldest-first lines of the history file, at most HISTORY_SIZE; a missing file is an empty history. */
export function readHistory(file: string): string[] {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch { return []; }
  const lines = text.split('\n').filter(l => l.trim() !== '');
  if (lines.length > HISTORY_SIZE) {
    const kept = lines.slice(-HISTORY_SIZE);
    // keep the file bounded too: rewrite it with the lines we kept
    try { writeFileSync(file, kept.join('\n') + '\n'); } catch { /* read-only home: history still works in memory */ }
    return kept;
  }
  return lines;
}

export function openLineEditor(input: NodeJS.ReadableStream, output: NodeJS.WritableStream,
  completer: Completer): LineEditor {
  const isTerminal = (input as { isTTY?: boolean }).isTTY === true;
  if (!isTerminal) {
    const rl = createInterface({ input, output, terminal: false });
    return { rl, prompt: text => { output.write(text); }, remember: () => {}, onInterrupt: () => {} };
  }
  const file = historyPath();
  const rl = createInterface({
    input, output, terminal: true, completer, historySize: HISTORY_SIZE, removeHistoryDuplicates: false,
    // readline wants the newest entry first
    history: readHistory(file).reverse(),
  } as Parameters<typeof createInterface>[0]);
  return {
    rl,
    prompt(text) { rl.setPrompt(text); rl.prompt(); },
    remember(line) {
      if (line.trim() === '') return;
      try { appendFileSync(file, line.replace(/\n/g, ' ') + '\n'); } catch { /* unwritable history is no reason to stop */ }
    },
    onInterrupt(handler) {
      // as in Pact's REPL, Ctrl-C abandons the input, not the session (Ctrl-D ends it)
      rl.on('SIGINT', () => {
        rl.write(null, { ctrl: true, name: 'e' });
        rl.write(null, { ctrl: true, name: 'u' });
        output.write('\n');
        handler();
      });
    },
  };
}
