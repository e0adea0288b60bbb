"""How each player holds a live match's seat survives a crash. After SIGKILL and a restart
on the same database:
- a bot still holds the seat of a player who left the table during the match, so the
  match goes on without waiting for her turn clock; she still counts as having abandoned
  it, and she still gives the seat up when it ends, so the table closes at once;
- the turns a player let run out in a row still count: one more after the restart and a
  bot holds his seat; reclaiming it stores him as back."""
import asyncio
import sqlite3
import sys
import time

from kafenio_client import Client, LobbyWatch, ServerProcess, body_of, lobby_watcher, run

SETTINGS = ("timeouts_before_bot=2", "bot_delay_ms=40", "empty_table_grace_ms=600000")


def seat_hold(db, table, seat):
    """(bot_holding, left_table, timeouts) as stored for the table's live match, or None."""
    with sqlite3.connect(db) as connection:
        row = connection.execute(
            "SELECT s.bot_holding, s.left_table, s.timeouts FROM match_seats s"
            " JOIN matches m ON m.id = s.match_id JOIN game_tables t ON t.id = m.table_id"
            " WHERE t.public_id = ? AND m.state = 'live' AND s.seat = ?", (table, seat)).fetchone()
    return row


async def stored(db, table, seat, wanted, timeout=20):
    deadline = time.monotonic() + timeout
    while seat_hold(db, table, seat) != wanted:
        assert time.monotonic() < deadline, (table, seat, seat_hold(db, table, seat), wanted)
        await asyncio.sleep(0.02)


async def seated_against_a_bot(server, name, turn_clock_ms):
    """A guest at a new 2-player Diloti table, seat 0, against a bot, the match started."""
    client = await Client.connect(server.url)
    account = await client.guest(name)
    table = (await client.request("create_table", {
        "game": "diloti", "turn_clock_ms": turn_clock_ms}))["table_created"]["table_id"]
    await client.request("add_bot", {"table_id": table, "seat": 1})
    await client.request("sit", {"table_id": table, "seat": 0})
    await client.request("set_ready", {"table_id": table, "ready": True})
    while body_of(await client.next_match_event()) != "match_started":
        pass
    return client, account, table


async def main(binary):
    server = ServerProcess(binary, *SETTINGS)
    db = server.db
    # Bob lets one turn run out (a bot move stands in); the second would hand his seat to a
    # bot. It must not come before the crash: his clock leaves time for Alice's part.
    bob, bob_account, timed_table = await seated_against_a_bot(server, "bob", 2_500)
    await stored(db, timed_table, 0, (0, 0, 1), timeout=30)
    # Alice leaves her match at once. Her clock is ten minutes: if a restart forgot that a
    # bot holds her seat, the match would stand still on her turn. The crash comes while
    # the bots have barely begun it.
    alice, _, left_table = await seated_against_a_bot(server, "alice", 600_000)
    await alice.request("leave_table", {"table_id": left_table})
    await stored(db, left_table, 0, (1, 1, 0))
    server = server.crash_and_restart()
    try:
        watcher, tables = await lobby_watcher(server.url)
        seat = tables[left_table]["seats"][0]
        assert seat["bot_holding"] and seat["away"], seat
        seat = tables[timed_table]["seats"][0]
        assert not seat["bot_holding"] and seat["away"], seat

        lobby = LobbyWatch(watcher)
        # Bob's second turn run out after the restart hands his seat to a bot.
        await lobby.update(timed_table,
                           lambda m: m.get("table", {}).get("seats", [{}])[0].get("bot_holding"),
                           timeout=60)
        await stored(db, timed_table, 0, (1, 0, 2))
        # He comes back and reclaims it: stored as his again.
        bob = await Client.connect(server.url)
        await bob.request("resume", {"token": bob_account["token"]})
        await bob.request("join_table", {"table_id": timed_table})
        await bob.request("reclaim_seat", {"table_id": timed_table})
        await stored(db, timed_table, 0, (0, 0, 0))

        # Alice's match is played to its end by bots, and the table closes at once: her
        # seat is given up and nobody is waited for (the grace is ten minutes).
        await lobby.update(left_table, lambda m: "table_removed" in m, timeout=60)
        with sqlite3.connect(db) as connection:
            (abandoned_by,), = connection.execute(
                "SELECT r.abandoned_by FROM match_results r JOIN matches m ON m.id = r.match_id"
                " JOIN game_tables t ON t.id = m.table_id WHERE t.public_id = ?",
                (left_table,)).fetchall()
        assert abandoned_by == 0, abandoned_by
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
