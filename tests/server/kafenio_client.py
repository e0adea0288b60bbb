"""A WebSocket client for the Kafenio protocol, written from docs/protocol.md and nothing
else of the server: JSON text frames by default, protobuf binary frames when asked.

Also starts the real `kafenio serve` on a free loopback port for the tests.
"""
import asyncio
import copy
import itertools
import json
import os
import random
import subprocess
import tempfile
import time
import urllib.request

import websockets

try:  # generated at build time (build/release/proto/python); needed for binary frames only
    from kafenio.v1 import kafenio_pb2
except ImportError:  # pragma: no cover - JSON-only runs
    kafenio_pb2 = None


def metric_samples(text):
    """Prometheus text -> {"name{labels}": value} for every sample line."""
    found = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, value = line.rsplit(" ", 1)
            found[key] = float(value)
    return found


class ServerProcess:
    """`kafenio serve --listen 127.0.0.1:0`, with the port read from its first line. Each
    server gets a database file of its own in a fresh folder, unless `db` names one (to
    restart a server on the same data) or is "memory". With manual_clock the server's time
    moves only by advance(ms): turn clocks, grace periods and sessions without sleeping."""

    def __init__(self, binary, *settings, web="/nonexistent", db=None, log=None,
                 manual_clock=False, extra_args=()):
        if db is None:
            db = os.path.join(tempfile.mkdtemp(prefix="kafenio-test-"), "kafenio.db")
        self.db = db
        self.binary, self.settings, self.web = binary, settings, web
        self.manual_clock = manual_clock
        self.extra_args = tuple(extra_args)  # e.g. ("--node", "a") for a cluster node
        # The admin console on a free port too (its default, 8081, would be shared).
        args = [binary, "serve", "--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0",
                "--web", web, "--db", db, *extra_args]
        if manual_clock:
            args += ["--clock", "manual"]
        # Strong bots (stand-ins, takeovers) think on a small budget unless a test asks
        # otherwise: the tests are about the server, docs/bots.md measures the bots.
        if not any(setting.startswith("bot_iterations=") for setting in settings):
            args += ["--set", "bot_iterations=20"]
        # The limits per player (docs/security.md, "Abuse limits") are tested by the tests
        # about them; the others open tables and bot tables as they need.
        for limit in ["tables_per_account", "bot_tables_per_account", "bot_tables_total"]:
            if not any(setting.startswith(limit + "=") for setting in settings):
                args += ["--set", f"{limit}=100000"]
        # Lobby updates are paced by the server's clock: on the manual clock they would wait
        # for the test to move time, unless the test asks for that (test_lobby_pacing.py).
        if manual_clock and not any(s.startswith("lobby_update_ms=") for s in settings):
            args += ["--set", "lobby_update_ms=0"]
        for setting in settings:
            args += ["--set", setting]
        # log: a file for the server's stderr (the test's own stderr otherwise).
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.proc.stdout.readline()
        if "listening on http://" not in line:
            raise RuntimeError("server did not start: " + line)
        self.port = int(line.split("http://")[1].split()[0].rsplit(":", 1)[1])
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.http = f"http://127.0.0.1:{self.port}"
        line = self.proc.stdout.readline()
        if "admin console on http://" not in line:
            raise RuntimeError("server did not start its admin console: " + line)
        self.admin_port = int(line.split("http://")[1].split("/")[0].rsplit(":", 1)[1])
        self.admin = f"http://127.0.0.1:{self.admin_port}"

    def alive(self):
        return self.proc.poll() is None

    def metrics(self, timeout=10):
        """The admin port's /metrics, as metric_samples reads it."""
        with urllib.request.urlopen(f"{self.admin}/metrics", timeout=timeout) as response:
            return metric_samples(response.read().decode())

    async def advance(self, ms):
        """Moves the server's manual clock on by `ms`; what comes due runs at once."""
        def post():
            request = urllib.request.Request(f"{self.http}/debug/clock?advance_ms={int(ms)}",
                                             method="POST")
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.read())
        return await asyncio.get_running_loop().run_in_executor(None, post)

    def crash_and_restart(self):
        """SIGKILL this server, then start another with the same settings on its database."""
        self.proc.kill()
        self.proc.wait()
        return ServerProcess(self.binary, *self.settings, web=self.web, db=self.db,
                             manual_clock=self.manual_clock, extra_args=self.extra_args)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=60)
        return self.proc.returncode


