// The SDK on several server nodes (docs/scaling.md): two `kafenio serve --node` on one
// PostgreSQL database. A player on node a plays Diloti against a bot; a spectator on node
// b joins the table and is redirected to a by the server (the SDK follows by itself). Then
// a is killed: both clients go on at b (learnt from ClusterNodes), which takes the table
// over, and the player's match ends there, its view exact.
//
// usage: node test_cluster.mjs KAFENIO_BINARY PG_SERVER_SCRIPT  (KAFENIO_TEST_PG: the server)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { KafenioClient } from '@kafenio/client';
import { assert, startServer } from './server.mjs';
import { checkViewAgainstServer, playMatch } from './play.mjs';

const [binary, pgScript] = process.argv.slice(2);
let pg = process.env.KAFENIO_TEST_PG;
const ownPg = pg ? null : join(tmpdir(), `kafenio-pg-sdk-${process.pid}`);
if (ownPg) pg = execFileSync(pgScript, ['start', ownPg]).toString().trim();
const dbName = `kafenio_sdk_${process.pid}`;
execFileSync('psql', [pg, '-v', 'ON_ERROR_STOP=1', '-qAtX', '-c', `CREATE DATABASE ${dbName}`]);
const secret = join(mkdtempSync(join(tmpdir(), 'kafenio-sdk-cluster-')), 'server-secret');
writeFileSync(secret, `${'5a'.repeat(32)}\n`, { mode: 0o600 });

const nodeSettings = ['lease_ms=1500', 'bot_delay_ms=30', `secret_file=${secret}`];
const startNode = (name) => startServer(binary, { db: pg.replace('/postgres?', `/${dbName}?`), settings: nodeSettings, args: ['--node', name] });
const client = (url, format) => new KafenioClient({ url, format, webSocket: (address) => new WebSocket(address),
  reconnect: { initialDelayMs: 100, maxDelayMs: 1000 } });

const nodes = [];
try {
  const a = await startNode('a');
  nodes.push(a);
  const b = await startNode('b');
  nodes.push(b);

  const player = client(a.url, 'binary');
  await player.connect();
  await player.signInGuest('Κώστας');
  const { tableId } = await player.createTable({ game: 'diloti', preset: 'online', options: ['target=11'], seats: 2 });
  await player.sit(tableId, 0);
  await player.addBot(tableId, 1);
  await player.setReady(tableId);
  const match = playMatch(player, tableId);
  await player.waitFor((e) => e.case === 'matchEvent' && e.value.seq >= 4n);
  // A node pushes the nodes alive at each sign-in and resume; b may not have been counted
  // yet when the player signed in, so reconnect (a resume) until it is.
  for (let i = 0; i < 20 && player.nodes.length < 2; i += 1) {
    await new Promise((r) => setTimeout(r, 500));
    const back = player.waitFor((e) => e.case === 'resumed');
    player.dropConnection();
    await back;
  }
  assert(player.nodes.length === 2, `the player knows both nodes: ${player.nodes}`);

  // The spectator asks node b for a table played on a: redirected there, resumed, joined.
  const watcher = client(b.url, 'json');
  await watcher.connect();
  await watcher.signInGuest('Θεατής');
  const watching = watcher.waitFor((e) => e.case === 'matchEvent' && e.value.tableId === tableId);
  await watcher.joinTable(tableId);
  assert(watcher.url === a.url, `the spectator was sent to node a: ${watcher.url}`);
  assert((await watching).view.game.value.viewer === -1, 'a spectator\'s view');

  // Node a dies: both go on at b, which takes the table over after a's lease.
  const playerBack = player.waitFor((e) => e.case === 'resumed', 60_000);
  const watcherBack = watcher.waitFor((e) => e.case === 'resumed', 60_000);
  await a.stop('SIGKILL');
  await playerBack;
  await watcherBack;
  assert(player.url === b.url && watcher.url === b.url, `both went on at node b: ${player.url} ${watcher.url}`);
  const result = await match;
  assert(result.ended.winner >= 0, 'the match ended on node b');
  await checkViewAgainstServer(player, tableId);
  player.close();
  watcher.close();
  console.log(`sdk cluster: redirected to a, went on at b after a was killed; match over ${result.ended.totals.join('–')}`);
} finally {
  for (const node of nodes) await node.stop('SIGKILL');
  execFileSync('psql', [pg, '-qAtX', '-c', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
  if (ownPg) execFileSync(pgScript, ['stop', ownPg]);
}
