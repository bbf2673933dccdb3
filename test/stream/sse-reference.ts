// The WHATWG reading of an event stream that the SSE decoder tests compare against (a plain string
// parser, no chunks, no limits), the decoder driven the same way, and the stream edge cases they share.
import { SseDecoder } from '../../stream/sse-decoder.js';

export interface Seen {
  type: string;
  data: string;
  id: string;
}

export interface Outcome {
  events: Seen[];
  retries: number[];
  comments: string[];
  errors: string[];
}

const utf8 = new TextDecoder();

export function decode(chunks: readonly Uint8Array[], maxEventSize?: number): Outcome {
  const outcome: Outcome = { events: [], retries: [], comments: [], errors: [] };
  const decoder = new SseDecoder({
    maxEventSize,
    onEvent: (e) => outcome.events.push({ type: e.type, data: e.text(), id: e.lastEventId }),
    onRetry: (ms) => outcome.retries.push(ms),
    onComment: (bytes, start, end) => outcome.comments.push(utf8.decode(bytes.subarray(start, end))),
    onError: (error) => outcome.errors.push(error.type),
  });
  for (const chunk of chunks) decoder.feed(chunk);
  return outcome;
}

/** A plain, string-based reading of WHATWG HTML §9.2.6, as the oracle (no chunking, no limits). */
export function reference(bytes: Uint8Array): Outcome {
  const text = new TextDecoder('utf-8').decode(bytes); // strips one leading BOM, bad bytes → U+FFFD
  const outcome: Outcome = { events: [], retries: [], comments: [], errors: [] };
  let data = '';
  let type = '';
  let id = '';
  let position = 0;
  for (;;) {
    const cr = text.indexOf('\r', position);
    const lf = text.indexOf('\n', position);
    const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
    if (end === -1) break; // an unterminated last line is discarded
    const line = text.slice(position, end);
    position = end + (text[end] === '\r' && text[end + 1] === '\n' ? 2 : 1);
    if (line === '') {
      if (data === '') {
        type = '';
        continue;
      }
      outcome.events.push({ type: type === '' ? 'message' : type, data: data.slice(0, -1), id });
      data = '';
      type = '';
      continue;
    }
    if (line[0] === ':') {
      outcome.comments.push(line.slice(line[1] === ' ' ? 2 : 1));
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data += `${value}\n`;
    else if (field === 'id') {
      if (!value.includes('\0')) id = value;
    } else if (field === 'retry' && /^[0-9]+$/.test(value)) outcome.retries.push(Number(value));
  }
  return outcome;
}

export const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Every way to cut `input` into two chunks (and the whole, and byte by byte). */
export function* twoWaySplits(input: Buffer): Generator<Buffer[]> {
  yield [input];
  for (let cut = 0; cut <= input.length; cut++) yield [input.subarray(0, cut), input.subarray(cut)];
  yield [...input].map((b) => Buffer.from([b]));
}

export const edgeCases: Record<string, Buffer> = {
  'CRLF line ends': bytes('event: BlockHeader\r\ndata: one\r\n\r\ndata:two\r\n\r\n'),
  'CR line ends': bytes('data:a\rdata:b\r\revent:x\rdata:c\r\r'),
  'mixed line ends': bytes('data:a\r\ndata:b\rdata:c\n\r\ndata:d\n\r\r\n'),
  'a leading BOM': bytes('\uFEFFdata:after a BOM\n\n'),
  'two BOMs (only the first is dropped)': bytes('\uFEFF\uFEFFdata:x\n\ndata:y\n\n'),
  'a broken BOM': Buffer.concat([Buffer.from([0xef, 0xbb]), bytes('data:x\n\ndata:y\n\n')]),
  'comments': bytes(':keep-alive\n: spaced\ndata:x\n:in the middle\n\n:\n'),
  'space after the colon or not': bytes('data:  two spaces\n\ndata:none\n\ndata: one\n\ndata\n\ndata:\n\n'),
  'multi-line data': bytes('data:line1\ndata:line2\ndata:\n\ndata\ndata\n\n'),
  'an event without data': bytes('event:foo\n\ndata:x\n\n'),
  'ids and retries': bytes('id:1\ndata:a\n\ndata:b\n\nid\ndata:c\n\nid:x\u0000y\ndata:d\n\nretry:1500\nretry:15x\nretry\nretry: 20\n\n'),
  'unknown and case-different fields': bytes('foo:bar\ndata:x\nEvent:y\nDATA:z\n\n'),
  'an unterminated tail': bytes('data:x\n\ndata:partial'),
  'multi-byte characters': bytes('data:héllo € 𝄞\n\nevent:ünï\ndata:ok\n\n'),
  'invalid UTF-8': Buffer.concat([bytes('data:'), Buffer.from([0xff, 0xc3]), bytes('\n\n')]),
  'blank lines only': bytes('\n\n\r\n\r\r'),
  'event types that change': bytes('event:a\ndata:1\n\nevent:b\ndata:2\n\nevent:a\ndata:3\n\ndata:4\n\n'),
  'a line with colons in the value': bytes('data:a:b: c\n\nevent::x\ndata:y\n\n'),
  'repeated event lines, with and without spaces': bytes('event:  x\ndata:1\n\nevent: x\ndata:2\n\nevent:x\ndata:3\n\nevent:x\ndata:4\n\nevent: x\ndata:5\n\nevent:\ndata:6\n\nevent:\ndata:7\n\n'),
};
