// A Kafenio bot in a page of code: it signs in as a guest, opens a Diloti table against a
// server bot (or joins the table you name), plays one of the legal moves whenever it is
// its turn, and says who won. Dropped connections are the SDK's business: it reconnects,
// resumes the session and rejoins the table from the last event it saw.
//
// usage: node examples/bot.mjs ws://127.0.0.1:8080/ws [TABLE_ID SEAT]
// (Node 20 takes its WebSocket from the ws package; browsers and React Native have one.)
import WebSocket from 'ws';
import { KafenioClient, KafenioError, cardLabel, gameView, isMyTurn, moveLabel, playableMoves } from '@kafenio/client';

const [url = 'ws://127.0.0.1:8080/ws', joinId, joinSeat] = process.argv.slice(2);
const client = new KafenioClient({ url, format: 'binary', webSocket: (address) => new WebSocket(address) });

client.on((event) => {
  if (event.case === 'connection') console.log(`connection: ${event.value.state}`);
  if (event.case === 'resumed') console.log(`resumed at ${event.value.tables.join(', ')}`);
});

await client.connect();
const me = await client.signInGuest('Μπότης');
console.log(`signed in as ${me.name}`);

let tableId = joinId;
if (tableId) {
  await client.joinTable(tableId);
  await client.sit(tableId, Number(joinSeat ?? 1));
} else {
  ({ tableId } = await client.createTable({ game: 'diloti', preset: 'online', options: ['target=11'], seats: 2 }));
  await client.sit(tableId, 0);
  await client.addBot(tableId, 1, 'easy');
}

// Plays the first capture it can, else any legal move.
function choose(moves) {
  return moves.find((move) => move.kind === 'capture') ?? moves[Math.floor(Math.random() * moves.length)];
}

let lastActed = -1n;
async function act(table) {
  if (!isMyTurn(table.view) || table.seq === lastActed) return;
  lastActed = table.seq;
  const move = choose(playableMoves(table.view));
  try {
    await client.playMove(tableId, move);
    console.log(`played ${moveLabel(move)}`);
  } catch (error) {
    // The server refused it (a typed error with its code), or the connection dropped:
    // the next event, or the resume, brings the turn back if it is still ours.
    if (error instanceof KafenioError) console.log(`refused: ${error.codeName}`);
    lastActed = -1n;
  }
}

// Listening before ready: the match's first events may come with the reply.
const ended = new Promise((resolve) => {
  client.on((event) => {
    if (event.case === 'resumed') void act(client.tables.get(tableId));
    if (event.case !== 'matchEvent' || event.value.tableId !== tableId) return;
    const kind = event.value.kind;
    if (kind.case === 'handStarted') {
      console.log(`hand ${kind.value.handNumber}: ${gameView(event.view).hand.map(cardLabel).join(' ')}`);
    }
    if (kind.case === 'matchEnded') resolve(kind.value);
    else void act(event.table);
  });
});

await client.setReady(tableId);
console.log(`playing at table ${tableId}`);
const result = await ended;

const seat = gameView(client.tables.get(tableId).view).viewer;
console.log(`match over: ${result.totals.join(' – ')}, ${result.winner === seat % 2 ? 'we won' : 'we lost'}`);
client.close();
