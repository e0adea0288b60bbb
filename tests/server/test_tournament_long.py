"""The long tournament run (CTest label tournament-long, `make bench-tournament`; not in
CI): a 256-pair Pilotta Swiss of 7 rounds to 151 with bot entrants, run by the real server
to its end, then the same server's CPU per move at ordinary tables of bots (watched, so
they play on) for comparison. Prints the wall time, the server's CPU seconds, the moves
and the CPU per move of each; docs/performance.md records them. Asserts only that the
event finishes whole and verifies."""
import asyncio
import os
import sys
import time

from kafenio_client import Client, ServerProcess, body_of, run
from tournament_events import (check_log, ensure_account, log_entries, settings, verify,
                               wait_finished, write_event)

SETTINGS = ("bot_delay_ms=0", "bot_threads=1", "threads=1")
PAIRS = int(os.environ.get("KAFENIO_TOURNAMENT_PAIRS", "256"))
ROUNDS = int(os.environ.get("KAFENIO_TOURNAMENT_ROUNDS", "7"))


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def moves(server):
    return int(server.metrics(timeout=30)["kafenio_moves_total"])


async def ordinary_table(server, number):
    """A table of four easy bots to 151, watched by its creator, played to the end."""
    watcher = await Client.connect(server.url)
    await watcher.guest(f"watcher{number}")
    created = await watcher.request("create_table", {"game": "pilotta"})
    table = created["table_created"]["table_id"]
    for seat in range(4):
        await watcher.request("add_bot", {"table_id": table, "seat": seat})
    while body_of(await watcher.next_match_event(timeout=600)) != "match_ended":
        pass
    await watcher.close()


async def ordinary_tables(server, count):
    """`count` such tables at once."""
    await asyncio.gather(*(ordinary_table(server, n) for n in range(count)))


async def main(binary):
    first = ServerProcess(binary, *SETTINGS)
    db = first.db
    first.stop()
    ensure_account(db, 1, "Σοφία")
    write_event(db, 1, "Μεγάλο Ελβετικό", "pilotta", settings(swiss_rounds=ROUNDS),
                [(f"Ζευγάρι {n}", [0, 0], 2000 - n) for n in range(1, PAIRS + 1)], director=1)

    started = time.monotonic()
    server = ServerProcess(binary, *SETTINGS, db=db)
    pid = server.proc.pid
    await wait_finished(server, 1, timeout=36000, alive=server.alive)
    wall = time.monotonic() - started
    cpu_event = cpu_seconds(pid)
    moves_event = moves(server)
    rounds, opened = check_log(log_entries(db, 1))
    assert len(rounds) == ROUNDS and len(opened) == ROUNDS * PAIRS // 2, (len(rounds), len(opened))
    status, text = await verify(server, 1)
    assert status == 200 and "every round verified" in text, text
    print(f"tournament: {PAIRS} pairs, {ROUNDS} rounds to 151: {len(opened)} matches, "
          f"{moves_event} moves in {wall:.1f} s wall, server CPU {cpu_event:.1f} s, "
          f"{1e6 * cpu_event / moves_event:.1f} us CPU per move", flush=True)

    tables = max(8, PAIRS // 16)
    await ordinary_tables(server, tables)
    cpu_plain = cpu_seconds(pid) - cpu_event
    moves_plain = moves(server) - moves_event
    assert server.stop() == 0
    print(f"ordinary tables: {tables} matches of bots to 151: {moves_plain} moves, server CPU "
          f"{cpu_plain:.1f} s, {1e6 * cpu_plain / moves_plain:.1f} us CPU per move")


if __name__ == "__main__":
    run(main(sys.argv[1]))
