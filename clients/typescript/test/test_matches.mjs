// Whole matches through the SDK against the real server, in JSON text frames and in binary
// frames: a Diloti match (an SDK player against a server bot) and a Pilotta match (an SDK
// player with three bots). Along the way every other request of the protocol: the lobby, chat, results, history, profile,
// leaderboard. At each match's end the view the SDK built from patches must equal the
// server's whole view, every hand's deal must verify, and the score sheet must hold every
// hand.
//
// usage: node test_matches.mjs KAFENIO_BINARY
import WebSocket from 'ws';
import { DealChecks, KafenioClient, ScoreSheet, gameView } from '@kafenio/client';
import { assert, startServer } from './server.mjs';
import { checkViewAgainstServer, playMatch } from './play.mjs';

const [binary] = process.argv.slice(2);
const server = await startServer(binary);

function connectClient(format) {
  return new KafenioClient({ url: server.url, format, webSocket: (url) => new WebSocket(url) });
}

// Follows a table's events into the fair-deal checks and the score sheet.
function followFairness(client, tableId) {
  const sheet = new ScoreSheet();
  const checks = new DealChecks((hand, outcome) => sheet.setFairness(hand, outcome));
  let hands = 0;
  client.on((event) => {
    if (event.case !== 'matchEvent' || event.value.tableId !== tableId) return;
    checks.observe(event.value, event.view);
    if (event.value.kind.case === 'handEnded') {
      hands += 1;
      sheet.record(event.value.kind.value.result);
    }
  });
  return { sheet, hands: () => hands };
}

async function diloti(format) {
  const eleni = connectClient(format);
  await eleni.connect();
  const me = await eleni.signInGuest('Ελένη');
  assert(me.name.startsWith('Ελένη#') && me.guest && me.token.length === 64, `signed in as ${me.name}`);
  const lobby = await eleni.subscribeLobby();
  assert(Array.isArray(lobby.tables), 'lobby reply');
  const created = await eleni.createTable({ game: 'diloti', preset: 'online', options: ['target=11'], seats: 2 });
  const tableId = created.tableId;
  const listed = eleni.waitFor((e) => e.case === 'table' && e.value.tableId === tableId && e.value.seats[1]?.kind === 2);
  await eleni.sit(tableId, 0);
  await eleni.addBot(tableId, 1, 'easy');
  assert((await listed).value.seats[1].botLevel === 'easy', 'the table info shows the bot');
  assert(eleni.lobby.get(tableId)?.seats[1].botLevel === 'easy', 'the lobby model follows the pushed table');
  // After a reconnect the client subscribes to the lobby again.
  const back = eleni.waitFor((e) => e.case === 'resumed');
  eleni.dropConnection();
  await back;
  assert(eleni.lobby.subscribed && eleni.lobby.get(tableId), 'the lobby is back after a reconnect');
  const chat = eleni.waitFor((e) => e.case === 'chat' && e.value.tableId === tableId);
  await eleni.sendChat(tableId, 'καλημέρα');
  assert((await chat).value.text === 'καλημέρα', 'chat in Greek comes back');
  const fair = followFairness(eleni, tableId);
  const kinds = new Set();
  eleni.on((e) => { if (e.case === 'matchEvent' && e.value.tableId === tableId) kinds.add(e.value.kind.case); });
  await eleni.setReady(tableId);
  const result = await playMatch(eleni, tableId);
  assert(result.ended.winner === 0 || result.ended.winner === 1, `a winner: ${result.ended.winner}`);
  assert(Math.max(...result.ended.totals) >= 11, `totals ${result.ended.totals}`);
  const view = gameView(result.view);
  assert(view.phase === 'match_over' && view.lastResult.line.startsWith('hand '), `final view ${view.phase}`);
  for (const kind of ['matchStarted', 'handStarted', 'movePlayed', 'handEnded', 'matchEnded']) {
    assert(kinds.has(kind), `saw ${kind}`);
  }
  await checkViewAgainstServer(eleni, tableId);
  await new Promise((r) => setTimeout(r, 200)); // the last deal check is asynchronous (SHA-256)
  const rows = fair.sheet.rows('diloti');
  assert(rows.length === fair.hands() && rows.length > 0, `score sheet has ${rows.length} of ${fair.hands()} hands`);
  assert(rows.every((row) => row.fairness.status === 'verified'), `every deal verified: ${rows.map((r) => r.fairness.text)}`);
  assert(rows[0].lines.some((line) => line.field === 'capturedCards'), 'diloti columns');

  const record = await eleni.getMatchRecord(result.matchId);
  assert(record.record.startsWith('game diloti\n'), 'the match record');
  const history = await eleni.getMatchHistory({ limit: 5 });
  assert(history.matches.some((m) => m.matchId === result.matchId && m.state === 'finished'), 'history lists the match');
  const profile = await eleni.getProfile();
  assert(profile.name === me.name, 'own profile');
  const board = await eleni.getLeaderboard('diloti-1v1', 10);
  assert(board.mode === 'diloti-1v1', 'leaderboard');
  // A match against a bot is unrated: the stored rating history is empty, and typed.
  const ratings = await eleni.getRatingHistory('diloti-1v1');
  assert(ratings.$typeName === 'kafenio.v1.RatingHistory' && ratings.accountId === me.accountId
    && ratings.mode === 'diloti-1v1' && ratings.total === 0 && ratings.points.length === 0, 'rating history');
  const pong = await eleni.ping();
  assert(pong !== undefined, 'pong');
  // An app started again with the stored token is signed in as the same player.
  const again = new KafenioClient({ url: server.url, format, token: me.token, webSocket: (url) => new WebSocket(url) });
  await again.connect();
  assert(again.session?.accountId === me.accountId && again.session.name === me.name, 'resumed with the stored token');
  again.close();
  await eleni.setReady(tableId, false);
  await eleni.stand(tableId);
  const removed = eleni.waitFor((e) => e.case === 'tableRemoved' && e.value.tableId === tableId);
  await eleni.leaveTable(tableId);
  assert(!eleni.tables.get(tableId), 'left the table');
  await removed; // nobody is at it any more: it closes
  assert(!eleni.lobby.get(tableId), 'the lobby model drops the closed table');
  eleni.close();
  console.log(`diloti ${format}: ${result.stats.events} events, ${result.stats.moves} moves, ${rows.length} hands verified`);
}

