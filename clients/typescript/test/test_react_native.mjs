// The SDK as a React Native app runs it, as near as can be checked without React Native
// (docs/clients.md, "React Native: what is checked"). Metro bundles an app with its
// packages into one script, which Hermes runs with React Native's globals and no DOM.
// Here the package as npm installs it (dist/) is bundled by esbuild into one classic
// script and run in a fresh V8 context (node:vm) holding only the ECMAScript built-ins and
// what React Native adds: timers (numeric ids), console, TextEncoder (Hermes, React
// Native 0.74 and later) and a WebSocket that behaves like React Native's
// (Libraries/WebSocket/WebSocket.js): `binaryType` unset until assigned and 'blob' refused
// (no BlobModule here), binary frames delivered as ArrayBuffers, `send` taking strings,
// ArrayBuffers and typed arrays only and throwing while connecting, `on*` handlers. There
// is no TextDecoder (Hermes before React Native 0.85), no crypto, and no Buffer, process,
// require, document or window: a use of any of them fails the test.
//
// Found so: without TextDecoder the package does not load at all (protobuf-es decodes the
// embedded schema, and every string of a binary frame, with it), and says so; an app on
// React Native before 0.85 installs a TextDecoder polyfill first. With one (here, in the
// app's realm): a whole Diloti match against a server bot in JSON frames, the fair-deal
// check saying per hand that it cannot run without crypto.subtle (the match goes on);
// then a whole match in binary frames with a dropped connection resumed on the way.
//
// usage: node test_react_native.mjs KAFENIO_BINARY   (cwd: the built package)
import { build } from 'esbuild';
import vm from 'node:vm';
import WebSocketNode from 'ws';
import { assert, startServer } from './server.mjs';

const [binary] = process.argv.slice(2);

// ---- The bundle, as Metro would make it: one script, every import resolved inside it.
const bundled = await build({
  entryPoints: ['dist/index.js'], bundle: true, write: false, format: 'iife', globalName: 'Kafenio',
  platform: 'neutral', mainFields: ['module', 'main'], target: 'es2020', logLevel: 'warning',
});
const script = bundled.outputFiles[0].text;

// ---- React Native's globals, and nothing else.
const timers = new Map();
let nextTimer = 0;
function timer(start, stop) {
  return [(fn, ms, ...args) => {
    const id = ++nextTimer;
    timers.set(id, start(fn, ms, ...args));
    return id;
  }, (id) => { stop(timers.get(id)); timers.delete(id); }];
}
const [rnSetTimeout, rnClearTimeout] = timer(setTimeout, clearTimeout);
const [rnSetInterval, rnClearInterval] = timer(setInterval, clearInterval);
const host = new TextEncoder();
const context = vm.createContext({
  console, setTimeout: rnSetTimeout, clearTimeout: rnClearTimeout, setInterval: rnSetInterval,
  clearInterval: rnClearInterval, hostEncode: (text) => [...host.encode(text)],
});
// Hermes' TextEncoder, in the app's own realm (its Uint8Arrays are the app's).
vm.runInContext('((hostEncode) => { globalThis.TextEncoder = class TextEncoder { get encoding() { return "utf-8"; } '
  + 'encode(text = "") { return new Uint8Array(hostEncode(String(text))); } }; })(hostEncode); delete globalThis.hostEncode;', context);
const AppArrayBuffer = vm.runInContext('ArrayBuffer', context);
const AppUint8Array = vm.runInContext('Uint8Array', context);

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;
const socketsOpened = [];
// React Native's WebSocket, over a real one (the native module's part).
class ReactNativeWebSocket {
  static CONNECTING = CONNECTING;
  static OPEN = OPEN;
  static CLOSING = CLOSING;
  static CLOSED = CLOSED;

  constructor(url) {
    this.url = url;
    this.readyState = CONNECTING;
    this.onopen = this.onmessage = this.onclose = this.onerror = null;
    this.binary = undefined;
    this.native = new WebSocketNode(url);
    socketsOpened.push(this);
    this.native.on('open', () => { this.readyState = OPEN; this.onopen?.({ type: 'open' }); });
    this.native.on('message', (data, isBinary) => {
      // The native side hands binary frames over in base64; the JS side decodes them
      // into an ArrayBuffer of the app's realm (with binaryType 'blob', a Blob).
      let payload = data.toString(isBinary ? 'base64' : 'utf8');
      if (isBinary) {
        const bytes = Buffer.from(payload, 'base64');
        const copy = new AppUint8Array(new AppArrayBuffer(bytes.length));
        copy.set(bytes);
        payload = copy.buffer;
      }
      this.onmessage?.({ type: 'message', data: payload });
    });
    this.native.on('error', () => this.onerror?.({ type: 'error' }));
    this.native.on('close', (code, reason) => {
      this.readyState = CLOSED;
      this.onclose?.({ type: 'close', code, reason: reason.toString() });
    });
  }

  get binaryType() {
    return this.binary;
  }

  set binaryType(type) {
    if (type !== 'blob' && type !== 'arraybuffer') throw new Error("binaryType must be either 'blob' or 'arraybuffer'");
    if (type === 'blob') throw new Error('Native module BlobModule is required for blob support');
    this.binary = type;
  }

