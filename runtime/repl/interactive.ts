// `pactvm repl`: the interactive REPL (repl.md §5.4). Input is read until its brackets balance,
// then run like a script in one long-lived session; results print raw, errors as blocks.

import { SourceFile } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import { ReplSession } from './session.js';
import { runSource } from './script.js';
import { renderError } from './report.js';
import { openLineEditor } from './line-editor.js';
import { complete, type CompletionScope } from './completion.js';

/** Where the outermost bracket still open at the end of the text is (an offset), or -1. A string
 *  cannot span lines (only a `\`-continuation can): an unclosed quote ends at its line. */
function scan(text: string): { open: number; unterminated: boolean } {
  const opens: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\n') return { open: opens[0] ?? -1, unterminated: true };
        if (text[i] !== '\\') continue;
        i++;
        // `\` + whitespace (newlines too) + `\` continues the string on a later line
        if (/[ \t\n\r\f\v]/.test(text[i] ?? '')) { while (i < text.length && /[ \t\n\r\f\v]/.test(text[i])) i++; }
      }
      if (i >= text.length) return { open: opens[0] ?? -1, unterminated: !/\\[ \t\n\r\f\v]*$/.test(text) };
      continue;
    }
    if (c === ';') { while (i < text.length && text[i] !== '\n') i++; continue; }
    if (c === '(' || c === '[' || c === '{') opens.push(i);
    else if (c === ')' || c === ']' || c === '}') opens.pop();
  }
  return { open: opens[0] ?? -1, unterminated: false };
}

/** Is the input ready to run: every bracket closed, or broken beyond repair (an unclosed quote)? */
export function isComplete(text: string): boolean {
  const { open, unterminated } = scan(text);
  return unterminated || open < 0;
}

/** Input cut off by the end of the stream: where its first unclosed form starts, as line:col
 *  (`firstLine`: the input line the text began on). */
export function incompleteForm(text: string, firstLine = 1): string | null {
  const { open } = scan(text);
  if (open < 0) return null;
  const before = text.slice(0, open).split('\n');
  return `incomplete form at ${firstLine + before.length - 1}:${before[before.length - 1].length}`;
}

export function interactive(input: NodeJS.ReadableStream, output: NodeJS.WritableStream,
  anyKeyWildcard = false): Promise<number> {
  const session = new ReplSession({
    print: text => output.write(text + '\n'),
    trace: text => output.write(text + '\n'),
  });
  session.anyKeyWildcardOption = anyKeyWildcard;
  const editor = openLineEditor(input, output, line => complete(line, completionScope(session)));
  const rl = editor.rl;
  let pending = '';
  let lineNo = 0, pendingLine = 1; // input lines read; the line the pending text began on
  const prompt = () => editor.prompt(pending ? '....> ' : 'pact> ');
  prompt();
  editor.onInterrupt(() => { pending = ''; prompt(); });
  rl.on('line', line => {
    editor.remember(line);
    lineNo++;
    if (!pending) pendingLine = lineNo;
    pending += (pending ? '\n' : '') + line;
    if (pending.trim() === '' || isComplete(pending)) {
      const text = pending;
      pending = '';
      if (text.trim() !== '') {
        try {
          runSource(session, new SourceFile('(interactive)', text));
        } catch (e) {
          // runSource hands back Pact errors only; anything else is still no reason to end the session
          output.write(e instanceof PactError ? renderError(e) : `internal error: ${e instanceof Error ? e.message : String(e)}, please report\n`);
        }
      }
    }
    prompt();
  });
  return new Promise(resolve => rl.on('close', () => {
    const cut = pending.trim() === '' ? null : incompleteForm(pending, pendingLine);
    if (cut) output.write(`${cut}\n`);
    output.write('goodbye\n');
    resolve(0);
  }));
}

/** The session as the completer sees it. */
function completionScope(session: ReplSession): CompletionScope {
  return {
    moduleNames: () => session.moduleNames(),
    moduleMembers: name => [...(session.module(name)?.members.keys() ?? [])],
    topLevelNames: () => [...session.replDefs.keys(), ...session.topLevel.keys()],
    cwd: process.cwd(),
  };
}
