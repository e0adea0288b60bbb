// A measurement, not a test (not in CTest): two SDK players at a Diloti table who only
// ever lay a card, so that the loose cards pile up. It prints, for each move, the loose
// cards, the legal moves the next player's view lists, the size of that pushed event in
// JSON and how long the mover waited for the reply. Diloti's captures are every set of
// disjoint groups summing to the card's value, so the list grows exponentially with the
// loose cards: on an idle 2-core machine 17 loose cards gave 729 moves (97 kB), 24 gave
// 33 MB per event and replies of 3 s, and a JSON client on ws ≥ 8.23 (at most 16384
// fragments a message) drops the connection and, on every rejoin, gets the whole view again.
//
// usage: node test/bench_lay_only.mjs KAFENIO_BINARY [MAX_EVENT_BYTES]   (cwd: the built package)
import WebSocket from 'ws';
import { KafenioClient, gameView, isMyTurn, legalMoves } from '@kafenio/client';
import { startServer } from './server.mjs';

const [binary, limit = '20000000'] = process.argv.slice(2);
const server = await startServer(binary, { settings: ['bot_delay_ms=0'] });
const clients = [];
let lastEventBytes = 0;
async function player(name) {
  const client = new KafenioClient({
    url: server.url, format: 'json', requestTimeoutMs: 120_000,
    webSocket: (url) => {
      const socket = new WebSocket(url, { maxFragments: 0 });
      socket.on('message', (data) => { lastEventBytes = Math.max(lastEventBytes, data.length); });
      return socket;
    },
  });
  clients.push(client);
  await client.connect();
  await client.register(name, 'correct horse 1');
  return client;
}

try {
  const [a, b] = [await player('Άννα'), await player('Βασίλης')];
  const { tableId } = await a.createTable({ game: 'diloti', seats: 2 });
  await b.joinTable(tableId);
  await a.sit(tableId, 0);
  await b.sit(tableId, 1);
  console.log('seq loose legal_moves event_bytes reply_ms');
  await new Promise((resolve, reject) => {
    for (const client of [a, b]) {
      let actedAt = -1n;
      const act = (view, table) => {
        if (!isMyTurn(view) || table.seq === actedAt) return;
        actedAt = table.seq;
        const moves = legalMoves(view);
        const lay = moves.find((m) => m.kind === 'lay') ?? moves[0];
        const bytes = lastEventBytes;
        lastEventBytes = 0;
        const started = Date.now();
        client.playMove(tableId, lay).then(() => {
          console.log(String(table.seq), gameView(view).loose.length, moves.length, bytes, Date.now() - started);
          if (bytes > Number(limit)) resolve();
        }, reject);
      };
      client.on((event) => {
        if (event.case !== 'matchEvent' || event.value.tableId !== tableId) return;
        if (event.value.kind.case === 'matchEnded' || event.value.kind.case === 'handEnded') return resolve();
        act(event.view, event.table);
      });
    }
    for (const client of [a, b]) client.setReady(tableId).catch(reject);
  });
} finally {
  for (const client of clients) client.close();
  await server.stop();
}
process.exit(0);
