"""Whole events run by the real server with bot entrants at high speed (docs/tournaments.md,
"Running the rounds"), three at once on one server:
- a 32-pair Pilotta Swiss of 5 rounds with duplicate deals (one deal a match, played from
  both sides): every round 16 tables, all dealt the same seed from the same seat, hand 2
  the same seed as hand 1 (the sides swapped), every match played and fed to the
  standings, match points summing to one per match;
- a 16-player Diloti knockout with a third-place match, to 11: places 1, 2, 3, 4, then
  5th shared by the quarter-final losers and 9th by the first-round losers;
- 8 Diloti players in 2 pools of 4 (round robin), the top 2 of each to a knockout.
Each ends with its log verified (GET /tournaments/{id}/verify), exactly one table opened
per pairing, and no table left open."""
import sqlite3
import sys

from kafenio_client import Client, ServerProcess, run
from tournament_events import (bots, check_log, ensure_account, log_entries, settings, verify,
                               wait_finished, write_event)

SETTINGS = ("bot_delay_ms=0", "bot_threads=2")


async def main(binary):
    first = ServerProcess(binary, *SETTINGS)
    db = first.db
    first.stop()  # the schema is made; the events go in before the server runs them
    ensure_account(db, 1, "Σοφία")

    write_event(db, 1, "Πρωτάθλημα Πιλόττας", "pilotta",
                settings(format="swiss", swiss_rounds=5, play={"duplicate_deals": 1}),
                [(f"Ζευγάρι {n}", [0, 0], 2000 - n) for n in range(1, 33)], director=1)
    write_event(db, 2, "Κύπελλο Ντιλότι", "diloti",
                settings(format="single_elimination", third_place_match=True,
                         play={"options": ["target=11"]}),
                bots(16, "Παίκτης"), director=1)
    write_event(db, 3, "Όμιλοι", "diloti",
                settings(format="pools_knockout", pool_count=2, pool_qualifiers=2,
                         third_place_match=False, play={"options": ["target=11"]}),
                bots(8), director=1)

    server = ServerProcess(binary, *SETTINGS, db=db)

    swiss = await wait_finished(server, 1, alive=server.alive)
    knockout = await wait_finished(server, 2, alive=server.alive)
    pools = await wait_finished(server, 3, alive=server.alive)

    # The Swiss: 5 rounds of 16 tables, every match played (two hands each).
    rounds, opened = check_log(log_entries(db, 1))
    assert len(rounds) == 5 and all(len(r["tables"]) == 16 for r in rounds.values()), rounds
    assert len(opened) == 80, len(opened)
    results = [p for k, p in log_entries(db, 1) if k == "result"]
    assert len(results) == 80 and all(r["kind"] == "played" for r in results), results[:3]
    # Card points reach the standings (two annulled Pilotta hands may leave a match 0:0).
    assert sum(r["first_score"] + r["second_score"] > 0 for r in results) > 60, results
    # Duplicate deals: per round one seed and one first dealer at every table, twice.
    matches = {}
    for kind, payload in log_entries(db, 1):
        if kind == "match_started":
            matches.setdefault(payload["round"], []).append(payload["match_id"])
    seeds_by_round = []
    with sqlite3.connect(db) as con:
        for number in sorted(matches):
            dealt = set()
            for match in matches[number]:
                seeds = con.execute("SELECT hand, dealer, seed FROM hand_seeds WHERE match_id = ?"
                                    " ORDER BY hand", (match,)).fetchall()
                assert len(seeds) == 2 and seeds[0][2] == seeds[1][2], seeds
                assert seeds[1][1] == (seeds[0][1] + 1) % 4, seeds
                dealt.add((seeds[0][1], seeds[0][2]))
            assert len(dealt) == 1, (number, dealt)
            seeds_by_round.append(dealt.pop())
    assert len(set(seeds_by_round)) == 5, seeds_by_round
    points = sum(row["values"][0] for row in swiss["rows"])
    assert points == 80, points
    assert all(row["played"] == 5 for row in swiss["rows"]), swiss["rows"]

    # The knockout: 1, 2, 3, 4, then shared 5th (4) and 9th (8).
    places = sorted(row["place"] for row in knockout["rows"])
    assert places == [1, 2, 3, 4] + [5] * 4 + [9] * 8, places
    check_log(log_entries(db, 2))

    # Pools then knockout: the four qualifiers are placed 1 to 4 (semi-finals and final,
    # no third-place match: the semi-final losers share 3rd).
    places = sorted(row["place"] for row in pools["rows"])
    assert places[:4] == [1, 2, 3, 3], places
    check_log(log_entries(db, 3))

    for event in (1, 2, 3):
        status, text = await verify(server, event)
        assert status == 200 and "every round verified" in text, (event, status, text)

    # Every table of the events has closed (bots alone leave once the match is played).
    watcher = await Client.connect(server.url)
    await watcher.guest("watcher")
    lobby = await watcher.request("subscribe_lobby")
    left = [t for t in lobby["lobby"].get("tables", []) if t.get("tournament_id")]
    assert not left, left
    await watcher.close()
    assert server.stop() == 0
    print("tournament bots: 32-pair Swiss, 16-player knockout and pools run to the end")


if __name__ == "__main__":
    run(main(sys.argv[1]))
