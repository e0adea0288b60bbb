// The requests the other SDK tests do not send, against the real server, each with its
// typed reply (docs/protocol.md), each through its named method (and a check that every
// request of the .proto has one): tournaments (create, list, get, enter, withdraw, check
// in refused and accepted, a pair's invitation answered, the director's start, pause and resume) and their
// pushes (partner_invitation, tournament_round_started, tournament_match_result,
// tournament_finished through a one-round Swiss played to its end by two SDK bots;
// tournament_paused, both ways, on another running event); a player's report; sessions
// (list, one signed out from another, change password, sign out everywhere, sign out,
// after which the client resumes no one); and the refusals a client can reach on these
// requests, each with its code (docs/protocol.md): TOURNAMENT_STATE, ENTRY_REFUSED,
// UNKNOWN_TOURNAMENT, NOT_TOURNAMENT_DIRECTOR, UNKNOWN_INVITATION, CANNOT_REPORT_SELF,
// BAD_REPORT, UNKNOWN_CHAT_LINE, REPORT_RATE_LIMITED, TABLE_PAUSED, TABLE_LIMIT, ADDRESS_LIMIT, SIGNED_OUT
// (pushed), UNKNOWN_SESSION, BAD_FRAME, BAD_CREDENTIALS, NOT_SIGNED_IN.
// (test_connection.mjs asserts the others a client can reach.)
//
// usage: node test_requests.mjs KAFENIO_BINARY   (cwd: the built package)
import WebSocket from 'ws';
import { EnvelopeSchema, ErrorCode, KafenioClient, KafenioError, PUSHED, REPLIES, playableMoves } from '@kafenio/client';
import { playMatch } from './play.mjs';
import { assert, startServer } from './server.mjs';

const [binary] = process.argv.slice(2);
// The abuse limits apply to this loopback address too (one guest an hour), so that their
// refusals can be asserted.
const server = await startServer(binary, { settings: ['bot_delay_ms=0', 'limit_loopback=true', 'guests_per_address_per_hour=1'] });
const clients = [];
async function player(name) {
  // Every accepted move is durable before it is answered: on a busy CI machine that can
  // take seconds, so the calls wait longer than the default 10 s.
  const client = new KafenioClient({
    url: server.url, format: clients.length % 2 ? 'binary' : 'json', webSocket: (url) => new WebSocket(url), requestTimeoutMs: 30_000,
  });
  clients.push(client);
  await client.connect();
  await client.register(name, 'correct horse 1');
  return client;
}
const refusal = (promise) => promise.then(() => null, (error) => error);
// The request is refused with this code, as a typed error.
async function refused(promise, code, what) {
  const error = await refusal(promise);
  assert(error instanceof KafenioError && error.codeName === code, `${what}: ${code} expected, got ${error}`);
}

// Every request kind of the Envelope's oneof (read from the generated schema, so from the
// .proto) has a named method; every other case is a reply or a push the SDK lists.
const cases = EnvelopeSchema.oneofs.find((oneof) => oneof.name === 'body').fields.map((field) => field.localName);
const replyCases = new Set(['ok', 'error', ...Object.values(REPLIES)]);
for (const name of cases) {
  if (Object.hasOwn(REPLIES, name)) {
    assert(typeof KafenioClient.prototype[name] === 'function', `the request ${name} has a method of its own`);
  } else {
    assert(replyCases.has(name) || PUSHED.includes(name), `${name}: a request (REPLIES and a method), a reply or a push?`);
  }
}
assert(Object.keys(REPLIES).every((name) => cases.includes(name)), 'every request the SDK names is in the .proto');

