#!/usr/bin/env python3
"""`kafenio tournament verify` end to end on an SQLite file: a hand-written log of a
4-entrant Swiss (docs/tournaments.md shows the same rows) verifies; the same log with
round 2's pairing changed is reported with exit code 1; bad usage is exit code 2."""
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

kafenio = sys.argv[1]


def run(*args):
    return subprocess.run([kafenio, *args], capture_output=True, text=True)


def fail(message, result=None):
    print(message)
    if result is not None:
        print(result.stdout, result.stderr)
    sys.exit(1)


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "kafenio.db")
    missing = run("tournament", "verify", "1", "--db", db)  # creates the schema
    if missing.returncode != 1 or "no tournament 1" not in missing.stderr:
        fail("a missing event must be exit 1", missing)
    if run("tournament", "verify", "x", "--db", db).returncode != 2:
        fail("a bad id must be exit 2")

    settings = {"format": "swiss", "swiss_rounds": 2, "round_robin_cycles": 1,
                "third_place_match": True, "grand_final_reset": True, "pool_count": 2,
                "pool_qualifiers": 2, "seeding": "rating", "bye": "win", "absent": "nothing",
                "tie_breaks": ["match_points", "buchholz", "sonneborn_berger"],
                "late_entry_until_round": 0, "forbidden": []}
    # Seeds by rating: 1, 2, 3, 4. Round 1: 1-3 and 4-2 (the second table gives the first
    # seat to the lower seed). 1 and 2 win; round 2 pairs the winners and the losers, the
    # first seat to whoever had the second.
    log = [
        ("entrant_added", {"entrant": 1, "rating": 1900, "manual_rank": 0,
                           "name": "Ελένη, Λεμεσός", "accounts": [0]}),
        ("entrant_added", {"entrant": 2, "rating": 1800, "manual_rank": 0, "name": "E", "accounts": [0]}),
        ("entrant_added", {"entrant": 3, "rating": 1700, "manual_rank": 0, "name": "E", "accounts": [0]}),
        ("entrant_added", {"entrant": 4, "rating": 1600, "manual_rank": 0, "name": "E", "accounts": [0]}),
        ("started", {}),
        ("round_published", {"round": 1, "by_hand": False, "byes": [], "tables": [
            {"first": 1, "second": 3, "bracket_match": -1},
            {"first": 4, "second": 2, "bracket_match": -1}]}),
        ("result", {"table": 0, "round": 1, "kind": "played", "first": 1, "second": 3,
                    "winner": 1, "first_score": 61, "second_score": 40}),
        ("result", {"table": 1, "round": 1, "kind": "played", "first": 4, "second": 2,
                    "winner": 2, "first_score": 33, "second_score": 61}),
        ("round_published", {"round": 2, "by_hand": False, "byes": [], "tables": [
            {"first": 2, "second": 1, "bracket_match": -1},
            {"first": 3, "second": 4, "bracket_match": -1}]}),
    ]
    with sqlite3.connect(db) as con:
        con.execute("INSERT INTO accounts (id, name, password_hash, created_ms)"
                    " VALUES (1, 'Σοφία', NULL, 1)")
        con.execute("INSERT INTO tournaments (id, name, director_id, game, settings, seed, state,"
                    " created_ms) VALUES (1, 'Κύπελλο', 1, 'diloti', ?, 7, 'running', 1)",
                    (json.dumps(settings),))
        for entry, (kind, payload) in enumerate(log, start=1):
            con.execute("INSERT INTO tournament_log VALUES (1, ?, ?, ?, 1)",
                        (entry, kind, json.dumps(payload)))
    ok = run("tournament", "verify", "1", "--db", db)
    if ok.returncode != 0 or "2 rounds, every round verified" not in ok.stdout:
        fail("the genuine log must verify", ok)

    # Standings after round 1: 1 and 2 won, 3 and 4 lost; equal on every column, each pair
    # shares a place (listed by seed). The name with a comma is quoted.
    csv = run("tournament", "standings", "1", "--db", db, "--csv")
    expected = ("place,entrant,name,status,match_points,buchholz,sonneborn_berger,"
                "played,won,drawn,lost,byes\r\n"
                '1,1,"Ελένη, Λεμεσός",in,1,0,0,1,1,0,0,0\r\n'
                "1,2,E,in,1,0,0,1,1,0,0,0\r\n"
                "3,3,E,in,0,1,0,1,0,0,1,0\r\n"
                "3,4,E,in,0,1,0,1,0,0,1,0\r\n")
    if csv.returncode != 0 or csv.stdout.replace("\n", "\r\n").replace("\r\r", "\r") != expected:
        fail("standings CSV: expected\n" + expected, csv)
    standings = json.loads(run("tournament", "standings", "1", "--db", db, "--json").stdout)
    if [row["entrant"] for row in standings["rows"]] != [1, 2, 3, 4] or standings["finished"]:
        fail("standings JSON rows")
    if [c["key"] for c in standings["columns"]] != settings["tie_breaks"] or \
            not all(c["explanation"] for c in standings["columns"]):
        fail("standings JSON columns")

    with sqlite3.connect(db) as con:
        forged = dict(log[8][1])
        forged["tables"] = [{"first": 2, "second": 3, "bracket_match": -1},
                            {"first": 1, "second": 4, "bracket_match": -1}]
        con.execute("UPDATE tournament_log SET payload = ? WHERE tournament_id = 1 AND entry = 9",
                    (json.dumps(forged),))
    bad = run("tournament", "verify", "1", "--db", db)
    if bad.returncode != 1 or "round 2 differs" not in bad.stdout:
        fail("a changed round must be reported", bad)
print("ok")
