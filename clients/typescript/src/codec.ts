// Envelopes to and from WebSocket frames: protobuf binary in binary frames, the protobuf
// JSON mapping in text frames (docs/protocol.md, "Transport"). Both ways go through the
// code generated from proto/kafenio/v1/kafenio.proto.
import { create, fromBinary, fromJsonString, toBinary, toJsonString } from '@bufbuild/protobuf';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { EnvelopeSchema } from './gen/kafenio/v1/kafenio_pb.js';
import type { Envelope } from './gen/kafenio/v1/kafenio_pb.js';

export type FrameFormat = 'json' | 'binary';
export type EnvelopeInit = MessageInitShape<typeof EnvelopeSchema>;

export function encodeEnvelope(init: EnvelopeInit, format: FrameFormat): string | Uint8Array {
  const envelope = create(EnvelopeSchema, init);
  if (format === 'binary') return toBinary(EnvelopeSchema, envelope);
  // Field names as in the .proto, as the server prints them and docs/protocol.md shows.
  return toJsonString(EnvelopeSchema, envelope, { useProtoFieldName: true });
}

// What a WebSocket hands over: a string for a text frame; for a binary frame an
// ArrayBuffer (binaryType 'arraybuffer'), or a Uint8Array/Buffer from some libraries.
export type FrameData = string | ArrayBuffer | ArrayBufferView;

// Fields and oneof members this SDK does not know (a newer server) are skipped, so an
// older client keeps working against a server that grew the protocol.
export function decodeEnvelope(data: FrameData): Envelope {
  if (typeof data === 'string') return fromJsonString(EnvelopeSchema, data, { ignoreUnknownFields: true });
  const bytes = data instanceof ArrayBuffer
    ? new Uint8Array(data)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return fromBinary(EnvelopeSchema, bytes);
}
