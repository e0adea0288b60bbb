"""Pausing and resuming an event on a cluster (docs/admin.md, "Tournaments"; docs/scaling.md,
"Tournaments in a cluster"): two nodes on one real PostgreSQL; node a holds the event's
lease and plays its round's tables, node b does not run it.

- the director pauses the event over the protocol (pause_tournament) on node b: when the
  reply comes every table of the round, played on node a, is listed paused in node b's
  lobby, and the watcher on node a sees each paused; both nodes say the event is
  paused, and a second pause on node a is refused (TOURNAMENT_STATE);
- a director of the admin console resumes it through node b's console API, and the tables
  on node a go on;
- the console of node a pauses it and the protocol on node a resumes it;
- the event then finishes, its log holds the two pauses and resumes, it verifies, and the
  console's four actions are audited.
"""
import asyncio
import os
import sys
import tempfile
import time
import urllib.request

from admin_http import Staff, create_user
from cluster_player import Node, stop_nodes, write_secret
from kafenio_client import Client, expect_error, run
from postgres_server import PostgresDatabase

BINARY = sys.argv[1]
EVENT = {"name": "Κύπελλο Λάρνακας", "game": "diloti", "seats": 2, "format": "swiss",
         "swiss_rounds": 1, "unit": {"hands": 2}, "bot_level": "easy", "seeding": "rating"}


async def call(staff, path, body):
    return await asyncio.get_running_loop().run_in_executor(None, lambda: staff.post(path, body))


async def view(client, tid):
    return (await client.request("get_tournament", {"tournament_id": str(tid)}))["tournament"]


async def until(check, what, timeout=30):
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


async def paused_everywhere(clients, tid, paused):
    async def check():
        for client in clients:
            if bool((await view(client, tid))["summary"].get("paused")) != paused:
                return False
        return True
    await until(check, f"not every node says paused={paused}")


async def tables_show(watcher, tables, paused):
    """Every table of the round, watched on the node that plays it, shows `paused`."""
    left = set(tables)
    while left:
        info = (await watcher.next_event("table", timeout=30))["table"]
        if info["table_id"] in left and bool(info.get("paused")) == paused:
            left.discard(info["table_id"])


async def lobby_shows(url, tables):
    """Whether each table is paused, as a fresh lobby subscriber at `url` is told."""
    client = await Client.connect(url)
    listed = (await client.request("subscribe_lobby"))["lobby"]["tables"]
    await client.close()
    return {t["table_id"]: bool(t.get("paused")) for t in listed if t["table_id"] in tables}


def log_kinds(db, tid):
    return [kind for (kind,) in db.psql(
        f"SELECT kind FROM tournament_log WHERE tournament_id = {tid} ORDER BY entry")]


