// The browser client's connection (web/protocol.js) in Node, over a stand-in WebSocket
// that answers as the server would: a request refused with RATE_LIMITED (which the server
// did not carry out) is sent again after growing pauses, under a new request id, and
// succeeds when the server takes it; one refused every time fails with RATE_LIMITED after
// the last retry; any other refusal fails at once, sent once. With several server nodes:
// moveTo reconnects at once at the address given and resumes there, and a node that no
// longer answers is left, after two attempts, for another node the server named.
//
// usage: node test_protocol.mjs WEB_DIR
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [webDir] = process.argv.slice(2);

// Answers each request with answer(request, attempt), attempt counting from 0 per kind.
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
        this.onclose();
        return;
      }
      this.readyState = StandInSocket.OPEN;
      this.onopen();
    }, 0);
  }
  send(text) {
    const request = JSON.parse(text);
    const kind = Object.keys(request).find((key) => key !== 'request_id');
    const attempt = this.attempts.get(kind) ?? 0;
    this.attempts.set(kind, attempt + 1);
    this.sent.push({ request, at: performance.now() });
    const reply = { request_id: request.request_id, ...StandInSocket.answer(kind, attempt) };
    setTimeout(() => this.onmessage({ data: JSON.stringify(reply) }), 1);
  }
  close() {
    if (this.readyState === StandInSocket.CLOSED) return;
    this.readyState = StandInSocket.CLOSED;
    setTimeout(() => this.onclose(), 0);
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

const connection = new Connection('ws://stand-in/ws');
await connection.open();
connection.rateLimitPauseMs = 20; // the real pauses (0.3 s and up) would only slow the test
const socket = StandInSocket.last;

// Refused twice for the rate, then carried out.
StandInSocket.answer = (kind, attempt) =>
  attempt < 2 ? refusal('RATE_LIMITED') : { ok: {}, kind };
const reply = await connection.request('play_move', { table_id: 't', move: { notation: 'lay 5h' } });
check(reply.kind === 'play_move', `the third attempt's reply: ${JSON.stringify(reply)}`);
const sends = socket.sent.filter(({ request }) => request.play_move);
check(sends.length === 3, `sent ${sends.length} times`);
check(new Set(sends.map(({ request }) => request.request_id)).size === 3, 'a new request id each time');
check(sends.every(({ request }) => request.play_move.move.notation === 'lay 5h'), 'the same request');
check(sends[1].at - sends[0].at >= 19, `first pause ${sends[1].at - sends[0].at} ms`);
check(sends[2].at - sends[1].at >= 39, `second pause ${sends[2].at - sends[1].at} ms (doubled)`);

// Refused every time: the caller gets the refusal after the last retry.
StandInSocket.answer = () => refusal('RATE_LIMITED');
try {
  await connection.request('chat', { table_id: 't', text: 'hi' });
  check(false, 'a request refused every time succeeded');
} catch (error) {
  check(error instanceof ServerError && error.code === 'RATE_LIMITED', `got ${error}`);
}
const chats = socket.sent.filter(({ request }) => request.chat).length;
check(chats === 1 + connection.rateLimitRetries, `chat sent ${chats} times`);

// Any other refusal is the caller's at once.
StandInSocket.answer = () => refusal('ILLEGAL_MOVE');
try {
  await connection.request('set_ready', { table_id: 't', ready: true });
  check(false, 'an illegal request succeeded');
} catch (error) {
  check(error instanceof ServerError && error.code === 'ILLEGAL_MOVE', `got ${error}`);
}
check(socket.sent.filter(({ request }) => request.set_ready).length === 1, 'sent once');

// Several nodes: moveTo (a ClusterRedirect) reconnects at once at the new address and
// resumes the session there.
async function until(condition, what) {
  for (const give_up = Date.now() + 10000; !condition();) {
    if (Date.now() > give_up) throw new Error(`never: ${what}`);
    await new Promise((wake) => { setTimeout(wake, 5); });
  }
}
let resumed = 0;
connection.onReconnected = async () => { resumed += 1; };
const movedAt = performance.now();
connection.moveTo('ws://node-b/ws');
await until(() => resumed === 1, 'resumed at node b');
check(StandInSocket.last.url === 'ws://node-b/ws', `moved to ${StandInSocket.last.url}`);
check(performance.now() - movedAt < 400, 'a move reconnects without the retry pause');

// Node b dies: two attempts there never open, then the connection goes on at another node.
connection.nodes = ['ws://node-a/ws', 'ws://node-b/ws', 'ws://node-c/ws'];
StandInSocket.dead.add('ws://node-b/ws');
StandInSocket.last.close();
await until(() => resumed === 2, 'resumed at another node');
check(['ws://node-a/ws', 'ws://node-c/ws'].includes(StandInSocket.last.url), `went on at ${StandInSocket.last.url}`);
check(connection.url === StandInSocket.last.url, 'the connection keeps the new address');

console.log(`protocol: ${checks} checks passed`);
