"""Voiding matches through the admin console's real API (docs/admin.md, "Voiding a match"):

- three players play four rated Diloti matches; voiding the first replays the ladder
  without it: every player's rating, match count, history and the leaderboard equal a
  Glicko-2 computation done here, independently of the server (from Glickman's paper),
  over the three matches that remain (the change carries on to a player who never met
  the voided match's players but played one of them afterwards);
- the voided match shows as void (with the reason) in both players' histories, without a
  rating change, and its record carries a `# void:` comment that `kafenio replay` skips;
- a live match voided is played to its end but never rated;
- refusals: a second void (409), an unknown match (404), no reason or a bad id (400), a
  moderator (403); every void and refusal is in the audit log, and the chain verifies.
"""
import asyncio
import os
import random
import subprocess
import sys
import tempfile

from admin_http import Staff, create_user, http
from kafenio_client import Client, ServerProcess, play_seat, run
from test_results import close, glicko2

BINARY = sys.argv[1]
NEW = (1500, 350, 0.06)
# The ladder written out (rating, RD, rated matches), worked out with the Glicko-2 of
# test_results.py pinned to Glickman's example (test_glicko2_example.py checks both): after
# the four games, and after the first is voided (the three others from scratch).
EXPECTED_BEFORE_VOID = {"anna": (1551.87, 229.35, 3), "petros": (1369.41, 224.43, 3),
                        "μαρία": (1513.40, 262.41, 2)}
EXPECTED_AFTER_VOID = {"anna": (1513.40, 262.41, 2), "petros": (1410.67, 264.89, 2),
                       "μαρία": (1502.55, 256.35, 2)}


async def register(url, name):
    client = await Client.connect(url)
    client.account = (await client.request("register", {"name": name, "password": "tavli and ouzo"}))["signed_in"]
    return client


async def rated_table(creator):
    reply = await creator.request("create_table", {"game": "diloti", "preset": "online", "seats": 2,
                                                   "options": ["target=11"], "rated": True})
    return reply["table_created"]["table_id"]


async def seat_both(winner, loser):
    table_id = await rated_table(winner)
    await loser.request("join_table", {"table_id": table_id})
    await winner.request("sit", {"table_id": table_id, "seat": 0})
    await loser.request("sit", {"table_id": table_id, "seat": 1})
    for client in (winner, loser):
        await client.request("set_ready", {"table_id": table_id, "ready": True})
    return table_id


async def decided_match(winner, loser, rng):
    """A rated match the winner wins for rating purposes: the loser leaves at once (a bot
    plays the seat and the leaver's side loses, docs/ratings.md). Returns its id."""
    table_id = await seat_both(winner, loser)
    await loser.request("leave_table", {"table_id": table_id})
    # What the table sent the loser before the leave's reply is queued by now: drop it, so
    # their next match's events start from its first.
    while loser.match_event_waiting():
        await loser.next_match_event()
    ended = await play_seat(winner, table_id, rng)
    await winner.request("leave_table", {"table_id": table_id})
    while winner.match_event_waiting():
        await winner.next_match_event()
    return int(ended["match_id"])


def expected_ladder(matches):
    """Ratings after these (winner, loser) games, each one rating period, from scratch."""
    ratings, counts = {}, {}
    for winner, loser in matches:
        w, l = ratings.get(winner, NEW), ratings.get(loser, NEW)
        ratings[winner], ratings[loser] = glicko2(w, l, 1.0), glicko2(l, w, 0.0)
        for name in (winner, loser):
            counts[name] = counts.get(name, 0) + 1
    return ratings, counts


async def profile_rating(client, account_id):
    profile = (await client.request("get_profile", {"account_id": account_id}))["profile"]
    found = [r for r in profile["ratings"] if r["mode"] == "diloti-1v1"]
    return found[0] if found else None


async def check_ladder(clients, ids, games):
    want, counts = expected_ladder(games)
    for name, client in clients.items():
        rating = await profile_rating(client, ids[name])
        if name not in want:
            assert rating is None, (name, rating)
            continue
        got = (rating["rating"], rating["rd"], rating["volatility"])
        assert all(close(a, b) for a, b in zip(got, want[name])), (name, got, want[name])
        assert rating["matches"] == counts[name], (name, rating, counts)
    board = (await clients["anna"].request("get_leaderboard", {"mode": "diloti-1v1"}))["leaderboard"]["entries"]
    assert [e["name"] for e in board] == sorted(want, key=lambda n: -want[n][0]), (board, want)
    for entry in board:
        assert close(entry["rating"], want[entry["name"]][0]), (entry, want)


async def check_numbers(clients, ids, expected):
    """The ratings against the numbers written above (to the hundredth)."""
    for name, (rating, rd, matches) in expected.items():
        got = await profile_rating(clients[name], ids[name])
        assert abs(got["rating"] - rating) < 0.006 and abs(got["rd"] - rd) < 0.006, (name, got)
        assert got["matches"] == matches, (name, got)


async def call(staff, method, path, body=None):
    loop = asyncio.get_running_loop()
    if method == "GET":
        return await loop.run_in_executor(None, staff.get, path)
    return await loop.run_in_executor(None, lambda: staff.post(path, body))


