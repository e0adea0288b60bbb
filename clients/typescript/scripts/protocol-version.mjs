// Writes src/gen/protocol.ts from the .proto's `package kafenio.vN;` line: the protocol this
// package speaks and its number, so that neither is written by hand (the package's major
// version follows it; test_pack.mjs checks). Run by `npm run generate`, with the .proto
// from KAFENIO_PROTO_DIR as protoc reads it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const protoDir = process.env.KAFENIO_PROTO_DIR || '../../proto';
const text = readFileSync(join(protoDir, 'kafenio/v1/kafenio.proto'), 'utf8');
const found = /^package\s+(kafenio\.v(\d+))\s*;/m.exec(text);
if (!found) throw new Error(`no "package kafenio.vN;" line in ${protoDir}/kafenio/v1/kafenio.proto`);
mkdirSync('src/gen', { recursive: true });
writeFileSync('src/gen/protocol.ts', `// Generated from the .proto's package by scripts/protocol-version.mjs: do not edit.
// The protocol this package speaks; the package's major version follows it.
export const PROTOCOL_PACKAGE = '${found[1]}';
export const PROTOCOL_VERSION = ${Number(found[2])};
`);
