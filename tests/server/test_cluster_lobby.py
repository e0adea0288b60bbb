"""Two nodes on one PostgreSQL database (docs/scaling.md):

- a table created on one node appears in the lobby of the other, and leaves it when it
  closes;
- a player who asks the wrong node for a table is redirected (ClusterRedirect) to the node
  that plays it, resumes there with the session token and plays;
- when that node is killed (SIGKILL) the other takes the table over once its lease has run
  out, rebuilt from its stored events; the player, sent on by TABLE_MOVING until then,
  resumes there and finishes the match, every move it saw broadcast stored exactly once;
- sign-in tells a client every node's address;
- a node stopped cleanly (SIGTERM) ends its leases as it stops: another node takes its
  table over before the lease it held would have run out (by the database's clock), and
  the player resumes there and finishes the match.
"""
import asyncio
import os
import random
import sys
import tempfile
import time

from cluster_player import ClusterPlayer, Node, stop_nodes, write_secret
from kafenio_client import Client, run
from postgres_server import PostgresDatabase


async def wait_for_lobby(watcher, table_id, present=True, timeout=10):
    deadline = time.monotonic() + timeout
    while True:
        message = await watcher.next_event(timeout=max(deadline - time.monotonic(), 0.01))
        if present and message.get("table", {}).get("table_id") == table_id:
            return
        if not present and message.get("table_removed", {}).get("table_id") == table_id:
            return


async def clean_stop_take_over(binary, db, secret, log, nodes):
    """Nodes c and d with a long lease join b: c plays a table and is stopped with SIGTERM;
    another node (b or d) takes the table over at its next lease round, long before c's
    lease would have run out."""
    settings = ("lease_ms=15000", "bot_delay_ms=20")
    c = Node(binary, "c", db.conninfo, secret, log, settings)
    nodes.append(c)
    d = Node(binary, "d", db.conninfo, secret, log, settings)
    nodes.append(d)
    player = ClusterPlayer([c, d], "Μαρία", random.Random(2), db)
    await player.open_table(c.url, "pilotta", ["target=51"], 4)
    playing = asyncio.ensure_future(player.play())
    lease_sql = (f"SELECT l.node, l.epoch, l.expires_at FROM table_leases l JOIN game_tables t"
                 f" ON t.id = l.table_id WHERE t.public_id = '{player.table_id}'")
    while len(player.seen_moves) < 8:
        if playing.done():
            playing.result()  # a player that failed fails the test
            raise AssertionError("the match ended before node c was stopped")
        await asyncio.sleep(0.05)
    holder, c_epoch, held_until = db.psql(lease_sql)[0]
    assert holder == "c", holder

    # A clean stop: c finishes its writes, then ends its leases.
    assert c.server.stop() == 0, "node c did not stop cleanly"
    deadline = time.monotonic() + 60
    while db.psql(lease_sql)[0][0] == "c":
        assert time.monotonic() < deadline, "no node took the table over"
        await asyncio.sleep(0.05)
    successor = db.psql(lease_sql)[0][0]
    # Taken over before the lease c last held (and renewed since) would have run out.
    [[early]] = db.psql(f"SELECT clock_timestamp() < '{held_until}'::timestamptz")
    assert early == "t", (held_until, db.psql(lease_sql))
    assert int(db.psql(lease_sql)[0][1]) != int(c_epoch)

    await asyncio.wait_for(playing, 120)
    assert player.match_finished()
    rows = db.psql(f"SELECT sequence, seat, move FROM move_events WHERE match_id ="
                   f" {player.match_id}")
    stored = {(player.match_id, int(s)): (int(seat), move) for s, seat, move in rows}
    assert len(stored) == len(rows)
    for key, value in player.seen_moves.items():
        assert stored.get(key) == value, (key, value, stored.get(key))
    print(f"clean stop: node {successor} took the table over before node c's lease ran out; "
          f"{len(player.seen_moves)} moves seen, {player.redirects} redirects, match finished")


async def main(binary):
    db = PostgresDatabase()
    folder = tempfile.mkdtemp(prefix="kafenio-cluster-lobby-")
    secret = write_secret(folder)
    log = open(os.path.join(folder, "nodes.log"), "w")
    settings = ("lease_ms=1500", "bot_delay_ms=20")
    nodes = [Node(binary, name, db.conninfo, secret, log, settings) for name in ("a", "b")]
    a, b = nodes
    try:
        watcher = await Client.connect(b.url)
        await watcher.guest("watcher")
        await watcher.request("subscribe_lobby")
        nodes_push = await watcher.next_event("cluster_nodes", timeout=5)
        assert sorted(nodes_push["cluster_nodes"]["addresses"]) == sorted([a.url, b.url]), nodes_push

        # A table made on node a shows in node b's lobby.
        player = ClusterPlayer(nodes, "Eleni", random.Random(1), db)
        await player.open_table(a.url, "pilotta", ["target=51"], 4)
        await wait_for_lobby(watcher, player.table_id)

        # A second player asks node b for it and is sent to node a, where it watches.
        guest = await Client.connect(b.url)
        token = (await guest.request("sign_in_guest", {"name": "Nikos"}))["signed_in"]["token"]
        reply = await guest.request("join_table", {"table_id": player.table_id})
        redirect = reply["table_redirect"]
        assert redirect["node"] == "a" and redirect["address"] == a.url, redirect
        await guest.close()
        guest = await Client.connect(redirect["address"])
        await guest.request("resume", {"token": token})
        await guest.request("join_table", {"table_id": player.table_id})
        snapshot = await guest.next_match_event()
        assert int(snapshot["match_id"]) == player.match_id
        await guest.close()

        # The player resumes through node b too: redirected to a, it plays on.
        await player.drop_client()
        assert await player.rejoin(b.url)
        assert player.redirects == 1
        playing = asyncio.ensure_future(player.play())
        await asyncio.sleep(1.0)
        assert not playing.done()

        # Node a dies; b takes the table over after the lease and the player finishes there.
        a.kill()
        killed_at = time.monotonic()
        await asyncio.wait_for(playing, 120)
        took = time.monotonic() - killed_at
        rows = db.psql("SELECT match_id, sequence, seat, move FROM move_events ORDER BY 1, 2")
        stored = {(int(m), int(s)): (int(seat), move) for m, s, seat, move in rows}
        assert len(stored) == len(rows)
        for key, value in player.seen_moves.items():
            assert stored.get(key) == value, (key, value, stored.get(key))
        state = db.psql(f"SELECT state FROM matches WHERE id = {player.match_id}")[0][0]
        assert state == "finished", state
        lease = db.psql(f"SELECT node, epoch FROM table_leases l JOIN game_tables t"
                        f" ON t.id = l.table_id WHERE t.public_id = '{player.table_id}'")
        assert lease[0][0] == "b" and int(lease[0][1]) >= 2, lease
        # The player leaves; the table, with only bots, closes and leaves b's lobby.
        await player.client.request("leave_table", {"table_id": player.table_id})
        await wait_for_lobby(watcher, player.table_id, present=False, timeout=30)
        print(f"redirects {player.redirects}, {len(player.seen_moves)} moves seen, "
              f"finished {took:.1f}s after node a's death")
        await watcher.close()
        await clean_stop_take_over(binary, db, secret, log, nodes)
    finally:
        stop_nodes(nodes)
        log.close()
        db.drop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
