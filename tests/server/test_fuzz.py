"""Random and mangled requests, as JSON text frames and protobuf binary frames, from several
connections at once against tables in play: every request kind with fields out of range,
of the wrong type or missing, structured and written moves of every kind made of random
tokens, truncated and bit-flipped frames, deeply nested JSON and random bytes. The server
must stay up and serve everyone, write nothing to its log for any of it (no sanitizer
report, no library complaint a client could repeat to flood the log), and stop cleanly.
Seeded, so a failure can be replayed: `test_fuzz.py KAFENIO SEED`."""
import asyncio
import json
import random
import sys
import tempfile

import websockets
from google.protobuf import json_format

from kafenio_client import Client, ServerProcess, kafenio_pb2, run

REQUESTS = ["sign_in_guest", "register", "sign_in", "resume", "subscribe_lobby", "create_table",
            "join_table", "sit", "stand", "leave_table", "set_ready", "add_bot", "play_move",
            "send_chat", "reclaim_seat", "ping", "get_match_record", "get_match_history",
            "get_leaderboard", "get_profile", "get_rating_history"]
CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]
ODD_TOKENS = ["Xx", "", "10h", "AH", "@7", "3c+4d", "7h+", "+", "@", "@99", "@-1", "ah", "T"]
MOVE_KINDS = ["pass", "bid", "contra", "recontra", "take", "name", "swap", "declare", "play",
              "lay", "capture", "group", "raise", "", "xyz"]
FRAMES_PER_CONNECTION = 400
CONNECTIONS = 8
ROUNDS = 3


