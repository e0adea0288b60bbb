"""Events on a cluster (docs/scaling.md, "Tournaments in a cluster"): three nodes on one
PostgreSQL database.

- A director creates an 8-entrant Diloti Swiss of 3 rounds on node a (which then holds the
  event's lease and runs it) and fills it with bots; a player connected to node b enters
  it there (a request about an event works on any node, decided against the whole log);
- the director starts it on node a: the player, still on node b, is pushed round 1 with
  their table, asks node b for it, is redirected to node a (which opened it) and joins;
  then withdraws on node b, and node a closes the forfeited table;
- node a is killed (SIGKILL) while round 2 is being played: another node takes the event's
  lease once it has run out, finds the published tables again and the event finishes:
  every round's pairing published once and never differently, one table per pairing, one
  result per table, and the log verifies over HTTP on a surviving node;
- a second event runs on node c, which is paused (SIGSTOP) past its lease during round 1:
  node b takes the event (and the tables) over and finishes it; node c, woken (SIGCONT),
  finds it no longer holds the event and stops running it.
"""
import asyncio
import json
import os
import sys
import tempfile
import time
import urllib.request

from cluster_player import Node, stop_nodes, write_secret
from kafenio_client import Client, ServerError, run
from postgres_server import PostgresDatabase
from tournament_events import check_log

EVENT = {"name": "Κύπελλο του cluster", "game": "diloti", "seats": 2, "format": "swiss",
         "swiss_rounds": 3, "unit": {"hands": 2}, "bot_level": "easy", "seeding": "rating"}


def log_entries(db, event_id):
    rows = db.psql(f"SELECT kind, payload FROM tournament_log WHERE tournament_id = {event_id}"
                   " ORDER BY entry")
    return [(kind, json.loads(payload)) for kind, payload in rows]


def lease_of(db, event_id):
    rows = db.psql(f"SELECT node, epoch FROM tournament_leases WHERE tournament_id = {event_id}")
    return (rows[0][0], int(rows[0][1])) if rows else (None, 0)


async def view(client, tid):
    return (await client.request("get_tournament", {"tournament_id": str(tid)}))["tournament"]


async def wait_finished(client, tid, timeout=60):
    deadline = time.monotonic() + timeout
    while True:
        state = (await view(client, tid))["summary"]["state"]
        if state == "finished":
            return
        assert time.monotonic() < deadline, f"event {tid} did not finish: {state}"
        await asyncio.sleep(0.2)


