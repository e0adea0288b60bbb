"""The server keeps its data in SQLite (--db): an account registered, a session opened and
a match played survive a restart on the same database file, and the finished match is
stored as a game record that `kafenio replay` accepts with the same result."""
import random
import sqlite3
import subprocess
import sys

from kafenio_client import Client, ServerProcess, play_seat, run


async def play_one_match(url, rng):
    client = await Client.connect(url)
    signed = (await client.request("register", {"name": "maria", "password": "kafenio rules"}))["signed_in"]
    reply = await client.request("create_table", {"game": "pilotta", "preset": "cyprus", "options": ["target=31"]})
    table_id = reply["table_created"]["table_id"]
    for seat in (1, 2, 3):
        await client.request("add_bot", {"table_id": table_id, "seat": seat})
    await client.request("sit", {"table_id": table_id, "seat": 0})
    await client.request("set_ready", {"table_id": table_id, "ready": True})
    ended = (await play_seat(client, table_id, rng))["match_ended"]
    await client.close()
    return signed["token"], ended


async def main(binary):
    rng = random.Random(7)
    server = ServerProcess(binary)
    db = server.db
    try:
        token, ended = await play_one_match(server.url, rng)
    finally:
        assert server.stop() == 0  # SIGTERM: flush and close cleanly

    # The finished match is stored with its game record; replaying it gives the same end.
    with sqlite3.connect(db) as connection:
        (record, winner, total0, total1), = connection.execute(
            "SELECT record, winner, total0, total1 FROM match_results").fetchall()
        moves = connection.execute("SELECT COUNT(*) FROM move_events").fetchone()[0]
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert (winner, [total0, total1]) == (ended["winner"], ended["totals"]), (winner, total0, total1, ended)
    assert moves > 0
    replay = subprocess.run([binary, "replay", "-"], input=record, capture_output=True, text=True)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert replay.stdout.strip().splitlines()[-1] == f"winner {ended['winner']}", replay.stdout

    # After a restart on the same file the account and its session are still there.
    server = ServerProcess(binary, db=db)
    try:
        again = await Client.connect(server.url)
        resumed = (await again.request("resume", {"token": token}))["signed_in"]
        assert resumed["name"] == "maria", resumed
        other = await Client.connect(server.url)
        signed = (await other.request("sign_in", {"name": "maria", "password": "kafenio rules"}))["signed_in"]
        assert signed["name"] == "maria", signed
        await again.close()
        await other.close()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
