"""Cluster benchmark (docs/performance.md, "PostgreSQL and several nodes"). Prints numbers;
asserts nothing. PostgreSQL (started here with fsync on, pg_server.sh) and three nodes on
loopback:

- lobby convergence: tables are created on node a, a few a second; a lobby subscriber on
  every node notes when each table reaches it; the convergence of a table on node b or c
  is the time from node a's own lobby push to that node's.
- fail-over: each node plays tables of one client player (the cluster tests' player: first
  legal move; on losing its node it goes to another) and bots; node a is killed with
  SIGKILL, and for each table it held, the time from the kill to the table's first move
  stored after it (by the node that took it over) is noted. The node is restarted, and
  this is repeated on the node that holds the most tables then.

usage: python3 tests/bench/cluster_bench.py KAFENIO_BINARY [--tables-per-node N]
           [--lobby-tables N] [--kills N] [--lease-ms MS]
(PYTHONPATH: build/release/proto/python and tests/server.)
"""
import argparse
import asyncio
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from cluster_player import SECRET, ClusterPlayer, Node
from kafenio_client import Client
from postgres_server import SCRIPT, PostgresDatabase


def percentiles(samples):
    samples = sorted(samples)
    pick = lambda p: samples[min(len(samples) - 1, int(p * (len(samples) - 1) + 0.5))]  # noqa: E731
    return (f"n={len(samples)} p50 {pick(0.5):.0f} ms, p90 {pick(0.9):.0f} ms, "
            f"p99 {pick(0.99):.0f} ms, max {samples[-1]:.0f} ms")


async def lobby_convergence(nodes, count):
    watchers = {}
    for node in nodes:
        client = await Client.connect(node.url)
        await client.guest(f"watch{node.name}")
        await client.request("subscribe_lobby")
        watchers[node.name] = client
    seen = {name: {} for name in watchers}  # table id -> monotonic time of its first push

    async def follow(name, client):
        while True:
            message = await client.events.get()
            table = message.get("table")
            if table and table["table_id"] not in seen[name]:
                seen[name][table["table_id"]] = time.monotonic()

    followers = [asyncio.ensure_future(follow(n, c)) for n, c in watchers.items()]
    creator = await Client.connect(nodes[0].url)
    await creator.guest("creator")
    created = []
    for _ in range(count):
        reply = await creator.request("create_table", {
            "game": "diloti", "options": [], "seats": 2, "turn_clock_ms": 600000})
        created.append(reply["table_created"]["table_id"])
        await asyncio.sleep(0.05)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not all(
            all(t in seen[n] for t in created) for n in seen):
        await asyncio.sleep(0.05)
    for follower in followers:
        follower.cancel()
    own = seen[nodes[0].name]
    samples = []
    missing = 0
    for node in nodes[1:]:
        for table in created:
            if table in seen[node.name] and table in own:
                samples.append((seen[node.name][table] - own[table]) * 1000)
            else:
                missing += 1
    for client in [creator, *watchers.values()]:
        await client.close()
    return samples, missing


async def failover(nodes, db, per_node, kills, lease_ms, rng):
    players = []
    for node in nodes:
        for number in range(per_node):
            player = ClusterPlayer(nodes, f"f{node.name}{number}", random.Random(number), db)
            await player.open_table(node.url, "pilotta", ["target=301"], 4)
            players.append(player)
    tasks = [asyncio.ensure_future(p.play()) for p in players]
    samples = []
    victim = nodes[0]
    for _ in range(kills):
        await asyncio.sleep(2)
        held = [int(row[0]) for row in db.psql(
            "SELECT l.table_id FROM table_leases l JOIN game_tables t ON t.id = l.table_id"
            f" WHERE l.node = '{victim.name}' AND t.closed_ms IS NULL")]
        killed_ms = int(time.time() * 1000)
        victim.kill()
        waiting = set(held)
        give_up = time.monotonic() + 30
        while waiting and time.monotonic() < give_up:
            await asyncio.sleep(0.1)
            rows = db.psql(
                "SELECT m.table_id, MIN(e.time_ms) FROM move_events e JOIN matches m"
                f" ON m.id = e.match_id WHERE e.time_ms > {killed_ms} AND m.table_id IN"
                f" ({','.join(map(str, waiting))}) GROUP BY m.table_id")
            for table, first_ms in rows:
                samples.append(int(first_ms) - killed_ms)
                waiting.discard(int(table))
        print(f"  kill of node {victim.name}: {len(held)} tables, {len(waiting)} not playing "
              f"after 30 s", flush=True)
        victim.start()
        held_by = dict((name, int(count)) for name, count in db.psql(
            "SELECT l.node, COUNT(*) FROM table_leases l JOIN game_tables t ON"
            " t.id = l.table_id WHERE t.closed_ms IS NULL GROUP BY l.node"))
        victim = max(nodes, key=lambda node: (held_by.get(node.name, 0), rng.random()))
    for task in tasks:
        task.cancel()
    for player in players:
        await player.drop_client()
    return samples


async def main(args):
    folder = tempfile.mkdtemp(prefix="kafenio-cluster-bench-")
    pg_dir = os.path.join(tempfile.gettempdir(), f"kafenio-bench-pg-{os.getpid()}")
    base = subprocess.run([SCRIPT, "start", pg_dir, "5432", "fsync"], check=True,
                          capture_output=True, text=True).stdout.strip()
    os.environ["KAFENIO_TEST_PG"] = base
    db = PostgresDatabase()
    secret = os.path.join(folder, "server-secret")
    with open(secret, "w") as f:
        f.write(SECRET + "\n")
    log = open(os.path.join(folder, "nodes.log"), "w")
    settings = (f"lease_ms={args.lease_ms}", "bot_delay_ms=200")
    nodes = [Node(args.binary, name, db.conninfo, secret, log, settings) for name in "abc"]
    try:
        await asyncio.sleep(args.lease_ms / 1000)
        samples, missing = await lobby_convergence(nodes, args.lobby_tables)
        print(f"lobby convergence across nodes ({args.lobby_tables} tables made on node a, seen "
              f"on b and c): {percentiles(samples)}; {missing} never seen", flush=True)
        samples = await failover(nodes, db, args.tables_per_node, args.kills, args.lease_ms,
                                 random.Random(7))
        print(f"fail-over (lease {args.lease_ms} ms; SIGKILL to the table's first move on its "
              f"new node): {percentiles(samples)}", flush=True)
    finally:
        for node in nodes:
            if node.server.alive():
                node.server.proc.send_signal(signal.SIGKILL)
        log.close()
        db.drop()
        subprocess.run([SCRIPT, "stop", pg_dir], check=False)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--tables-per-node", type=int, default=30)
    parser.add_argument("--lobby-tables", type=int, default=200)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--lease-ms", type=int, default=3000)
    asyncio.run(main(parser.parse_args(sys.argv[1:])))
