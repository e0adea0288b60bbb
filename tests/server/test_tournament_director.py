"""The director arranging the field, and late entry, through the real server
(docs/tournaments.md, "Late entry and forbidden pairs", "The director's powers"):
- manual seeding: the director ranks the entrants before the start (set_rank), the view
  shows the ranks and then the seeds in that order; club mates kept apart (forbid_pair)
  are not paired in round one although the seeds would pair them; refusals typed (not the
  director, no such entrant, the same entrant twice, a rank after the start), the log
  verifies over HTTP;
- late entry: a Swiss of two rounds taking entries until round 2, a missed round scoring a
  half. Round 1 waits for Αλίκη (a player); meanwhile the director adds an entrant, which
  plays from round 2; Αλίκη plays her matches from the event's view, and the final
  standings give the late entrant its half for round 1 on top of its round 2."""
import asyncio
import random
import sys

from kafenio_client import Client, ServerProcess, expect_error, play_seat, run
from tournament_events import http_get, standings

PASSWORD = "correct horse battery"


async def registered(server, name):
    client = await Client.connect(server.url)
    reply = await client.request("register", {"name": name, "password": PASSWORD})
    client.account = reply["signed_in"]
    return client


async def direct(client, tid, action, **fields):
    body = {"tournament_id": tid, "action": action, **fields}
    return (await client.request("direct_tournament", body))["tournament"]


async def view_of(client, tid):
    return (await client.request("get_tournament", {"tournament_id": tid}))["tournament"]


def pairs_of(round_view):
    return [{t["first"], t["second"]} for t in round_view.get("tables", [])]


async def arranged_field(server, director, other):
    view = (await director.request("create_tournament", {"settings": {
        "name": "Σύλλογος", "game": "diloti", "seats": 2, "format": "swiss", "swiss_rounds": 1,
        "seeding": "manual", "unit": {"hands": 1}}}))["tournament"]
    tid = view["summary"]["tournament_id"]
    for n in range(1, 5):
        await direct(director, tid, "add_bot", player_name=f"Μέλος {n}")
    # The director's order: 4, 3, 2, 1. Round one would then pair seeds 1-3 and 2-4,
    # that is entrants 4-2 and 3-1; 4 and 2 are club mates.
    for entrant, rank in ((4, 1), (3, 2), (2, 3), (1, 4)):
        view = await direct(director, tid, "set_rank", entrant=entrant, rank=rank)
    ranks = {e["entrant"]: e.get("manual_rank", 0) for e in view["entrants"]}
    assert ranks == {1: 4, 2: 3, 3: 2, 4: 1}, ranks
    view = await direct(director, tid, "forbid_pair", entrant=4, other_entrant=2)
    assert view["settings"]["forbidden"] == [{"first": 2, "second": 4}], view["settings"]
    await expect_error(other.request("direct_tournament", {
        "tournament_id": tid, "action": "set_rank", "entrant": 1, "rank": 1}),
        "NOT_TOURNAMENT_DIRECTOR")
    await expect_error(director.request("direct_tournament", {
        "tournament_id": tid, "action": "set_rank", "entrant": 9, "rank": 1}), "BAD_REQUEST")
    await expect_error(director.request("direct_tournament", {
        "tournament_id": tid, "action": "forbid_pair", "entrant": 3, "other_entrant": 3}),
        "BAD_REQUEST")
    # Lifted and forbidden again: both are entries of the log.
    view = await direct(director, tid, "allow_pair", entrant=2, other_entrant=4)
    assert not view["settings"].get("forbidden"), view["settings"]
    await direct(director, tid, "forbid_pair", entrant=2, other_entrant=4)

    view = await direct(director, tid, "start")
    seeds = {e["entrant"]: e["seed_rank"] for e in view["entrants"]}
    assert seeds == {4: 1, 3: 2, 2: 3, 1: 4}, seeds
    assert {2, 4} not in pairs_of(view["rounds"][0]), view["rounds"][0]
    await expect_error(director.request("direct_tournament", {
        "tournament_id": tid, "action": "set_rank", "entrant": 1, "rank": 1}),
        "TOURNAMENT_STATE")
    for _ in range(600):
        if (await view_of(director, tid))["summary"]["state"] == "finished":
            break
        await asyncio.sleep(0.1)
    status, text = http_get(f"{server.http}/tournaments/{tid}/verify")
    assert status == 200 and "every round verified" in text, (status, text)


