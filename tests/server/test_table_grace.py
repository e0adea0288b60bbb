"""A table whose seated players are all disconnected waits for them while no match is in
play (`empty_table_grace_ms`): a player whose connection drops between matches comes back
to the same table and seat, one whose match the bots finished while they were away comes
back to its result, and only after the grace does the table close (the lobby says so and
the table is gone). A player who leaves the table closes it at once, or, during a match,
as soon as the bots have finished it. The server runs on its manual clock: the test moves
time instead of sleeping through the grace."""
import asyncio
import sys

from kafenio_client import Client, LobbyWatch, ServerError, ServerProcess, body_of, game_view, run

GRACE_MS = 120000
TURN_MS = 30000


async def come_back(server, token):
    client = await Client.connect(server.url)
    await client.request("resume", {"token": token})
    return client


def disconnected(message):
    seats = message.get("table", {}).get("seats", [])
    return bool(seats) and seats[0]["kind"] == "SEAT_HUMAN" and not seats[0]["connected"]


async def seen_gone(watcher, table):
    """Waits until the table has taken in that its player's connection is gone, so that the
    grace runs from now. The lobby's pushes are paced on the manual clock, which the test
    must not move here, and one already queued may be stale: the lobby's snapshot is
    current, and the table arms its grace in the same step that updates it."""
    while True:
        tables = (await watcher.request("subscribe_lobby"))["lobby"]["tables"]
        if any(info["table_id"] == table and disconnected({"table": info}) for info in tables):
            return
        await asyncio.sleep(0.02)


async def main(binary):
    # One timeout hands the seat to a bot, so a match the player walks away from ends fast.
    server = ServerProcess(binary, f"empty_table_grace_ms={GRACE_MS}", "timeouts_before_bot=1",
                           manual_clock=True)
    try:
        watcher = await Client.connect(server.url)
        await watcher.guest("watcher")
        await watcher.request("subscribe_lobby")
        lobby = LobbyWatch(watcher)

        alice = await Client.connect(server.url)
        account = await alice.guest("alice")
        table = (await alice.request("create_table", {
            "game": "diloti", "options": ["target=21"], "turn_clock_ms": TURN_MS,
            "series_matches": 3}))["table_created"]["table_id"]
        await alice.request("add_bot", {"table_id": table, "seat": 1})
        await alice.request("sit", {"table_id": table, "seat": 0})

        # Between matches her connection drops; she is back within the grace: same table,
        # same seat.
        await alice.close()
        await seen_gone(watcher, table)
        await server.advance(GRACE_MS - 1)
        alice = await come_back(server, account["token"])
        await alice.request("join_table", {"table_id": table})
        info = (await alice.next_event("table"))["table"]
        assert info["seats"][0]["account_id"] == account["account_id"], info
        assert info["seats"][0]["connected"] is True, info
        await server.advance(1)  # the first grace has ended: she is here, nothing closes

        # She starts a match and walks away at once: her clock runs out, a bot holds her
        # seat and the bots finish the match with nobody at the table.
        await alice.request("set_ready", {"table_id": table, "ready": True})
        while body_of(await alice.next_match_event()) != "match_started":
            pass
        match_id = alice.match_id
        await alice.close()
        await seen_gone(watcher, table)
        finished = None
        while finished is None:
            await server.advance(TURN_MS)
            try:
                finished = await lobby.update(
                    table, lambda m: m.get("table", {}).get("matches_played") == 1, timeout=1)
            except asyncio.TimeoutError:
                pass  # her turn had not come yet: move on another turn

        # Back within the grace: the table is there, with the finished match's result.
        alice = await come_back(server, account["token"])
        await alice.request("join_table", {"table_id": table, "match_id": match_id, "last_seq": 0})
        snapshot, info = None, None
        while snapshot is None or info is None:
            message = await alice.next_event()
            if "match_event" in message:
                snapshot = message["match_event"]
            info = message.get("table", info)
        assert body_of(snapshot) == "snapshot", snapshot
        view = game_view(snapshot)
        assert view["phase"] == "match_over" and view["winner"] in (0, 1), view
        assert info["matches_played"] == 1 and sum(info["series_score"]) == 1, info
        assert info["seats"][0]["account_id"] == account["account_id"], info

        # Gone again, for the grace: the table closes then, not a moment sooner, and the
        # lobby says so.
        await alice.close()
        await seen_gone(watcher, table)
        await server.advance(GRACE_MS - 1)
        await asyncio.sleep(0.2)
        assert not any(m.get("table_removed") for m in list(watcher.events._queue) + lobby.kept), \
            "closed before the grace"
        await server.advance(1)
        await lobby.update(table, lambda m: "table_removed" in m)
        alice = await come_back(server, account["token"])
        try:
            await alice.request("join_table", {"table_id": table})
            raise AssertionError("joined a closed table")
        except ServerError as error:
            assert error.code == "UNKNOWN_TABLE", error

        # A player who leaves the table gives up the seat: nobody is waited for, it closes
        # at once (the clock does not move).
        other = (await alice.request("create_table", {"game": "diloti"}))["table_created"]["table_id"]
        await alice.request("sit", {"table_id": other, "seat": 0})
        await alice.request("leave_table", {"table_id": other})
        await lobby.update(other, lambda m: "table_removed" in m)

        # One who leaves during a match gives the seat up when it ends: the bots finish it
        # and the table closes then, without waiting for her (the clock does not move).
        third = (await alice.request("create_table", {
            "game": "diloti", "options": ["target=21"]}))["table_created"]["table_id"]
        await alice.request("add_bot", {"table_id": third, "seat": 1})
        await alice.request("sit", {"table_id": third, "seat": 0})
        await alice.request("set_ready", {"table_id": third, "ready": True})
        while body_of(await alice.next_match_event()) != "match_started":
            pass
        await alice.request("leave_table", {"table_id": third})
        await lobby.update(third, lambda m: "table_removed" in m)
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
