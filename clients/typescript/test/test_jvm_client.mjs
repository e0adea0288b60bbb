// The JVM client (clients/java) plays a whole Diloti match in binary frames against the
// real server. Only Node's own modules here: it runs without the SDK package.
//
// usage: node test_jvm_client.mjs KAFENIO_BINARY JAVA CLASSPATH
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { assert, startServer } from './server.mjs';

const [binary, java, classpath] = process.argv.slice(2);
const server = await startServer(binary);
try {
  const { stdout } = await promisify(execFile)(java, ['-cp', classpath, 'org.kafenio.example.DilotiMatch', server.url],
    { timeout: 240_000 });
  assert(/^signed in as Ιάβα#/m.test(stdout), `the JVM client signed in:\n${stdout}`);
  assert(/views equal/.test(stdout), 'its view built from patches is the server\'s');
  const over = stdout.match(/^match over: \[(\d+), (\d+)\], winner team ([01])$/m);
  assert(over && Math.max(Number(over[1]), Number(over[2])) >= 11, `the match ended:\n${stdout}`);
  console.log(`jvm client: ${stdout.trim().split('\n').slice(1).join('; ')}`);
} finally {
  await server.stop();
}