async def table_of(client, tid, round_number, entrant):
    """The table id of `entrant`'s pairing in the round, once opened (None for a bye)."""
    for _ in range(300):
        view = await view_of(client, tid)
        if len(view.get("rounds", [])) >= round_number:
            shown = view["rounds"][round_number - 1]
            if entrant in shown.get("byes", []):
                return None
            for table in shown.get("tables", []):
                if entrant in (table["first"], table["second"]) and table.get("table_id"):
                    return table["table_id"]
        await asyncio.sleep(0.1)
    raise AssertionError(f"no table for entrant {entrant} in round {round_number}")


async def play_at(client, table_id, rng):
    await client.request("join_table", {"table_id": table_id})
    await client.request("set_ready", {"table_id": table_id, "ready": True})
    await play_seat(client, table_id, rng)


async def late_entry(server, director, alice):
    view = (await director.request("create_tournament", {"settings": {
        "name": "Αργοπορημένοι", "game": "diloti", "seats": 2, "format": "swiss",
        "swiss_rounds": 2, "unit": {"hands": 1}, "late_entry_until_round": 2,
        "absent_score": "half"}}))["tournament"]
    tid = view["summary"]["tournament_id"]
    await alice.request("enter_tournament", {"tournament_id": tid})
    for n in range(3):
        await direct(director, tid, "add_bot")
    view = await direct(director, tid, "start")
    alice_number = next(e["entrant"] for e in view["entrants"] if e["name"] == "Αλίκη")
    # Round 1 waits for Αλίκη: a late entrant comes in meanwhile, and plays from round 2.
    view = await direct(director, tid, "add_bot", player_name="Αργοπορημένος")
    late = next(e for e in view["entrants"] if e["name"] == "Αργοπορημένος")
    assert late["first_round"] == 2 and late["entrant"] == 5, late
    assert len(view["rounds"]) == 1, view["rounds"]
    rng = random.Random(3)
    await play_at(alice, await table_of(alice, tid, 1, alice_number), rng)
    table = await table_of(alice, tid, 2, alice_number)
    if table:
        await play_at(alice, table, rng)
    for _ in range(600):
        view = await view_of(director, tid)
        if view["summary"]["state"] == "finished":
            break
        await asyncio.sleep(0.1)
    assert view["summary"]["state"] == "finished", view["summary"]
    # Round 2 seats all five: two tables and a bye.
    second = view["rounds"][1]
    seated = [e for t in second["tables"] for e in (t["first"], t["second"])] + second.get("byes", [])
    assert sorted(seated) == [1, 2, 3, 4, 5], second
    # The late entrant: a half for the missed round 1, and its round 2 as played.
    if 5 in second.get("byes", []):
        earned = 1.0  # a bye scores a win (the default)
    else:
        table = next(t for t in second["tables"] if 5 in (t["first"], t["second"]))
        earned = 1.0 if table.get("winner") == 5 else 0.5 if not table.get("winner") else 0.0
    rows = {row["name"]: row for row in (await standings(server, tid))["rows"]}
    assert rows["Αργοπορημένος"]["values"][0] == 0.5 + earned, (rows["Αργοπορημένος"], earned)
    status, text = http_get(f"{server.http}/tournaments/{tid}/verify")
    assert status == 200 and "every round verified" in text, (status, text)


async def main(binary):
    server = ServerProcess(binary, "bot_delay_ms=0", "bot_threads=2")
    try:
        director = await registered(server, "Διευθύντρια")
        alice = await registered(server, "Αλίκη")
        await arranged_field(server, director, alice)
        await late_entry(server, director, alice)
        for client in (director, alice):
            await client.close()
        assert server.stop() == 0
        print("tournament director: manual seeds, club mates apart, late entry scored")
    finally:
        server.stop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
