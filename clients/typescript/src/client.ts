// The Kafenio client: typed requests that return promises, typed events, and a connection
// that looks after itself (heartbeats, reconnect with backoff, session resume, rejoining
// tables from the last event seen, following a cluster redirect). docs/clients.md.
import { decodeEnvelope, encodeEnvelope } from './codec.js';
import type { FrameData, FrameFormat } from './codec.js';
import { ConnectionLostError, KafenioError, NotConnectedError, RequestTimeoutError } from './errors.js';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { ErrorCode } from './gen/kafenio/v1/kafenio_pb.js';
import type { CreateTournamentSchema, DirectTournamentSchema } from './gen/kafenio/v1/kafenio_pb.js';
import type { ClusterRedirect, Envelope, GameView, MatchEvent, SignedIn } from './gen/kafenio/v1/kafenio_pb.js';
import { REPLIES } from './requests.js';
import type { Pushed, ReplyOf, RequestCase, RequestInit } from './requests.js';
import { OPEN, globalWebSocket } from './socket.js';
import type { WebSocketFactory, WebSocketLike } from './socket.js';
import { LobbyTracker } from './lobby.js';
import { TableTracker } from './tables.js';
import type { TableState } from './tables.js';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

// Everything a listener receives: the server's pushed messages as the generated types
// (`case` tells which), match events with the view after them, and the client's own news.
export type ClientEvent =
  | Exclude<Pushed, { case: 'matchEvent' }>
  | { case: 'matchEvent'; value: MatchEvent; view: GameView | undefined; table: TableState }
  | { case: 'connection'; value: { state: ConnectionState; url: string } }
  | { case: 'resumed'; value: { tables: string[] } } // signed in again and back at every table
  | { case: 'sessionLost'; value: KafenioError } // resume refused (expired, banned): sign in again
  | { case: 'tableLost'; value: { tableId: string; error: KafenioError } }; // rejoin refused

export interface ReconnectOptions {
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
  jitter: number; // 0..1: part of each delay drawn at random, so clients do not return in step
}

export interface ClientOptions {
  url: string;
  format?: FrameFormat; // 'json' (text frames, the default) or 'binary'
  webSocket?: WebSocketFactory; // default: the platform's global WebSocket
  token?: string; // a stored session token: resumed on every connect
  requestTimeoutMs?: number; // default per call: 10 s
  heartbeatMs?: number; // ping after this long without a frame (default 15 s; 0: never)
  heartbeatTimeoutMs?: number; // no pong within this: the connection is dead (default 10 s)
  autoReconnect?: boolean; // default true
  reconnect?: Partial<ReconnectOptions>;
  whileReconnecting?: 'queue' | 'fail'; // requests made while away (default: queue them)
  retryRefusedMs?: number; // first pause before resending a RATE_LIMITED or TABLE_MOVING request
  retryRefused?: number; // how many times (default 4: 0.3, 0.6, 1.2, 2.4 s)
}

export interface CallOptions {
  timeoutMs?: number;
}

interface Pending {
  id: string;
  name: RequestCase;
  init: unknown;
  internal: boolean; // the client's own (resume, rejoin, ping): sent before recovery ends
  socket?: WebSocketLike; // the socket it went out on; undefined while queued
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const RETRIED = new Set<ErrorCode>([ErrorCode.RATE_LIMITED, ErrorCode.TABLE_MOVING]);
const RECONNECT: ReconnectOptions = { initialDelayMs: 250, maxDelayMs: 8000, factor: 2, jitter: 0.3 };

function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}

const sleep = (ms: number) => new Promise<void>((wake) => setTimeout(wake, ms));

export class KafenioClient {
  readonly format: FrameFormat;
  readonly tables = new TableTracker();
  readonly lobby = new LobbyTracker(); // filled once subscribeLobby is called
  url: string;
  session?: SignedIn;
  nodes: string[] = []; // every node's address, when the server is a cluster
  state: ConnectionState = 'idle';

