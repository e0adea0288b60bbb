"""The cluster under failure (docs/scaling.md): one PostgreSQL server (started by the
tests) and three nodes on loopback, 200 bot tables spread over them, each with one client
player (always its first legal move) and server bots. Nodes are killed with SIGKILL at
random moments and restarted, at once or only after their leases have run out, at least 20
times; one node is paused (SIGSTOP) past its lease and then let go (SIGCONT). Proves:

- every move any client saw broadcast (and so every acknowledged move, broadcast before
  its acknowledgement) is stored exactly once, at the sequence number it was sent with;
- no match is lost: every match finishes, its record replays with `kafenio replay` to the
  stored winner;
- the results and the whole move logs equal those of a run of the same tables (the same
  seeds: a fixed server secret, tables and matches created in the same order) on three
  nodes that never fail;
- the paused node found itself fenced and dropped its tables without writing.

KAFENIO_CLUSTER_TABLES, _KILLS and _SEED change the size (defaults 200, 20, 20261125).
"""
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from cluster_player import SECRET, ClusterPlayer, Node
from kafenio_client import run
from postgres_server import PostgresDatabase

TABLES = int(os.environ.get("KAFENIO_CLUSTER_TABLES", "200"))
KILLS = int(os.environ.get("KAFENIO_CLUSTER_KILLS", "20"))
LEASE_MS = 1500
KINDS = [  # (game, options, seats)
    ("pilotta", ["target=101"], 4),
    ("diloti", ["target=21"], 2),
    ("diloti", ["target=21"], 4),
]


async def one_run(binary, failures, rng):
    db = PostgresDatabase()
    folder = tempfile.mkdtemp(prefix="kafenio-cluster-")
    secret = os.path.join(folder, "server-secret")
    with open(secret, "w") as f:
        f.write(SECRET + "\n")
    os.chmod(secret, 0o600)  # the server refuses a secret others can read
    logs = {name: open(os.path.join(folder, f"node-{name}.log"), "w") for name in "abc"}
    # Bots pace the matches so that they last long enough for every kill.
    settings = (f"lease_ms={LEASE_MS}", "bot_delay_ms=150")
    nodes = [Node(binary, name, db.conninfo, secret, logs[name], settings) for name in "abc"]
    try:
        players = []
        for number in range(TABLES):
            game, options, seats = KINDS[number % len(KINDS)]
            player = ClusterPlayer(nodes, f"p{number}", random.Random(number), db)
            # Spread over the nodes: each table is created on (and so owned by) one of them.
            await player.open_table(nodes[number % 3].url, game, options, seats)
            players.append(player)
        tasks = [asyncio.ensure_future(p.play()) for p in players]

        kills = 0
        paused = None
        if failures:
            failed = lambda: any(t.done() and t.exception() for t in tasks)  # noqa: E731
            while kills < KILLS and not all(t.done() for t in tasks) and not failed():
                await asyncio.sleep(rng.uniform(0.1, 0.5))
                if kills == KILLS // 2 and paused is None:
                    # One node frozen past its lease, then let go: it must find itself fenced.
                    paused = rng.choice(nodes)
                    paused.pause()
                    await asyncio.sleep(LEASE_MS * 2.5 / 1000)
                    paused.resume()
                    continue
                victim = rng.choice(nodes)
                victim.kill()
                kills += 1
                # Back at once (it takes its own tables back) or after its leases ran out
                # (the other nodes have taken them over).
                if rng.random() < 0.4:
                    await asyncio.sleep(rng.uniform(LEASE_MS / 1000, 2 * LEASE_MS / 1000))
                victim.start()
        # A player that fails fails the test at once.
        done, pending = await asyncio.wait(tasks, timeout=400,
                                           return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            task.result()  # a player that failed fails the test
        if pending:
            stuck = [p for p, t in zip(players, tasks) if not t.done()]
            details = [(p.table_id, p.match_id, len(p.seen_moves)) for p in stuck[:10]]
            for node in nodes:
                logs[node.name].flush()
            raise AssertionError(f"{len(stuck)} matches never finished: {details}; logs in {folder}")
        for player in players:
            await player.drop_client()
        for node in nodes:
            assert node.server.stop() == 0, f"node {node.name} did not stop cleanly"

        states = db.psql("SELECT state, COUNT(*) FROM matches GROUP BY state")
        assert states == [["finished", str(TABLES)]], states
        results = db.psql("SELECT match_id, winner, total0, total1 FROM match_results"
                          " ORDER BY match_id")
        records = db.psql("SELECT match_id, winner, replace(record, E'\\n', '|') FROM"
                          " match_results ORDER BY match_id")
        moves = db.psql("SELECT match_id, sequence, seat, move FROM move_events"
                        " ORDER BY match_id, sequence")
        stored = {(int(m), int(s)): (int(seat), move) for m, s, seat, move in moves}
        assert len(stored) == len(moves)
        seen = 0
        for player in players:
            for key, value in player.seen_moves.items():
                assert stored.get(key) == value, (key, value, stored.get(key))
                seen += 1
        for match_id, winner, record in records:
            replay = subprocess.run([binary, "replay", "-"], input=record.replace("|", "\n"),
                                    capture_output=True, text=True)
            assert replay.returncode == 0, (match_id, replay.stdout, replay.stderr)
            assert replay.stdout.strip().splitlines()[-1] == f"winner {winner}", match_id
        dropped = {}  # node -> tables it dropped on finding its lease lost
        for node in nodes:
            logs[node.name].flush()
            with open(os.path.join(folder, f"node-{node.name}.log")) as log:
                dropped[node.name] = sum("lost the lease" in line for line in log)
        return {
            "results": results,
            "moves": moves,
            "kills": kills,
            "seen": seen,
            "acked": sum(p.acked for p in players),
            "redirects": sum(p.redirects for p in players),
            "dropped": dropped,
            "fenced": dropped[paused.name] if paused is not None else 0,
            "folder": folder,
        }
    finally:
        for node in nodes:
            if node.paused:
                node.resume()
            if node.server.alive():
                node.server.proc.kill()
        for log in logs.values():
            log.close()
        db.drop()


async def main(binary):
    rng = random.Random(int(os.environ.get("KAFENIO_CLUSTER_SEED", "20261125")))
    started = time.monotonic()
    reference = await one_run(binary, False, rng)
    middle = time.monotonic()
    failed = await one_run(binary, True, rng)
    print(f"reference: {TABLES} matches, {len(reference['moves'])} moves in "
          f"{middle - started:.0f}s; with failures: {failed['kills']} SIGKILLs and a pause, "
          f"{failed['seen']} broadcast moves checked, {failed['acked']} acknowledged, "
          f"{failed['redirects']} redirects, {failed['fenced']} tables dropped by the paused "
          f"node, in {time.monotonic() - middle:.0f}s")
    # Without failures no node may lose a lease, even with every core busy.
    assert sum(reference["dropped"].values()) == 0, reference["dropped"]
    assert reference["redirects"] == 0, reference["redirects"]
    assert failed["results"] == reference["results"]
    assert failed["moves"] == reference["moves"]
    assert failed["kills"] >= KILLS, "the matches ended before enough kills"
    assert failed["fenced"] >= 1, "the paused node never found itself fenced"
    for outcome in (reference, failed):  # the nodes' logs are kept only when something failed
        shutil.rmtree(outcome["folder"], ignore_errors=True)


if __name__ == "__main__":
    run(main(sys.argv[1]))
