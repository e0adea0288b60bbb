"""Events for the tests of tournaments run by the server (docs/tournaments.md, "Running the
rounds"): an event is written into the server's database file before the server starts,
as registering with its start time passed, so that the server starts it on its own at
start-up (the scheduled start) and runs every round. The rows are those the event store
writes (docs/tournaments.md, "An event as a log")."""
import asyncio
import json
import sqlite3
import urllib.error
import urllib.request

BASE = {"format": "swiss", "swiss_rounds": 3, "round_robin_cycles": 1,
        "third_place_match": True, "grand_final_reset": True, "pool_count": 2,
        "pool_qualifiers": 2, "seeding": "rating", "bye": "win", "absent": "nothing",
        "tie_breaks": ["match_points", "buchholz_cut1", "buchholz", "sonneborn_berger",
                       "direct_encounter", "score_margin", "matches_won"],
        "late_entry_until_round": 0, "forbidden": []}

PLAY = {"preset": "", "options": [], "knockout_options": [], "hands": 0, "players": 0,
        "rated": False, "turn_clock_ms": 0, "round_time_limit_ms": 0, "no_show_grace_ms": 0,
        "bot_level": "easy", "duplicate_deals": 0}


def settings(play=None, **changes):
    """The event's settings row: BASE with `changes`, and its "play" object."""
    out = dict(BASE, **changes)
    out["play"] = dict(PLAY, **(play or {}))
    return out


def bots(count, names="Bot"):
    """`count` bot entrants (accounts 0: the server's bots play them), rated downwards."""
    return [(f"{names} {n}", [0], 2000 - n) for n in range(1, count + 1)]


def ensure_account(db, account_id, name):
    with sqlite3.connect(db) as con:
        con.execute("INSERT OR IGNORE INTO accounts (id, name, password_hash, created_ms)"
                    " VALUES (?, ?, NULL, 1)", (account_id, name))


def write_event(db, event_id, name, game, event_settings, entrants, director, seed=7,
                starts_ms=1):
    """Stores a registering event whose start time has passed; `entrants` are
    (name, accounts, rating) in registration order."""
    with sqlite3.connect(db) as con:
        con.execute("INSERT INTO tournaments (id, name, director_id, game, settings, seed, state,"
                    " created_ms, starts_ms) VALUES (?, ?, ?, ?, ?, ?, 'registering', 1, ?)",
                    (event_id, name, director, game, json.dumps(event_settings), seed,
                     starts_ms))
        for number, (entrant_name, accounts, rating) in enumerate(entrants, start=1):
            payload = {"entrant": number, "rating": rating, "manual_rank": 0,
                       "name": entrant_name, "accounts": accounts}
            con.execute("INSERT INTO tournament_log VALUES (?, ?, 'entrant_added', ?, 1)",
                        (event_id, number, json.dumps(payload)))


def log_entries(db, event_id):
    with sqlite3.connect(db) as con:
        return [(kind, json.loads(payload)) for kind, payload in con.execute(
            "SELECT kind, payload FROM tournament_log WHERE tournament_id = ? ORDER BY entry",
            (event_id,))]


def http_get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def standings(server, event_id):
    status, text = await asyncio.get_running_loop().run_in_executor(
        None, http_get, f"{server.http}/tournaments/{event_id}/standings.json")
    assert status == 200, (status, text)
    return json.loads(text)


async def verify(server, event_id):
    return await asyncio.get_running_loop().run_in_executor(
        None, http_get, f"{server.http}/tournaments/{event_id}/verify")


async def wait_finished(server, event_id, timeout=600, alive=None):
    """Polls the standings until the event is finished; returns them."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        table = await standings(server, event_id)
        if table["finished"]:
            return table
        assert loop.time() < deadline, f"event {event_id} did not finish: {table}"
        if alive is not None:
            assert alive(), "the server died"
        await asyncio.sleep(0.5)


def check_log(entries):
    """What holds for every event the server ran: one table per pairing (never a second),
    every table's match logged once, and every result of a played match at a table that
    was opened for it."""
    rounds = {}
    opened = {}
    for kind, payload in entries:
        if kind == "round_published":
            rounds[payload["round"]] = payload
        if kind == "table_opened":
            key = (payload["round"], payload["table"])
            assert key not in opened, f"a second table for {key}"
            opened[key] = payload["table_id"]
        if kind == "result" and payload["kind"] == "played":
            assert (payload["round"], payload["table"]) in opened, payload
    for number, published in rounds.items():
        for table in range(len(published["tables"])):
            assert (number, table) in opened, f"round {number} table {table} never opened"
    assert len(set(opened.values())) == len(opened), "two pairings share a table"
    return rounds, opened
