// Bytes of a `/header/updates` body in, typed header events out: the SSE decoder and the header
// decoder joined, so that a bad event is reported and skipped while the stream goes on.

import { BlockHeaderDecoder, HeaderDecodeError, type BlockHeaderEvent } from './block-header.js';
import { SseDecoder, type SseError, type SseEvent } from './sse-decoder.js';

/** Event types that carry a header: the node names both streams' events `BlockHeader`; the OpenAPI says `Block`. */
const HEADER_EVENT_TYPES = new Set(['BlockHeader', 'Block']);

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

  constructor(options: HeaderStreamDecoderOptions) {
    const { onHeader, onInvalid, onOtherEvent } = options;
    this.sse = new SseDecoder({
      maxEventSize: options.maxEventSize,
      onError: onInvalid,
      onEvent: (event) => {
        if (!HEADER_EVENT_TYPES.has(event.type)) {
          onOtherEvent?.(event);
          return;
        }
        let header: BlockHeaderEvent;
        try {
          header = this.headers.decode(event.bytes, event.start, event.end);
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
    this.sse.feed(chunk);
  }

  /** Starts a new stream (after a reconnect): an unfinished event of the old one is discarded. */
  reset(): void {
    this.sse.reset();
  }
}