async def main():
    db = PostgresDatabase()
    folder = tempfile.mkdtemp(prefix="kafenio-cluster-pause-")
    secret = write_secret(folder)
    log = open(os.path.join(folder, "nodes.log"), "w")
    create_user(BINARY, db.conninfo, "dora", "director", "director password", scope="1")
    # Bots slow enough that the round is still being played while it is paused.
    settings = ("lease_ms=1500", "bot_delay_ms=300", "bot_threads=2",
                "messages_per_second=1000", "message_burst=1000")
    nodes = [Node(BINARY, name, db.conninfo, secret, log, settings) for name in ("a", "b")]
    a, b = nodes
    try:
        loop = asyncio.get_running_loop()
        director = await Client.connect(a.url)
        token = (await director.request("register", {"name": "Σοφία",
                                                     "password": "correct horse 1"}))
        token = token["signed_in"]["token"]
        tid = int((await director.request("create_tournament", {"settings": EVENT}))
                  ["tournament"]["summary"]["tournament_id"])
        assert tid == 1, tid  # dora's scope
        for _ in range(4):
            await director.request("direct_tournament", {"tournament_id": str(tid),
                                                         "action": "add_bot"})
        await director.request("direct_tournament", {"tournament_id": str(tid),
                                                     "action": "start"})
        assert db.psql(f"SELECT node FROM tournament_leases WHERE tournament_id = {tid}") == \
            [["a"]]

        # Round 1's tables, opened and played by node a; a watcher there follows them.
        async def opened():
            rounds = (await view(director, tid))["rounds"]
            return rounds and all(t.get("table_id") for t in rounds[0]["tables"])
        await until(opened, "round 1's tables were not opened")
        tables = [t["table_id"] for t in (await view(director, tid))["rounds"][0]["tables"]]
        watcher = await Client.connect(a.url)
        await watcher.request("sign_in_guest", {"name": "watcher"})
        for table in tables:
            await watcher.request("join_table", {"table_id": table})

        # Node b's lobby lists the round's tables (a lobby flush and a NOTIFY after node a
        # opened them): the reply below waits for what the lobby lists.
        async def listed_on_b():
            return len(await lobby_shows(b.url, tables)) == len(tables)
        await until(listed_on_b, "node b's lobby never listed round 1's tables")

        # 1. Paused over the protocol on node b, which does not run the event.
        on_b = await Client.connect(b.url)
        await on_b.request("resume", {"token": token})
        await on_b.request("pause_tournament", {"tournament_id": str(tid),
                                                "reason": "διακοπή ρεύματος"})
        # The reply came once every table showed it (docs/protocol.md): node b's lobby,
        # shared with node a, already lists them paused.
        shown = await lobby_shows(b.url, tables)
        assert shown == {t: True for t in tables}, (shown, tables)
        await tables_show(watcher, tables, True)
        await paused_everywhere([director, on_b], tid, True)
        await expect_error(director.request("pause_tournament", {"tournament_id": str(tid)}),
                           "TOURNAMENT_STATE")
        assert db.psql(f"SELECT node FROM tournament_leases WHERE tournament_id = {tid}") == \
            [["a"]], "the pause moved the event"

        # 2. Resumed through node b's admin console.
        staff_b = await loop.run_in_executor(
            None, lambda: Staff(b.server.admin, "dora", "director password"))
        status, answer = await call(staff_b, f"/admin/api/tournaments/{tid}/direct",
                                    {"action": "resume", "reason": "το ρεύμα ήρθε"})
        assert status == 200 and answer["paused"] is False, (status, answer)
        assert await lobby_shows(b.url, tables) == {t: False for t in tables}
        await tables_show(watcher, tables, False)
        await paused_everywhere([director, on_b], tid, False)

        # 3. Paused through node a's console, 4. resumed over the protocol on node a.
        staff_a = await loop.run_in_executor(
            None, lambda: Staff(a.server.admin, "dora", "director password"))
        still_open = []
        for table in tables:
            if db.psql(f"SELECT closed_ms IS NULL FROM game_tables WHERE public_id = '{table}'") \
                    == [["t"]]:
                still_open.append(table)
        status, answer = await call(staff_a, f"/admin/api/tournaments/{tid}/direct",
                                    {"action": "pause", "reason": "διάλειμμα"})
        assert status == 200 and answer["paused"] is True, (status, answer)
        await paused_everywhere([director, on_b], tid, True)
        status, answer = await call(staff_b, f"/admin/api/tournaments/{tid}/direct",
                                    {"action": "pause", "reason": "again"})
        assert status == 409, (status, answer)  # already paused, seen from node b too
        await director.request("resume_tournament", {"tournament_id": str(tid)})
        await paused_everywhere([director, on_b], tid, False)

        # The event finishes; its log holds each pause and resume once.
        async def finished():
            return (await view(on_b, tid))["summary"]["state"] == "finished"
        await until(finished, "the event did not finish", timeout=180)
        kinds = log_kinds(db, tid)
        assert kinds.count("paused") == 2 and kinds.count("resumed") == 2, kinds
        with urllib.request.urlopen(f"{b.server.http}/tournaments/{tid}/verify") as answer:
            report = answer.read().decode()
        assert "every round verified" in report, report
        audited = db.psql("SELECT action, outcome FROM audit_log"
                          " WHERE action LIKE 'tournament.%' ORDER BY id")
        assert [x for x in audited if x[1] == "ok"] == [["tournament.resume", "ok"],
                                                       ["tournament.pause", "ok"]], audited
        assert any(action == "tournament.pause" and outcome.startswith("refused")
                   for action, outcome in audited), audited
        for client in (director, on_b, watcher):
            await client.close()
        print(f"cluster pause: event {tid} run by node a paused and resumed from node b "
              f"(protocol, console) and node a (console, protocol); {len(tables)} tables "
              f"followed, {len(still_open)} still open at the second pause; log verified")
    finally:
        stop_nodes(nodes)
        log.close()
        db.drop()


if __name__ == "__main__":
    run(main())
