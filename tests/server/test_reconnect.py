"""Reconnecting mid-match: resume the session with its token, then rejoin the table with
the last sequence seen and get exactly the missed events; or, when too far behind (or
for another match), a snapshot of the current view."""
import json
import random
import sys

from kafenio_client import Client, ServerProcess, body_of, run


async def wait_for_my_turn(client):
    while True:
        event = await client.next_match_event()
        view = event["view"]["pilotta"]
        if view["to_act"] == view["viewer"] and client.events.empty():
            return event


async def main(binary):
    server = ServerProcess(binary, "event_history=12")
    rng = random.Random(5)
    try:
        alice = await Client.connect(server.url)
        account = await alice.guest("alice")
        table = (await alice.request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                       "options": ["target=51"]}))["table_created"]["table_id"]
        for seat in (1, 2, 3):
            await alice.request("add_bot", {"table_id": table, "seat": seat})
        await alice.request("sit", {"table_id": table, "seat": 0})
        await alice.request("set_ready", {"table_id": table, "ready": True})

        # Play a few turns, then drop the connection while it is our turn.
        for _ in range(3):
            event = await wait_for_my_turn(alice)
            move = rng.choice(event["view"]["pilotta"]["legal_moves"])
            await alice.request("play_move", {"table_id": table, "move": {"notation": move["notation"]}})
        await wait_for_my_turn(alice)
        seen_seq, match_id = alice.last_seq, alice.match_id
        await alice.close()

        # Someone watching sees the seat as disconnected.
        watcher = await Client.connect(server.url)
        await watcher.guest("watcher")
        await watcher.request("join_table", {"table_id": table})
        info = (await watcher.next_event("table"))["table"]
        assert info["seats"][0]["connected"] is False, info
        # Nobody watched before, so no spectator views were kept: the newcomer gets a
        # snapshot of the public view, at the latest event.
        snapshot = await watcher.next_match_event()
        assert body_of(snapshot) == "snapshot" and int(snapshot["seq"]) == seen_seq, snapshot
        assert snapshot["view"]["pilotta"]["viewer"] == -1 and snapshot["view"]["pilotta"]["hand"] == []

        # Back with the token (and the view she had); two events behind: exactly those two
        # are replayed.
        alice = await Client.connect(server.url, views=alice.views)
        resumed = (await alice.request("resume", {"token": account["token"]}))["signed_in"]
        assert resumed["account_id"] == account["account_id"]
        await alice.request("join_table", {"table_id": table, "match_id": match_id, "last_seq": seen_seq - 2})
        replayed = [await alice.next_match_event(), await alice.next_match_event()]
        assert [int(e["seq"]) for e in replayed] == [seen_seq - 1, seen_seq], replayed
        assert all(body_of(e) != "snapshot" for e in replayed)
        assert replayed[-1]["view"]["pilotta"]["viewer"] == 0
        assert replayed[-1]["view"]["pilotta"]["hand"], "the seat's own hand comes back"
        await alice.close()

        # Far behind (sequence 1, older than the 12 events kept): a snapshot instead.
        alice = await Client.connect(server.url)
        await alice.request("resume", {"token": account["token"]})
        await alice.request("join_table", {"table_id": table, "match_id": match_id, "last_seq": 1})
        snapshot = await alice.next_match_event()
        assert body_of(snapshot) == "snapshot", snapshot
        assert int(snapshot["seq"]) == seen_seq
        view = snapshot["view"]["pilotta"]
        assert view["to_act"] == 0 and view["legal_moves"], view

        # A client that knows no match gets a snapshot too, and can play on from it.
        move = rng.choice(view["legal_moves"])
        await alice.request("play_move", {"table_id": table, "move": {"notation": move["notation"]}})
        played = await alice.next_match_event()
        assert int(played["seq"]) == seen_seq + 1 and played["move_played"]["move"]["seat"] == 0

        # Away while the bots play on: her move goes out and her connection closes at once,
        # so the move's event and the bots' after it happen while she is away. Her seat's
        # views are still built, so back with the last sequence she saw she gets exactly
        # those events replayed (no snapshot), up to her next turn.
        event = await wait_for_my_turn(alice)
        gone_at, views = alice.last_seq, alice.views
        move = rng.choice(event["view"]["pilotta"]["legal_moves"])
        await alice.ws.send(json.dumps({"request_id": "away", "play_move": {
            "table_id": table, "move": {"notation": move["notation"]}, "expected_seq": str(gone_at)}}))
        await alice.close()
        while True:
            seen = await watcher.next_match_event()
            if int(seen["seq"]) > gone_at and seen["view"]["pilotta"]["to_act"] == 0:
                back_at = int(seen["seq"])
                break
        alice = await Client.connect(server.url, views=views)
        await alice.request("resume", {"token": account["token"]})
        await alice.request("join_table", {"table_id": table, "match_id": match_id,
                                           "last_seq": gone_at})
        replayed = [await alice.next_match_event() for _ in range(back_at - gone_at)]
        assert [int(e["seq"]) for e in replayed] == list(range(gone_at + 1, back_at + 1)), replayed
        assert all(body_of(e) != "snapshot" for e in replayed), replayed
        assert replayed[0]["move_played"]["move"]["seat"] == 0, replayed[0]
        assert replayed[-1]["view"]["pilotta"]["to_act"] == 0 and replayed[-1]["view"]["pilotta"]["hand"]
        await alice.close()

        # An unknown or forged token is refused.
        stranger = await Client.connect(server.url)
        try:
            await stranger.request("resume", {"token": "00" * 32})
            raise AssertionError("a forged token was accepted")
        except Exception as error:  # noqa: BLE001 - checked just below
            assert getattr(error, "code", None) == "SESSION_EXPIRED", error
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