async function pilotta(format) {
  const nikos = connectClient(format);
  await nikos.connect();
  const name = format === 'json' ? 'Νίκος' : 'Νίκος Β.';
  await nikos.register(name, 'correct horse battery');
  const { tableId } = await nikos.createTable({ game: 'pilotta', preset: 'cyprus', options: ['target=51'] });
  await nikos.sit(tableId, 0);
  for (const seat of [1, 2, 3]) await nikos.addBot(tableId, seat);
  const fair = followFairness(nikos, tableId);
  await nikos.setReady(tableId);
  const result = await playMatch(nikos, tableId);
  assert(Math.max(...result.ended.totals) >= 51, `totals ${result.ended.totals}`);
  await checkViewAgainstServer(nikos, tableId);
  await new Promise((r) => setTimeout(r, 200));
  const rows = fair.sheet.rows('pilotta');
  assert(rows.length === fair.hands() && rows.length > 0, `score sheet has ${rows.length} of ${fair.hands()} hands`);
  assert(rows.every((row) => row.fairness.status === 'verified'), 'every deal verified');
  nikos.close();
  // Signing in again with the password reaches the same account.
  const again = connectClient(format);
  await again.connect();
  const signed = await again.signIn(name, 'correct horse battery');
  assert(signed.name === name && !signed.guest, 'signed in with a password');
  again.close();
  console.log(`pilotta ${format}: ${result.stats.events} events, ${result.stats.moves} moves, ${rows.length} hands verified`);
}

try {
  await diloti('json');
  await diloti('binary');
  await pilotta('json');
  await pilotta('binary');
  console.log('sdk matches: ok');
} finally {
  await server.stop();
}
