// The page's connection (web/protocol.js: the SDK's KafenioClient from web/sdk/, built by
// CMake, and the one boundary to the page's JSON form) in Node, over a stand-in WebSocket
// that answers as the server would. Requests go out as the protocol's JSON and replies,
// pushes and match events come back as the server prints them (snake_case, 64-bit ids as
// strings, defaults present); a match event carries the whole view after it (the SDK
// applied the patch); a refusal is a ServerError with the code's name; RATE_LIMITED is
// sent again after growing pauses under new request ids; an unknown request fails without
// being sent. With several server nodes: moveTo reconnects at once at the address given
// and resumes the session there, and a node that no longer answers is left, after two
// attempts, for another node the server named. The SDK's own tests (tests/sdk) cover the
// rest of its connection handling against the real server.
//
// usage: node test_protocol.mjs WEB_DIR
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [webDir] = process.argv.slice(2);

// Answers each request with answer(kind, attempt, request), attempt counting from 0 per kind.
class StandInSocket {
  static OPEN = 1;
  static CLOSED = 3;
  static answer = () => ({ ok: {} });
  static dead = new Set(); // addresses where nothing answers: the socket closes unopened
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.attempts = new Map();
    StandInSocket.last = this;
    setTimeout(() => {
      if (StandInSocket.dead.has(url)) {
        this.readyState = StandInSocket.CLOSED;
        this.onclose?.({});
        return;
      }
      this.readyState = StandInSocket.OPEN;
      this.onopen({});
    }, 0);
  }
  send(text) {
    const request = JSON.parse(text);
    const kind = Object.keys(request).find((key) => key !== 'request_id');
    const attempt = this.attempts.get(kind) ?? 0;
    this.attempts.set(kind, attempt + 1);
    this.sent.push({ request, at: performance.now() });
    const answer = kind === 'resume' ? signedIn : StandInSocket.answer(kind, attempt, request[kind]);
    if (answer) this.push({ request_id: request.request_id, ...answer });
  }
  push(message) {
    setTimeout(() => this.onmessage?.({ data: JSON.stringify(message) }), 1);
  }
  close() {
    if (this.readyState === StandInSocket.CLOSED) return;
    this.readyState = StandInSocket.CLOSED;
    setTimeout(() => this.onclose?.({}), 0);
  }
}
globalThis.WebSocket = StandInSocket;
const { Connection, ServerError } = await import(pathToFileURL(join(webDir, 'protocol.js')).href);

let checks = 0;
function check(condition, what) {
  if (!condition) throw new Error(what);
  checks += 1;
}
const refusal = (code) => ({ error: { code, message: `refused: ${code}` } });
const signedIn = { signed_in: { account_id: '7', name: 'Ελένη', token: 'tok' } };
async function until(condition, what) {
  for (const giveUp = Date.now() + 10000; !condition();) {
    if (Date.now() > giveUp) throw new Error(`never: ${what}`);
    await new Promise((wake) => { setTimeout(wake, 5); });
  }
}

// Text frames here, so the stand-in reads them; the page itself sends binary ones.
const connection = new Connection('ws://stand-in/ws', { format: 'json', retryRefusedMs: 20 });
const statuses = [];
connection.onStatus = (status) => statuses.push(status);
const received = [];
connection.listeners.add((message) => received.push(message));
await connection.open();
check(statuses.at(-1) === 'online' && connection.online, `status ${statuses}`);
const socket = StandInSocket.last;

// A reply in the server's JSON form, defaults and all; the session is the SDK's.
StandInSocket.answer = () => signedIn;
const reply = await connection.request('sign_in_guest', { name: 'Ελένη' });
check(reply.signed_in.account_id === '7' && reply.signed_in.guest === false && reply.signed_in.expires_unix_ms === '0',
  `signed_in: ${JSON.stringify(reply)}`);
check(connection.signedIn().token === 'tok', 'the SDK holds the session');
const first = socket.sent.at(-1).request;
check(first.sign_in_guest.name === 'Ελένη' && /^r\d+$/.test(first.request_id), `sent ${JSON.stringify(first)}`);

// Refused twice for the rate, then carried out.
StandInSocket.answer = (kind, attempt) => (attempt < 2 ? refusal('RATE_LIMITED') : { ok: {} });
const done = await connection.request('set_ready', { table_id: 't', ready: true });
check(done.ok, `the third attempt's reply: ${JSON.stringify(done)}`);
const sends = socket.sent.filter(({ request }) => request.set_ready);
check(sends.length === 3, `sent ${sends.length} times`);
check(new Set(sends.map(({ request }) => request.request_id)).size === 3, 'a new request id each time');
check(sends[1].at - sends[0].at >= 19, `first pause ${sends[1].at - sends[0].at} ms`);
check(sends[2].at - sends[1].at >= 39, `second pause ${sends[2].at - sends[1].at} ms (doubled)`);

// Refused every time: the caller gets the refusal after the last retry.
StandInSocket.answer = () => refusal('RATE_LIMITED');
try {
  await connection.request('send_chat', { table_id: 't', text: 'γεια' });
  check(false, 'a request refused every time succeeded');
} catch (error) {
  check(error instanceof ServerError && error.code === 'RATE_LIMITED' && error.detail === 'refused: RATE_LIMITED', `got ${error}`);
}
check(socket.sent.filter(({ request }) => request.send_chat).length === 5, 'sent once and retried four times');