async def main(binary):
    db = PostgresDatabase()
    folder = tempfile.mkdtemp(prefix="kafenio-cluster-tournament-")
    secret = write_secret(folder)
    log = open(os.path.join(folder, "nodes.log"), "w")
    settings = ("lease_ms=1500", "bot_delay_ms=5", "bot_threads=2")
    nodes = [Node(binary, name, db.conninfo, secret, log, settings) for name in ("a", "b", "c")]
    a, b, c = nodes
    try:
        director = await Client.connect(a.url)
        await director.request("register", {"name": "Διευθυντής", "password": "correct horse 1"})
        tid = int((await director.request("create_tournament", {"settings": EVENT}))
                  ["tournament"]["summary"]["tournament_id"])
        assert lease_of(db, tid) == ("a", 1), lease_of(db, tid)

        # A player on node b finds the event made on node a and enters it there.
        player = await Client.connect(b.url)
        token = (await player.request("register", {"name": "Παίκτρια",
                                                   "password": "correct horse 2"}))
        token = token["signed_in"]["token"]
        for _ in range(100):
            try:
                entered = await player.request("enter_tournament", {"tournament_id": str(tid)})
                break
            except ServerError as error:  # node b has not read the new event yet
                assert error.code == "UNKNOWN_TOURNAMENT", error
                await asyncio.sleep(0.05)
        names = [e["name"] for e in entered["tournament"]["entrants"]]
        assert names == ["Παίκτρια"], names
        # The director, on node a, adds seven bots: node a learns of the entry from the log
        # (or from the conflict on the log's key) and numbers them after it.
        for _ in range(7):
            event = (await director.request("direct_tournament", {
                "tournament_id": str(tid), "action": "add_bot"}))["tournament"]
        assert len(event["entrants"]) == 8 and event["entrants"][0]["name"] == "Παίκτρια", event
        await director.request("direct_tournament", {"tournament_id": str(tid),
                                                     "action": "start"})

        # Round 1: the player, on node b, is told their table; node a plays it.
        pushed = (await player.next_event("tournament_round_started", timeout=30))[
            "tournament_round_started"]
        assert pushed["round"] == 1 and pushed["table_id"], pushed
        table_id = pushed["table_id"]
        reply = None
        for _ in range(100):
            try:
                reply = await player.request("join_table", {"table_id": table_id})
                break
            except ServerError as error:
                assert error.code == "TABLE_MOVING", error
                await asyncio.sleep(0.05)
        redirect = reply["table_redirect"]
        assert redirect["node"] == "a" and redirect["address"] == a.url, redirect
        seated = await Client.connect(a.url)
        await seated.request("resume", {"token": token})
        # Node a may answer TABLE_MOVING for a moment too: the table's lease row is written
        # before node a's own directory lists the table (docs/protocol.md: ask again).
        for _ in range(100):
            try:
                joined = await seated.request("join_table", {"table_id": table_id})
                break
            except ServerError as error:
                assert error.code == "TABLE_MOVING", error
                await asyncio.sleep(0.05)
        assert joined, joined
        # Withdrawn on node b: node a, which plays the table, closes it (a forfeit).
        await player.request("withdraw_from_tournament", {"tournament_id": str(tid)})
        deadline = time.monotonic() + 30
        while True:
            closed = db.psql(f"SELECT closed_ms IS NOT NULL FROM game_tables"
                             f" WHERE public_id = '{table_id}'")
            if closed and closed[0][0] == "t":
                break
            assert time.monotonic() < deadline, "the forfeited table stayed open"
            await asyncio.sleep(0.1)
        await seated.close()

        # Node a is killed while round 2 is played; another node takes the event over.
        while True:
            entries = log_entries(db, tid)
            if any(k == "table_opened" and p["round"] == 2 for k, p in entries):
                break
            assert not any(k == "finished" for k, _ in entries), "finished before round 2"
            await asyncio.sleep(0.02)
        before = [p for k, p in log_entries(db, tid) if k == "round_published"]
        a.kill()
        killed_at = time.monotonic()
        await director.close()
        watcher = await Client.connect(c.url)
        await wait_finished(watcher, tid)
        took = time.monotonic() - killed_at
        holder, epoch = lease_of(db, tid)
        assert holder in ("b", "c") and epoch >= 2, (holder, epoch)

        entries = log_entries(db, tid)
        after = [p for k, p in entries if k == "round_published"]
        assert after[:len(before)] == before, (before, after)
        assert len(after) == 3, after
        rounds, opened = check_log(entries)
        results = [(p["round"], p["table"]) for k, p in entries if k == "result"]
        assert len(results) == len(set(results)), results
        tables = sum(len(r["tables"]) for r in rounds.values())
        assert len(opened) == tables and len(results) == tables, (opened, results)
        with urllib.request.urlopen(f"{b.server.http}/tournaments/{tid}/verify") as answer:
            report = answer.read().decode()
        assert "every round verified" in report, report
        # Every node answers about the finished event the same.
        final_b = (await view(player, tid))["standings"]
        final_c = (await view(watcher, tid))["standings"]
        assert final_b == final_c, (final_b, final_c)
        await player.close()
        print(f"cluster tournament: node {holder} took the event over (epoch {epoch}) and "
              f"finished it {took:.1f}s after node a's death; {tables} tables, log verified")

        # A second event, made and run on node c, which is then paused (SIGSTOP) past its
        # lease: node b takes it over; woken, node c finds itself fenced and stops running it.
        second = await Client.connect(c.url)
        await second.request("register", {"name": "Δεύτερη", "password": "correct horse 3"})
        tid2 = int((await second.request("create_tournament", {"settings": dict(
            EVENT, name="Δεύτερο", swiss_rounds=2)}))["tournament"]["summary"]["tournament_id"])
        for _ in range(4):
            await second.request("direct_tournament", {"tournament_id": str(tid2),
                                                       "action": "add_bot"})
        await second.request("direct_tournament", {"tournament_id": str(tid2), "action": "start"})
        await second.close()
        while not any(k == "table_opened" for k, _ in log_entries(db, tid2)):
            await asyncio.sleep(0.02)
        holder, c_epoch = lease_of(db, tid2)
        assert holder == "c", lease_of(db, tid2)  # with its process's epoch, the fencing token
        c.pause()
        deadline = time.monotonic() + 30
        while lease_of(db, tid2)[0] != "b":
            assert time.monotonic() < deadline, "node b never took the event over"
            await asyncio.sleep(0.1)
        assert lease_of(db, tid2)[1] != c_epoch, lease_of(db, tid2)
        await asyncio.sleep(1.0)
        c.resume()
        await wait_finished(watcher, tid2)
        assert lease_of(db, tid2)[0] == "b", lease_of(db, tid2)
        entries = log_entries(db, tid2)
        rounds, opened = check_log(entries)
        results = [(p["round"], p["table"]) for k, p in entries if k == "result"]
        assert len(rounds) == 2 and len(results) == len(set(results)) == len(opened) == 4, (
            rounds, opened, results)
        with urllib.request.urlopen(f"{c.server.http}/tournaments/{tid2}/verify") as answer:
            report = answer.read().decode()
        assert "every round verified" in report, report
        log.flush()
        with open(os.path.join(folder, "nodes.log")) as lines:
            told = lines.read()
        assert f"node c no longer holds tournament {tid2}" in told, "node c was not fenced"
        await watcher.close()
        print("cluster tournament: node c, paused past its lease, was fenced; node b finished"
              " its event")
    finally:
        stop_nodes(nodes)
        log.close()
        db.drop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
