// Staff actions from the admin console (docs/admin.md) reach an SDK client as the
// protocol's typed errors and pushes: a kick (table_closed pushed with the reason, the
// client forgets the table, then KICKED on joining again), a mute (MUTED on chat), an
// announcement (pushed to every signed-in client), a table closed from the console
// (table_closed), a ban (the open connection closed, its resume refused: the session is
// lost with ACCOUNT_BANNED; sign-in and resume() refused too). And resume() called by the
// app itself: a stored token signs a new connection in as the same player.
//
// usage: node test_staff.mjs KAFENIO_BINARY   (cwd: the built package)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ErrorCode, KafenioClient, KafenioError } from '@kafenio/client';
import { createStaff, signInStaff } from './admin.mjs';
import { assert, startServer } from './server.mjs';

const [binary] = process.argv.slice(2);
const db = join(mkdtempSync(join(tmpdir(), 'kafenio-sdk-staff-')), 'kafenio.db');
createStaff(binary, db, 'elena', 'a long staff passphrase');
const server = await startServer(binary, { db });
const clients = [];
async function player(name, options = {}) {
  const client = new KafenioClient({ url: server.url, webSocket: (url) => new WebSocket(url), reconnect: { initialDelayMs: 100 }, ...options });
  clients.push(client);
  await client.connect();
  if (name) await client.register(name, 'correct horse 1');
  return client;
}
// The request is refused with this code, as the SDK's typed error.
async function refused(promise, code, what) {
  const error = await promise.then(() => null, (e) => e);
  assert(error instanceof KafenioError && error.code === ErrorCode[code] && error.codeName === code && error.detail,
    `${what}: ${code} expected, got ${error}`);
}

try {
  assert(server.adminUrl, 'the admin console listens');
  const staff = await signInStaff(server.adminUrl, 'elena', 'a long staff passphrase');
  const anna = await player('Άννα');
  const bob = await player('Μπάμπης');
  const { tableId } = await anna.createTable({ game: 'diloti', seats: 2 });
  await anna.sit(tableId, 0);
  await bob.joinTable(tableId);
  await bob.sit(tableId, 1);

  // A kick: Bob is told why (table_closed), the client drops the table, and he may not
  // come back.
  const kicked = bob.waitFor((e) => e.case === 'tableClosed' && e.value.tableId === tableId);
  await staff.post(`/tables/${tableId}/kick`, { reason: 'υβριστική συμπεριφορά', player: Number(bob.session.accountId) });
  assert((await kicked).value.reason.length > 0, 'table_closed pushed with a reason');
  assert(!bob.tables.get(tableId), 'the kicked client forgot the table');
  await refused(bob.joinTable(tableId), 'KICKED', 'joining after a kick');

  // A mute: Anna's chat is refused.
  await anna.sendChat(tableId, 'καλημέρα');
  await staff.post(`/players/${anna.session.accountId}/mute`, { reason: 'spam', minutes: 10 });
  await refused(anna.sendChat(tableId, 'καλημέρα ξανά'), 'MUTED', 'chat while muted');

  // An announcement reaches every signed-in client.
  const heard = [anna, bob].map((c) => c.waitFor((e) => e.case === 'announcement' && e.value.text === 'Συντήρηση στις 22:00'));
  const announced = await staff.post('/announcements', { text: 'Συντήρηση στις 22:00' });
  assert(announced.connections >= 2, `announced to ${announced.connections} connections`);
  for (const event of await Promise.all(heard)) assert(event.value.sentUnixMs > 0n, 'with the time it was sent');

  // A table closed from the console: its members are told, and the client forgets it.
  const closed = anna.waitFor((e) => e.case === 'tableClosed' && e.value.tableId === tableId);
  await staff.post(`/tables/${tableId}/close`, { reason: 'maintenance' });
  assert((await closed).value.reason.length > 0, 'table_closed with the reason');
  assert(!anna.tables.get(tableId), 'the client forgot the closed table');
  await refused(anna.joinTable(tableId), 'UNKNOWN_TABLE', 'a closed table');

  // resume(): an app that stored the token signs a new connection in as the same player.
  const again = await player('');
  const signedIn = await again.resume(anna.session.token);
  assert(signedIn.accountId === anna.session.accountId && again.session?.accountId === anna.session.accountId,
    'resume() signs in as the token\'s player');
  await refused(again.resume(anna.session.token), 'ALREADY_SIGNED_IN', 'resume() on a signed-in connection');

  // A ban: the open connection is closed, its automatic resume refused (the session is
  // lost, with the code); signing in and resume() are refused too.
  const carol = await player('Καρολίνα');
  const token = carol.session.token;
  const lost = carol.waitFor((e) => e.case === 'sessionLost');
  await staff.post(`/players/${carol.session.accountId}/ban`, { reason: 'cheating', minutes: 0 });
  const lostWith = (await lost).value;
  assert(lostWith instanceof KafenioError && lostWith.codeName === 'ACCOUNT_BANNED' && lostWith.code === ErrorCode.ACCOUNT_BANNED,
    `the session lost: ${lostWith}`);
  assert(carol.session === undefined, 'the client forgot the banned session');
  await refused(carol.signIn('Καρολίνα', 'correct horse 1'), 'ACCOUNT_BANNED', 'signing in while banned');
  const other = await player('');
  await refused(other.resume(token), 'ACCOUNT_BANNED', 'resume() with a banned player\'s token');
  console.log('sdk staff: KICKED, MUTED, ACCOUNT_BANNED typed; table_closed (kick and close) and announcement pushed; resume() ok');
} finally {
  for (const client of clients) client.close();
  await server.stop();
}
