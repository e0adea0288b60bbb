// The lobby as this client knows it: the public tables from the `lobby` reply, kept up to
// date with each pushed `table` (insert or replace) and `table_removed`. The client
// subscribes again after a reconnect, which replaces the list whole.
import type { TableInfo } from './gen/kafenio/v1/kafenio_pb.js';

export class LobbyTracker {
  subscribed = false;
  private readonly tables = new Map<string, TableInfo>();

  replace(tables: readonly TableInfo[]): void {
    this.subscribed = true;
    this.tables.clear();
    for (const info of tables) this.tables.set(info.tableId, info);
  }

  // A pushed table: the lobby lists public tables only (a private one the client sits at
  // is pushed to it too).
  update(info: TableInfo): void {
    if (!this.subscribed) return;
    if (info.private) this.tables.delete(info.tableId);
    else this.tables.set(info.tableId, info);
  }

  remove(tableId: string): void {
    this.tables.delete(tableId);
  }

  get(tableId: string): TableInfo | undefined {
    return this.tables.get(tableId);
  }

  list(): TableInfo[] {
    return [...this.tables.values()];
  }
}
