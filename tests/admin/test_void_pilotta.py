"""Voiding a rated Pilotta match (teams of two) through the console's API, end to end
(docs/admin.md, "Voiding a match"; docs/ratings.md, "Partnership games"):

- four registered players play two rated Pilotta matches to 300, each decided by the
  losing pair leaving at once (a bot plays their seats and their team loses): άννα and
  Βασίλης beat Γιώργος and Δήμητρα, then άννα and Γιώργος beat Βασίλης and Δήμητρα;
- the ratings equal the composite-opponent Glicko-2 computed here (each player against the
  mean rating and root-mean-square RD of the other pair) and the numbers written out;
- the first match voided: the second is rated again from scratch (four new players), each
  rating back to the numbers written out, every count one match; the void shows in the
  histories, and a second void is refused (409).
"""
import asyncio
import math
import os
import random
import sys
import tempfile

from admin_http import Staff, create_user
from kafenio_client import Client, ServerProcess, play_seat, run
from test_results import glicko2

BINARY = sys.argv[1]
NEW = (1500, 350, 0.06)
NAMES = ("άννα", "Βασίλης", "Γιώργος", "Δήμητρα")
# (rating, RD, matches), worked out with the pinned Glicko-2 (test_glicko2_example.py):
# after both matches, and after the first is voided (the second alone, four new players:
# a win or a loss against a 1500/350 composite).
EXPECTED_BOTH = {"άννα": (1751.76, 251.26, 2), "Βασίλης": (1484.49, 251.26, 2),
                 "Γιώργος": (1515.51, 251.26, 2), "Δήμητρα": (1248.24, 251.26, 2)}
EXPECTED_AFTER_VOID = {"άννα": (1662.31, 290.32, 1), "Βασίλης": (1337.69, 290.32, 1),
                       "Γιώργος": (1662.31, 290.32, 1), "Δήμητρα": (1337.69, 290.32, 1)}


def composite(team):
    """The opposing pair as one opponent: mean rating, root-mean-square RD."""
    return (sum(r[0] for r in team) / len(team), math.sqrt(sum(r[1] ** 2 for r in team) / len(team)), 0.06)


def expected_ladder(matches):
    ratings, counts = {}, {}
    for winners, losers in matches:
        w = [ratings.get(n, NEW) for n in winners]
        lo = [ratings.get(n, NEW) for n in losers]
        for name, own in zip(winners, w):
            ratings[name] = glicko2(own, composite(lo), 1.0)
        for name, own in zip(losers, lo):
            ratings[name] = glicko2(own, composite(w), 0.0)
        for name in winners + losers:
            counts[name] = counts.get(name, 0) + 1
    return ratings, counts


async def register(url, name):
    client = await Client.connect(url)
    client.account = (await client.request("register", {"name": name, "password": "tavli and ouzo"}))["signed_in"]
    return client


async def decided_match(winners, losers, rng):
    """Pilotta to 300, winners in seats 0 and 2, losers in 1 and 3; the losers leave at once
    and the winners play it out. Returns the match id."""
    creator = winners[0]
    table_id = (await creator.request("create_table", {
        "game": "pilotta", "seats": 4, "options": ["target=300"], "rated": True}))["table_created"]["table_id"]
    order = [winners[0], losers[0], winners[1], losers[1]]
    for seat, client in enumerate(order):
        if client is not creator:
            await client.request("join_table", {"table_id": table_id})
        await client.request("sit", {"table_id": table_id, "seat": seat})
    for client in order:
        await client.request("set_ready", {"table_id": table_id, "ready": True})
    for client in losers:
        await client.request("leave_table", {"table_id": table_id})
        while client.match_event_waiting():
            await client.next_match_event()
    ended = await asyncio.gather(*(play_seat(c, table_id, rng) for c in winners))
    for client in winners:
        await client.request("leave_table", {"table_id": table_id})
        while client.match_event_waiting():
            await client.next_match_event()
    return int(ended[0]["match_id"])


async def check(clients, ids, matches, written):
    want, counts = expected_ladder(matches)
    for name, client in clients.items():
        profile = (await client.request("get_profile", {"account_id": ids[name]}))["profile"]
        (got,) = [r for r in profile["ratings"] if r["mode"] == "pilotta"]
        assert abs(got["rating"] - want[name][0]) < 1e-6 and abs(got["rd"] - want[name][1]) < 1e-6, \
            (name, got, want[name])
        assert got["matches"] == counts[name], (name, got)
        rating, rd, matches_played = written[name]
        assert abs(got["rating"] - rating) < 0.006 and abs(got["rd"] - rd) < 0.006, (name, got, written[name])
        assert got["matches"] == matches_played, (name, got)


async def main():
    db = os.path.join(tempfile.mkdtemp(prefix="kafenio-void-pilotta-"), "kafenio.db")
    create_user(BINARY, db, "elena", "owner", "owner password 1")
    server = ServerProcess(BINARY, "messages_per_second=1000", "message_burst=1000", db=db)
    rng = random.Random(20)
    try:
        loop = asyncio.get_running_loop()
        owner = await loop.run_in_executor(None, lambda: Staff(server.admin, "elena", "owner password 1"))
        clients = {name: await register(server.url, name) for name in NAMES}
        ids = {name: c.account["account_id"] for name, c in clients.items()}
        a, b, c, d = (clients[n] for n in NAMES)
        first = await decided_match([a, b], [c, d], rng)
        await decided_match([a, c], [b, d], rng)
        games = [((NAMES[0], NAMES[1]), (NAMES[2], NAMES[3])), ((NAMES[0], NAMES[2]), (NAMES[1], NAMES[3]))]
        await check(clients, ids, games, EXPECTED_BOTH)

        status, answer = await loop.run_in_executor(None, lambda: owner.post(
            f"/admin/api/matches/{first}/void", {"reason": "στημένη παρτίδα: a fixed match"}))
        assert status == 200 and answer["rated"] is True and answer["matches_rerated"] == 1, answer
        await check(clients, ids, games[1:], EXPECTED_AFTER_VOID)
        for client in clients.values():
            entries = (await client.request("get_match_history", {}))["match_history"]["matches"]
            (entry,) = [e for e in entries if int(e["match_id"]) == first]
            assert entry["voided"] is True and entry["void_reason"].startswith("στημένη"), entry
        status, answer = await loop.run_in_executor(None, lambda: owner.post(
            f"/admin/api/matches/{first}/void", {"reason": "again"}))
        assert status == 409, answer
        await check(clients, ids, games[1:], EXPECTED_AFTER_VOID)
        for client in clients.values():
            await client.close()
    finally:
        assert server.stop() == 0
    print("pilotta void: team ladder replayed and checked")


run(main())
