"""Two processes under one node name (docs/scaling.md, "Fencing"): node n1 plays tables
and is frozen (SIGSTOP), not dead; a second `kafenio serve --node n1` starts on another
port and takes the name's tables back at once, with a new epoch. Let go (SIGCONT), the first
process finds itself replaced: the database refuses its writes (the epoch is the fencing
token), it drops every table without writing and sends its players to the new process.
Proves:

- the new process took every table back, each lease with its epoch, greater than the old;
- the old process gave way (its log says so) and holds no table (`kafenio_tables 0`);
- any write the old process tried after the take-back was refused by the database, with
  its epoch named, and never acknowledged;
- every move a client saw broadcast (and so every acknowledged move) is stored exactly
  once, at its sequence number, every match finishes, and its record replays to its
  stored winner.
"""
import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time

from cluster_player import ClusterPlayer, Node, stop_nodes, write_secret
from kafenio_client import run
from postgres_server import PostgresDatabase

TABLES = 4
LEASE_MS = 1500


def leases(db):
    return db.psql("SELECT l.node, l.epoch FROM table_leases l JOIN game_tables t"
                   " ON t.id = l.table_id WHERE t.closed_ms IS NULL")


def metric(node, name):
    return node.server.metrics()[name]


def read(path):
    with open(path) as f:
        return f.read()


async def wait_until(condition, what, timeout=30):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


async def main(binary):
    db = PostgresDatabase()
    folder = tempfile.mkdtemp(prefix="kafenio-cluster-fencing-")
    secret = write_secret(folder)
    old_log_path = os.path.join(folder, "n1-old.log")
    new_log_path = os.path.join(folder, "n1-new.log")
    old_log, new_log = open(old_log_path, "w"), open(new_log_path, "w")
    settings = (f"lease_ms={LEASE_MS}", "bot_delay_ms=20")
    old = Node(binary, "n1", db.conninfo, secret, old_log, settings)
    nodes = [old]
    try:
        players = []
        for number in range(TABLES):
            player = ClusterPlayer(nodes, f"Παίκτης{number}", random.Random(number), db)
            await player.open_table(old.url, "pilotta", ["target=101"], 4)
            players.append(player)
        tasks = [asyncio.ensure_future(p.play()) for p in players]
        await wait_until(lambda: int(db.psql("SELECT count(*) FROM move_events")[0][0]) >= 40,
                         "the tables never got going")
        [(_, old_epoch)] = {tuple(row) for row in leases(db)}
        old_epoch = int(old_epoch)

        # Frozen, not dead: its leases have not run out when the new process takes them.
        old.pause()
        paused_at = time.monotonic()
        new = Node(binary, "n1", db.conninfo, secret, new_log, settings)
        nodes.append(new)
        await wait_until(lambda: all(int(epoch) != old_epoch for _, epoch in leases(db)),
                         "the new process never took the tables back")
        took = time.monotonic() - paused_at
        epochs = {(node, int(epoch)) for node, epoch in leases(db)}
        assert len(epochs) == 1, epochs
        [(holder, new_epoch)] = epochs
        assert holder == "n1" and new_epoch > old_epoch, (holder, new_epoch, old_epoch)
        assert len(leases(db)) == TABLES, leases(db)
        await asyncio.sleep(0.5)  # the new process plays on meanwhile

        # Let go: the old process must find itself fenced, drop everything, write nothing.
        old.resume()
        await wait_until(lambda: "another process has started as node n1" in read(old_log_path),
                         "the old process never found itself replaced")
        assert metric(old, "kafenio_tables") == 0

        done, pending = await asyncio.wait(tasks, timeout=240,
                                           return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            task.result()  # a player that failed fails the test
        assert not pending, f"{len(pending)} matches never finished; logs in {folder}"
        for player in players:
            await player.drop_client()

        # Whatever the old process tried to write after the take-back was refused, naming
        # its epoch; nothing it wrote was stored.
        old_text = read(old_log_path)
        refused = re.findall(r"could not be stored: .*", old_text)
        for line in refused:
            assert f"epoch {old_epoch})" in line and "does not hold the lease" in line, line
        assert metric(old, "kafenio_tables") == 0
        # Every move seen is stored once, at its sequence; no gaps; every match finished.
        rows = db.psql("SELECT match_id, sequence, seat, move FROM move_events ORDER BY 1, 2")
        stored = {(int(m), int(s)): (int(seat), move) for m, s, seat, move in rows}
        assert len(stored) == len(rows)
        seen = 0
        for player in players:
            for key, value in player.seen_moves.items():
                assert stored.get(key) == value, (key, value, stored.get(key))
                seen += 1
        states = db.psql("SELECT state, count(*) FROM matches GROUP BY state")
        assert states == [["finished", str(TABLES)]], states
        # Each match's record, from its stored moves, replays to its stored winner.
        records = db.psql("SELECT match_id, winner, replace(record, E'\\n', '|') FROM"
                          " match_results ORDER BY match_id")
        assert len(records) == TABLES, records
        for match_id, winner, record in records:
            replay = subprocess.run([binary, "replay", "-"], input=record.replace("|", "\n"),
                                    capture_output=True, text=True)
            assert replay.returncode == 0, (match_id, replay.stdout, replay.stderr)
            assert replay.stdout.strip().splitlines()[-1] == f"winner {winner}", match_id
        print(f"cluster fencing: the new process (epoch {new_epoch}) took {TABLES} tables back "
              f"from the frozen one (epoch {old_epoch}) {took:.1f}s after the SIGSTOP; the old "
              f"one gave way, {len(refused)} of its writes refused; {seen} broadcast moves "
              f"checked, {sum(p.acked for p in players)} acknowledged, every match finished")
        for node in nodes:
            assert node.server.stop() == 0, "a process did not stop cleanly"
    finally:
        for node in nodes:
            if node.paused:
                node.resume()
        stop_nodes(nodes)
        old_log.close()
        new_log.close()
        db.drop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
