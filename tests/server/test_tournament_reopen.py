"""A crash between a tournament table's `table_opened` entry and its reserved seats
(docs/tournaments.md, "Running the rounds"): the log names the table, the store has it
open with nobody seated. A restart closes such a table (nobody to wait for), and the
event must open it again under the same id, reserve its seats and tell its players; it
once refused ("table X refused its seats") and the round never ended.

The crash is made exactly: the server is killed once the seats are stored, and their
rows are deleted before the restart, which leaves the database as a kill a moment
earlier would have. The players then come, play the match out, and the event finishes
with one table for its pairing."""
import asyncio
import random
import sqlite3
import sys
import tempfile

from kafenio_client import Client, ServerProcess, play_seat, run
from tournament_events import check_log, log_entries, settings, wait_finished, write_event

SETTINGS = ("bot_delay_ms=0",)


async def signed_in(server, token):
    client = await Client.connect(server.url)
    client.account = (await client.request("resume", {"token": token}))["signed_in"]
    return client


def seats_of(db, table_number):
    with sqlite3.connect(db) as con:
        return sorted(row[0] for row in con.execute(
            "SELECT account_id FROM table_seats WHERE table_id = ?", (table_number,)))


def closed_ms(db, table_number):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT closed_ms FROM game_tables WHERE id = ?",
                           (table_number,)).fetchone()[0]


async def main(binary):
    first = ServerProcess(binary, *SETTINGS)
    db = first.db
    accounts = {}
    for name in ("Ευτυχία", "Παναγιώτης", "Διευθυντής"):
        client = await Client.connect(first.url)
        account = await client.guest(name)
        accounts[name] = (int(account["account_id"]), account["token"])
        await client.close()
    first.stop()
    eva, panos, director = (accounts[n][0] for n in accounts)
    write_event(db, 21, "Ξανά", "diloti",
                settings(swiss_rounds=1, play={"options": ["target=11"],
                                               "no_show_grace_ms": 600000}),
                [("Ευτυχία", [eva], 1600), ("Παναγιώτης", [panos], 1500)], director=director)

    server = ServerProcess(binary, *SETTINGS, db=db)
    while True:
        opened = [p for k, p in log_entries(db, 21) if k == "table_opened"]
        if opened and seats_of(db, opened[0]["table_number"]) == sorted([eva, panos]):
            break
        assert server.alive()
        await asyncio.sleep(0.05)
    table_id, number = opened[0]["table_id"], opened[0]["table_number"]
    server.proc.kill()
    server.proc.wait()
    with sqlite3.connect(db) as con:
        con.execute("DELETE FROM table_seats WHERE table_id = ?", (number,))

    log = tempfile.TemporaryFile(mode="w+")
    server = ServerProcess(binary, *SETTINGS, db=db, log=log)
    # Open again under its id with both seats reserved, and never a second table.
    for _ in range(200):
        if closed_ms(db, number) is None and seats_of(db, number) == sorted([eva, panos]):
            break
        await asyncio.sleep(0.05)
    assert closed_ms(db, number) is None, "the table stayed closed"
    assert seats_of(db, number) == sorted([eva, panos]), seats_of(db, number)

    # Its players are told their table (the same id) and play their match out there.
    clients = [await signed_in(server, accounts[n][1]) for n in ("Ευτυχία", "Παναγιώτης")]
    for client in clients:
        pushed = (await client.next_event("tournament_round_started"))["tournament_round_started"]
        assert pushed["tournament_id"] == "21" and pushed["table_id"] == table_id, pushed
        await client.request("join_table", {"table_id": table_id})
        await client.request("set_ready", {"table_id": table_id, "ready": True})
    rng = random.Random(21)
    await asyncio.gather(*(play_seat(client, table_id, rng) for client in clients))
    final = await wait_finished(server, 21, timeout=120, alive=server.alive)
    rounds, tables = check_log(log_entries(db, 21))
    assert tables == {(1, 0): table_id}, tables
    assert sum(row["values"][0] for row in final["rows"]) == 1, final
    for client in clients:
        await client.close()
    assert server.stop() == 0
    log.seek(0)
    text = log.read()
    assert "refused its seats" not in text and "could not be opened again" not in text, text
    print("tournament reopen: a table left unseated by a crash was opened again and played")


if __name__ == "__main__":
    run(main(sys.argv[1]))
