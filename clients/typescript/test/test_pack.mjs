// The published shape: `npm pack` makes a package with the compiled code, its type
// declarations (the generated protocol types among them) and the README; its major
// version is the protocol's; an app's code type-checks against it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_PACKAGE, PROTOCOL_VERSION, file_kafenio_v1_kafenio } from '@kafenio/client';
import { assert } from './server.mjs';

const [report] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', mkdtempSync(join(tmpdir(), 'kafenio-pack-'))],
  { encoding: 'utf8' }));
const files = new Set(report.files.map((f) => f.path));
for (const path of ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/client.d.ts',
  'dist/gen/kafenio/v1/kafenio_pb.js', 'dist/gen/kafenio/v1/kafenio_pb.d.ts', 'dist/helpers/fairness.d.ts']) {
  assert(files.has(path), `the package holds ${path}`);
}
assert(![...files].some((path) => path.startsWith('src/') || path.startsWith('test/') || path.includes('node_modules')),
  'no sources, tests or dependencies in the package');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// The protocol's number comes from the .proto's package at build time (src/gen/protocol.ts):
// the same package the generated descriptors carry, and the package's major version.
assert(PROTOCOL_PACKAGE === file_kafenio_v1_kafenio.proto.package, `${PROTOCOL_PACKAGE} is the .proto's package`);
assert(PROTOCOL_PACKAGE === `kafenio.v${PROTOCOL_VERSION}`, `${PROTOCOL_PACKAGE} is protocol ${PROTOCOL_VERSION}`);
assert(pkg.kafenio.protocol === PROTOCOL_PACKAGE, `package.json's kafenio.protocol ${pkg.kafenio.protocol}`);
assert(Number(pkg.version.split('.')[0]) === PROTOCOL_VERSION, `version ${pkg.version} follows protocol v${PROTOCOL_VERSION}`);
assert(Object.keys(pkg.dependencies).join() === '@bufbuild/protobuf', 'one runtime dependency');
const types = readFileSync('dist/index.d.ts', 'utf8');
assert(types.includes('KafenioClient') && !/lib="dom"|types="node"/.test(types), 'declarations need neither DOM nor Node');
// An app's TypeScript against the declarations: typed requests, replies and events, and
// mistakes caught at compile time (test/consumer.ts), with neither DOM nor Node typings.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'test/tsconfig.consumer.json'], { stdio: 'inherit' });
console.log(`sdk pack: ${report.filename}, ${report.files.length} files, ${report.size} bytes`);
