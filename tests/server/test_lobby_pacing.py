"""Lobby updates are coalesced (docs/performance.md, "Lobby fan-out"; server/app/lobby.h):
a subscriber gets the tables changed at most once per lobby_update_ms, each in its latest
state, a table that closed meanwhile as table_removed. On the manual clock, so the pacing
is exact: nothing moves until the test moves time."""
import asyncio
import sys

from kafenio_client import Client, ServerProcess, run


async def pushed_within(client, seconds):
    """The lobby messages that arrive within `seconds` (the absence of one is what counts)."""
    got = []
    try:
        while True:
            got.append(await asyncio.wait_for(client.events.get(), seconds))
    except asyncio.TimeoutError:
        return got


async def main(binary):
    server = ServerProcess(binary, "lobby_update_ms=1000", manual_clock=True)
    try:
        watcher = await Client.connect(server.url)
        assert (await watcher.request("subscribe_lobby"))["lobby"]["tables"] == []
        host = await Client.connect(server.url)
        await host.guest("Ελένη")
        table = (await host.request("create_table", {"game": "pilotta"}))["table_created"]["table_id"]
        # The first change after a quiet interval goes out at once.
        first = await watcher.next_event("table")
        assert first["table"]["table_id"] == table
        # Then changes wait for the interval: three bots sit down, another table opens and
        # a third opens and closes, and the watcher hears nothing yet.
        for seat in range(3):
            await host.request("add_bot", {"table_id": table, "seat": seat})
        other = (await host.request("create_table", {"game": "diloti"}))["table_created"]["table_id"]
        brief = (await host.request("create_table", {"game": "diloti"}))["table_created"]["table_id"]
        await host.request("leave_table", {"table_id": brief})
        assert await pushed_within(watcher, 1.0) == []
        # The interval passes: one batch, each table once, in its latest state.
        await server.advance(1000)
        batch = [await watcher.next_event(timeout=30) for _ in range(3)]
        batch += await pushed_within(watcher, 1.0)
        changed = {m["table"]["table_id"]: m["table"] for m in batch if "table" in m}
        removed = [m["table_removed"]["table_id"] for m in batch if "table_removed" in m]
        assert sorted(changed) == sorted([table, other]), batch
        assert removed == [brief], batch
        assert len(batch) == 3, batch
        kinds = [seat["kind"] for seat in changed[table]["seats"]]
        assert kinds == ["SEAT_BOT", "SEAT_BOT", "SEAT_BOT", "SEAT_EMPTY"], kinds
        # A subscriber who comes now gets the same latest state in its snapshot.
        late = await Client.connect(server.url)
        tables = (await late.request("subscribe_lobby"))["lobby"]["tables"]
        assert sorted(t["table_id"] for t in tables) == sorted([table, other])
    finally:
        server.stop()
    print("lobby pacing: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
