// The server's database goes away mid-match (PostgreSQL refusing connections, every
// session ended; docs/operations.md): the SDK's move is refused with the typed error
// STORAGE_UNAVAILABLE, which it does not send again by itself (the app decides), and
// nobody sees it played; once the database is back the same move is accepted.
//
// usage: node test_outage.mjs KAFENIO_BINARY PG_SERVER_SCRIPT  (KAFENIO_TEST_PG: the server)
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ErrorCode, KafenioClient, KafenioError, isMyTurn, playableMoves } from '@kafenio/client';
import { assert, startServer } from './server.mjs';
import { until } from './away.mjs';

const [binary, pgScript] = process.argv.slice(2);
let pg = process.env.KAFENIO_TEST_PG;
const ownPg = pg ? null : join(tmpdir(), `kafenio-pg-sdk-outage-${process.pid}`);
if (ownPg) pg = execFileSync(pgScript, ['start', ownPg]).toString().trim();
const dbName = `kafenio_sdk_outage_${process.pid}`;
const psql = (sql) => execFileSync('psql', [pg, '-v', 'ON_ERROR_STOP=1', '-qAtX', '-c', sql]);
psql(`CREATE DATABASE ${dbName}`);

let server;
try {
  server = await startServer(binary, { db: pg.replace('/postgres?', `/${dbName}?`), settings: ['bot_delay_ms=0', 'storage_retry_ms=100'] });
  const client = new KafenioClient({ url: server.url, format: 'binary', webSocket: (url) => new WebSocket(url) });
  await client.connect();
  await client.signInGuest('Μαρία');
  const { tableId } = await client.createTable({ game: 'diloti', seats: 2, options: ['target=61'], turnClockMs: 600_000 });
  await client.sit(tableId, 0);
  await client.addBot(tableId, 1);
  await client.setReady(tableId);
  const table = await until(client, tableId, (t) => isMyTurn(t.view));
  const seqBefore = table.seq;
  const move = playableMoves(table.view)[0];

  // The database goes away on this player's turn.
  psql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
  psql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}'`);
  const error = await client.playMove(tableId, move).then(() => null, (e) => e);
  assert(error instanceof KafenioError && error.code === ErrorCode.STORAGE_UNAVAILABLE && error.codeName === 'STORAGE_UNAVAILABLE',
    `a move while the database is gone: ${error}`);
  assert(client.tables.get(tableId).seq === seqBefore, 'the refused move was not played');

  // Back: the server reconnects by itself, and the same move goes through.
  psql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
  let played = null;
  for (let i = 0; i < 100 && !played; i += 1) {
    played = await client.playMove(tableId, move).catch((e) => {
      if (!(e instanceof KafenioError) || e.codeName !== 'STORAGE_UNAVAILABLE') throw e;
      return new Promise((r) => setTimeout(() => r(null), 100));
    });
  }
  assert(played?.seq === seqBefore + 1n && played.kind.case === 'movePlayed', `the same move once the database is back: ${played?.seq}`);
  client.close();
  console.log('sdk outage: STORAGE_UNAVAILABLE while the database was gone, the move accepted once it was back');
} finally {
  await server?.stop();
  execFileSync('psql', [pg, '-qAtX', '-c', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
  if (ownPg) execFileSync(pgScript, ['stop', ownPg]);
}
