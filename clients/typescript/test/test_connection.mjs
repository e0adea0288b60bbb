// The SDK's connection handling against the real server, each way of catching up forced
// and checked: a connection dropped mid-match while the bots play on (exactly the missed
// events replayed), away for longer than the server keeps events, and a server crash and
// restart while away (a snapshot the view is rebuilt from, and the match goes on);
// requests queued while reconnecting or failed at once, a server that stops answering (a
// per-call timeout, then the heartbeat notices and the client comes back), and the
// server's error codes as typed errors.
//
// usage: node test_connection.mjs KAFENIO_BINARY
import WebSocket from 'ws';
import {
  ConnectionLostError, ErrorCode, KafenioClient, KafenioError, NotConnectedError, RequestTimeoutError, isMyTurn,
} from '@kafenio/client';
import { assert, startServer } from './server.mjs';
import { checkViewAgainstServer, playMatch } from './play.mjs';
import {
  assertSnapshotAfter, describe, gatedWebSocket, moveThenGoAway, recordEvents, seatToAct, until,
} from './away.mjs';

const [binary] = process.argv.slice(2);
// Bots wait a little before each move, so that a dropped connection misses some of them.
let server = await startServer(binary, { settings: ['bot_delay_ms=40'] });

function newClient(options = {}) {
  return new KafenioClient({ url: server.url, webSocket: (url) => new WebSocket(url), ...options });
}

function contiguous(seen) {
  for (let i = 1; i < seen.length; i += 1) {
    if (seen[i].kind !== 'snapshot' && seen[i].kind !== 'matchStarted' && seen[i].seq !== seen[i - 1].seq + 1n) return false;
  }
  return true;
}

async function tableWithBots(client, game, seats) {
  const options = game === 'diloti' ? { game, preset: 'online', options: ['target=11'], seats } : { game, preset: 'cyprus', options: ['target=51'] };
  const { tableId } = await client.createTable(options);
  await client.sit(tableId, 0);
  for (let seat = 1; seat < seats; seat += 1) await client.addBot(tableId, seat);
  return tableId;
}

// A spectator (another guest) that follows the table live: it tells the test what the
// match did while a player was away.
async function watch(tableId, url = server.url) {
  const watcher = new KafenioClient({ url, webSocket: (address) => new WebSocket(address), reconnect: { initialDelayMs: 100, maxDelayMs: 500 } });
  await watcher.connect();
  await watcher.signInGuest('Θεατής');
  await watcher.joinTable(tableId);
  return watcher;
}

// A dropped connection mid-match: the client reconnects by itself, resumes, rejoins from
// its last event; the bots played on meanwhile, and exactly the events it missed are
// replayed, in order, none twice and no snapshot; requests made meanwhile are queued.
async function replayAfterDrop() {
  const gate = gatedWebSocket();
  const client = newClient({ format: 'json', webSocket: gate.factory, reconnect: { initialDelayMs: 100, maxDelayMs: 300 } });
  await client.connect();
  await client.signInGuest('Ανδρέας');
  const tableId = await tableWithBots(client, 'pilotta', 4);
  const watcher = await watch(tableId);
  const seen = recordEvents(client, tableId);
  await client.setReady(tableId);
  await until(client, tableId, (t) => isMyTurn(t.view) && t.seq >= 6n);
  // Asking for events again on a live connection: the server replays them, and the client
  // drops those it has (none is passed on, the view stays).
  const before = client.tables.get(tableId);
  const [seqBefore, passedOn] = [before.seq, seen.length];
  await client.request('joinTable', { tableId, matchId: before.matchId, lastSeq: before.seq - 3n });
  await client.ping(); // the replay came before this pong
  assert(seen.length === passedOn && client.tables.get(tableId).seq === seqBefore, 'replayed events already seen are dropped');
  const states = [];
  client.on((e) => { if (e.case === 'connection') states.push(e.value.state); });
  const seqAtDrop = await moveThenGoAway(client, tableId, gate, 2);
  const mark = seen.length;
  assert(client.state === 'reconnecting', `reconnecting after the drop: ${client.state}`);
  const queued = client.sendChat(tableId, 'πάλι εδώ'); // made while away: sent once back
  const chat = client.waitFor((e) => e.case === 'chat' && e.value.text === 'πάλι εδώ');
  // Away: the bots play on until it is this player's turn again (the spectator sees it).
  const missedUpTo = (await until(watcher, tableId, (t) => t.seq > seqAtDrop && seatToAct(t.view, 0))).seq;
  const resumed = client.waitFor((e) => e.case === 'resumed');
  gate.open();
  assert((await resumed).value.tables.includes(tableId), 'resumed at the table');
  await queued;
  await chat;
  assert(states.includes('open'), `connection states ${states}`);
  await until(client, tableId, (t) => t.seq >= missedUpTo);
  // Its turn now, so nothing else happened: what came is exactly what it missed.
  const replayed = seen.slice(mark);
  const expected = Array.from({ length: Number(missedUpTo - seqAtDrop) }, (_, i) => seqAtDrop + 1n + BigInt(i));
  assert(replayed.every((s) => s.kind !== 'snapshot'), `replayed, not a snapshot: ${describe(replayed)}`);
  assert(replayed.map((s) => s.seq).join() === expected.join(),
    `exactly the missed events ${seqAtDrop + 1n}..${missedUpTo}, in order: ${describe(replayed)}`);
  await checkViewAgainstServer(client, tableId); // the view from the replay = a fresh snapshot
  const result = await playMatch(client, tableId);
  assert(contiguous(seen), `events without gaps or repeats: ${describe(seen)}`);
  await checkViewAgainstServer(client, tableId);
  client.close();
  watcher.close();
  console.log(`drop mid-match: ${expected.length} missed events replayed (${seqAtDrop + 1n}..${missedUpTo}), ${result.stats.events} more, finished`);
}

