"""Players in events the server runs (docs/tournaments.md, "Running the rounds"):
- a scheduled start pushes each player their table (tournament_round_started, seats
  reserved); they join, confirm and play; the director pauses the event: every table
  paused (moves refused with TABLE_PAUSED), the players told; a second pause and a
  non-director's pause are refused; resumed, the match is played out, each player gets
  their result (tournament_match_result) and the end (tournament_finished) with their
  place, as the standings say;
- a no-show: one player never comes to the table; after the event's grace the match is a
  forfeit to the one who came (told as such), and the table closes;
- a player who signs in after the round began is pushed their table again."""
import asyncio
import random
import sys
import time

from kafenio_client import Client, ServerProcess, body_of, expect_error, play_seat, run
from tournament_events import check_log, log_entries, settings, wait_finished, write_event

SETTINGS = ("bot_delay_ms=0", "timeouts_before_bot=3")


async def signed_in(server, token):
    client = await Client.connect(server.url)
    client.account = (await client.request("resume", {"token": token}))["signed_in"]
    return client


async def main(binary):
    first = ServerProcess(binary, *SETTINGS)
    db = first.db
    accounts = {}
    for name in ("Αλίκη", "Βασίλης", "Δημήτρης", "Κατερίνα", "Ερμής"):
        client = await Client.connect(first.url)
        account = await client.guest(name)
        accounts[name] = (int(account["account_id"]), account["token"])
        await client.close()
    first.stop()
    alice, bob, dave, carol, erin = (accounts[n][0] for n in accounts)

    # Event 10: Alice against Bob, one round, starting 4 s after the server does.
    write_event(db, 10, "Τουρνουά", "diloti",
                settings(swiss_rounds=1, play={"options": ["target=11"]}),
                [("Αλίκη", [alice], 1600), ("Βασίλης", [bob], 1500)], director=dave,
                starts_ms=int(time.time() * 1000) + 4000)
    # Event 11: Carol against Erin, who never comes; a no-show forfeits after 3 s.
    write_event(db, 11, "Χωρίς αντίπαλο", "diloti",
                settings(swiss_rounds=1, play={"options": ["target=11"], "no_show_grace_ms": 3000}),
                [("Κατερίνα", [carol], 1600), ("Ερμής", [erin], 1500)], director=dave)

    server = ServerProcess(binary, *SETTINGS, db=db)
    a = await signed_in(server, accounts["Αλίκη"][1])
    b = await signed_in(server, accounts["Βασίλης"][1])
    d = await signed_in(server, accounts["Δημήτρης"][1])
    # Carol signs in after event 11's round began: her table is pushed again.
    c = await signed_in(server, accounts["Κατερίνα"][1])
    pushed = (await c.next_event("tournament_round_started"))["tournament_round_started"]
    assert pushed["tournament_id"] == "11" and pushed["round"] == 1, pushed
    assert pushed["no_show_unix_ms"] != "0", pushed
    await c.request("join_table", {"table_id": pushed["table_id"]})
    await c.request("set_ready", {"table_id": pushed["table_id"], "ready": True})

    # The scheduled start: both are told their table, with their seat.
    a_round = (await a.next_event("tournament_round_started", timeout=30))["tournament_round_started"]
    b_round = (await b.next_event("tournament_round_started", timeout=30))["tournament_round_started"]
    table = a_round["table_id"]
    assert table and b_round["table_id"] == table, (a_round, b_round)
    assert a_round["seats"] == [0] and b_round["seats"] == [1], (a_round, b_round)
    assert a_round["opponent"] == "Βασίλης" and a_round["table_number"] == 1, a_round
    for client in (a, b):
        await client.request("join_table", {"table_id": table})
        await client.request("set_ready", {"table_id": table, "ready": True})
    info = (await a.next_event("table"))["table"]
    assert info["tournament_id"] == "10" and info["tournament_round"] == 1, info

    # The director pauses the event once the match is under way.
    while True:
        event = await a.next_match_event()
        if body_of(event) == "hand_started":
            break
    await expect_error(a.request("pause_tournament", {"tournament_id": 10}),
                       "NOT_TOURNAMENT_DIRECTOR")
    await expect_error(d.request("pause_tournament", {"tournament_id": 99}), "UNKNOWN_TOURNAMENT")
    await d.request("pause_tournament", {"tournament_id": 10, "reason": "διακοπή ρεύματος"})
    told = (await a.next_event("tournament_paused"))["tournament_paused"]
    assert told["paused"] and told["reason"] == "διακοπή ρεύματος", told
    await expect_error(d.request("pause_tournament", {"tournament_id": 10}), "TOURNAMENT_STATE")
    # The table shows it, and refuses moves.
    while True:
        info = (await b.next_event("table"))["table"]
        if info.get("paused"):
            break
    await expect_error(b.request("play_move", {"table_id": table, "move": {"notation": "play Ah"}}),
                       "TABLE_PAUSED")
    await d.request("resume_tournament", {"tournament_id": 10})
    told = (await b.next_event("tournament_paused"))["tournament_paused"]
    assert told["paused"], told  # Bob was told of the pause too, then of the resume
    told = (await b.next_event("tournament_paused"))["tournament_paused"]
    assert not told.get("paused"), told

    # Played out; each is told their result and the end, as the standings have them.
    rng = random.Random(5)
    await asyncio.gather(play_seat(a, table, rng), play_seat(b, table, random.Random(6)))
    result_a = (await a.next_event("tournament_match_result"))["tournament_match_result"]
    result_b = (await b.next_event("tournament_match_result"))["tournament_match_result"]
    assert result_a["kind"] == "played" and {result_a["outcome"], result_b["outcome"]} == {"win", "loss"}
    assert result_a["your_score"] == result_b["their_score"], (result_a, result_b)
    end_a = (await a.next_event("tournament_finished"))["tournament_finished"]
    final = await wait_finished(server, 10)
    winner = final["rows"][0]
    assert (winner["name"] == "Αλίκη") == (result_a["outcome"] == "win"), (final, result_a)
    assert end_a["place"] == (1 if result_a["outcome"] == "win" else 2), end_a
    check_log(log_entries(db, 10))
    kinds = [kind for kind, _ in log_entries(db, 10)]
    assert kinds.count("paused") == 1 and kinds.count("resumed") == 1, kinds

    # The no-show: Erin never came; Carol wins by forfeit and the table closes.
    result_c = (await c.next_event("tournament_match_result", timeout=30))["tournament_match_result"]
    assert result_c["kind"] == "forfeit" and result_c["outcome"] == "win", result_c
    closed = (await c.next_event("table_closed"))["table_closed"]
    assert closed["table_id"] == pushed["table_id"], closed
    no_show = await wait_finished(server, 11)
    assert [row["name"] for row in no_show["rows"]] == ["Κατερίνα", "Ερμής"], no_show
    assert no_show["rows"][0]["values"][0] == 1 and no_show["rows"][1]["values"][0] == 0
    for client in (a, b, c, d):
        await client.close()
    assert server.stop() == 0
    print("tournament players: pushes, pause and resume, a no-show forfeited")


if __name__ == "__main__":
    run(main(sys.argv[1]))