class ServerError(Exception):
    def __init__(self, error):
        super().__init__(f"{error['code']}: {error['message']}")
        self.code = error["code"]


class Client:
    """One connection. Replies are matched to requests by request_id; everything else
    (match events, table updates, chat, lobby) goes to `events`. Every frame received is
    kept in `frames` (raw text) for the privacy checker."""

    _ids = itertools.count(1)

    def __init__(self, ws, binary=False, pb=None):
        self.ws = ws
        self.binary = binary
        self.pb = pb or kafenio_pb2
        self.events = asyncio.Queue()
        self.frames = []
        self.pending = {}
        self.closed = asyncio.get_event_loop().create_future()
        self.reader = asyncio.ensure_future(self._read())
        self.account = None
        self.last_seq = 0
        self.match_id = 0
        # Match events received and taken from `events`, so a player can tell whether a
        # newer one is waiting (other pushed messages, such as table updates, do not count).
        self.match_events_in = 0
        self.match_events_out = 0
        self.views = {}  # table id -> the view built from whole views and patches

    @classmethod
    async def connect(cls, url, binary=False, pb=None, views=None, **kwargs):
        """A new connection; `views`: the views another connection of the same player
        built, so that events replayed after a reconnect apply to them."""
        ws = await websockets.connect(url, max_size=None, **kwargs)
        client = cls(ws, binary, pb)
        if views:
            client.views = copy.deepcopy(views)
        return client

    def _decode(self, data):
        if isinstance(data, bytes):
            from google.protobuf import json_format
            envelope = self.pb.Envelope()
            envelope.ParseFromString(data)
            message = json_format.MessageToDict(envelope, preserving_proto_field_name=True,
                                                including_default_value_fields=True)
            # As in the server's JSON: a patch names only what changed.
            if envelope.HasField("match_event") and envelope.match_event.HasField("patch"):
                message["match_event"]["patch"]["set"] = json_format.MessageToDict(
                    envelope.match_event.patch.set, preserving_proto_field_name=True)
            return message
        return json.loads(data)

    def _follow_view(self, event):
        """Keeps this client's view of the event's table from whole views and patches
        (docs/protocol.md, "Views and patches"), and puts the whole view in the event, so
        that a test reads event["view"] whatever the server sent."""
        table = event["table_id"]
        if event.get("view") and any(event["view"].values()):
            self.views[table] = copy.deepcopy(event["view"])
        elif event.get("patch") is not None and table in self.views:
            apply_patch(self.views[table], event["patch"])
        if table in self.views:
            event["view"] = copy.deepcopy(self.views[table])

    async def _read(self):
        try:
            async for data in self.ws:
                self.frames.append(data)
                message = self._decode(data)
                if message.get("match_event"):
                    self._follow_view(message["match_event"])
                rid = message.get("request_id", "")
                reply = bool(rid) and rid in self.pending
                if reply:
                    self.pending.pop(rid).set_result(message)
                # A move's event is also the mover's reply: it is an event all the same.
                if not reply or message.get("match_event"):
                    if "match_event" in message:
                        self.match_events_in += 1
                    await self.events.put(message)
        except websockets.ConnectionClosed:
            pass
        finally:
            if not self.closed.done():
                self.closed.set_result(self.ws.close_code)
            for future in self.pending.values():
                if not future.done():
                    future.set_exception(ConnectionError("connection closed"))

    async def send_raw(self, data):
        await self.ws.send(data)

    async def request(self, body_name, body=None, timeout=30):
        rid = f"r{next(self._ids)}"
        envelope = {"request_id": rid, body_name: body or {}}
        future = asyncio.get_event_loop().create_future()
        self.pending[rid] = future
        if self.binary:
            from google.protobuf import json_format
            message = json_format.ParseDict(envelope, self.pb.Envelope())
            await self.ws.send(message.SerializeToString())
        else:
            await self.ws.send(json.dumps(envelope))
        reply = await asyncio.wait_for(future, timeout)
        if "error" in reply and reply["error"] is not None and reply.get("error"):
            raise ServerError(reply["error"])
        return reply

    async def guest(self, name):
        reply = await self.request("sign_in_guest", {"name": name})
        self.account = reply["signed_in"]
        return self.account

    async def next_event(self, kind=None, timeout=30):
        """The next pushed message (of `kind`, skipping others)."""
        while True:
            message = await asyncio.wait_for(self.events.get(), timeout)
            if "match_event" in message:
                self.match_events_out += 1
            if kind is None or kind in message:
                return message

    async def next_match_event(self, timeout=30):
        message = await self.next_event("match_event", timeout)
        event = message["match_event"]
        self.match_id = int(event["match_id"])
        self.last_seq = int(event["seq"])
        return event

    def match_event_waiting(self):
        """Whether a match event has arrived that the client has not taken yet."""
        return self.match_events_in > self.match_events_out

    async def close(self):
        await self.ws.close()
        await self.reader