  send(data) {
    if (this.readyState === CONNECTING) throw new Error('INVALID_STATE_ERR');
    if (typeof data === 'string') {
      this.native.send(data);
      return;
    }
    const isBuffer = Object.prototype.toString.call(data) === '[object ArrayBuffer]';
    if (!isBuffer && !ArrayBuffer.isView(data)) throw new Error('Unsupported data type');
    // To the native side in base64, as React Native's binaryToBase64 does.
    const bytes = isBuffer ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    this.native.send(Buffer.from(bytes.toString('base64'), 'base64'));
  }

  close(code, reason) {
    if (this.readyState === CLOSING || this.readyState === CLOSED) return;
    this.readyState = CLOSING;
    this.native.close(typeof code === 'number' ? code : 1000, typeof reason === 'string' ? reason : '');
  }
}
context.WebSocket = ReactNativeWebSocket;

for (const name of ['TextDecoder', 'crypto', 'Buffer', 'process', 'require', 'document', 'window', 'self']) {
  assert(vm.runInContext(`typeof ${name}`, context) === 'undefined', `the app's context has no ${name}`);
}
let loadError;
try {
  vm.runInContext(script, context, { filename: 'kafenio-client.bundle.js' });
} catch (error) {
  loadError = error;
}
assert(loadError && /TextDecoder/.test(loadError.message), `without TextDecoder the package says what is missing: ${loadError}`);
console.log(`react native before 0.85 (no TextDecoder): the package does not load: "${loadError.message}"`);

// A TextDecoder polyfill (what an app before React Native 0.85 installs first, e.g. the
// npm package fast-text-encoding), in the app's realm.
context.hostDecode = (bytes, fatal) => new TextDecoder('utf-8', { fatal, ignoreBOM: true }).decode(bytes);
vm.runInContext('globalThis.TextDecoder = class TextDecoder { constructor(label, options = {}) { this.fatal = !!options.fatal; } '
  + 'decode(bytes) { return hostDecode(bytes, this.fatal); } };', context);
vm.runInContext(script, context, { filename: 'kafenio-client.bundle.js' });
const K = context.Kafenio;

// ---- Matches.
async function playDiloti(format, name, { dropAfter = 0 } = {}) {
  const client = new K.KafenioClient({ url: server.url, format, reconnect: { initialDelayMs: 50 } });
  await client.connect();
  await client.signInGuest(name);
  const { tableId } = await client.createTable({ game: 'diloti', seats: 2 });
  await client.sit(tableId, 0);
  await client.addBot(tableId, 1);
  const checked = [];
  const deals = new K.DealChecks((hand, outcome) => checked.push(outcome));
  let acted = -1n;
  let moves = 0;
  let dropped = false;
  let resumed = 0;
  const ended = new Promise((resolve, reject) => {
    const act = (view, table) => {
      if (!K.isMyTurn(view) || table.seq === acted) return;
      acted = table.seq;
      moves += 1;
      if (dropAfter && moves === dropAfter && !dropped) {
        dropped = true;
        client.dropConnection(); // the phone lost its network for a moment
        return;
      }
      client.playMove(tableId, K.playableMoves(view)[0]).catch((error) => {
        if (error instanceof K.ConnectionLostError) { acted = -1n; return; }
        if (error instanceof K.KafenioError && error.codeName === 'NOT_YOUR_TURN') return;
        reject(error);
      });
    };
    client.on((event) => {
      if (event.case === 'resumed') {
        resumed += 1;
        acted = -1n;
        const table = client.tables.get(tableId);
        if (table?.view) act(table.view, table);
      }
      if (event.case !== 'matchEvent') return;
      deals.observe(event.value, event.view);
      if (event.value.kind.case === 'matchEnded') resolve(event.value.kind.value);
      else act(event.view, event.table);
    });
  });
  await client.setReady(tableId);
  const result = await ended;
  await new Promise((wake) => { setTimeout(wake, 100); }); // the last hand's check settles
  client.close();
  return { result, moves, checked, dropped, resumed };
}

const server = await startServer(binary);
try {
  const json = await playDiloti('json', 'Ελένη');
  assert(json.result.totals.length === 2 && json.moves > 10, `JSON match ended: ${json.result.totals}`);
  assert(json.checked.length > 0 && json.checked.every((o) => o.reason === 'seedUnreadable' && /crypto\.subtle/.test(o.error)),
    `without WebCrypto each hand's deal check says why: ${JSON.stringify(json.checked[0])}`);
  assert(socketsOpened.every((s) => s.binaryType === 'arraybuffer'), 'the SDK asks for ArrayBuffers, which React Native gives');
  console.log(`react native (json frames, no crypto): match over ${json.result.totals.join('–')} `
    + `after ${json.moves} moves; ${json.checked.length} deal checks: "${json.checked[0].text}"`);

  const binaryRun = await playDiloti('binary', 'Κώστας', { dropAfter: 5 });
  assert(binaryRun.dropped && binaryRun.resumed >= 1 && binaryRun.result.totals.length === 2,
    'binary match ended after a dropped connection and a resume');
  console.log(`react native (binary frames): match over ${binaryRun.result.totals.join('–')} `
    + `after ${binaryRun.moves} moves, resumed after a dropped connection`);
} finally {
  await server.stop();
}
console.log('ok');
process.exit(0);
