"""A round's time limit through the real server on its manual clock (docs/tournaments.md,
"At the round's time limit"): a Diloti Swiss of one round to 121 with a limit of one
minute, two registered players entered over the protocol. They join their table from the
event's view and start the match; in the first hand the clock passes the limit. The hand
in play is finished (never cut short), then the match ends at the first hand's end where
the sides are not level (a level score plays one more hand), well short of 121; the side
ahead wins, and the event's view, the results pushed and the standings all say so."""
import asyncio
import random
import sys

from kafenio_client import (Client, ServerProcess, body_of, game_view, has_moves, pick_move,
                            play_move_as_player, run)
from tournament_events import http_get, wait_finished

PASSWORD = "correct horse battery"
TARGET = 121


async def registered(server, name):
    client = await Client.connect(server.url)
    reply = await client.request("register", {"name": name, "password": PASSWORD})
    client.account = reply["signed_in"]
    return client


async def play_out(client, table_id, rng, seat_totals):
    """Plays this seat's turns to the match's end, noting the totals after each hand
    (`seat_totals`); returns the match_ended body and the count of hands started."""
    started = 0
    while True:
        event = await client.next_match_event(timeout=60)
        kind = body_of(event)
        if kind == "hand_started":
            started += 1
        if kind == "match_ended":
            return event["match_ended"], started
        if kind == "hand_ended":
            seat_totals.append([int(t) for t in event["hand_ended"]["result"]["totals"]])
        view = game_view(event) if event.get("view") else None
        if view and view["to_act"] == view["viewer"] and has_moves(view) and \
                not client.match_event_waiting():
            await play_move_as_player(client, table_id, pick_move(view, rng)["notation"])


async def main(binary):
    server = ServerProcess(binary, "bot_delay_ms=0", manual_clock=True)
    try:
        director = await registered(server, "Διευθυντής")
        alice = await registered(server, "Αλίκη")
        bob = await registered(server, "Βασίλης")
        view = (await director.request("create_tournament", {"settings": {
            "name": "Με χρονόμετρο", "game": "diloti", "seats": 2, "format": "swiss",
            "swiss_rounds": 1, "unit": {"target": TARGET}, "round_time_limit_minutes": 1,
            "turn_clock_ms": 600000}}))["tournament"]
        tid = view["summary"]["tournament_id"]
        assert view["settings"]["round_time_limit_minutes"] == 1, view["settings"]
        for player in (alice, bob):
            await player.request("enter_tournament", {"tournament_id": tid})
        view = (await director.request("direct_tournament",
                                       {"tournament_id": tid, "action": "start"}))["tournament"]
        # The round's table, from the event's view (a reply: the manual clock delays no reply).
        for _ in range(100):
            table = view["rounds"][0]["tables"][0] if view.get("rounds") else {}
            if table.get("table_id"):
                break
            await asyncio.sleep(0.05)
            view = (await alice.request("get_tournament", {"tournament_id": tid}))["tournament"]
        table_id = table["table_id"]
        assert table_id, view
        for player in (alice, bob):
            await player.request("join_table", {"table_id": table_id})
            await player.request("set_ready", {"table_id": table_id, "ready": True})
        while body_of(await alice.next_match_event()) != "hand_started":
            pass
        # The first hand is in play: the clock passes the round's limit.
        await server.advance(61_000)

        totals_a, totals_b = [], []
        (ended_a, hands_a), (ended_b, _) = await asyncio.gather(
            play_out(alice, table_id, random.Random(1), totals_a),
            play_out(bob, table_id, random.Random(2), totals_b))
        totals = [int(t) for t in ended_a["totals"]]
        assert totals[0] != totals[1] and max(totals) < TARGET, ended_a
        winner = int(ended_a.get("winner", 0))
        assert winner == (0 if totals[0] > totals[1] else 1), ended_a
        # Every hand started was played out (the first was started before play_out), and
        # the match ended at the first hand's end that left a side ahead: more hands only
        # while the sides were level.
        hands = len(totals_a)
        assert hands == hands_a + 1, (hands, hands_a)
        assert all(t[0] == t[1] for t in totals_a[:-1]), totals_a
        assert totals_a[-1] and totals_a[-1][0] != totals_a[-1][1], totals_a

        # The result pushed to each, the view and the standings. The pairing's first
        # entrant sits in seat 0.
        table = await wait_finished(server, tid, timeout=60)
        view = (await director.request("get_tournament", {"tournament_id": tid}))["tournament"]
        shown = view["rounds"][0]["tables"][0]
        numbers = {e["name"]: e["entrant"] for e in view["entrants"]}
        alice_seat = 0 if shown["first"] == numbers["Αλίκη"] else 1
        pushed = (await alice.next_event("tournament_match_result"))["tournament_match_result"]
        assert pushed["outcome"] == ("win" if winner == alice_seat else "loss"), pushed
        assert int(pushed["your_score"]) == totals[alice_seat], (pushed, totals)
        assert shown["result"] == "played", shown
        assert (int(shown.get("first_score", 0)), int(shown.get("second_score", 0))) == \
            (totals[0], totals[1]), (shown, totals)
        leader = "Αλίκη" if winner == alice_seat else "Βασίλης"
        assert table["rows"][0]["name"] == leader and table["rows"][0]["values"][0] == 1, table
        assert table["rows"][1]["values"][0] == 0, table
        status, record = http_get(f"{server.http}/matches/{shown['match_id']}/record")
        assert status == 200 and f"target={TARGET}" in record, (status, record)
        for client in (director, alice, bob):
            await client.close()
        assert server.stop() == 0
        print(f"tournament time limit: the match ended after {hands} hand(s) at {totals}")
    finally:
        server.stop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