try {
  const director = await player('Διευθύντρια');
  const eleni = await player('Ελένη');
  const nikos = await player('Νίκος');

  // An event of players: created, listed, read, entered, and one withdrawal.
  const swiss = { name: 'Κύπελλο SDK', game: 'diloti', seats: 2, format: 'swiss', swissRounds: 1, unit: { hands: 1 } };
  let view = await director.createTournament(swiss);
  const id = view.summary.tournamentId;
  assert(view.$typeName === 'kafenio.v1.TournamentView' && typeof id === 'bigint' && id > 0n, 'createTournament: the event in full');
  const list = await eleni.listTournaments('registering');
  assert(list.tournaments.some((t) => t.tournamentId === id && t.name === 'Κύπελλο SDK'), 'listTournaments lists it');
  assert((await nikos.getTournament(id)).settings.name === 'Κύπελλο SDK', 'getTournament');
  for (const client of [eleni, director, nikos]) view = await client.enterTournament(id);
  assert(view.entrants.length === 3, `three entrants: ${view.entrants.map((e) => e.name)}`);
  view = await nikos.withdrawFromTournament(id);
  assert(view.entrants.find((e) => e.name.startsWith('Νίκος')).status === 'withdrawn', 'withdrawFromTournament');
  await refused(eleni.checkIn(id), 'TOURNAMENT_STATE', 'checkIn outside a check-in window');
  await refused(eleni.enterTournament(id), 'ENTRY_REFUSED', 'entering twice');
  await refused(nikos.getTournament(999_999n), 'UNKNOWN_TOURNAMENT', 'an unknown event');
  await refused(eleni.directTournament(id, 'start'), 'NOT_TOURNAMENT_DIRECTOR',
    'a player directing');

  // An event with check-in, open from 60 minutes before its start (in 30 minutes): an
  // entrant checks in and is marked present.
  const soon = await director.createTournament({
    ...swiss, name: 'Προσέλευση SDK', startsUnixMs: BigInt(Date.now() + 30 * 60_000), checkInMinutes: 60,
  });
  const soonId = soon.summary.tournamentId;
  assert(soon.checkInOpen && soon.checkInOpensUnixMs > 0n, 'the check-in window is open');
  await eleni.enterTournament(soonId);
  view = await eleni.checkIn(soonId);
  const present = view.entrants.find((e) => e.accountIds.includes(eleni.session.accountId));
  assert(view.$typeName === 'kafenio.v1.TournamentView' && present?.checkedIn, 'checkIn: the entrant is present');
  assert(!view.entrants.find((e) => e.accountIds.includes(director.session.accountId)), 'only the entrant');

  // An event of pairs: Nikos invites Eleni, who is pushed the invitation and accepts.
  const pairs = await director.createTournament({ ...swiss, name: 'Ζευγάρια SDK', seats: 4 });
  const pairsId = pairs.summary.tournamentId;
  const pushed = eleni.waitFor((e) => e.case === 'partnerInvitation' && e.value.tournamentId === pairsId);
  await nikos.enterTournament(pairsId, { partnerName: eleni.session.name, pairName: 'Ν & Ε' });
  const invitation = (await pushed).value;
  const invitations = await eleni.listInvitations();
  assert(invitations.invitations.some((i) => i.invitation === invitation.invitation && i.state === 'pending'), 'listInvitations');
  await refused(eleni.answerInvitation(pairsId, 999_999, true),
    'UNKNOWN_INVITATION', 'an invitation that is not there');
  view = await eleni.answerInvitation(pairsId, invitation.invitation, true);
  assert(view.entrants.length === 1 && view.entrants[0].accountIds.length === 2, 'answerInvitation: the pair is entered');

  // A player's report.
  const filed = await eleni.reportPlayer({ accountId: nikos.session.accountId, category: 'other', text: 'δοκιμή' });
  assert(filed.$typeName === 'kafenio.v1.ReportFiled' && filed.reportId > 0n, 'reportPlayer: filed');
  await refused(eleni.reportPlayer({ accountId: eleni.session.accountId, category: 'other' }), 'CANNOT_REPORT_SELF',
    'reporting oneself');
  await refused(eleni.reportPlayer({ accountId: nikos.session.accountId, category: 'κάτι' }), 'BAD_REPORT',
    'an unknown category');
  await refused(eleni.reportPlayer({ chatLineId: 999_999n, category: 'abuse' }), 'UNKNOWN_CHAT_LINE',
    'a chat line that is not kept');

  // Five reports per account in ten minutes: then REPORT_RATE_LIMITED.
  let limited = null;
  for (let i = 0; i < 10 && !limited; i += 1) {
    limited = await refusal(eleni.reportPlayer({ accountId: director.session.accountId, category: 'spam', text: `${i}` }));
  }
  assert(limited instanceof KafenioError && limited.code === ErrorCode.REPORT_RATE_LIMITED && limited.codeName === 'REPORT_RATE_LIMITED',
    `the sixth report: ${limited}`);

  // The Swiss round: both entrants are pushed their table; the director pauses and
  // resumes the event (pushed to its players); the match is played; results and places.
  const rounds = [director, eleni].map((c) => c.waitFor((e) => e.case === 'tournamentRoundStarted' && e.value.tournamentId === id));
  view = await director.directTournament(id, 'start');
  assert(view.summary.state === 'running', `directTournament start: ${view.summary.state}`);
  const [mine, hers] = (await Promise.all(rounds)).map((e) => e.value);
  assert(mine.tableId && mine.tableId === hers.tableId && !mine.bye, 'both pushed the same table');
  const tableId = mine.tableId;
  const results = [director, eleni].map((c) => c.waitFor((e) => e.case === 'tournamentMatchResult' && e.value.tableId === tableId, 120_000));
  const finished = [director, eleni].map((c) => c.waitFor((e) => e.case === 'tournamentFinished' && e.value.tournamentId === id, 120_000));
  for (const client of [director, eleni]) await client.joinTable(tableId);
  for (const client of [director, eleni]) await client.setReady(tableId);
  // Both players capture when they can. (Two players who only ever lay fill the table,
  // and Diloti's legal captures grow exponentially with the loose cards: with 17 of them
  // the view lists 729 moves, a few lays later tens of megabytes; see the branch's report.)
  const pick = (moves) => moves.find((m) => m.kind === 'capture') ?? moves[0];
  const played = [director, eleni].map((c) => playMatch(c, tableId, { pick, timeoutMs: 120_000 }));
  await Promise.all(played);
  const outcomes = (await Promise.all(results)).map((e) => e.value.outcome).sort();
  assert(outcomes.join() === 'loss,win' || outcomes.join() === 'draw,draw', `match results: ${outcomes}`);
  const places = (await Promise.all(finished)).map((e) => e.value.place).sort();
  assert(places.join() === '1,2' || places.join() === '1,1', `places: ${places}`);
  console.log(`sdk requests: tournament ${id} played, results ${outcomes.join('/')}, places ${places.join('/')}`);

  // The director pauses and resumes a running event; its players are told both times.
  const other = (await director.createTournament({ ...swiss, name: 'Παύση SDK' })).summary.tournamentId;
  await eleni.enterTournament(other);
  await director.directTournament(other, 'add_bot');
  const otherRound = eleni.waitFor((e) => e.case === 'tournamentRoundStarted' && e.value.tournamentId === other);
  await director.directTournament(other, 'start');
  const otherTable = (await otherRound).value.tableId;
  await eleni.joinTable(otherTable);
  const otherMatch = eleni.waitFor((e) => e.case === 'matchEvent' && e.value.tableId === otherTable && e.value.kind.case === 'matchStarted');
  await eleni.setReady(otherTable);
  await otherMatch;
  const paused = eleni.waitFor((e) => e.case === 'tournamentPaused' && e.value.tournamentId === other && e.value.paused);
  await director.pauseTournament(other, 'διάλειμμα');
  assert((await paused).value.reason === 'διάλειμμα', 'tournamentPaused pushed, with the reason');
  // A move at the paused table (whoever's turn it is) waits for the director.
  const move = playableMoves(eleni.tables.get(otherTable).view)[0] ?? { notation: 'lay 2c' };
  await refused(eleni.playMove(otherTable, move), 'TABLE_PAUSED', 'a move at a paused table');
  const resumed = eleni.waitFor((e) => e.case === 'tournamentPaused' && e.value.tournamentId === other && !e.value.paused);
  await director.resumeTournament(other);
  await resumed;
  const twice = await refusal(director.resumeTournament(other));
  assert(twice instanceof KafenioError && twice.codeName === 'TOURNAMENT_STATE', `resumed twice: ${twice}`);

  // Open tables per player (4 by default) and guests per address (1 here).
  for (let i = 0; i < 4; i += 1) await nikos.createTable({ game: 'diloti', seats: 2 });
  await refused(nikos.createTable({ game: 'diloti', seats: 2 }), 'TABLE_LIMIT', 'a fifth open table');
  const guests = [0, 1].map(() => new KafenioClient({ url: server.url, format: 'json', webSocket: (url) => new WebSocket(url) }));
  clients.push(...guests);
  for (const guest of guests) await guest.connect();
  assert((await guests[0].signInGuest('Επισκέπτης')).guest, 'the first guest from this address');
  await refused(guests[1].signInGuest('Επισκέπτρια'), 'ADDRESS_LIMIT', 'a second guest within the hour');

  // One session signed out from another: Eleni's phone is told (SIGNED_OUT) and closed.
  const phone = new KafenioClient({ url: server.url, format: 'binary', webSocket: (url) => new WebSocket(url), autoReconnect: false });
  clients.push(phone);
  await phone.connect();
  await phone.signIn('Ελένη', 'correct horse 1');
  const two = await eleni.listSessions();
  const phoneSession = two.sessions.find((s) => !s.current);
  assert(two.sessions.length === 2 && phoneSession && phoneSession.connections === 1, `two sessions: ${two.sessions.length}`);
  const told = phone.waitFor((e) => e.case === 'error' && e.value.code === ErrorCode.SIGNED_OUT);
  const revoked = await eleni.revokeSession(phoneSession.sessionId);
  assert(revoked.$typeName === 'kafenio.v1.Ok', 'revokeSession: ok');
  await told;
  const left = await eleni.listSessions();
  assert(left.sessions.length === 1 && left.sessions[0].current, 'the phone\'s session is gone');
  await refused(eleni.revokeSession(phoneSession.sessionId), 'UNKNOWN_SESSION', 'revoked twice');

  // A frame that is no Envelope: a typed error with no request id, and the connection goes on.
  const raw = new WebSocket(server.url);
  await new Promise((resolve, reject) => { raw.once('open', resolve); raw.once('error', reject); });
  const badFrame = new Promise((resolve) => raw.once('message', (data) => resolve(JSON.parse(String(data)))));
  raw.send('{"no envelope');
  const frameError = (await badFrame).error;
  assert(frameError?.code === 'BAD_FRAME' && frameError.request_id === '', `BAD_FRAME: ${JSON.stringify(frameError)}`);
  raw.close();

  // Sessions: listed, a password changed, then signed out everywhere and signed out.
  const sessions = await eleni.listSessions();
  assert(sessions.sessions.length >= 1 && sessions.sessions.every((s) => s.sessionId.length === 16), 'listSessions');
  const changed = await eleni.changePassword('correct horse 1', 'correct horse 2');
  assert(changed.$typeName === 'kafenio.v1.Ok', `changePassword: ok (${changed.$typeName})`);
  const wrong = await refusal(eleni.changePassword('correct horse 1', 'correct horse 3'));
  assert(wrong instanceof KafenioError && wrong.codeName === 'BAD_CREDENTIALS', `the old password again: ${wrong}`);
  await nikos.signOutEverywhere();
  assert(nikos.session === undefined, 'signed out everywhere: the client forgets its session');
  await eleni.signOut();
  assert(eleni.session === undefined, 'signed out: the client forgets its session');
  // The server closes the connection; the client comes back as no one (no resume to refuse).
  await eleni.waitFor((e) => e.case === 'connection' && e.value.state === 'open', 10_000);
  const anonymous = await refusal(eleni.listSessions());
  assert(anonymous instanceof KafenioError && anonymous.codeName === 'NOT_SIGNED_IN', `after signing out: ${anonymous}`);
  console.log('sdk requests: reports, sessions, sign-out ok');
} finally {
  for (const client of clients) client.close();
  await server.stop();
}
process.exit(0);