// Away for longer than the server keeps events (event_history=2): the client gets one
// snapshot instead, rebuilds its view from it, and the match goes on. A bot holds the seat
// meanwhile (disconnect_grace_ms), so the match does not wait for the player.
async function snapshotBeyondHistory(binary) {
  const short = await startServer(binary, { settings: ['bot_delay_ms=40', 'event_history=2', 'disconnect_grace_ms=200'] });
  try {
    const gate = gatedWebSocket();
    const client = new KafenioClient({ url: short.url, webSocket: gate.factory, reconnect: { initialDelayMs: 100, maxDelayMs: 300 } });
    await client.connect();
    await client.signInGuest('Ελένη');
    const tableId = await tableWithBots(client, 'pilotta', 4);
    const watcher = await watch(tableId, short.url);
    const seen = recordEvents(client, tableId);
    await client.setReady(tableId);
    const seqAtDrop = await moveThenGoAway(client, tableId, gate, 1);
    const mark = seen.length;
    const missed = (await until(watcher, tableId, (t) => t.seq >= seqAtDrop + 6n)).seq;
    const resumed = client.waitFor((e) => e.case === 'resumed');
    gate.open();
    await resumed;
    await until(client, tableId, (t) => t.seq >= missed);
    assertSnapshotAfter(seen, mark, missed);
    const result = await playMatch(client, tableId);
    assertSnapshotAfter(seen, mark, missed); // and in order after it to the end
    assert(result.ended.winner >= 0, 'the match went on to its end');
    await checkViewAgainstServer(client, tableId);
    client.close();
    watcher.close();
    console.log(`beyond the history: a snapshot at ${seen[mark].seq} (${seen[mark].seq - seqAtDrop} events missed), match finished`);
  } finally {
    await short.stop();
  }
}

// With whileReconnecting 'fail', a request made while away fails at once; an unanswered
// request on the dropped connection fails with ConnectionLostError.
async function failWhileReconnecting() {
  const client = newClient({ format: 'binary', whileReconnecting: 'fail' });
  await client.connect();
  await client.signInGuest('Μαρία');
  await server.freeze(); // the server hears the ping but cannot answer it
  try {
    const inFlight = client.ping({ timeoutMs: 5000 });
    await new Promise((r) => setTimeout(r, 100));
    client.dropConnection();
    const lost = await inFlight.then(() => null, (error) => error);
    assert(lost instanceof ConnectionLostError, `in flight at the drop: ${lost}`);
    const refused = await client.ping().then(() => null, (error) => error);
    assert(refused instanceof NotConnectedError, `made while reconnecting: ${refused}`);
  } finally {
    server.thaw();
  }
  await client.waitFor((e) => e.case === 'resumed');
  await client.ping();
  client.close();
  const closed = await client.ping().then(() => null, (error) => error);
  assert(closed instanceof NotConnectedError, 'a closed client refuses requests');
  console.log('fail while reconnecting: ok');
}

