// The page's connection to the server is the SDK's KafenioClient (clients/typescript,
// bundled at build time into sdk/kafenio-client.js; docs/clients.md): request ids,
// timeouts, typed errors, heartbeats, reconnecting with backoff, resuming the session,
// rejoining the table from the last event seen (missed events replayed, or a snapshot),
// building the view from patches, and following a cluster node's redirect are all the
// SDK's. This module is the one boundary between the SDK's generated messages and the
// page's modules, which read messages as the server prints them in JSON (the .proto's
// snake_case names, 64-bit ids as strings, every scalar present): requests go from that
// form to the generated messages, and replies, pushed messages and events come back in it.

import {
  EnvelopeSchema, GameViewSchema, KafenioClient, KafenioError, MatchEventSchema, REPLIES, SignedInSchema,
  TableInfoSchema, create, fromJson, toJson,
} from './sdk/kafenio-client.js';

// The server's own JSON form: field names from the .proto, defaults printed.
const SERVER_JSON = { useProtoFieldName: true, alwaysEmitImplicit: true };

export class ServerError extends Error {
  constructor(error) {
    super(`${error.code}: ${error.message}`);
    this.code = error.code;
    this.detail = error.message; // the server's sentence, without the code
  }
}

// The SDK's refusal as the page's (its code by name); lost connections and timeouts stay
// the SDK's errors, shown with their message.
function pageError(error) {
  return error instanceof KafenioError ? new ServerError({ code: error.codeName, message: error.detail }) : error;
}

// Which envelope field carries a message of each type (a reply's case, from its value).
const caseOfType = new Map();
for (const field of EnvelopeSchema.oneofs[0].fields) {
  if (field.message && !caseOfType.has(field.message.typeName)) caseOfType.set(field.message.typeName, field.localName);
}

function envelopeJson(body) {
  const json = toJson(EnvelopeSchema, create(EnvelopeSchema, { body }), SERVER_JSON);
  delete json.request_id;
  return json;
}

// A match event with the whole view after it (the SDK applied the patch): the page draws
// views, never patches.
function matchEventJson(event, view) {
  const json = toJson(MatchEventSchema, event, SERVER_JSON);
  delete json.patch;
  json.view = view ? toJson(GameViewSchema, view, SERVER_JSON) : {};
  // The generated messages behind it, for the SDK's helpers (the fair-deal check); not
  // enumerable, so the event saved as JSON stays the server's form.
  Object.defineProperty(json, 'message', { value: { event, view } });
  return { match_event: json };
}

export class Connection {
  // `options`: the SDK client's (docs/clients.md), e.g. shorter retry pauses in tests.
  constructor(url, options = {}) {
    this.client = new KafenioClient({ url, format: 'binary', ...options });
    this.listeners = new Set(); // each gets every pushed message and match event, as JSON
    this.onStatus = () => {}; // 'connecting', 'reconnecting' or 'online'
    this.onUnreachable = () => {}; // the first connection failed (told once)
    this.onResumed = () => {}; // back after a dropped connection: signed in, tables rejoined
    this.onSessionLost = () => {}; // (ServerError) the session could not be resumed
    this.onTableLost = () => {}; // (tableId, ServerError) a table could not be rejoined
    let attempts = 0;
    this.client.on((event) => {
      switch (event.case) {
        case 'connection': {
          const { state } = event.value;
          if (state === 'connecting' && ++attempts === 2) this.onUnreachable();
          this.onStatus(state === 'open' ? 'online' : state === 'connecting' ? 'connecting' : 'reconnecting');
          return;
        }
        case 'resumed': this.onResumed(); return;
        case 'sessionLost': this.onSessionLost(pageError(event.value)); return;
        case 'tableLost': this.onTableLost(event.value.tableId, pageError(event.value.error)); return;
        case 'tableRedirect': return; // the SDK follows it (joins again, through the table's node)
        case 'matchEvent': this.emit(matchEventJson(event.value, event.view)); return;
        default: this.emit(envelopeJson(event));
      }
    });
  }

  get url() { return this.client.url; }
  get nodes() { return this.client.nodes; }
  get online() { return this.client.state === 'open'; }

  // The session the SDK holds (after a sign-in or a resume), as the `signed_in` reply.
  signedIn() {
    return this.client.session ? toJson(SignedInSchema, this.client.session, SERVER_JSON) : null;
  }

  // The lobby as the SDK keeps it (subscribed again after each reconnect).
  lobbyTables() {
    return this.client.lobby.list().map((info) => toJson(TableInfoSchema, info, SERVER_JSON));
  }

  // Resolves once the first connection is open; until then the SDK keeps trying.
  open() {
    return this.client.connect();
  }

  emit(message) {
    for (const listener of this.listeners) listener(message);
  }

  // Sends one request (`name` and `body` as in docs/protocol.md); resolves with the reply
  // envelope (`{signed_in: {...}}`, `{ok: {}}`...), rejects with ServerError. The SDK
  // sends again a request refused with RATE_LIMITED or TABLE_MOVING (nothing was done)
  // after growing pauses, so a quick player's click is delayed, not lost.
  async request(name, body = {}) {
    const request = fromJson(EnvelopeSchema, { [name]: body }).body;
    let reply;
    try {
      // A move goes out for the view the page shows (the SDK's last event at its table), so
      // one clicked on a view the match has left behind is refused, never played twice.
      const { value } = request;
      reply = request.case === 'playMove'
        ? await this.client.playMove(value.tableId, value.move, { expectedSeq: value.expectedSeq || undefined })
        : await this.client.request(request.case, value);
    } catch (error) {
      throw pageError(error);
    }
    if (reply === undefined) return { ok: {} };
    const expected = REPLIES[request.case];
    const replyCase = expected && caseOfType.get(reply.$typeName) === expected ? expected : caseOfType.get(reply.$typeName);
    if (replyCase === 'matchEvent') {
      const table = this.client.tables.get(reply.tableId);
      return matchEventJson(reply, table && table.view);
    }
    return envelopeJson({ case: replyCase, value: reply });
  }

  // Goes on at another node now (the SDK resumes there).
  moveTo(url) {
    this.client.moveTo(url);
  }

  // A test hook and a manual "reconnect now": drops the socket as a network would.
  drop() {
    this.client.dropConnection();
  }
}

// ws://HOST/ws or wss://HOST/ws, on the address the page came from.
export function serverUrl(location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
