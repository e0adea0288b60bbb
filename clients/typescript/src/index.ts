// @kafenio/client: the Kafenio protocol's generated types, a reconnecting client, and the
// helpers a game client needs (docs/clients.md).
export * from './gen/kafenio/v1/kafenio_pb.js';
export { KafenioClient } from './client.js';
// protobuf-es's functions for the generated messages (an app needs no second copy of the
// runtime, e.g. a page loading the one-file bundle): create, JSON and binary forms.
export { create, fromBinary, fromJson, fromJsonString, toBinary, toJson, toJsonString } from '@bufbuild/protobuf';
export type { CallOptions, ClientEvent, ClientOptions, ConnectionState, ReconnectOptions } from './client.js';
export { ConnectionLostError, KafenioError, NotConnectedError, RequestTimeoutError } from './errors.js';
export type { ErrorCodeName } from './errors.js';
export { decodeEnvelope, encodeEnvelope } from './codec.js';
export type { EnvelopeInit, FrameData, FrameFormat } from './codec.js';
export { PUSHED, REPLIES } from './requests.js';
export type { Pushed, ReplyOf, RequestCase, RequestInit } from './requests.js';
export { globalWebSocket } from './socket.js';
export type { WebSocketFactory, WebSocketLike } from './socket.js';
export { LobbyTracker } from './lobby.js';
export { TableTracker } from './tables.js';
export type { TableState } from './tables.js';
export { applyPatch } from './view_patch.js';
export * from './helpers/cards.js';
export * from './helpers/moves.js';
export * from './helpers/diloti_builder.js';
export * from './helpers/diloti_families.js';
export * from './helpers/fairness.js';
export { DealChecks } from './helpers/deal_checks.js';
export { ScoreSheet, handBreakdown } from './helpers/scoresheet.js';
export type { ScoreLine, ScoreRow } from './helpers/scoresheet.js';
// The protocol this package speaks ('kafenio.v1') and its number, generated from the
// .proto's package at build time; the package's major version follows it.
export { PROTOCOL_PACKAGE, PROTOCOL_VERSION } from './gen/protocol.js';