class Fuzzer:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.tables = []  # ids seen in replies and the lobby
        self.tokens = []

    def number(self):
        return self.rng.choice([-1, 0, 1, 2, 3, 4, 5, 7, 80, 90, 160, 250, 2**31 - 1, -2**31,
                                2**40, -2**62, self.rng.randint(-10, 300)])

    def text(self):
        r = self.rng
        return r.choice([
            "", "x", "é" * r.randint(1, 50), "\u0000", "a" * r.randint(100, 3000), "online",
            "cyprus", "traditional", "classic", "classic2", "diloti", "pilotta", "target=1",
            "target=0", "target=-5", "target=99999999999999999999", "forced_capture=yes", "=",
            "==", "seats=3", r.choice(CARDS + ODD_TOKENS), "\ud7ff", "🂡", "1 play Jh",
            "play " + r.choice(CARDS)])

    def token(self):
        return self.rng.choice(CARDS + ODD_TOKENS + [str(self.number())])

    def move(self):
        r = self.rng
        move = {}
        if r.random() < 0.5:
            move["notation"] = " ".join([r.choice(MOVE_KINDS)] +
                                        [self.token() for _ in range(r.randint(0, 6))])
        else:
            move["kind"] = r.choice(MOVE_KINDS)
            if r.random() < 0.6:
                move["card"] = self.token()
            if r.random() < 0.5:
                move["value"] = self.number()
            if r.random() < 0.4:
                move["suit"] = r.choice(["c", "d", "h", "s", "nt", "at", "x", ""])
            if r.random() < 0.3:
                move["belote"] = True
            if r.random() < 0.4:
                move["cards"] = [self.token() for _ in range(r.randint(0, 9))]
            if r.random() < 0.5:
                move["groups"] = ["+".join(self.token() for _ in range(r.randint(0, 4)))
                                  for _ in range(r.randint(0, 6))]
        if r.random() < 0.3:
            move["seat"] = self.number()
        return move

    def body(self, kind):
        r = self.rng
        table = r.choice(self.tables + ["nope", ""])
        body = {
            "sign_in_guest": lambda: {"name": self.text()},
            "register": lambda: {"name": self.text(), "password": self.text()},
            "sign_in": lambda: {"name": self.text(), "password": self.text()},
            "resume": lambda: {"token": r.choice(self.tokens + [self.text()])},
            "create_table": lambda: {
                "game": r.choice(["diloti", "pilotta", self.text()]),
                "preset": r.choice(["", "online", "traditional", "cyprus", "classic", self.text()]),
                "options": [self.text() for _ in range(r.randint(0, 4))], "seats": self.number(),
                "private": r.random() < 0.3, "turn_clock_ms": r.choice([0, self.number()]),
                "series_matches": r.choice([0, self.number()]), "rated": r.random() < 0.2},
            "join_table": lambda: {"table_id": table, "invite_code": self.text(),
                                   "last_seq": self.number(), "match_id": self.number()},
            "sit": lambda: {"table_id": table, "seat": self.number()},
            "add_bot": lambda: {"table_id": table, "seat": self.number()},
            "set_ready": lambda: {"table_id": table, "ready": r.random() < 0.8},
            "play_move": lambda: {"table_id": table, "move": self.move(),
                                  "expected_seq": r.choice([0, self.number()])},
            "send_chat": lambda: {"table_id": table, "text": self.text()},
            "get_match_record": lambda: {"match_id": self.number()},
            "get_match_history": lambda: {"limit": self.number(),
                                          "before_match_id": self.number()},
            "get_leaderboard": lambda: {"mode": self.text(), "limit": self.number()},
            "get_profile": lambda: {"account_id": self.number()},
            "get_rating_history": lambda: {"account_id": self.number(),
                                           "mode": r.choice(["diloti-1v1", "pilotta", self.text()]),
                                           "limit": self.number()},
        }.get(kind, lambda: {"table_id": table} if kind in ("stand", "leave_table",
                                                            "reclaim_seat") else {})()
        return {key: value for key, value in body.items() if r.random() >= 0.1}

    def mangled_json(self, envelope):
        r = self.rng
        text = json.dumps(envelope)
        roll = r.random()
        if roll < 0.2:
            at = r.randrange(len(text))
            return text[:at] + r.choice('"{}[],:\\\u0000x9') + text[at + 1:]
        if roll < 0.3:
            return text[:r.randrange(len(text))]
        if roll < 0.4:
            return "[" * r.randint(1, 20000)
        if roll < 0.5:
            return json.dumps({"request_id": "r", r.choice(REQUESTS): r.choice(
                [[], 5, "s", None, {"table_id": 5}, {"move": "x"}, {"move": {"groups": 5}}])})
        if roll < 0.6:
            return json.dumps({"request_id": r.choice([5, None, [], "x" * 300]),
                               r.choice(REQUESTS): {}})
        if roll < 0.7:
            return json.dumps({"request_id": "a", "ping": {}, "sign_in_guest": {"name": "x"}})
        return json.dumps({"request_id": "a", "ok": {}, "error": {"code": 5}})

    def mangled_binary(self, data):
        r = self.rng
        data = bytearray(data)
        roll = r.random()
        if roll < 0.4 and data:
            for _ in range(r.randint(1, 5)):
                data[r.randrange(len(data))] = r.randrange(256)
        elif roll < 0.6:
            data = data[:r.randrange(len(data) + 1)]
        elif roll < 0.8:
            data += bytes(r.randrange(256) for _ in range(r.randint(1, 30)))
        else:
            data = bytearray(r.randrange(256) for _ in range(r.randint(0, 200)))
        return bytes(data)

    def note(self, message):
        if "table_created" in message:
            self.tables.append(message["table_created"]["table_id"])
        if "signed_in" in message:
            self.tokens.append(message["signed_in"]["token"])
        for table in message.get("lobby", {}).get("tables", []):
            self.tables.append(table["table_id"])

    async def listen(self, ws):
        try:
            async for data in ws:
                if isinstance(data, str):
                    self.note(json.loads(data))
                else:
                    envelope = kafenio_pb2.Envelope()
                    envelope.ParseFromString(data)
                    self.note(json_format.MessageToDict(envelope, preserving_proto_field_name=True))
        except websockets.ConnectionClosed:
            pass

    async def connection(self, url):
        """One client: a table in play against bots, then random frames."""
        r = self.rng
        ws = await websockets.connect(url, max_size=None)
        listener = asyncio.ensure_future(self.listen(ws))
        binary = r.random() < 0.4
        try:
            for kind, body in [("sign_in_guest", {"name": "fuzz"}), ("subscribe_lobby", {}),
                               ("create_table", {"game": r.choice(["diloti", "pilotta"]),
                                                 "turn_clock_ms": 1000})]:
                await ws.send(json.dumps({"request_id": "setup", kind: body}))
            await asyncio.sleep(0.05)
            if self.tables:
                table = self.tables[-1]
                for seat in (1, 2, 3):
                    await ws.send(json.dumps({"request_id": "bot", "add_bot": {
                        "table_id": table, "seat": seat}}))
                await ws.send(json.dumps({"request_id": "sit", "sit": {"table_id": table, "seat": 0}}))
                await ws.send(json.dumps({"request_id": "ready", "set_ready": {
                    "table_id": table, "ready": True}}))
            for number in range(FRAMES_PER_CONNECTION):
                kind = r.choice(REQUESTS)
                envelope = {"request_id": f"q{number}", kind: self.body(kind)}
                if binary:
                    try:
                        data = json_format.ParseDict(envelope, kafenio_pb2.Envelope()).SerializeToString()
                    except json_format.ParseError:
                        data = b"\x00"  # a value protobuf cannot hold: send a bad frame instead
                    await ws.send(self.mangled_binary(data) if r.random() < 0.3 else data)
                else:
                    await ws.send(self.mangled_json(envelope) if r.random() < 0.3
                                  else json.dumps(envelope))
                if r.random() < 0.1:
                    await asyncio.sleep(0.01)
        except websockets.ConnectionClosed:
            pass  # the server may close a connection that sends nonsense (a nesting limit)
        finally:
            await ws.close()
            listener.cancel()


async def main(binary, seed):
    log = tempfile.TemporaryFile(mode="w+")
    server = ServerProcess(binary, "messages_per_second=100000", "message_burst=100000",
                           "bot_delay_ms=2", log=log)
    try:
        fuzzer = Fuzzer(seed)
        for _ in range(ROUNDS):
            await asyncio.gather(*[fuzzer.connection(server.url) for _ in range(CONNECTIONS)])
            assert server.alive(), "the server died"
            # Still serving: a new client signs in and gets its pong.
            client = await Client.connect(server.url)
            await client.guest("after")
            await client.request("ping")
            await client.close()
    finally:
        assert server.stop() == 0
        log.seek(0)
        # Info lines say what happened to connections, sign-ins, tables and matches
        # (docs/operations.md, "Logs"); nothing a client sends may add a warning, an error
        # or any other line.
        lifecycle = {"starting", "settings", "bound", "ready", "connection opened",
                     "connection closed", "signed in", "table opened", "table closed",
                     "match started", "match finished", "stopping", "stopped"}
        lines = [line for line in log if line.strip() and
                 (json.loads(line)["level"] != "info" or json.loads(line)["msg"] not in lifecycle)]
        assert not lines, "the server wrote to its log:\n" + "".join(lines[:20])


if __name__ == "__main__":
    run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1))
