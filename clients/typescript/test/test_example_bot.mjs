// The example bot (examples/bot.mjs) plays a whole Diloti match against the real server,
// as its README says it does.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { assert, startServer } from './server.mjs';

const [binary] = process.argv.slice(2);
const server = await startServer(binary);
try {
  const { stdout } = await promisify(execFile)(process.execPath, ['examples/bot.mjs', server.url], { timeout: 240_000 });
  assert(/signed in as Μπότης#/.test(stdout), 'the bot signed in');
  assert(/^played /m.test(stdout), 'the bot played moves');
  assert(/match over: \d+ – \d+, we (won|lost)/.test(stdout), `the bot finished its match:\n${stdout.slice(-300)}`);
  console.log(`sdk example bot: ${stdout.match(/^match over.*$/m)[0]}`);
} finally {
  await server.stop();
}