// Any other refusal is the caller's at once.
StandInSocket.answer = () => refusal('NOT_YOUR_TURN');
try {
  await connection.request('stand', { table_id: 't' });
  check(false, 'a refused request succeeded');
} catch (error) {
  check(error instanceof ServerError && error.code === 'NOT_YOUR_TURN', `got ${error}`);
}
check(socket.sent.filter(({ request }) => request.stand).length === 1, 'sent once');

// A request the protocol does not have is not sent.
const before = socket.sent.length;
try {
  await connection.request('no_such_request', {});
  check(false, 'an unknown request was sent');
} catch (error) {
  check(!(error instanceof ServerError) && socket.sent.length === before, `got ${error}`);
}

// Match events: a whole view, then a patch that the SDK applies; the page gets whole views.
StandInSocket.answer = () => ({ ok: {} });
await connection.request('join_table', { table_id: 't', match_id: '0', last_seq: '0' });
const view = { viewer: 0, phase: 'play', to_act: 0, hand: ['5h', 'Kd'], loose: ['5c'], totals: [0, 0], rules: 'classic' };
socket.push({ match_event: { table_id: 't', match_id: '9', seq: '1', match_started: {}, view: { diloti: view } } });
socket.push({ match_event: { table_id: 't', match_id: '9', seq: '2', move_played: { move: { notation: 'capture 5h 5c' } },
  patch: { set: { diloti: { to_act: 1, hand: ['Kd'] } }, cleared: ['loose'] } } });
await until(() => received.filter((m) => m.match_event).length === 2, 'two match events');
const [started, moved] = received.filter((m) => m.match_event).map((m) => m.match_event);
check(started.match_id === '9' && started.seq === '1' && started.match_started, `started: ${JSON.stringify(started)}`);
check(started.view.diloti.stock_size === 0 && started.view.diloti.hand.length === 2, 'defaults printed in the whole view');
const after = moved.view.diloti;
check(!('patch' in moved) && after.to_act === 1 && after.hand.join() === 'Kd' && after.loose.length === 0
  && after.rules === 'classic', `the view after the patch: ${JSON.stringify(after)}`);
// The same event again (a replay) is not news.
socket.push({ match_event: { table_id: 't', match_id: '9', seq: '2', move_played: {}, patch: { set: { diloti: { to_act: 1 } } } } });
// A move's reply is its event, with the view after it.
StandInSocket.answer = (kind, attempt, request) => ({ match_event: { table_id: 't', match_id: '9', seq: '3',
  move_played: { move: request.move }, patch: { set: { diloti: { loose: ['Qs'] } }, cleared: ['to_act'] } } });
const played = await connection.request('play_move', { table_id: 't', move: { notation: 'lay Qs' } });
check(played.match_event.seq === '3' && played.match_event.view.diloti.to_act === 0
  && played.match_event.move_played.move.notation === 'lay Qs', `play_move: ${JSON.stringify(played)}`);
const sentMove = socket.sent.at(-1).request.play_move;
check(sentMove.expected_seq === '2', `the move names the view it was chosen on: ${JSON.stringify(sentMove)}`);
check(received.filter((m) => m.match_event).length === 3, 'the replay was dropped and the move seen once');

// A pushed message, as the server prints it.
socket.push({ chat: { table_id: 't', account_id: '7', name: 'Ελένη', text: 'καλή τύχη' } });
await until(() => received.some((m) => m.chat), 'a chat line');
check(received.find((m) => m.chat).chat.text === 'καλή τύχη', 'the chat line');

// Several nodes: moveTo (a ClusterRedirect) reconnects at once at the new address and
// resumes the session there (the SDK rejoins the table too).
let resumed = 0;
connection.onResumed = () => { resumed += 1; };
const movedAt = performance.now();
connection.moveTo('ws://node-b/ws');
await until(() => resumed === 1, 'resumed at node b');
check(StandInSocket.last.url === 'ws://node-b/ws' && connection.url === 'ws://node-b/ws', `moved to ${StandInSocket.last.url}`);
check(performance.now() - movedAt < 400, 'a move reconnects without the retry pause');
const again = StandInSocket.last.sent.map(({ request }) => Object.keys(request).find((key) => key !== 'request_id'));
check(again[0] === 'resume' && again.includes('join_table'), `sent at node b: ${again}`);
const rejoin = StandInSocket.last.sent.find(({ request }) => request.join_table).request.join_table;
check(rejoin.match_id === '9' && rejoin.last_seq === '3', `rejoined from the last event: ${JSON.stringify(rejoin)}`);
check(statuses.includes('reconnecting') && statuses.at(-1) === 'online', `statuses ${statuses}`);

// Node b dies: two attempts there never open, then the connection goes on at another node
// of those the server named.
StandInSocket.last.push({ cluster_nodes: { addresses: ['ws://node-a/ws', 'ws://node-b/ws', 'ws://node-c/ws'] } });
await until(() => connection.nodes.length === 3, 'the nodes known');
StandInSocket.dead.add('ws://node-b/ws');
StandInSocket.last.close();
await until(() => resumed === 2, 'resumed at another node');
check(['ws://node-a/ws', 'ws://node-c/ws'].includes(StandInSocket.last.url), `went on at ${StandInSocket.last.url}`);
check(connection.url === StandInSocket.last.url, 'the connection keeps the new address');

console.log(`protocol: ${checks} checks passed`);
process.exit(0);