  private readonly options: Required<Omit<ClientOptions, 'token' | 'reconnect' | 'webSocket'>>;
  private readonly backoff: ReconnectOptions;
  private readonly factory: WebSocketFactory;
  private token?: string;
  private socket?: WebSocketLike;
  private ready = false; // open, and resumed and rejoined
  private everReady = false;
  private closedByUser = false;
  private delay: number;
  private failures = 0; // attempts in a row that never opened
  private nextNode = -1;
  private moveTarget?: string;
  private nextId = 1;
  private lastHeard = 0;
  private heartbeat?: ReturnType<typeof setInterval>;
  private readonly pending = new Map<string, Pending>();
  private queue: Pending[] = [];
  private readonly listeners = new Set<(event: ClientEvent) => void>();
  private readyWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];

  constructor(options: ClientOptions) {
    this.url = options.url;
    this.format = options.format ?? 'json';
    this.factory = options.webSocket ?? globalWebSocket();
    this.token = options.token;
    this.backoff = { ...RECONNECT, ...options.reconnect };
    this.delay = this.backoff.initialDelayMs;
    this.options = {
      url: options.url,
      format: this.format,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      heartbeatMs: options.heartbeatMs ?? 15_000,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 10_000,
      autoReconnect: options.autoReconnect ?? true,
      whileReconnecting: options.whileReconnecting ?? 'queue',
      retryRefusedMs: options.retryRefusedMs ?? 300,
      retryRefused: options.retryRefused ?? 4,
    };
  }

  // ---- Events ---------------------------------------------------------------------------

  on(listener: (event: ClientEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // The next event that `test` accepts (within `timeoutMs`).
  waitFor<E extends ClientEvent = ClientEvent>(test: (event: ClientEvent) => boolean, timeoutMs = 30_000): Promise<E> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new RequestTimeoutError('waitFor', timeoutMs));
      }, timeoutMs);
      const off = this.on((event) => {
        if (!test(event)) return;
        off();
        clearTimeout(timer);
        resolve(event as E);
      });
    });
  }

  private emit(event: ClientEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.emit({ case: 'connection', value: { state, url: this.url } });
  }

  // ---- Connection -----------------------------------------------------------------------

  // Resolves once connected (and, with a token, signed in again); keeps trying until then.
  connect(): Promise<void> {
    if (this.ready) return Promise.resolve();
    const waiting = new Promise<void>((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
    if (this.state === 'idle' || this.state === 'closed') {
      this.closedByUser = false;
      this.openSocket();
    }
    return waiting;
  }

  // Closes for good: queued and unanswered requests fail with NotConnectedError.
  close(): void {
    this.closedByUser = true;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = undefined;
    this.ready = false;
    socket?.close(1000, 'client closed');
    this.failAll((p) => new NotConnectedError(p.name, 'the client was closed'));
    for (const waiter of this.readyWaiters.splice(0)) waiter.reject(new NotConnectedError('connect', 'the client was closed'));
    this.setState('closed');
  }

  // Drops the connection as a failing network would; the client reconnects and resumes.
  dropConnection(): void {
    if (this.socket) this.dropped(this.socket);
  }

  // Goes on at another node (a ClusterRedirect's address), resuming there.
  moveTo(address: string): void {
    if (!address || address === this.url) return;
    this.moveTarget = address;
    if (this.socket) this.dropped(this.socket);
  }

  private openSocket(): void {
    this.setState(this.everReady ? 'reconnecting' : 'connecting');
    let socket: WebSocketLike;
    try {
      socket = this.factory(this.url);
    } catch {
      this.scheduleReconnect(false);
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.failures = 0;
      this.lastHeard = Date.now();
      void this.recover(socket);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      let envelope: Envelope;
      try {
        envelope = decodeEnvelope(event.data as FrameData);
      } catch {
        return; // a frame this client cannot read: nothing to do with it
      }
      this.receive(envelope);
    };
    socket.onerror = () => {}; // a close follows
    socket.onclose = () => {
      if (this.socket === socket) this.dropped(socket, opened);
    };
  }

  // After each open: sign the session in again, join every table again from its last
  // event (the server replays what was missed, or sends a snapshot), then send what was
  // queued meanwhile.
  private async recover(socket: WebSocketLike): Promise<void> {
    try {
      const token = this.session?.token ?? this.token;
      if (token) {
        try {
          this.session = await this.send('resume', { token }, {}, true);
        } catch (error) {
          if (!(error instanceof KafenioError)) throw error;
          this.session = undefined;
          this.token = undefined;
          this.emit({ case: 'sessionLost', value: error });
        }
      }
      if (this.lobby.subscribed) await this.send('subscribeLobby', {}, {}, true);
      if (this.session) {
        for (const table of this.tables.all()) {
          try {
            // TABLE_MOVING (its node died, another takes it over) is asked again shortly.
            await this.sendRetrying('joinTable', {
              tableId: table.tableId, inviteCode: table.inviteCode, matchId: table.matchId, lastSeq: table.seq,
            }, {}, true);
          } catch (error) {
            if (!(error instanceof KafenioError)) throw error;
            this.tables.leave(table.tableId);
            this.emit({ case: 'tableLost', value: { tableId: table.tableId, error } });
          }
        }
      }
    } catch {
      return; // the connection went away during recovery: the next one starts again
    }
    if (this.socket !== socket) return;
    this.ready = true;
    this.delay = this.backoff.initialDelayMs;
    const again = this.everReady;
    this.everReady = true;
    this.setState('open');
    if (again) this.emit({ case: 'resumed', value: { tables: this.tables.all().map((t) => t.tableId) } });
    for (const waiter of this.readyWaiters.splice(0)) waiter.resolve();
    const queued = this.queue.splice(0);
    for (const p of queued) this.transmit(p);
    this.startHeartbeat();
  }

  private dropped(socket: WebSocketLike, opened = true): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.ready = false;
    this.stopHeartbeat();
    socket.onopen = socket.onmessage = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // already closing
    }
    // Sent and unanswered: the outcome is unknown, so the caller decides.
    for (const p of [...this.pending.values()]) {
      if (p.socket === socket) this.settle(p)?.reject(new ConnectionLostError(p.name));
    }
    if (this.closedByUser) return;
    if (!this.options.autoReconnect) {
      this.failAll((p) => new NotConnectedError(p.name, 'the connection was lost'));
      this.setState('closed');
      return;
    }
    if (this.options.whileReconnecting === 'fail') {
      for (const p of [...this.queue]) this.settle(p)?.reject(new NotConnectedError(p.name, 'reconnecting'));
    }
    this.scheduleReconnect(opened);
  }

  private scheduleReconnect(opened: boolean): void {
    if (!opened) this.failures += 1;
    let wait: number;
    if (this.moveTarget) {
      this.url = this.moveTarget;
      this.moveTarget = undefined;
      wait = 0;
    } else {
      const other = this.failures >= 2 ? this.otherNode() : undefined;
      if (other) {
        // This node did not answer twice: another node of the cluster carries its tables.
        this.url = other;
        this.failures = 0;
      }
      const jitter = 1 - this.backoff.jitter * Math.random();
      wait = Math.round(this.delay * jitter);
      this.delay = Math.min(this.delay * this.backoff.factor, this.backoff.maxDelayMs);
    }
    this.setState(this.everReady ? 'reconnecting' : 'connecting');
    // Not unref'd: in Node, a program waiting for its connection to come back stays alive.
    setTimeout(() => {
      if (!this.closedByUser && !this.socket) this.openSocket();
    }, wait);
  }

  private otherNode(): string | undefined {
    const others = this.nodes.filter((address) => address !== this.url);
    if (others.length === 0) return undefined;
    this.nextNode = (this.nextNode + 1) % others.length;
    return others[this.nextNode];
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    const every = this.options.heartbeatMs;
    if (every <= 0) return;
    const socket = this.socket;
    let waiting = false; // one heartbeat ping at a time
    this.heartbeat = setInterval(() => {
      if (waiting || !socket || this.socket !== socket || Date.now() - this.lastHeard < every) return;
      waiting = true;
      this.send('ping', {}, { timeoutMs: this.options.heartbeatTimeoutMs }, true).then(() => { waiting = false; }, (error) => {
        waiting = false;
        if (error instanceof RequestTimeoutError && this.socket === socket) this.dropped(socket);
      });
    }, Math.max(250, Math.floor(every / 2)));
    unref(this.heartbeat);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  // ---- Requests -------------------------------------------------------------------------

  // Any request by its case name, e.g. request('createTable', { game: 'diloti' }). A
  // RATE_LIMITED or TABLE_MOVING refusal (nothing was done) is sent again after a pause,
  // a few times, before it reaches the caller.
  request<C extends RequestCase>(name: C, init: RequestInit<C>, options: CallOptions = {}): Promise<ReplyOf<C>> {
    return this.sendRetrying(name, init, options, false);
  }

  private async sendRetrying<C extends RequestCase>(name: C, init: unknown, options: CallOptions, internal: boolean): Promise<ReplyOf<C>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(name, init, options, internal);
      } catch (error) {
        const again = error instanceof KafenioError && RETRIED.has(error.code) && attempt < this.options.retryRefused;
        if (!again) throw error;
        await sleep(this.options.retryRefusedMs * 2 ** attempt);
      }
    }
  }

  private send<C extends RequestCase>(name: C, init: unknown, options: CallOptions, internal: boolean): Promise<ReplyOf<C>> {
    return new Promise((resolve, reject) => {
      if (this.closedByUser || (this.state === 'closed' && !internal)) {
        reject(new NotConnectedError(name, 'the client is closed'));
        return;
      }
      const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs;
      const p: Pending = {
        id: `r${this.nextId++}`, name, init, internal,
        resolve: resolve as (value: unknown) => void, reject,
        timer: setTimeout(() => this.settle(p)?.reject(new RequestTimeoutError(name, timeoutMs)), timeoutMs),
      };
      if (internal ? this.socket?.readyState === OPEN : this.ready) {
        this.transmit(p);
      } else if (internal || (this.everReady && this.options.whileReconnecting === 'fail')) {
        this.settle(p);
        reject(new NotConnectedError(name, 'not connected'));
      } else {
        this.queue.push(p);
      }
    });
  }

  private transmit(p: Pending): void {
    const socket = this.socket!;
    p.socket = socket;
    this.pending.set(p.id, p);
    socket.send(encodeEnvelope({ requestId: p.id, body: { case: p.name, value: p.init } as never }, this.format));
  }

  // Takes a request out of the books (queued or sent); undefined when it already settled.
  private settle(p: Pending): Pending | undefined {
    const known = this.pending.delete(p.id) || this.queue.includes(p);
    if (!known) return undefined;
    this.queue = this.queue.filter((q) => q !== p);
    clearTimeout(p.timer);
    return p;
  }

  private failAll(error: (p: Pending) => Error): void {
    for (const p of [...this.pending.values(), ...this.queue]) this.settle(p)?.reject(error(p));
  }

  // ---- Incoming -------------------------------------------------------------------------

  private receive(envelope: Envelope): void {
    const body = envelope.body;
    const p = envelope.requestId ? this.pending.get(envelope.requestId) : undefined;
    if (p) {
      if (body.case === 'tableRedirect') {
        this.redirected(p, body.value);
        return;
      }
      this.settle(p);
      if (body.case === 'error') {
        p.reject(new KafenioError(body.value, envelope.requestId));
        return;
      }
      this.afterReply(p, body);
      if (body.case === 'matchEvent') this.matchEvent(body.value);
      const expected = REPLIES[p.name];
      if (body.case === expected) p.resolve(body.value);
      else if (body.case === 'ok') p.resolve(undefined);
      else p.resolve(body.value);
      return;
    }
    switch (body.case) {
      case 'matchEvent':
        this.matchEvent(body.value);
        return;
      case 'table':
        this.tables.updateInfo(body.value);
        this.lobby.update(body.value);
        break;
      case 'tableRemoved':
        this.lobby.remove(body.value.tableId);
        break;
      case 'tableClosed':
        this.tables.leave(body.value.tableId);
        break;
      case 'clusterNodes':
        this.nodes = [...body.value.addresses];
        break;
      case 'tableRedirect':
        // The table's node lost it: join again through this node, which answers with the
        // table's new node (a redirect that this client follows).
        this.rejoinSoon(body.value.tableId);
        break;
      case undefined:
        return; // a message this SDK does not know (a newer server's)
      default:
        // A reply nobody waits for any more (a timed-out request's) is not news.
        if (envelope.requestId) return;
    }
    this.emit(body as ClientEvent);
  }

  // What a reply changes in the client's own books.
  private afterReply(p: Pending, body: Envelope['body']): void {
    const init = p.init as { tableId?: string; inviteCode?: string };
    if (body.case === 'signedIn') this.session = body.value;
    else if (body.case === 'lobby') this.lobby.replace(body.value.tables);
    else if (body.case === 'tableCreated') this.tables.enter(body.value.tableId, body.value.inviteCode);
    else if (p.name === 'joinTable' && body.case === 'ok') this.tables.enter(init.tableId!, init.inviteCode);
    else if (p.name === 'leaveTable' && body.case === 'ok') this.tables.leave(init.tableId!);
    else if ((p.name === 'signOut' || p.name === 'signOutEverywhere') && body.case === 'ok') this.forgetSession();
  }

  // Signed out: the server closes the connection, and the next one is no one's (no resume,
  // no tables to rejoin).
  private forgetSession(): void {
    this.session = undefined;
    this.token = undefined;
    for (const table of this.tables.all()) this.tables.leave(table.tableId);
  }

  private matchEvent(event: MatchEvent): void {
    const outcome = this.tables.receive(event);
    if (!outcome.applied) {
      if (outcome.reason === 'gap') this.rejoinSoon(event.tableId, 0);
      return;
    }
    this.emit({ case: 'matchEvent', value: event, view: outcome.view, table: this.tables.get(event.tableId)! });
  }

  // A request answered with "played on another node": nothing was done. Go there (or,
  // with no address while the table moves, wait a moment), and send it again once resumed.
  private redirected(p: Pending, redirect: ClusterRedirect): void {
    this.pending.delete(p.id);
    p.socket = undefined;
    if (p.internal) {
      this.settle(p);
      p.reject(new ConnectionLostError(p.name));
    } else {
      this.queue.unshift(p);
    }
    if (redirect.address) {
      this.moveTo(redirect.address);
    } else if (!p.internal) {
      setTimeout(() => {
        if (this.ready && this.queue.includes(p)) {
          this.queue = this.queue.filter((q) => q !== p);
          this.transmit(p);
        }
      }, 500);
    }
  }

  private rejoinSoon(tableId: string, delayMs = 500): void {
    setTimeout(() => {
      const table = this.tables.get(tableId);
      if (!table || !this.ready) return;
      this.request('joinTable', { tableId, inviteCode: table.inviteCode, matchId: table.matchId, lastSeq: table.seq })
        .catch(() => {});
    }, delayMs);
  }

  // ---- The protocol's requests, one method each (docs/protocol.md) ----------------------

  signInGuest(name: string, options?: CallOptions) {
    return this.request('signInGuest', { name }, options);
  }
  register(name: string, password: string, options?: CallOptions) {
    return this.request('register', { name, password }, options);
  }
  signIn(name: string, password: string, options?: CallOptions) {
    return this.request('signIn', { name, password }, options);
  }
  resume(token: string, options?: CallOptions) {
    return this.request('resume', { token }, options);
  }
  subscribeLobby(options?: CallOptions) {
    return this.request('subscribeLobby', {}, options);
  }
  createTable(table: RequestInit<'createTable'>, options?: CallOptions) {
    return this.request('createTable', table, options);
  }
  // Joins with the last event this client saw there, so a rejoin replays what was missed.
  joinTable(tableId: string, inviteCode = '', options?: CallOptions) {
    const known = this.tables.get(tableId);
    return this.request('joinTable', {
      tableId, inviteCode: inviteCode || known?.inviteCode || '', matchId: known?.matchId ?? 0n, lastSeq: known?.seq ?? 0n,
    }, options);
  }
  sit(tableId: string, seat: number, options?: CallOptions) {
    return this.request('sit', { tableId, seat }, options);
  }
  stand(tableId: string, options?: CallOptions) {
    return this.request('stand', { tableId }, options);
  }
  leaveTable(tableId: string, options?: CallOptions) {
    return this.request('leaveTable', { tableId }, options);
  }
  setReady(tableId: string, ready = true, options?: CallOptions) {
    return this.request('setReady', { tableId, ready }, options);
  }
  addBot(tableId: string, seat: number, level: 'easy' | 'strong' | '' = '', options?: CallOptions) {
    return this.request('addBot', { tableId, seat, level }, options);
  }
  reclaimSeat(tableId: string, options?: CallOptions) {
    return this.request('reclaimSeat', { tableId }, options);
  }
  // `move`: one of the view's legal moves as is, or `{ notation: 'play Jh' }`. The move is
  // sent for the view this client has (`expectedSeq`: the table's last event; 0n: any),
  // so one chosen on a view the match has left behind (a move resent after a reconnect,
  // when the first did reach the server) is refused with NOT_YOUR_TURN, not played twice.
  playMove(tableId: string, move: RequestInit<'playMove'>['move'], options: CallOptions & { expectedSeq?: bigint } = {}) {
    const expectedSeq = options.expectedSeq ?? this.tables.get(tableId)?.seq ?? 0n;
    return this.request('playMove', { tableId, move, expectedSeq }, options);
  }
  sendChat(tableId: string, text: string, options?: CallOptions) {
    return this.request('sendChat', { tableId, text }, options);
  }
  ping(options?: CallOptions) {
    return this.request('ping', {}, options);
  }
  getMatchRecord(matchId: bigint, options?: CallOptions) {
    return this.request('getMatchRecord', { matchId }, options);
  }
  getMatchHistory(query: RequestInit<'getMatchHistory'> = {}, options?: CallOptions) {
    return this.request('getMatchHistory', query, options);
  }
  getLeaderboard(mode: string, limit = 0, options?: CallOptions) {
    return this.request('getLeaderboard', { mode, limit }, options);
  }
  getProfile(accountId = 0n, options?: CallOptions) {
    return this.request('getProfile', { accountId }, options);
  }
  // A player's rating in one mode after each rated match, oldest first (accountId 0: yours).
  getRatingHistory(mode: string, accountId = 0n, limit = 0, options?: CallOptions) {
    return this.request('getRatingHistory', { accountId, mode, limit }, options);
  }
  signOut(options?: CallOptions) {
    return this.request('signOut', {}, options);
  }
  // A tournament director's: stop every table of a running event, and go on.
  pauseTournament(tournamentId: bigint, reason = '', options?: CallOptions) {
    return this.request('pauseTournament', { tournamentId, reason }, options);
  }
  resumeTournament(tournamentId: bigint, options?: CallOptions) {
    return this.request('resumeTournament', { tournamentId }, options);
  }

  // Tournaments (docs/tournaments.md): every change is answered with the event in full.
  createTournament(settings: TournamentSettingsInit, options?: CallOptions) {
    return this.request('createTournament', { settings }, options);
  }
  // `state`: 'registering' (the default), 'running' or 'finished'; `limit` 1-100 (0: 20).
  listTournaments(state = '', limit = 0, options?: CallOptions) {
    return this.request('listTournaments', { state, limit }, options);
  }
  getTournament(tournamentId: bigint, options?: CallOptions) {
    return this.request('getTournament', { tournamentId }, options);
  }
  // For an event of pairs, `partnerName` is invited; the pair is entered once they accept.
  enterTournament(tournamentId: bigint, pair: { partnerName?: string; pairName?: string } = {}, options?: CallOptions) {
    return this.request('enterTournament', { tournamentId, ...pair }, options);
  }
  withdrawFromTournament(tournamentId: bigint, options?: CallOptions) {
    return this.request('withdrawFromTournament', { tournamentId }, options);
  }
  answerInvitation(tournamentId: bigint, invitation: number, accept: boolean, options?: CallOptions) {
    return this.request('answerInvitation', { tournamentId, invitation, accept }, options);
  }
  // The caller's pending invitations, sent and received.
  listInvitations(options?: CallOptions) {
    return this.request('listInvitations', {}, options);
  }
  checkIn(tournamentId: bigint, options?: CallOptions) {
    return this.request('checkIn', { tournamentId }, options);
  }
  // A director's action: 'start', 'add_entrant', 'add_bot', 'remove_entrant', 'disqualify',
  // 'replace_round', 'end_early', 'forbid_pair', 'allow_pair', 'set_rank'; `details` holds
  // the action's fields (playerName, entrant, round, ...).
  directTournament(tournamentId: bigint, action: string, details: DirectionDetails = {}, options?: CallOptions) {
    return this.request('directTournament', { ...details, tournamentId, action }, options);
  }

  // A registered player's report of a player, or of one chat line (docs/protocol.md).
  reportPlayer(report: RequestInit<'reportPlayer'>, options?: CallOptions) {
    return this.request('reportPlayer', report, options);
  }

  // Sessions (docs/protocol.md "Sessions"). Signing out everywhere forgets this client's
  // token too; changing the password signs the account's other sessions out.
  signOutEverywhere(options?: CallOptions) {
    return this.request('signOutEverywhere', {}, options);
  }
  changePassword(oldPassword: string, newPassword: string, options?: CallOptions) {
    return this.request('changePassword', { oldPassword, newPassword }, options);
  }
  listSessions(options?: CallOptions) {
    return this.request('listSessions', {}, options);
  }
  revokeSession(sessionId: string, options?: CallOptions) {
    return this.request('revokeSession', { sessionId }, options);
  }
}

type TournamentSettingsInit = NonNullable<MessageInitShape<typeof CreateTournamentSchema>['settings']>;
type DirectionDetails = Omit<MessageInitShape<typeof DirectTournamentSchema>, 'tournamentId' | 'action' | '$typeName'>;

// Every request of the protocol has a method of its own name: the build fails here when the
// .proto gains a request (listed in REPLIES) that this class has no method for.
type RequestWithoutMethod = Exclude<RequestCase, keyof KafenioClient>;
const everyRequestHasAMethod: [RequestWithoutMethod] extends [never] ? true : RequestWithoutMethod = true;
void everyRequestHasAMethod;
