// The connection to the server: JSON envelopes over one WebSocket, replies matched to
// requests by request_id, pushed messages handed to listeners, and an automatic
// reconnect (the app resumes its session and table when `onReconnected` fires). With
// several server nodes (docs/scaling.md) it moves to the node a table is played on
// (`moveTo`), and when its own node cannot be reached it goes on at another node it knows
// (`nodes`, from the server's ClusterNodes).

export class ServerError extends Error {
  constructor(error) {
    super(`${error.code}: ${error.message}`);
    this.code = error.code;
    this.detail = error.message; // the server's sentence, without the code
  }
}

export class Connection {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.onStatus = () => {};
    this.onReconnected = async () => {};
    this.onUnreachable = () => {};
    this.retryMs = 500;
    this.everOpened = false;
    this.nodes = [];      // every node's WebSocket address, when the server is a cluster
    this.failures = 0;    // attempts in a row that never opened
    this.moving = false;  // moveTo: reconnect at once, to the new address
    this.rateLimitRetries = 4; // pauses of 0.3, 0.6, 1.2 and 2.4 s
    this.rateLimitPauseMs = 300;
  }

  // Resolves once the first connection is open; until then it keeps trying, and
  // `onUnreachable` tells the player once that the server cannot be reached.
  open() {
    return new Promise((resolve) => this.connect(resolve));
  }

  connect(resolve) {
    this.onStatus(this.everOpened ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = async () => {
      ws.opened = true;
      this.retryMs = 500;
      this.failures = 0;
      const reconnect = this.everOpened;
      this.everOpened = true;
      this.onStatus('online');
      if (resolve) resolve();
      if (reconnect) await this.onReconnected();
    };
    ws.onmessage = (frame) => this.receive(frame.data);
    ws.onclose = () => {
      // Requests in flight on the dropped socket will never be answered.
      for (const { reject: fail } of this.pending.values()) fail(new Error('connection lost'));
      this.pending.clear();
      if (!this.everOpened && !this.toldUnreachable) {
        this.toldUnreachable = true;
        this.onUnreachable();
      }
      this.onStatus(this.everOpened ? 'reconnecting' : 'connecting');
      let wait = this.retryMs;
      if (!ws.opened) this.failures += 1;
      const other = this.failures >= 2 ? this.otherNode() : null;
      if (this.moving) {
        this.moving = false;
        wait = 0;
      } else if (other) {
        // This node is gone (twice no answer): another node carries on with its tables.
        this.url = other;
        this.failures = 0;
        wait = 0;
      } else {
        this.retryMs = Math.min(this.retryMs * 2, 8000);
      }
      setTimeout(() => this.connect(this.everOpened ? undefined : resolve), wait);
    };
  }

  // A node of the cluster other than the one this connection tries, taken in turn.
  otherNode() {
    const others = this.nodes.filter((address) => address !== this.url);
    if (!others.length) return null;
    this.nextNode = ((this.nextNode ?? -1) + 1) % others.length;
    return others[this.nextNode];
  }

  // Goes on at another node (a ClusterRedirect's address): the socket is closed and opened
  // there at once; `onReconnected` then resumes the session and the table, as after any
  // dropped connection.
  moveTo(url) {
    if (!url || url === this.url) return;
    this.url = url;
    this.failures = 0;
    if (!this.ws || this.ws.readyState === WebSocket.CLOSED) return;
    this.moving = true;
    this.ws.close();
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      this.emit({ error: { code: 'BAD_FRAME', message: 'the server sent a frame that is not JSON' } });
      return;
    }
    const id = message.request_id;
    if (id && this.pending.has(id)) {
      const { resolve, reject } = this.pending.get(id);
      this.pending.delete(id);
      if (message.error) reject(new ServerError(message.error));
      else resolve(message);
      // A move's event is also the mover's reply: the table follows it all the same.
      if (!message.match_event) return;
    }
    this.emit(message);
  }

  emit(message) {
    for (const listener of this.listeners) listener(message);
  }

  // Sends one request; resolves with the reply envelope, rejects with ServerError. A
  // request refused with RATE_LIMITED was not carried out (the server refuses before it
  // acts), so it is sent again after a pause, a few times with longer pauses, before the
  // refusal reaches the caller: a quick player's click is delayed, not lost.
  async request(name, body = {}) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(name, body);
      } catch (error) {
        const limited = error instanceof ServerError && error.code === 'RATE_LIMITED';
        if (!limited || attempt >= this.rateLimitRetries) throw error;
        await new Promise((wake) => setTimeout(wake, this.rateLimitPauseMs * 2 ** attempt));
      }
    }
  }

  send(name, body) {
    const id = `r${this.nextId++}`;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new Error('not connected'));
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ request_id: id, [name]: body }));
    });
  }

  // A test hook and a manual "reconnect now": drops the socket as a network would.
  drop() {
    if (this.ws) this.ws.close();
  }
}

// ws://HOST/ws or wss://HOST/ws, on the address the page came from.
export function serverUrl(location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