// A server that stops answering: a per-call timeout rejects; the heartbeat finds the
// connection dead and the client comes back once the server answers again.
async function timeoutAndHeartbeat() {
  const client = newClient({ format: 'binary', heartbeatMs: 400, heartbeatTimeoutMs: 400, reconnect: { initialDelayMs: 100, maxDelayMs: 400 } });
  await client.connect();
  await client.signInGuest('Γιώργος');
  const states = [];
  client.on((e) => { if (e.case === 'connection') states.push(e.value.state); });
  await server.freeze();
  try {
    const error = await client.ping({ timeoutMs: 300 }).then(() => null, (e) => e);
    assert(error instanceof RequestTimeoutError && error.timeoutMs === 300, `a timeout: ${error}`);
    await client.waitFor((e) => e.case === 'connection' && e.value.state === 'reconnecting', 10_000);
  } finally {
    server.thaw();
  }
  await client.waitFor((e) => e.case === 'resumed', 30_000);
  await client.ping();
  assert(states[0] === 'reconnecting', `the heartbeat dropped the dead connection: ${states}`);
  client.close();
  console.log('timeout and heartbeat: ok');
}

// The server crashes mid-match, while the player is away and has missed events, and comes
// back on the same address: the client resumes its session and, since a restarted server
// keeps no events from before, gets a snapshot; its view is rebuilt from it and the match
// goes on to its end.
async function serverRestart() {
  const gate = gatedWebSocket();
  const client = newClient({ format: 'binary', webSocket: gate.factory, reconnect: { initialDelayMs: 100, maxDelayMs: 500 } });
  await client.connect();
  await client.signInGuest('Σοφία');
  const tableId = await tableWithBots(client, 'pilotta', 4);
  const watcher = await watch(tableId);
  const seen = recordEvents(client, tableId);
  await client.setReady(tableId);
  const seqAtDrop = await moveThenGoAway(client, tableId, gate, 2);
  const mark = seen.length;
  const missed = (await until(watcher, tableId, (t) => t.seq > seqAtDrop)).seq; // stored, so kept over the crash
  watcher.close();
  server = await server.crashAndRestart();
  const resumed = client.waitFor((e) => e.case === 'resumed', 60_000);
  gate.open();
  await resumed;
  await until(client, tableId, (t) => t.seq >= missed);
  assertSnapshotAfter(seen, mark, missed);
  const result = await playMatch(client, tableId);
  assertSnapshotAfter(seen, mark, missed);
  assert(result.ended.winner >= 0, 'the match finished after the restart');
  await checkViewAgainstServer(client, tableId);
  client.close();
  console.log(`server restart: resumed from a snapshot at ${seen[mark].seq} (away from ${seqAtDrop}), ${result.stats.events} events after`);
}

