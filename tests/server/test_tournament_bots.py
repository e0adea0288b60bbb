"""Whole events run by the real server with bot entrants at high speed (docs/tournaments.md,
"Running the rounds"), three at once on one server:
- a 32-pair Pilotta Swiss of 5 rounds, matches of 2 hands: every round 16 tables, every
  match played and fed to the standings, match points summing to one per match;
- a 16-player Diloti knockout with a third-place match, to 11: places 1, 2, 3, 4, then
  5th shared by the quarter-final losers and 9th by the first-round losers;
- 8 Diloti players in 2 pools of 4 (round robin), the top 2 of each to a knockout.
Each ends with its log verified (GET /tournaments/{id}/verify), exactly one table opened
per pairing, and no table left open."""
import asyncio
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
                settings(format="swiss", swiss_rounds=5, play={"hands": 2}),
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
