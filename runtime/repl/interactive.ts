// `pactvm repl`: the interactive REPL (repl.md §5.4). As in Pact, a line is run at once unless
// Pact's grammar asks for exactly one more token, a closing paren: then the next line is appended.
// Input runs like a script in one long-lived session; results print raw, errors as blocks.

import { SourceFile, awaitsClosingParen } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import { ReplSession } from './session.js';
import { runSource } from './script.js';
import { renderError } from './report.js';
import { openLineEditor } from './line-editor.js';
import { complete, type CompletionScope } from './completion.js';

/** Where the outermost bracket still open at the end of the text is (an offset), or -1; brackets
 *  inside strings and comments do not count. */
function outermostOpen(text: string): number {
  const opens: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === ';') { while (i < text.length && text[i] !== '\n') i++; continue; }
    if (c === '(' || c === '[' || c === '{') opens.push(i);
    else if (c === ')' || c === ']' || c === '}') opens.pop();
  }
  return opens[0] ?? -1;
}

/** Does the input wait for another line (Pact's rule: its grammar expects only a `)`)? */
export function awaitsMoreInput(text: string): boolean {
  return awaitsClosingParen(new SourceFile('(interactive)', text));
}

/** Input cut off by the end of the stream: where its first unclosed form starts, as line:col
 *  (`firstLine`: the input line the text began on). */
export function incompleteForm(text: string, firstLine = 1): string | null {
  const open = outermostOpen(text);
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
    // Pact skips an empty line, also in the middle of a form
    if (line === '') { prompt(); return; }
    if (!pending) pendingLine = lineNo;
    pending += (pending ? '\n' : '') + line;
    if (!awaitsMoreInput(pending)) {
      const text = pending;
      pending = '';
      try {
        runSource(session, new SourceFile('(interactive)', text));
      } catch (e) {
        // runSource hands back Pact errors only; anything else is still no reason to end the session
        // Pact cuts the slice of an error in an (interactive) input from the input being run, and
        // prints the block with a line end of its own (haskeline's outputStrLn)
        if (e instanceof PactError) output.write(renderError(e, e.span?.file.name === '(interactive)' ? text : undefined) + '\n');
        else output.write(`internal error: ${e instanceof Error ? e.message : String(e)}, please report\n`);
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
