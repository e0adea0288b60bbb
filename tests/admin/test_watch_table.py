"""Watching a live table from the admin console's real API (docs/admin.md, "Watching a
table"):

- a moderator watches a Pilotta match: the view is the spectator's (no hand, every seat's
  hand size), at the sequence number the players have, and it follows the match live;
- revealing the hidden hands needs reveal_hands (a moderator is refused with 403 and
  nothing audited); each look by an owner shows every seat's hand (seat 0's is the one its
  player holds) and writes its own audit entry; without a reason it is refused (400);
- the dashboard's rates over the window between two looks agree with its counters;
- a table without a match in play shows no view, and a reveal there is refused (409) and
  audited; an unknown table is 404.
"""
import asyncio
import os
import random
import sys
import tempfile

from admin_http import Staff, create_user
from kafenio_client import (Client, ServerProcess, game_view, has_moves, open_bot_table, pick_move,
                            play_move_as_player, run)

BINARY = sys.argv[1]


async def call(staff, method, path, body=None):
    loop = asyncio.get_running_loop()
    if method == "GET":
        return await loop.run_in_executor(None, staff.get, path)
    return await loop.run_in_executor(None, lambda: staff.post(path, body))


async def own_turn(client):
    """Reads match events until it is the client's turn (the bots wait for it then, so the
    table is still); returns the last event, its view complete."""
    while True:
        event = await client.next_match_event()
        view = game_view(event)
        if view["to_act"] == view["viewer"] and has_moves(view) and not client.match_event_waiting():
            return event


async def audit_count(owner, action):
    status, log = await call(owner, "GET", f"/admin/api/audit?action={action}")
    assert status == 200, log
    return len(log["entries"])


async def main():
    db = os.path.join(tempfile.mkdtemp(prefix="kafenio-watch-"), "kafenio.db")
    create_user(BINARY, db, "elena", "owner", "owner password 1")
    create_user(BINARY, db, "mona", "moderator", "moderator password")
    server = ServerProcess(BINARY, db=db)
    rng = random.Random(20)
    try:
        loop = asyncio.get_running_loop()
        owner = await loop.run_in_executor(None, lambda: Staff(server.admin, "elena", "owner password 1"))
        moderator = await loop.run_in_executor(None, lambda: Staff(server.admin, "mona", "moderator password"))
        anna = await Client.connect(server.url)
        await anna.request("register", {"name": "Άννα", "password": "tavli and ouzo"})
        table = await open_bot_table(anna, "pilotta", ["target=300"], 4, 60000)

        # --- What a spectator sees, and live: it follows the players' sequence numbers.
        status, first = await call(moderator, "GET", "/admin/api/dashboard")
        assert status == 200 and first["window"]["ms"] == 0, first  # one sample: no rate yet
        seqs = []
        for _ in range(3):
            event = await own_turn(anna)
            status, answer = await call(moderator, "GET", f"/admin/api/tables/{table}/view")
            assert status == 200, answer
            assert answer["table"]["table_id"] == table, answer
            seen = answer["view"]["match_event"]
            assert int(seen["seq"]) == int(event["seq"]), (seen["seq"], event["seq"])
            spectator, player = seen["view"]["pilotta"], game_view(event)
            assert spectator["viewer"] == -1 and not spectator.get("hand"), spectator
            assert spectator["hand_sizes"] == player["hand_sizes"], (spectator, player)
            assert spectator["phase"] == player["phase"] and spectator["to_act"] == 0, spectator
            assert not spectator.get("legal_moves"), spectator
            seqs.append(int(seen["seq"]))
            await play_move_as_player(anna, table, pick_move(player, rng)["notation"])
        assert seqs == sorted(seqs) and len(set(seqs)) == 3, seqs

        # --- The dashboard's rates over the window since the first look at it.
        status, second = await call(moderator, "GET", "/admin/api/dashboard")
        window = second["window"]
        assert window["ms"] == int(second["now_ms"]) - int(first["now_ms"]) > 0, (first, second)
        moves = int(second["moves_total"]) - int(first["moves_total"])
        assert window["moves"] == moves >= 3, (window, moves)
        assert abs(window["moves_per_second"] - moves / (window["ms"] / 1000)) < 1e-9, window
        assert window["move_latency_p50_ms"] is not None, window
        assert window["move_latency_p50_ms"] <= window["move_latency_p99_ms"], window
        assert window["storage_commits"] > 0, window
        assert window["commit_latency_p50_ms"] <= window["commit_latency_p99_ms"], window
        assert second["storage_queue_depth"] >= 0, second
        assert second["live_matches"] == 1 and second["tournaments_running"] == 0, second

        # --- Hidden hands: their own permission, and every look audited.
        event = await own_turn(anna)
        before = await audit_count(owner, "table.reveal")
        status, answer = await call(moderator, "POST", f"/admin/api/tables/{table}/reveal", {"reason": "x"})
        assert status == 403, answer
        status, answer = await call(owner, "POST", f"/admin/api/tables/{table}/reveal", {})
        assert status == 400, answer
        assert await audit_count(owner, "table.reveal") == before
        for look in range(2):
            status, answer = await call(owner, "POST", f"/admin/api/tables/{table}/reveal",
                                        {"reason": "υποψία συνεννόησης"})
            assert status == 200, answer
            seats = [s["match_event"]["view"]["pilotta"] for s in answer["seats"]]
            assert [s["viewer"] for s in seats] == [0, 1, 2, 3], seats
            assert seats[0]["hand"] == game_view(event)["hand"], (seats[0], game_view(event))
            for seat, view in enumerate(seats):
                assert len(view["hand"]) == view["hand_sizes"][seat], view
            assert await audit_count(owner, "table.reveal") == before + look + 1
        status, log = await call(owner, "GET", "/admin/api/audit?action=table.reveal")
        newest = log["entries"][0]
        assert newest["actor"] == "elena" and newest["reason"] == "υποψία συνεννόησης", newest
        assert newest["target"].startswith(f"table {table} (match ") and newest["outcome"].startswith("ok"), newest

        # --- No match in play: no view; a reveal is refused and audited. Unknown: 404.
        waiting = (await anna.request("create_table", {"game": "diloti", "seats": 2}))["table_created"]["table_id"]
        status, answer = await call(moderator, "GET", f"/admin/api/tables/{waiting}/view")
        assert status == 200 and answer["view"] is None, answer
        status, answer = await call(owner, "POST", f"/admin/api/tables/{waiting}/reveal", {"reason": "look"})
        assert status == 409, answer
        status, log = await call(owner, "GET", "/admin/api/audit?action=table.reveal")
        assert log["entries"][0]["outcome"].startswith("refused"), log["entries"][0]
        assert (await call(moderator, "GET", "/admin/api/tables/nosuchtable/view"))[0] == 404

        await anna.close()
        assert server.alive()
    finally:
        assert server.stop() == 0
    print("watch: spectator view followed live, reveals permitted and audited")


if __name__ == "__main__":
    run(main())
