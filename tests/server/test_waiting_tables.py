"""Tables between matches survive a crash. After SIGKILL and a restart on the same database:
- a table whose first match of a series has ended comes back with its player seated (not
  ready), its bot, and the series so far; when she is back and ready, the second match
  starts with the next first dealer;
- a table whose player sat down but never started comes back with him seated, and its
  strong bot still strong;
- a live match's strong bot is strong again after the restart (bots keep their level);
- a table nobody sits at any more does not come back, and is stored as closed."""
import asyncio
import sqlite3
import sys

from kafenio_client import Client, ServerProcess, body_of, lobby_watcher, run

SETTINGS = ("timeouts_before_bot=1", "bot_delay_ms=5", "empty_table_grace_ms=600000")


async def table_for(client, **settings):
    return (await client.request("create_table", {
        "game": "diloti", "options": ["target=11"], **settings}))["table_created"]["table_id"]


def table_row(db, table):
    """(closed_ms, matches_played, [(seat, account_id, bot)]) as stored for the table."""
    with sqlite3.connect(db) as connection:
        (table_id, closed_ms), = connection.execute(
            "SELECT id, closed_ms FROM game_tables WHERE public_id = ?", (table,)).fetchall()
        (played,), = connection.execute(
            "SELECT matches_played FROM series WHERE table_id = ?", (table_id,)).fetchall()
        seats = connection.execute(
            "SELECT seat, account_id, bot FROM table_seats WHERE table_id = ? ORDER BY seat",
            (table_id,)).fetchall()
    return closed_ms, played, seats


async def main(binary):
    server = ServerProcess(binary, *SETTINGS)
    db = server.db

    # Alice plays the first match of three against a bot without moving: her clock runs
    # out once and a bot finishes the match for her. She stays seated for the next one.
    alice = await Client.connect(server.url)
    alice_account = await alice.guest("alice")
    series = await table_for(alice, series_matches=3, turn_clock_ms=300)
    await alice.request("add_bot", {"table_id": series, "seat": 1})
    await alice.request("sit", {"table_id": series, "seat": 0})
    await alice.request("set_ready", {"table_id": series, "ready": True})
    first_dealer = None
    while True:
        event = await alice.next_match_event(timeout=120)
        if body_of(event) == "match_started":
            first_dealer = event["match_started"].get("first_dealer", 0)
        if body_of(event) == "match_ended":
            break

    # Bob sits at a new table with a bot and has not started yet.
    bob = await Client.connect(server.url)
    bob_account = await bob.guest("bob")
    waiting = await table_for(bob)
    await bob.request("sit", {"table_id": waiting, "seat": 0})
    await bob.request("add_bot", {"table_id": waiting, "seat": 1, "level": "strong"})

    # Dimitra is playing a match against a strong bot (she takes her time).
    dimitra = await Client.connect(server.url)
    await dimitra.guest("dimitra")
    live = await table_for(dimitra, turn_clock_ms=600000)
    await dimitra.request("add_bot", {"table_id": live, "seat": 1, "level": "strong"})
    await dimitra.request("sit", {"table_id": live, "seat": 0})
    await dimitra.request("set_ready", {"table_id": live, "ready": True})
    while body_of(await dimitra.next_match_event(timeout=120)) != "match_started":
        pass  # started only once the match and its seats are stored

    # Carol sat down and stood up again: nobody sits at her table.
    carol = await Client.connect(server.url)
    await carol.guest("carol")
    empty = await table_for(carol)
    await carol.request("sit", {"table_id": empty, "seat": 1})
    await carol.request("stand", {"table_id": empty})

    # Everything above is stored before the crash (each write is queued in order, so the
    # last table's seating being stored means the others are too).
    alice_id = int(alice_account["account_id"])
    bob_id = int(bob_account["account_id"])
    for _ in range(500):
        if (table_row(db, series)[1:] == (1, [(0, alice_id, None), (1, None, "bot")]) and
                table_row(db, waiting)[2] == [(0, bob_id, None), (1, None, "strong bot")] and
                table_row(db, empty)[2] == []):
            break
        await asyncio.sleep(0.02)
    else:
        raise AssertionError((table_row(db, series), table_row(db, waiting), table_row(db, empty)))
    server = server.crash_and_restart()
    try:
        _, tables = await lobby_watcher(server.url)
        assert empty not in tables, tables.keys()
        assert table_row(db, empty)[0] is not None  # stored as closed
        for table, account, played in ((series, alice_id, 1), (waiting, bob_id, 0)):
            info = tables[table]
            seats = info["seats"]
            assert int(seats[0].get("account_id", 0)) == account, seats
            assert not seats[0].get("ready") and not seats[0].get("connected"), seats
            assert seats[1].get("kind") == "SEAT_BOT", seats
            assert seats[1].get("bot_level") == ("strong" if table == waiting else "easy"), seats
            assert info.get("matches_played", 0) == played, info
            assert not info.get("match_in_progress"), info
        assert sum(tables[series].get("series_score", [])) == 1, tables[series]
        assert tables[live].get("match_in_progress"), tables[live]
        assert tables[live]["seats"][1].get("bot_level") == "strong", tables[live]["seats"]

        # Alice comes back: her seat is hers, and once she is ready the series' second
        # match starts with the next first dealer.
        alice = await Client.connect(server.url)
        await alice.request("resume", {"token": alice_account["token"]})
        await alice.request("join_table", {"table_id": series})
        await alice.request("set_ready", {"table_id": series, "ready": True})
        while True:
            event = await alice.next_match_event()
            if body_of(event) == "match_started":
                break
        assert event["match_started"].get("first_dealer", 0) == (first_dealer + 1) % 2, event
        # While the match is live the table comes back with it instead.
        assert table_row(db, series)[0] is None
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
