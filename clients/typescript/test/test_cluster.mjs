// The SDK on several server nodes (docs/scaling.md): `kafenio serve --node` on one
// PostgreSQL database. A player on node a plays Diloti against a bot; a spectator on node
// b joins the table and is redirected to a (the reply to its join; the SDK follows by
// itself). Then a is killed while the player is away: both go on at b (learnt from
// ClusterNodes), which takes the table over, and the player resumes from a snapshot. Then
// b is paused past its lease and a takes the table back: b pushes a table_redirect and
// both follow to a, where the match ends, its view exact. Last, with no node playing the
// table, a join is refused with TABLE_MOVING, and asked again until the table is back.
//
// usage: node test_cluster.mjs KAFENIO_BINARY PG_SERVER_SCRIPT  (KAFENIO_TEST_PG: the server)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ErrorCode, KafenioClient, KafenioError } from '@kafenio/client';
import { assert, startServer } from './server.mjs';
import { checkViewAgainstServer, playMatch } from './play.mjs';
import { assertSnapshotAfter, gatedWebSocket, moveThenGoAway, recordEvents, until } from './away.mjs';

const [binary, pgScript] = process.argv.slice(2);
let pg = process.env.KAFENIO_TEST_PG;
const ownPg = pg ? null : join(tmpdir(), `kafenio-pg-sdk-${process.pid}`);
if (ownPg) pg = execFileSync(pgScript, ['start', ownPg]).toString().trim();
const dbName = `kafenio_sdk_${process.pid}`;
execFileSync('psql', [pg, '-v', 'ON_ERROR_STOP=1', '-qAtX', '-c', `CREATE DATABASE ${dbName}`]);
const secret = join(mkdtempSync(join(tmpdir(), 'kafenio-sdk-cluster-')), 'server-secret');
writeFileSync(secret, `${'5a'.repeat(32)}\n`, { mode: 0o600 });

const commonSettings = ['bot_delay_ms=30', `secret_file=${secret}`];
const nodeSettings = ['lease_ms=1500', ...commonSettings];
const startNode = (name) => startServer(binary, { db: pg.replace('/postgres?', `/${dbName}?`), settings: nodeSettings, args: ['--node', name] });
const client = (url, format, webSocket = (address) => new WebSocket(address), options = {}) => new KafenioClient({
  url, format, webSocket, reconnect: { initialDelayMs: 100, maxDelayMs: 1000 }, ...options });

// Which node holds the table's lease (read from the database: the test's way of knowing
// when a take-over has happened).
const leaseHolder = (tableId) => execFileSync('psql', [pg.replace('/postgres?', `/${dbName}?`), '-qAtX', '-c',
  `SELECT l.node FROM table_leases l JOIN game_tables t ON t.id = l.table_id WHERE t.public_id = '${tableId}'`]).toString().trim();