// The server's refusals as typed errors: the code (enum and name) and its sentence.
async function typedErrors() {
  const expect = async (promise, name) => {
    const error = await promise.then(() => null, (e) => e);
    assert(error instanceof KafenioError, `${name}: got ${error}`);
    assert(error.codeName === name && error.code === ErrorCode[name] && error.detail.length > 0, `${name}: got ${error.codeName}`);
  };
  const anna = newClient({ format: 'json' });
  await anna.connect();
  await expect(anna.createTable({ game: 'diloti' }), 'NOT_SIGNED_IN');
  await expect(anna.signInGuest(''), 'BAD_NAME');
  await expect(anna.register('Άννα', 'short'), 'BAD_PASSWORD');
  await expect(anna.signIn('Κανείς', 'whatever1'), 'BAD_CREDENTIALS');
  await anna.register('Άννα', 'a long enough password');
  await expect(anna.signInGuest('Άννα2'), 'ALREADY_SIGNED_IN');
  const other = newClient({ format: 'binary' });
  await other.connect();
  await expect(other.register('ΆΝΝΑ', 'another password'), 'NAME_TAKEN');
  await expect(other.getMatchRecord(987654n), 'UNKNOWN_MATCH');
  await other.signInGuest('Πέτρος');
  await expect(anna.joinTable('nosuchtable'), 'UNKNOWN_TABLE');
  await expect(anna.createTable({ game: 'chess' }), 'BAD_RULES');
  await expect(anna.getProfile(987654n), 'UNKNOWN_PLAYER');
  await expect(anna.getMatchHistory({ limit: 500 }), 'BAD_REQUEST');
  const { tableId } = await anna.createTable({ game: 'diloti', seats: 2 });
  await expect(anna.addBot(tableId, 1, 'clever'), 'UNKNOWN_BOT_LEVEL');
  await expect(anna.playMove(tableId, { notation: 'lay 2c' }), 'NO_MATCH');
  await expect(other.sit(tableId, 1), 'NOT_AT_TABLE');
  await anna.sit(tableId, 0);
  await other.joinTable(tableId);
  await expect(other.sit(tableId, 0), 'SEAT_TAKEN');
  await expect(anna.sendChat(tableId, 'α'.repeat(200)), 'CHAT_TOO_LONG');
  await other.sit(tableId, 1);
  await anna.setReady(tableId);
  await other.setReady(tableId);
  const started = await anna.waitFor((e) => e.case === 'matchEvent' && e.value.tableId === tableId && e.value.kind.case === 'handStarted');
  const view = started.view.game.value;
  const [mover, waiter] = view.toAct === view.viewer ? [anna, other] : [other, anna];
  await expect(waiter.playMove(tableId, { notation: 'lay 2c' }, { expectedSeq: 0n }), 'NOT_YOUR_TURN');
  await expect(mover.playMove(tableId, { notation: 'dance' }, { expectedSeq: 0n }), 'BAD_MOVE');
  await expect(mover.playMove(tableId, { notation: 'lay 2c', seat: 1 - view.toAct }, { expectedSeq: 0n }), 'NOT_YOUR_SEAT');
  const hand = mover.tables.get(tableId).view.game.value.hand;
  const notMine = ['Ac', '2c', '3c', '4c', '5c', '6c', '7c'].find((card) => !hand.includes(card));
  await expect(mover.playMove(tableId, { notation: `lay ${notMine}` }, { expectedSeq: 0n }), 'ILLEGAL_MOVE');
  // A move for a view the match has left: refused, not played.
  await expect(mover.playMove(tableId, view.legalMoves[0], { expectedSeq: 1n }), 'NOT_YOUR_TURN');
  await expect(anna.stand(tableId), 'MATCH_IN_PROGRESS');
  // Leaving mid-match hands the seat to a bot; coming back and reclaim_seat takes it back.
  const held = anna.waitFor((e) => e.case === 'table' && e.value.tableId === tableId && e.value.seats[1].botHolding);
  await other.leaveTable(tableId);
  assert(!other.tables.get(tableId), 'the client forgot the table it left');
  await held;
  const back = anna.waitFor((e) => e.case === 'table' && e.value.tableId === tableId && !e.value.seats[1].botHolding);
  await other.joinTable(tableId);
  await other.reclaimSeat(tableId);
  await back;
  const { tableId: hidden } = await anna.createTable({ game: 'diloti', seats: 2, private: true });
  const guest = newClient();
  await guest.connect();
  await guest.signInGuest('Επισκέπτης');
  await expect(guest.joinTable(hidden, 'wrong'), 'BAD_INVITE');
  const { tableId: rated } = await anna.createTable({ game: 'diloti', seats: 2, rated: true });
  await guest.joinTable(rated);
  await expect(guest.sit(rated, 1), 'REGISTERED_ONLY');
  let limited = null;
  for (let i = 0; i < 8 && !limited; i += 1) {
    limited = await anna.sendChat(tableId, `${i}`).then(() => null, (e) => e);
  }
  assert(limited instanceof KafenioError && limited.codeName === 'CHAT_RATE_LIMITED', `chat rate: ${limited}`);
  // A flood: beyond the burst the server refuses with RATE_LIMITED. Without retries the
  // caller sees it; with the default retries every ping gets its pong after a pause.
  const flooder = newClient({ format: 'binary', retryRefused: 0 });
  await flooder.connect();
  const outcomes = await Promise.all(Array.from({ length: 140 }, () => flooder.ping().then(() => 'pong', (e) => e.codeName)));
  assert(outcomes.includes('RATE_LIMITED') && outcomes.includes('pong'), 'a flood is refused beyond the burst');
  flooder.close();
  await new Promise((r) => setTimeout(r, 3000)); // the burst and strikes refill
  const patient = newClient({ format: 'binary' });
  await patient.connect();
  const pongs = await Promise.all(Array.from({ length: 140 }, () => patient.ping({ timeoutMs: 30_000 })));
  assert(pongs.length === 140, 'refused pings are sent again until answered');
  patient.close();
  // A stored token that the server does not know: the client says the session is lost.
  const stale = newClient({ token: 'ab'.repeat(32) });
  const lost = stale.waitFor((e) => e.case === 'sessionLost');
  await stale.connect();
  assert((await lost).value.codeName === 'SESSION_EXPIRED', 'an unknown token: SESSION_EXPIRED');
  for (const c of [anna, other, guest, stale]) c.close();
  console.log('typed errors: ok');
}

try {
  await typedErrors();
  await replayAfterDrop();
  await snapshotBeyondHistory(binary);
  await failWhileReconnecting();
  await timeoutAndHeartbeat();
  await serverRestart();
  console.log('sdk connection: ok');
} finally {
  await server.stop();
}
