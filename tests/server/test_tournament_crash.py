"""A SIGKILL during a round of an event the server runs (docs/tournaments.md, "Running the
rounds"): an 8-player Diloti Swiss of 3 rounds with bot entrants, the server killed with
SIGKILL while round 2 is being played, and again at once after the restart; on the
restart the event goes on to its end: the rounds already published are the same, no
pairing ever gets a second table, every table's result is fed once, and the log verifies."""
import asyncio
import sys

from kafenio_client import ServerProcess, run
from tournament_events import (bots, check_log, ensure_account, log_entries, settings, verify,
                               wait_finished, write_event)

SETTINGS = ("bot_delay_ms=2",)


async def main(binary):
    first = ServerProcess(binary, *SETTINGS)
    db = first.db
    first.stop()
    ensure_account(db, 1, "Σοφία")
    write_event(db, 5, "Αντοχή", "diloti",
                settings(swiss_rounds=3, play={"options": ["target=31"]}), bots(8), director=1)

    server = ServerProcess(binary, *SETTINGS, db=db)
    # Wait for round 2 to be under way: published, some of its tables opened, no result.
    while True:
        entries = log_entries(db, 5)
        opened_2 = [p for k, p in entries if k == "table_opened" and p["round"] == 2]
        if opened_2:
            break
        assert server.alive()
        await asyncio.sleep(0.05)
    before = [p for k, p in log_entries(db, 5) if k == "round_published"]
    server = server.crash_and_restart()
    await asyncio.sleep(0.3)
    server = server.crash_and_restart()

    final = await wait_finished(server, 5, alive=server.alive)
    entries = log_entries(db, 5)
    after = [p for k, p in entries if k == "round_published"]
    assert after[:len(before)] == before, (before, after)
    rounds, opened = check_log(entries)
    assert len(rounds) == 3 and len(opened) == 12, (rounds, opened)
    results = [(p["round"], p["table"]) for k, p in entries if k == "result"]
    assert len(results) == len(set(results)) == 12, results
    assert sum(row["values"][0] for row in final["rows"]) == 12, final
    status, text = await verify(server, 5)
    assert status == 200 and "every round verified" in text, (status, text)
    assert server.stop() == 0
    print("tournament crash: the event went on after two SIGKILLs, pairings unchanged")


if __name__ == "__main__":
    run(main(sys.argv[1]))