async def unless_closed(client, read):
    """Awaits `read` (a read from `client`, such as client.next_match_event()); raises
    ConnectionError when the connection closes first."""
    get = asyncio.ensure_future(read)
    done, _ = await asyncio.wait({get, client.closed}, return_when=asyncio.FIRST_COMPLETED)
    if get not in done:
        get.cancel()
        raise ConnectionError("closed")
    return get.result()


def body_of(event):
    """The name of the MatchEvent's kind: match_started, hand_started, move_played, ..."""
    for kind in ("match_started", "hand_started", "move_played", "hand_ended", "match_ended", "snapshot"):
        if event.get(kind) is not None:
            return kind
    return None


def note_event(event, seen_moves):
    """Notes a move_played event's move in `seen_moves` ((match id, seq) -> (seat, notation),
    as broadcast) and says whether the match is over: its end, or a snapshot of a match
    that ended while the player was away."""
    kind = body_of(event)
    if kind == "move_played":
        move = event["move_played"]["move"]
        key = (int(event["match_id"]), int(event["seq"]))
        seen_moves[key] = (int(move.get("seat", 0)), move["notation"])
    if kind == "match_ended":
        return True
    return game_view(event).get("winner", -1) >= 0


def _view_defaults():
    """Each view field's default, as the JSON mapping prints it, per game."""
    from google.protobuf import json_format
    pb = kafenio_pb2
    if pb is None:  # pragma: no cover - the build tree always has it
        raise RuntimeError("patches need kafenio_pb2 (build/release/proto/python)")
    empty = pb.GameView(pilotta=pb.PilottaView(), diloti=pb.DilotiView())
    return {game: json_format.MessageToDict(getattr(empty, game), preserving_proto_field_name=True,
                                            including_default_value_fields=True)
            for game in ("pilotta", "diloti")}


_DEFAULTS = None


def apply_patch(view, patch):
    """Applies a ViewPatch to a view (both as the JSON mapping's dicts): each field set
    replaces the view's, each field named in `cleared` goes back to its default."""
    global _DEFAULTS
    for game, fields in (patch.get("set") or {}).items():
        if fields is not None:
            view.setdefault(game, {}).update(copy.deepcopy(fields))
    if patch.get("cleared"):
        _DEFAULTS = _DEFAULTS or _view_defaults()
        (game,) = [g for g, v in view.items() if v is not None]
        for name in patch["cleared"]:
            if name in _DEFAULTS[game]:
                view[game][name] = copy.deepcopy(_DEFAULTS[game][name])
            else:  # a message field: absent when unset
                view[game].pop(name, None)


