// The public API of the block-header stream toolkit (Area B): decoding, confirmation, client, local node.

export { SseDecoder, SseError, createSseDecoder, DEFAULT_MAX_EVENT_SIZE } from './sse-decoder.js';
export type { SseDecoderOptions, SseErrorType, SseEvent } from './sse-decoder.js';
export {
  BlockHeaderDecoder, HeaderDecodeError, decodeBlockHeaderEvent, parseBlockHeaderEvent,
} from './block-header.js';
export type { BlockHeader, BlockHeaderEvent, HeaderErrorKind } from './block-header.js';
export { HeaderStreamDecoder } from './header-stream.js';
export type { HeaderStreamDecoderOptions } from './header-stream.js';
export { ConfirmationBuffer, DEFAULT_CONFIRMATION_DEPTH } from './confirm.js';
export type { ConfirmationOptions, ConfirmationSink, Gap, GapReason } from './confirm.js';
export { HeaderStreamClient, StreamClientError, backoffDelay, followHeaders, streamUrl } from './client.js';
export type {
  BackoffOptions, ConnectionInfo, Disconnection, HeaderClientEvents, HeaderClientOptions, Reconnection,
} from './client.js';
export { NodeServer } from './server.js';
export type { NodeServerOptions, NodeServerStats } from './server.js';
export { REAL_SCHEDULER } from './scheduler.js';
export type { Cancel, Scheduler } from './scheduler.js';
export { ReplayFeed, SyntheticFeed } from './header-feed.js';
export type { HeaderFeed } from './header-feed.js';
export { SyntheticChain } from './synthetic-chain.js';
export type { SyntheticBlock, SyntheticChainOptions } from './synthetic-chain.js';
export {
  encodeBinaryHeader, encodeHeaderEventJson, encodeHeaderJson, hexTarget, powHashOf, VERSION_CODES,
} from './header-encoding.js';
export { PETERSEN_GRAPH, TWENTY_CHAIN_GRAPH, mainnetGraphAt } from './chain-graph.js';
export type { ChainGraph } from './chain-graph.js';
export { headersCommand, nodeCommand } from './cli.js';
