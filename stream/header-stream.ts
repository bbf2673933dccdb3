// Bytes of a `/header/updates` body in, typed header events out: the SSE decoder and the header
// decoder joined, so that a bad event is reported and skipped while the stream goes on.

import { BlockHeaderDecoder, HeaderDecodeError, type BlockHeaderEvent } from './block-header.js';
import { asBuffer, latin1 } from './json-bytes.js';
import { SseDecoder, type SseError, type SseEvent } from './sse-decoder.js';

/** Event types that carry a header: the node names both streams' events `BlockHeader`; the OpenAPI says `Block`. */
const HEADER_EVENT_TYPES = new Set(['BlockHeader', 'Block']);

/**
 * Chunks up to this size are read as latin1 once, and the headers of all events inside them take
 * their strings as slices of that one string (about 3x cheaper than a string per event). A header
 * kept alive then keeps its chunk's text alive, so bigger chunks get a string per event instead.
 */
const SHARED_TEXT_LIMIT = 64 * 1024;

export interface HeaderStreamDecoderOptions {
  onHeader: (event: BlockHeaderEvent) => void;
  /** A dropped event: too large for the SSE decoder, or data that is not a valid header. */
  onInvalid?: (error: SseError | HeaderDecodeError) => void;
  /** Events of other types (the node sends none); ignored unless this is given. */
  onOtherEvent?: (event: SseEvent) => void;
  maxEventSize?: number;
}

export class HeaderStreamDecoder {
  private readonly sse: SseDecoder;
  private readonly headers = new BlockHeaderDecoder();
  // The chunk being fed, and its latin1 text once an event needed it (both only during `feed`).
  private chunk: Buffer | undefined;
  private chunkText: string | undefined;

  constructor(options: HeaderStreamDecoderOptions) {
    const { onHeader, onInvalid, onOtherEvent } = options;
    this.sse = new SseDecoder({
      maxEventSize: options.maxEventSize,
      onError: onInvalid,
      onEvent: (event) => {
        if (event.type !== 'BlockHeader' && !HEADER_EVENT_TYPES.has(event.type)) {
          onOtherEvent?.(event);
          return;
        }
        let header: BlockHeaderEvent;
        try {
          const chunk = this.chunk;
          if (event.bytes === chunk && chunk.length <= SHARED_TEXT_LIMIT) {
            this.chunkText ??= latin1(chunk, 0, chunk.length);
            header = this.headers.decodeWithText(chunk, event.start, event.end, this.chunkText, 0);
          } else {
            header = this.headers.decode(event.bytes, event.start, event.end);
          }
        } catch (error) {
          if (!(error instanceof HeaderDecodeError)) throw error;
          onInvalid?.(error);
          return;
        }
        onHeader(header);
      },
    });
  }

  feed(chunk: Uint8Array): void {
    // A Buffer, so that events inside it are handed out as this very object (see onEvent).
    const buffer = asBuffer(chunk);
    this.chunk = buffer;
    try {
      this.sse.feed(buffer);
    } finally {
      this.chunk = undefined;
      this.chunkText = undefined;
    }
  }

  /** Starts a new stream (after a reconnect): an unfinished event of the old one is discarded. */
  reset(): void {
    this.sse.reset();
  }
}
