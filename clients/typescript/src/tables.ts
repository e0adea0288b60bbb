// The tables this client is at: each one's latest info and the match as this client has
// followed it (match id, last event sequence, the view built from whole views and
// patches). After a reconnect the client joins each again with its match id and last
// sequence, so the server replays what was missed (or sends a snapshot).
import { applyPatch } from './view_patch.js';
import type { GameView, MatchEvent, TableInfo } from './gen/kafenio/v1/kafenio_pb.js';

export interface TableState {
  tableId: string;
  inviteCode: string;
  info?: TableInfo;
  matchId: bigint; // 0n: no match seen yet
  seq: bigint; // the last event applied
  view?: GameView;
}

export type EventOutcome =
  | { applied: true; view?: GameView } // a new event (or snapshot), view after it
  | { applied: false; reason: 'duplicate' | 'gap' };

export class TableTracker {
  private readonly tables = new Map<string, TableState>();

  enter(tableId: string, inviteCode = ''): TableState {
    let state = this.tables.get(tableId);
    if (!state) {
      state = { tableId, inviteCode, matchId: 0n, seq: 0n };
      this.tables.set(tableId, state);
    } else if (inviteCode) {
      state.inviteCode = inviteCode;
    }
    return state;
  }

  leave(tableId: string): void {
    this.tables.delete(tableId);
  }

  get(tableId: string): TableState | undefined {
    return this.tables.get(tableId);
  }

  all(): TableState[] {
    return [...this.tables.values()];
  }

  updateInfo(info: TableInfo): void {
    const state = this.tables.get(info.tableId);
    if (state) state.info = info;
  }

  // Takes one match event in: a whole view (match start, snapshot) replaces the view; a
  // patch applies to the view of the event before. Replayed events already seen are
  // dropped; an event whose predecessor is missing leaves the view alone (the server then
  // owes a snapshot, which rejoining asks for).
  receive(event: MatchEvent): EventOutcome {
    const state = this.enter(event.tableId);
    const whole = event.kind.case === 'matchStarted' || event.kind.case === 'snapshot';
    const sameMatch = event.matchId === state.matchId;
    if (!whole && sameMatch && event.seq <= state.seq) return { applied: false, reason: 'duplicate' };
    if (whole) {
      state.view = event.view;
    } else if (sameMatch && state.view && event.seq === state.seq + 1n && event.patch) {
      state.view = applyPatch(state.view, event.patch);
    } else if (event.view) {
      state.view = event.view;
    } else {
      return { applied: false, reason: 'gap' };
    }
    state.matchId = event.matchId;
    state.seq = event.seq;
    return { applied: true, view: state.view };
  }
}