def game_view(event):
    """The receiver's view in a match event, whichever game it is ("pilotta", "diloti")."""
    (view,) = event["view"].values()
    return view


def family_move(family, rng):
    """A random legal move of a Diloti move family (docs/protocol.md, "Diloti move
    families"): an anchor (groups), the required parts, then parts that fit, each with
    probability one half (at least one). Returned as a move with its notation."""
    anchors = list(family.get("anchors", [])) if family["kind"] == "group" else [None]
    rng.shuffle(anchors)
    parts = list(family["parts"])
    required = [parts[i] for i in family.get("required", [])]
    for anchor in anchors:
        used, groups = set(), []

        def take(group):
            items = set(group.split("+")) - {family["card"]}
            if items & used:
                return False
            used.update(items)
            groups.append(group)
            return True

        if anchor is not None:
            take(anchor)
        chosen = sum(take(part) for part in required)
        for part in rng.sample(parts, len(parts)):
            if part in required or (chosen and rng.random() < 0.5):
                continue
            chosen += take(part)
        if chosen:
            notation = " ".join([family["kind"], family["card"], *groups])
            return {"kind": family["kind"], "card": family["card"], "groups": groups,
                    "notation": notation}
    raise AssertionError(f"no legal selection in {family}")


def has_moves(view):
    """Whether the view lists moves for its viewer: plain moves, or (Diloti) families."""
    return bool(view.get("legal_moves") or view.get("move_families"))


def first_move(view):
    """The first move the view offers: its first plain move, else a move of its first
    family (a Diloti seat may have captures and groups only)."""
    if view.get("legal_moves"):
        return view["legal_moves"][0]
    return family_move(view["move_families"][0], random.Random(0))


def pick_move(view, rng):
    """A legal move chosen at random: each plain move and each Diloti move family alike,
    a family's move a random selection of its parts. The client knows nothing but its
    view."""
    legal = view.get("legal_moves", [])
    families = view.get("move_families", [])
    pick = rng.randrange(len(legal) + len(families))
    if pick < len(legal):
        return legal[pick]
    return family_move(families[pick - len(legal)], rng)


async def play_seat(client, table_id, rng, until_match_end=True):
    """Plays every turn this seat gets, from the views it receives, until the match ends.
    Returns the match_ended event. Checks that sequence numbers have no gaps."""
    expected = None
    while True:
        event = await client.next_match_event(timeout=60)
        seq = int(event["seq"])
        if expected is not None and body_of(event) != "snapshot":
            assert seq == expected, f"sequence gap: got {seq}, expected {expected}"
        expected = seq + 1
        if body_of(event) == "match_ended":
            return event
        view = game_view(event)
        # Act on the newest view only: a newer match event (another move, a clock stand-in)
        # may already be waiting. Table updates in between do not hold the move back.
        if view["to_act"] == view["viewer"] and has_moves(view) and not client.match_event_waiting():
            move = pick_move(view, rng)
            await play_move_as_player(client, table_id, move["notation"])


async def sit_with_bots(client, table_settings, seats=4):
    """A table made by `client` with `table_settings` (create_table's fields), (easy) bots
    in every seat but 0, the client in seat 0 and ready, so its match starts at once;
    returns the table id, every event of the match still to be read."""
    reply = await client.request("create_table", table_settings)
    table_id = reply["table_created"]["table_id"]
    for seat in range(1, seats):
        await client.request("add_bot", {"table_id": table_id, "seat": seat})
    await client.request("sit", {"table_id": table_id, "seat": 0})
    await client.request("set_ready", {"table_id": table_id, "ready": True})
    return table_id


async def open_bot_table(client, game, options, seats, clock_ms):
    """A one-match table made by `client`, bots in every seat but 0, the client in seat 0
    and ready; returns the table id once the match has started (so its id is known)."""
    table_id = await sit_with_bots(client, {"game": game, "options": options, "seats": seats,
                                            "turn_clock_ms": clock_ms, "series_matches": 1}, seats)
    while body_of(await client.next_match_event()) != "match_started":
        pass
    return table_id