async def main():
    folder = tempfile.mkdtemp(prefix="kafenio-void-")
    db = os.path.join(folder, "kafenio.db")
    create_user(BINARY, db, "elena", "owner", "owner password 1")
    create_user(BINARY, db, "mona", "moderator", "moderator password")
    server = ServerProcess(BINARY, "messages_per_second=1000", "message_burst=1000", db=db)
    rng = random.Random(18)
    try:
        loop = asyncio.get_running_loop()
        owner = await loop.run_in_executor(None, lambda: Staff(server.admin, "elena", "owner password 1"))
        moderator = await loop.run_in_executor(None, lambda: Staff(server.admin, "mona", "moderator password"))
        clients = {name: await register(server.url, name) for name in ("anna", "petros", "μαρία")}
        ids = {name: c.account["account_id"] for name, c in clients.items()}
        anna, petros, maria = clients["anna"], clients["petros"], clients["μαρία"]

        games = [("anna", "petros"), ("petros", "μαρία"), ("μαρία", "anna"), ("anna", "petros")]
        match_ids = []
        for winner, loser in games:
            match_ids.append(await decided_match(clients[winner], clients[loser], rng))
        await check_ladder(clients, ids, games)  # the server rates as computed here
        await check_numbers(clients, ids, EXPECTED_BEFORE_VOID)

        # --- Refusals change nothing.
        voided = match_ids[0]
        assert (await call(moderator, "POST", f"/admin/api/matches/{voided}/void", {"reason": "x"}))[0] == 403
        assert (await call(owner, "POST", f"/admin/api/matches/{voided}/void", {}))[0] == 400
        assert (await call(owner, "POST", "/admin/api/matches/abc/void", {"reason": "x"}))[0] == 400
        status, answer = await call(owner, "POST", "/admin/api/matches/999999/void", {"reason": "x"})
        assert status == 404, answer
        await check_ladder(clients, ids, games)

        # --- Void the first match: the ladder as if it had never been played.
        status, answer = await call(owner, "POST", f"/admin/api/matches/{voided}/void",
                                    {"reason": "αθέμιτη συνεννόηση: collusion"})
        assert status == 200, answer
        assert answer["state"] == "abandoned" and answer["rated"] is True, answer
        assert answer["matches_rerated"] == 3, answer  # every later match met an affected player
        remaining = games[1:]
        await check_ladder(clients, ids, remaining)
        await check_numbers(clients, ids, EXPECTED_AFTER_VOID)
        want, _ = expected_ladder(remaining)
        by_id = {r["account_id"]: r for r in answer["ratings"]}
        for name in clients:
            assert close(by_id[int(ids[name])]["rating"], want[name][0]), (name, answer)

        # The history: void, with its reason and no rating change; later changes replayed.
        for client in (anna, petros):
            entries = (await client.request("get_match_history", {}))["match_history"]["matches"]
            (entry,) = [e for e in entries if int(e["match_id"]) == voided]
            assert entry["voided"] is True and entry["void_reason"].startswith("αθέμιτη"), entry
            assert not entry.get("rating"), entry
            for other in entries:
                if int(other["match_id"]) != voided:
                    assert not other.get("voided"), other
        entries = (await anna.request("get_match_history", {}))["match_history"]["matches"]
        (third,) = [e for e in entries if int(e["match_id"]) == match_ids[2]]
        assert close(third["rating"]["rating_before"], 1500), third  # anna's first match now
        assert close(third["rating"]["rating_after"], glicko2(NEW, glicko2(NEW, NEW, 0.0), 0.0)[0]), third

        # The record says so in a comment; the replayer skips it.
        status, _, record = http("GET", f"{server.http}/matches/{voided}/record")
        assert status == 200 and record.startswith("# void: αθέμιτη"), record[:80]
        replayed = subprocess.run([BINARY, "replay", "-"], input=record, capture_output=True, text=True)
        assert replayed.returncode == 0, replayed.stderr
        over_ws = (await anna.request("get_match_record", {"match_id": str(voided)}))["match_record"]
        assert over_ws["record"] == record

        status, answer = await call(owner, "POST", f"/admin/api/matches/{voided}/void", {"reason": "again"})
        assert status == 409, answer
        await check_ladder(clients, ids, remaining)

        # --- A live match voided: played to its end, never rated.
        table_id = await seat_both(anna, maria)
        while True:
            status, listing = await call(owner, "GET", f"/admin/api/tables?live=true&player={ids['anna']}")
            live = [t for t in listing["tables"] if t["table_id"] == table_id and t.get("match_in_progress")]
            if live:
                break
            await asyncio.sleep(0.05)
        live_match = int(live[0]["match_id"])
        status, answer = await call(owner, "POST", f"/admin/api/matches/{live_match}/void",
                                    {"reason": "a disconnection storm"})
        assert status == 200 and answer["state"] == "live" and answer["ratings"] == [], answer
        await maria.request("leave_table", {"table_id": table_id})
        ended = await play_seat(anna, table_id, rng)
        assert int(ended["match_id"]) == live_match
        await check_ladder(clients, ids, remaining)  # nothing changed
        entries = (await maria.request("get_match_history", {"limit": 1}))["match_history"]["matches"]
        assert int(entries[0]["match_id"]) == live_match and entries[0]["voided"] is True, entries

        # --- The audit log has every void and refusal; the chain holds.
        status, log = await call(owner, "GET", "/admin/api/audit?action=match.void")
        outcomes = [e["outcome"] for e in log["entries"]]
        assert sum(o.startswith("ok") for o in outcomes) == 2, outcomes
        assert sum(o.startswith("refused") for o in outcomes) == 2, outcomes  # 404 and 409
        assert any("3 later matches re-rated" in o for o in outcomes), outcomes
        status, check = await call(owner, "POST", "/admin/api/audit/verify", {})
        assert status == 200 and check["intact"] is True, check

        for client in clients.values():
            await client.close()
        assert server.alive()
    finally:
        assert server.stop() == 0
    print("void: ladder replayed and checked, live void unrated, refusals audited")


if __name__ == "__main__":
    run(main())
