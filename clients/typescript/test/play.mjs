// An SDK bot for the tests: at each match event where it is this client's turn, it plays
// one of the view's legal moves, until the match ends. It survives reconnects: after the
// client resumes, it looks at the table's view again.
import { equals } from '@bufbuild/protobuf';
import { ConnectionLostError, GameViewSchema, KafenioError, isMyTurn, playableMoves } from '@kafenio/client';
import { assert } from './server.mjs';

export function playMatch(client, tableId, { timeoutMs = 240_000, pick = (moves) => moves[Math.floor(Math.random() * moves.length)] } = {}) {
  let actedAt = -1n;
  const stats = { events: 0, moves: 0, kinds: new Set() };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { off(); reject(new Error(`match at ${tableId} did not end in ${timeoutMs} ms`)); }, timeoutMs);
    const act = (view, table) => {
      if (!isMyTurn(view) || table.seq === actedAt) return;
      actedAt = table.seq;
      const move = pick(playableMoves(view));
      stats.moves += 1;
      client.playMove(tableId, move).catch((error) => {
        // A lost connection or a turn already over (a replay, the clock) is not a failure:
        // the events after the resume say what happened.
        if (error instanceof ConnectionLostError) { actedAt = -1n; return; }
        if (error instanceof KafenioError && ['NOT_YOUR_TURN', 'NO_MATCH'].includes(error.codeName)) return;
        off(); clearTimeout(timer); reject(error);
      });
    };
    const off = client.on((event) => {
      if (event.case === 'resumed') {
        actedAt = -1n;
        const table = client.tables.get(tableId);
        if (table?.view) act(table.view, table);
        return;
      }
      if (event.case !== 'matchEvent' || event.value.tableId !== tableId) return;
      stats.events += 1;
      stats.kinds.add(event.value.kind.case);
      if (event.value.kind.case === 'matchEnded') {
        off(); clearTimeout(timer);
        resolve({ ended: event.value.kind.value, view: event.view, matchId: event.value.matchId, stats });
        return;
      }
      act(event.view, event.table);
    });
    const table = client.tables.get(tableId);
    if (table?.view) act(table.view, table);
  });
}

// The view built from patches equals the whole view the server sends on a fresh join.
export async function checkViewAgainstServer(client, tableId) {
  const built = client.tables.get(tableId).view;
  const snapshot = client.waitFor((e) => e.case === 'matchEvent' && e.value.tableId === tableId && e.value.kind.case === 'snapshot');
  await client.request('joinTable', { tableId, matchId: 0n, lastSeq: 0n });
  const whole = (await snapshot).value.view;
  assert(equals(GameViewSchema, built, whole), 'the view built from patches equals the server\'s whole view');
}
