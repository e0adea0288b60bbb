"""Every refusal is a typed error that changes nothing: unknown tables, seats that are not
yours, wrong turns, illegal and unparsable moves, bad rules, private tables. Spectators
see the public view only; the lobby pushes table changes; chat has its limits."""
import json
import sys

from kafenio_client import Client, ServerProcess, body_of, expect_error, run


async def assert_quiet(client, seq):
    """No match event after `seq` arrived: a ping's pong comes back with none before it."""
    await client.request("ping")
    for message in list(client.events._queue):
        if "match_event" in message:
            assert int(message["match_event"]["seq"]) <= seq, "something changed"


async def main(binary):
    server = ServerProcess(binary)
    try:
        anon = await Client.connect(server.url)
        await expect_error(anon.request("create_table", {"game": "pilotta"}), "NOT_SIGNED_IN")
        await expect_error(anon.request("sign_in_guest", {"name": ""}), "BAD_NAME")
        await expect_error(anon.request("sign_in", {"name": "nobody", "password": "whatever1"}), "BAD_CREDENTIALS")

        # Registered players: Argon2id hashes, name uniqueness, sign-in.
        await anon.request("register", {"name": "carol", "password": "correct horse"})
        await expect_error(anon.request("sign_in_guest", {"name": "x"}), "ALREADY_SIGNED_IN")
        other = await Client.connect(server.url)
        await expect_error(other.request("register", {"name": "carol", "password": "another pass"}), "NAME_TAKEN")
        await expect_error(other.request("sign_in", {"name": "carol", "password": "wrong pass"}), "BAD_CREDENTIALS")
        signed = (await other.request("sign_in", {"name": "carol", "password": "correct horse"}))["signed_in"]
        assert signed["name"] == "carol" and signed["guest"] is False

        players = [await Client.connect(server.url) for _ in range(4)]
        for i, p in enumerate(players):
            await p.guest(f"p{i}")
        lobby = players[3]
        snapshot = await lobby.request("subscribe_lobby")
        assert snapshot["lobby"]["tables"] == []

        await expect_error(players[0].request("create_table", {"game": "chess"}), "BAD_RULES")
        await expect_error(players[0].request("create_table", {"game": "pilotta", "options": ["target=x"]}),
                           "BAD_RULES")
        await expect_error(players[0].request("create_table", {"game": "pilotta", "preset": "classic2", "seats": 4}),
                           "BAD_RULES")
        await expect_error(players[0].request("join_table", {"table_id": "nope"}), "UNKNOWN_TABLE")

        table = (await players[0].request("create_table", {"game": "pilotta", "preset": "cyprus"}))
        table = table["table_created"]["table_id"]
        pushed = (await lobby.next_event("table"))["table"]
        assert pushed["table_id"] == table and pushed["seat_count"] == 4

        # Private tables: out of the lobby, joined only with the invite.
        private = (await players[1].request("create_table", {"game": "pilotta", "private": True}))["table_created"]
        await expect_error(players[2].request("join_table", {"table_id": private["table_id"]}), "BAD_INVITE")
        await players[2].request("join_table", {"table_id": private["table_id"],
                                                "invite_code": private["invite_code"]})
        await lobby.request("ping")
        assert all(m.get("table", {}).get("table_id") != private["table_id"] for m in lobby.events._queue)

        for p in players[1:3]:
            await p.request("join_table", {"table_id": table})
        await expect_error(players[1].request("sit", {"table_id": table, "seat": 7}), "BAD_REQUEST")
        await expect_error(players[3].request("sit", {"table_id": table, "seat": 0}), "NOT_AT_TABLE")
        for i in range(3):
            await players[i].request("sit", {"table_id": table, "seat": i})
        await expect_error(players[1].request("sit", {"table_id": table, "seat": 0}), "SEAT_TAKEN")
        await expect_error(players[0].request("play_move", {"table_id": table, "move": {"notation": "pass"}}),
                           "NO_MATCH")

        # A spectator joins before the match starts.
        spectator = players[3]
        await spectator.request("join_table", {"table_id": table})
        await players[0].request("add_bot", {"table_id": table, "seat": 3})
        for i in range(3):
            await players[i].request("set_ready", {"table_id": table, "ready": True})

        # Find whose turn it is from the first views.
        events = [await p.next_match_event() for p in players[:3]]
        while body_of(events[0]) != "hand_started":
            events = [await p.next_match_event() for p in players[:3]]
        to_act = events[0]["view"]["pilotta"]["to_act"]
        while to_act == 3:  # the bot's turn: wait for it
            events = [await p.next_match_event() for p in players[:3]]
            to_act = events[0]["view"]["pilotta"]["to_act"]
        mover = players[to_act]
        idle = players[(to_act + 1) % 3]
        seq = mover.last_seq

        await expect_error(idle.request("play_move", {"table_id": table, "move": {"notation": "pass"}}),
                           "NOT_YOUR_TURN")
        await expect_error(idle.request("play_move", {"table_id": table,
                                                      "move": {"seat": to_act, "notation": "pass"}}),
                           "NOT_YOUR_SEAT")
        await expect_error(mover.request("play_move", {"table_id": table, "move": {"notation": "bid 85 h"}}),
                           "ILLEGAL_MOVE")
        await expect_error(mover.request("play_move", {"table_id": table, "move": {"notation": "play 7c"}}),
                           "ILLEGAL_MOVE")
        await expect_error(mover.request("play_move", {"table_id": table, "move": {"notation": "dance"}}),
                           "BAD_MOVE")
        await expect_error(mover.request("play_move", {"table_id": table,
                                                       "move": {"kind": "bid", "value": 90, "suit": "x"}}),
                           "BAD_MOVE")
        await expect_error(spectator.request("play_move", {"table_id": table, "move": {"notation": "pass"}}),
                           "NOT_YOUR_SEAT")
        await expect_error(mover.request("play_move", {"table_id": "nope", "move": {"notation": "pass"}}),
                           "UNKNOWN_TABLE")
        await expect_error(players[0].request("stand", {"table_id": table}), "MATCH_IN_PROGRESS")
        for p in players:
            await assert_quiet(p, seq)
        assert mover.last_seq == seq

        # A structured move (fields, no notation) is accepted and comes back with both.
        await mover.request("play_move", {"table_id": table, "move": {"kind": "pass"}})
        played = await mover.next_match_event()
        assert played["move_played"]["move"]["notation"] == "pass"
        assert played["move_played"]["move"]["kind"] == "pass"
        assert int(played["seq"]) == seq + 1

        # The spectator sees the public view: no hand, no legal moves, viewer -1.
        while True:
            event = await spectator.next_match_event()
            view = event["view"]["pilotta"]
            assert view["viewer"] == -1 and view["hand"] == [] and view["legal_moves"] == []
            if int(event["seq"]) == seq + 1:
                break

        # Chat: delivered to everyone at the table, with a length and a rate limit.
        await spectator.request("send_chat", {"table_id": table, "text": "kalimera"})
        chat = (await players[0].next_event("chat"))["chat"]
        assert chat["text"] == "kalimera" and chat["name"].startswith("p3")
        await expect_error(spectator.request("send_chat", {"table_id": table, "text": "x" * 281}), "CHAT_TOO_LONG")
        await expect_error(spectator.request("send_chat", {"table_id": table, "text": ""}), "CHAT_TOO_LONG")
        for _ in range(4):
            await spectator.request("send_chat", {"table_id": table, "text": "yia sou"})
        await expect_error(spectator.request("send_chat", {"table_id": table, "text": "one too many"}),
                           "CHAT_RATE_LIMITED")
        await expect_error(anon.request("send_chat", {"table_id": table, "text": "hi"}), "NOT_AT_TABLE")

        # Frames that are not Envelopes get a typed error; the connection carries on.
        await spectator.send_raw("{not json")
        error = (await spectator.next_event("error"))["error"]
        assert error["code"] == "BAD_FRAME", error
        await spectator.send_raw(json.dumps({"request_id": "x", "no_such_field": {}}))
        assert (await spectator.next_event("error"))["error"]["code"] == "BAD_FRAME"
        await spectator.send_raw(b"\xff\xff\xff\xff garbage")
        assert (await spectator.next_event("error"))["error"]["code"] == "BAD_FRAME"
        # A number that crashed the server when RapidJSON converted it (the envelope_json
        # fuzz target's find): a typed error, the connection and the server carry on.
        await spectator.send_raw('{"pmdgakovev":0.023222222222222222222222220E-000000000000000000347}')
        error = (await spectator.next_event("error"))["error"]
        assert error["code"] == "BAD_FRAME" and "number out of range" in error["message"], error
        await expect_error(spectator.request("pong"), "BAD_REQUEST")
        await spectator.request("ping")
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
