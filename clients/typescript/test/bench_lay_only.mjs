// A measurement, not a test (not in CTest): two SDK players at a Diloti table who only
// ever lay a card, so that the loose cards pile up. It prints, for each move, the loose
// cards, what the next player's view lists (plain moves, move families, and the families'
// parts and anchors), the size of that pushed event in JSON and how long the mover waited
// for the reply. Before move families (docs/protocol.md, "Diloti move families") the view
// listed every capture, and the list grew exponentially with the loose cards (23 loose
// cards: 402,860 moves, 64 MB an event, replies of 1.5 s); docs/performance.md, "Diloti
// views when nobody captures", has the figures before and after.
//
// usage: node test/bench_lay_only.mjs KAFENIO_BINARY [MAX_EVENT_BYTES]   (cwd: the built package)
import WebSocket from 'ws';
import { KafenioClient, dilotiMoves, gameView, isMyTurn } from '@kafenio/client';
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
  console.log('seq loose plain_moves families parts event_bytes reply_ms');
  await new Promise((resolve, reject) => {
    for (const client of [a, b]) {
      let actedAt = -1n;
      const act = (view, table) => {
        if (!isMyTurn(view) || table.seq === actedAt) return;
        actedAt = table.seq;
        const { moves, families } = dilotiMoves(view);
        const parts = families.reduce((n, f) => n + f.parts.length + f.anchors.length, 0);
        const lay = moves.find((m) => m.kind === 'lay') ?? moves[0];
        if (!lay) return resolve(); // captures or groups only: the table stops growing here
        const bytes = lastEventBytes;
        lastEventBytes = 0;
        const started = Date.now();
        client.playMove(tableId, lay).then(() => {
          console.log(String(table.seq), gameView(view).loose.length, moves.length, families.length, parts, bytes,
            Date.now() - started);
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
