"""Helpers for the cluster tests (docs/scaling.md): nodes of one cluster on a PostgreSQL
database the test started, and a client player that follows its table from node to node
the way the web client does: on a redirect it reconnects to the named node, resumes its
session with its token and joins again; while the table moves (TABLE_MOVING) it asks again
in a moment; when its node dies it goes to another node it knows."""
import asyncio
import os
import signal

import websockets

from kafenio_client import (Client, ServerError, ServerProcess, first_move, game_view, has_moves,
                            note_event, open_bot_table, play_move_as_player, unless_closed)

SECRET = "5a" * 32


def write_secret(folder):
    """The nodes' shared server secret, in `folder`; returns its path."""
    path = os.path.join(folder, "server-secret")
    with open(path, "w") as f:
        f.write(SECRET + "\n")
    os.chmod(path, 0o600)  # the server refuses a secret others can read
    return path


def stop_nodes(nodes):
    """Stops every node still running."""
    for node in nodes:
        if node.server.alive():
            node.server.stop()


class Node:
    """One `kafenio serve --node NAME` on the shared database, restartable."""

    def __init__(self, binary, name, conninfo, secret_file, log, settings=()):
        self.binary, self.name, self.conninfo = binary, name, conninfo
        self.secret_file, self.log, self.settings = secret_file, log, settings
        self.server = None
        self.paused = False
        self.start()

    def start(self):
        self.server = ServerProcess(self.binary, f"secret_file={self.secret_file}", *self.settings,
                                    db=self.conninfo, log=self.log, extra_args=("--node", self.name))
        self.paused = False

    @property
    def url(self):
        return self.server.url

    def alive(self):
        return self.server is not None and self.server.alive() and not self.paused

    def kill(self):
        self.server.proc.send_signal(signal.SIGKILL)
        self.server.proc.wait(timeout=30)

    def pause(self):
        self.paused = True
        self.server.proc.send_signal(signal.SIGSTOP)

    def resume(self):
        self.server.proc.send_signal(signal.SIGCONT)
        self.paused = False


class TableMoved(Exception):
    """The table's node sent it elsewhere, or lost it."""


class ClusterPlayer:
    """One client player at one table: always its first legal move."""

    def __init__(self, nodes, name, rng, db):
        self.nodes, self.name, self.rng, self.db = nodes, name, rng, db
        self.client = None
        self.token = None
        self.table_id = None
        self.match_id = 0
        self.seen_moves = {}  # (match id, seq) -> (seat, notation), as broadcast
        self.acked = 0
        self.redirects = 0
        self.moves_refused_moving = 0

    def live_urls(self):
        return [node.url for node in self.nodes if node.alive()]

    async def sign_in(self, url):
        self.client = await Client.connect(url)
        if self.token is None:
            self.token = (await self.client.request("sign_in_guest", {"name": self.name}))[
                "signed_in"]["token"]
        else:
            await self.client.request("resume", {"token": self.token})

    async def open_table(self, url, game, options, seats, clock_ms=600000):
        await self.sign_in(url)
        self.table_id = await open_bot_table(self.client, game, options, seats, clock_ms)
        self.match_id = self.client.match_id

    def match_finished(self):
        rows = self.db.psql(f"SELECT state FROM matches WHERE id = {int(self.match_id)}")
        return bool(rows) and rows[0][0] == "finished"

    async def rejoin(self, url):
        """Connects (to `url`, or wherever the table is) and joins the table again; False
        when the match is over and its table gone."""
        for _ in range(400):
            if self.client is None:
                await self.sign_in(url)
            try:
                reply = await self.client.request("join_table", {
                    "table_id": self.table_id, "match_id": self.match_id, "last_seq": 0},
                    timeout=10)
            except ServerError as error:
                if error.code == "TABLE_MOVING":
                    await asyncio.sleep(0.1)
                    continue
                if error.code == "UNKNOWN_TABLE" and self.match_finished():
                    return False
                raise
            redirect = reply.get("table_redirect")
            if redirect:
                self.redirects += 1
                await self.drop_client()
                url = redirect["address"]
                continue
            return True
        raise TimeoutError("the table never came back")

    async def drop_client(self):
        if self.client is not None:
            try:
                await asyncio.wait_for(self.client.close(), 2)
            except Exception:
                pass
            self.client = None

    async def play(self):
        """Plays until the match is over, across node deaths, pauses and redirects."""
        connected = True
        quiet = False  # no event came for a while
        while True:
            try:
                if not connected:
                    # Its table went quiet: the match may have ended while this player was
                    # away (its last moves played by bots on a node that then died), and
                    # its table, rebuilt between matches, sends no more events of it. Asked
                    # only then, off the event loop: 200 players asking psql at every
                    # reconnection would hold the loop up past their seats' grace.
                    if quiet and await asyncio.get_running_loop().run_in_executor(
                            None, self.match_finished):
                        return
                    quiet = False
                    urls = self.live_urls()
                    if not urls:
                        await asyncio.sleep(0.1)
                        continue
                    if not await self.rejoin(self.rng.choice(urls)):
                        return
                    connected = True
                if await self.play_connected():
                    return
            except asyncio.TimeoutError:
                quiet = True
            except (ConnectionError, websockets.ConnectionClosed, websockets.InvalidHandshake,
                    OSError, ServerError, TableMoved):
                # A node dying or starting answers badly, or not at all: try another.
                pass
            connected = False
            await self.drop_client()
            await asyncio.sleep(0.05)

    async def play_connected(self):
        client = self.client
        while True:
            message = await unless_closed(client, client.next_event(timeout=15))
            if "table_redirect" in message:
                raise TableMoved()
            if "match_event" not in message:
                continue
            client.match_events_out += 1
            event = message["match_event"]
            client.match_id, client.last_seq = int(event["match_id"]), int(event["seq"])
            self.match_id = client.match_id
            if note_event(event, self.seen_moves):
                return True
            view = game_view(event)
            if view["to_act"] == view["viewer"] and has_moves(view):
                if await play_move_as_player(client, self.table_id,
                                             first_move(view)["notation"],
                                             expected_seq=event["seq"],
                                             refusals=("NOT_YOUR_TURN", "STORAGE_UNAVAILABLE",
                                                       "TABLE_MOVING"),
                                             timeout=10):
                    self.acked += 1
