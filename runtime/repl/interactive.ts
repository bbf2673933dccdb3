// `pactvm repl`: the interactive REPL (repl.md §5.4). Input is read until its brackets balance,
// then run like a script in one long-lived session; results print raw, errors as blocks.

import { SourceFile } from '../../compiler/index.js';
import { PactError } from '../../vm/errors.js';
import { ReplSession } from './session.js';
import { runSource } from './script.js';
import { renderError } from './report.js';
import { openLineEditor } from './line-editor.js';
import { complete, type CompletionScope } from './completion.js';

/** Does the text close every bracket and string it opens? (Enough to know when to run.) */
export function isComplete(text: string): boolean {
  let depth = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ';') { while (i < text.length && text[i] !== '\n') i++; continue; }
    if (c === '"') inString = true;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
  }
  return !inString && depth <= 0;
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
  const prompt = () => editor.prompt(pending ? '....> ' : 'pact> ');
  prompt();
  editor.onInterrupt(() => { pending = ''; prompt(); });
  rl.on('line', line => {
    editor.remember(line);
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