async def play_move_as_player(client, table_id, notation, retries=5, expected_seq=None,
                              refusals=("NOT_YOUR_TURN", "ILLEGAL_MOVE"), timeout=30):
    """Sends a move the way a client should and says whether the server accepted it. A
    move refused for the connection's message rate was not read by the server: it goes
    again after a growing pause (a player whose opponent answers at once sends more than
    the server's 50 messages a second). A refusal in `refusals` (by default: a newer event
    came first, another move or the clock's stand-in) is expected and dropped; any other
    fails the test. `expected_seq` makes the server refuse the move if the view it was
    chosen from is no longer current."""
    request = {"table_id": table_id, "move": {"notation": notation}}
    if expected_seq is not None:
        request["expected_seq"] = expected_seq
    for attempt in range(retries + 1):
        try:
            await client.request("play_move", request, timeout=timeout)
            return True
        except ServerError as error:
            if error.code == "RATE_LIMITED" and attempt < retries:
                await asyncio.sleep(0.2 * 2 ** attempt)
                continue
            assert error.code in refusals, error
            return False


async def lobby_watcher(url, name="watcher"):
    """A guest subscribed to the lobby, and the tables it lists, by id."""
    watcher = await Client.connect(url)
    await watcher.guest(name)
    tables = (await watcher.request("subscribe_lobby"))["lobby"]["tables"]
    return watcher, {table["table_id"]: table for table in tables}


class LobbyWatch:
    """A lobby subscriber's pushes, followed table by table: waiting for one table's update
    consumes that table's pushes up to it and keeps the other tables' for later, so tables
    whose updates interleave can be followed in turn."""

    def __init__(self, client):
        self.client = client
        self.kept = []  # pushes about tables nobody has waited for since they came

    @staticmethod
    def about(message, table):
        return (message.get("table", {}).get("table_id") == table or
                message.get("table_removed", {}).get("table_id") == table)

    async def update(self, table, until, timeout=20):
        """The next lobby push about `table` for which until(message) holds."""
        for index, message in enumerate(self.kept):
            if self.about(message, table) and until(message):
                # The table's earlier pushes are consumed with it; later ones stay.
                self.kept = [m for m in self.kept[:index] if not self.about(m, table)] + \
                    self.kept[index + 1:]
                return message
        self.kept = [m for m in self.kept if not self.about(m, table)]
        deadline = time.monotonic() + timeout
        while True:
            message = await self.client.next_event(timeout=max(0.1, deadline - time.monotonic()))
            if self.about(message, table):
                if until(message):
                    return message
            elif "table" in message or "table_removed" in message:
                self.kept.append(message)


def published_rounds(rounds):
    """An event's rounds as published (pairings, byes, results), without each table's live
    handles (table_id, match_id): the server fills those in as it opens the round's tables,
    a moment after publishing, so two reads of one round may differ only in them."""
    return [{**round_, "tables": [{key: value for key, value in table.items()
                                   if key not in ("table_id", "match_id")}
                                  for table in round_.get("tables", [])]}
            for round_ in rounds or []]


def run(coroutine):
    asyncio.run(asyncio.wait_for(coroutine, timeout=float(os.environ.get("KAFENIO_TEST_TIMEOUT", "240"))))
    print("ok")


async def expect_error(coroutine, code):
    """Awaits a request that must be refused with `code`."""
    try:
        await coroutine
    except ServerError as error:
        assert error.code == code, f"expected {code}, got {error}"
        return
    raise AssertionError(f"expected {code}, got a success")


def handshake_status(port, key=None, origin=None):
    """The HTTP status a WebSocket upgrade to /ws gets, sent by hand (any key, any Origin)."""
    import base64
    import socket
    if key is None:
        key = base64.b64encode(bytes(range(16))).decode()
    request = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n"
               + (f"Origin: {origin}\r\n" if origin else "") + "\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request.encode())
        return int(sock.recv(4096).split(b" ", 2)[1])
