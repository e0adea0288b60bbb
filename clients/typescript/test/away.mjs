// Keeping an SDK client away from the server while its match goes on, to force each way it
// catches up when it is back (docs/protocol.md, "Reconnect"): a replay of exactly the
// events it missed, or a snapshot it rebuilds its view from.
import { equals } from '@bufbuild/protobuf';
import WebSocket from 'ws';
import { GameViewSchema, isMyTurn, playableMoves } from '@kafenio/client';
import { assert } from './server.mjs';

// A WebSocket factory with a gate: while it is shut every connection attempt fails at once
// (as with no network), so the client stays away until the test opens it.
export function gatedWebSocket() {
  let shut = false;
  return {
    factory: (url) => {
      if (shut) throw new Error('no network');
      return new WebSocket(url);
    },
    shut() { shut = true; },
    open() { shut = false; },
  };
}

// Every match event the client takes in at the table: its seq and kind, and for a snapshot
// whether the client's table (view and seq) was rebuilt from it.
export function recordEvents(client, tableId) {
  const seen = [];
  client.on((e) => {
    if (e.case !== 'matchEvent' || e.value.tableId !== tableId) return;
    const snapshot = e.value.kind.case === 'snapshot';
    seen.push({
      seq: e.value.seq,
      kind: e.value.kind.case,
      rebuilt: snapshot && e.table.seq === e.value.seq && equals(GameViewSchema, e.table.view, e.value.view),
    });
  });
  return seen;
}

export const describe = (seen) => seen.map((s) => `${s.seq}${s.kind[0]}`).join(' ');

// Whether it is `seat`'s turn in a view (a spectator's public view too).
export function seatToAct(view, seat) {
  const v = view?.game.value;
  if (!v || v.toAct !== seat) return false;
  return view.game.case === 'pilotta' ? v.phase !== 'awaiting_deal' && v.phase !== 'match_over' : v.phase === 'play';
}

// Resolves with the table as `client` follows it once `test` accepts it (now, or after one
// of the events to come).
export function until(client, tableId, test, timeoutMs = 60_000) {
  const now = client.tables.get(tableId);
  if (now && test(now)) return Promise.resolve(now);
  return client.waitFor((e) => e.case === 'matchEvent' && e.value.tableId === tableId && test(e.table), timeoutMs)
    .then((e) => e.table);
}

// Plays `turns` of the client's turns (more if the last leaves it to act again), then, at
// once after its last move's reply (another seat to act), shuts the gate and drops the
// connection. Returns the last event it saw.
export async function moveThenGoAway(client, tableId, gate, turns = 1) {
  for (let played = 0; ; played += 1) {
    await until(client, tableId, (t) => isMyTurn(t.view));
    const moves = playableMoves(client.tables.get(tableId).view);
    await client.playMove(tableId, moves[Math.floor(Math.random() * moves.length)]);
    const table = client.tables.get(tableId);
    if (played + 1 >= turns && !isMyTurn(table.view)) {
      gate.shut();
      client.dropConnection();
      return table.seq;
    }
  }
}

// What came after `mark` (an index into recordEvents' list) is the snapshot path: one
// snapshot at `atLeast` or later, the client's table rebuilt from it, and after it the
// events in order by sequence.
export function assertSnapshotAfter(seen, mark, atLeast) {
  const after = seen.slice(mark);
  assert(after.length > 0 && after[0].kind === 'snapshot', `a snapshot first when back: ${describe(after)}`);
  assert(after[0].seq >= atLeast, `the snapshot is at ${after[0].seq}, at least ${atLeast}`);
  assert(after[0].rebuilt, 'the client\'s view and sequence were rebuilt from the snapshot');
  for (let i = 1; i < after.length; i += 1) {
    if (after[i].kind === 'snapshot') continue; // one the test asked for (checkViewAgainstServer)
    assert(after[i].seq === after[i - 1].seq + 1n, `in order after the snapshot: ${describe(after)}`);
  }
}
