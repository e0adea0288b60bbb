"""A hand-written stored event for the tests of `kafenio tournament` and the HTTP routes: a
4-entrant Swiss of 2 rounds (docs/tournaments.md shows the same rows), written straight
into a database file that has the server's schema."""
import json
import sqlite3

SETTINGS = {"format": "swiss", "swiss_rounds": 2, "round_robin_cycles": 1,
            "third_place_match": True, "grand_final_reset": True, "pool_count": 2,
            "pool_qualifiers": 2, "seeding": "rating", "bye": "win", "absent": "nothing",
            "tie_breaks": ["match_points", "buchholz", "sonneborn_berger"],
            "late_entry_until_round": 0, "forbidden": []}


def entrant(number, rating, name="E"):
    return ("entrant_added", {"entrant": number, "rating": rating, "manual_rank": 0,
                              "name": name, "accounts": [0]})


# Seeds by rating: 1, 2, 3, 4. Round 1: 1-3 and 4-2 (the second table gives the first seat
# to the lower seed). 1 and 2 win; round 2 pairs the winners and the losers, the first
# seat to whoever had the second.
LOG = [
    entrant(1, 1900, "Ελένη, Λεμεσός"),
    entrant(2, 1800),
    entrant(3, 1700),
    entrant(4, 1600),
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

# The standings after round 1: 1 and 2 won, 3 and 4 lost; equal on every column, each pair
# shares a place (listed by seed). The name with a comma is quoted.
STANDINGS_CSV = ("place,entrant,name,status,match_points,buchholz,sonneborn_berger,"
                 "played,won,drawn,lost,byes\r\n"
                 '1,1,"Ελένη, Λεμεσός",in,1,0,0,1,1,0,0,0\r\n'
                 "1,2,E,in,1,0,0,1,1,0,0,0\r\n"
                 "3,3,E,in,0,1,0,1,0,0,1,0\r\n"
                 "3,4,E,in,0,1,0,1,0,0,1,0\r\n")


def write_sample_event(db):
    """Stores the event as tournament 1 (directed by account 1, created here)."""
    with sqlite3.connect(db) as con:
        con.execute("INSERT INTO accounts (id, name, password_hash, created_ms)"
                    " VALUES (1, 'Σοφία', NULL, 1)")
        con.execute("INSERT INTO tournaments (id, name, director_id, game, settings, seed, state,"
                    " created_ms) VALUES (1, 'Κύπελλο', 1, 'diloti', ?, 7, 'running', 1)",
                    (json.dumps(SETTINGS),))
        for number, (kind, payload) in enumerate(LOG, start=1):
            con.execute("INSERT INTO tournament_log VALUES (1, ?, ?, ?, 1)",
                        (number, kind, json.dumps(payload)))


def forge_round_2(db):
    """Changes round 2's published pairing in place, as a tampered database would."""
    forged = dict(LOG[8][1])
    forged["tables"] = [{"first": 2, "second": 3, "bracket_match": -1},
                        {"first": 1, "second": 4, "bracket_match": -1}]
    with sqlite3.connect(db) as con:
        con.execute("UPDATE tournament_log SET payload = ? WHERE tournament_id = 1 AND entry = 9",
                    (json.dumps(forged),))