const nodes = [];
try {
  const a = await startNode('a');
  nodes.push(a);
  const b = await startNode('b');
  nodes.push(b);

  const gate = gatedWebSocket();
  const player = client(a.url, 'binary', gate.factory);
  await player.connect();
  await player.signInGuest('Κώστας');
  const { tableId } = await player.createTable({ game: 'diloti', preset: 'online', options: ['target=21'], seats: 2 });
  await player.sit(tableId, 0);
  await player.addBot(tableId, 1);
  const seen = recordEvents(player, tableId);
  await player.setReady(tableId);
  await until(player, tableId, (t) => t.seq >= 1n);
  // A node pushes the nodes alive at each sign-in and resume; b may not have been counted
  // yet when the player signed in, so reconnect (a resume) until it is.
  for (let i = 0; i < 20 && player.nodes.length < 2; i += 1) {
    await new Promise((r) => setTimeout(r, 500));
    const back = player.waitFor((e) => e.case === 'resumed');
    player.dropConnection();
    await back;
  }
  assert(player.nodes.length === 2, `the player knows both nodes: ${player.nodes}`);

  // The spectator asks node b for a table played on a: redirected there (the reply to its
  // join_table), resumed, joined.
  const watcher = client(b.url, 'json');
  await watcher.connect();
  await watcher.signInGuest('Θεατής');
  const watching = watcher.waitFor((e) => e.case === 'matchEvent' && e.value.tableId === tableId);
  await watcher.joinTable(tableId);
  assert(watcher.url === a.url, `the spectator was sent to node a: ${watcher.url}`);
  assert((await watching).view.game.value.viewer === -1, 'a spectator\'s view');

  // The player is away (the bot plays on) when node a dies: both go on at b, which takes
  // the table over after a's lease and rebuilds the match from its stored events. The
  // player missed events that b never delivered, so it resumes from a snapshot.
  const seqAtDrop = await moveThenGoAway(player, tableId, gate, 2);
  const mark = seen.length;
  const missed = (await until(watcher, tableId, (t) => t.seq > seqAtDrop)).seq;
  const playerBack = player.waitFor((e) => e.case === 'resumed', 60_000);
  const watcherBack = watcher.waitFor((e) => e.case === 'resumed', 60_000);
  await a.stop('SIGKILL');
  gate.open();
  await playerBack;
  await watcherBack;
  assert(player.url === b.url && watcher.url === b.url, `both went on at node b: ${player.url} ${watcher.url}`);
  await until(player, tableId, (t) => t.seq >= missed);
  assertSnapshotAfter(seen, mark, missed);
  console.log(`failover: resumed at b from a snapshot at ${seen[mark].seq} (away from ${seqAtDrop})`);

  // Node b is paused past its lease and a (back under its name) takes the table: when b
  // goes on it finds the lease gone and pushes a table_redirect (no address) to everyone
  // at the table; the SDK joins again through b, is sent to a, and goes on there.
  const a2 = await startNode('a');
  nodes.push(a2);
  const pushed = [player, watcher].map((c) => c.waitFor((e) => e.case === 'tableRedirect' && e.value.tableId === tableId, 60_000));
  const movedBack = [player, watcher].map((c) => c.waitFor((e) => e.case === 'resumed' && c.url === a2.url, 60_000));
  await b.freeze();
  try {
    for (let i = 0; i < 200 && leaseHolder(tableId) !== 'a'; i += 1) await new Promise((r) => setTimeout(r, 100));
    assert(leaseHolder(tableId) === 'a', 'node a took the table over from the paused b');
  } finally {
    b.thaw();
  }
  for (const redirect of await Promise.all(pushed)) assert(!redirect.value.address, 'a pushed redirect names no address');
  await Promise.all(movedBack);
  assert(player.url === a2.url && watcher.url === a2.url, `both went on at node a: ${player.url} ${watcher.url}`);
  const result = await playMatch(player, tableId);
  assertSnapshotAfter(seen, mark, missed); // and in order to the end
  assert(result.ended.winner >= 0, 'the match ended on node a');
  await checkViewAgainstServer(player, tableId);
  player.close();
  watcher.close();

  // No node plays the table for a while (c claims only every 200 s; a and b stop cleanly
  // and end their leases): a join through c is refused with TABLE_MOVING, which the SDK
  // asks again after a pause (here: until a is back and c redirects there).
  const c = await startServer(binary, { db: pg.replace('/postgres?', `/${dbName}?`),
    settings: ['lease_ms=600000', ...commonSettings], args: ['--node', 'c'] });
  nodes.push(c);
  await b.stop();
  await a2.stop();
  const probe = client(c.url, 'json', undefined, { retryRefused: 0 });
  await probe.connect();
  await probe.signInGuest('Δοκιμή');
  const moving = await probe.joinTable(tableId).then(() => null, (e) => e);
  assert(moving instanceof KafenioError && moving.code === ErrorCode.TABLE_MOVING && moving.codeName === 'TABLE_MOVING',
    `a table between nodes: ${moving}`);
  const patient = client(c.url, 'json', undefined, { retryRefused: 10, retryRefusedMs: 200 });
  await patient.connect();
  await patient.signInGuest('Υπομονή');
  const joined = patient.joinTable(tableId);
  const a3 = await startNode('a'); // takes its own tables back at once
  nodes.push(a3);
  await joined;
  assert(patient.url === a3.url, `asked again until the table was back, at a: ${patient.url}`);
  probe.close();
  patient.close();
  console.log(`sdk cluster: redirected to a, snapshot at b after a was killed, pushed back to a, TABLE_MOVING at c; match over ${result.ended.totals.join('–')}`);
} finally {
  for (const node of nodes) await node.stop('SIGKILL');
  execFileSync('psql', [pg, '-qAtX', '-c', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
  if (ownPg) execFileSync(pgScript, ['stop', ownPg]);
}
