"""The server's log (docs/operations.md, "Logs"): one JSON object a line on stderr, with
the events an operator looks for: start-up and its settings, connections opened and
closed with a reason, sign-ins, tables opened and closed, matches started and finished,
refused requests (at debug level), and the stop. A whole Pilotta match is played under
--log-level debug by a player with a Greek name and password, then the log is searched
for everything secret: the password, the session token, every hand's seed and salt (as
stored and as revealed), and every hand the player was dealt. None may appear. Then
--log-format text writes lines for people and --log-level warn leaves info lines out."""
import asyncio
import json
import os
import random
import sqlite3
import sys
import tempfile

from kafenio_client import (Client, ServerProcess, body_of, expect_error, game_view, has_moves,
                            play_move_as_player, pick_move, run)

PASSWORD = "μυστικό-Κωδικός-4821"


async def play_match(url, rng):
    """Registers, makes one refused request, plays a Pilotta match with three bots. Returns
    the token and every hand the player was dealt (as the view showed it)."""
    client = await Client.connect(url)
    signed = (await client.request("register", {"name": "Γιάννης Κ.", "password": PASSWORD}))["signed_in"]
    await expect_error(client.request("sit", {"table_id": "nosuchtable", "seat": 0}), "UNKNOWN_TABLE")
    table_id = (await client.request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                      "options": ["target=31"]}))["table_created"]["table_id"]
    for seat in (1, 2, 3):
        await client.request("add_bot", {"table_id": table_id, "seat": seat})
    await client.request("sit", {"table_id": table_id, "seat": 0})
    await client.request("set_ready", {"table_id": table_id, "ready": True})
    hands = []
    while True:
        event = await client.next_match_event(timeout=60)
        if body_of(event) == "match_ended":
            break
        view = game_view(event)
        if body_of(event) == "hand_started":
            hands.append(list(view["hand"]))
        if view["to_act"] == view["viewer"] and has_moves(view) and not client.match_event_waiting():
            await play_move_as_player(client, table_id, pick_move(view, rng)["notation"])
    revealed = [json.loads(frame)["match_event"]["hand_ended"] for frame in client.frames
                if isinstance(frame, str) and '"hand_ended"' in frame]
    await client.request("leave_table", {"table_id": table_id})
    await client.close()
    return signed["token"], hands, revealed


def read_log(path):
    with open(path, encoding="utf-8") as log:
        return log.read()


async def main(binary):
    folder = tempfile.mkdtemp(prefix="kafenio-logs-")
    log_path = os.path.join(folder, "server.log")
    with open(log_path, "w") as log:
        server = ServerProcess(binary, "empty_table_grace_ms=0", log=log,
                               extra_args=("--log-level", "debug"))
        try:
            token, hands, revealed = await play_match(server.url, random.Random(19))
            await asyncio.sleep(0.5)  # the close of the connection is logged on its strand
        finally:
            assert server.stop() == 0
    text = read_log(log_path)
    lines = [json.loads(line) for line in text.splitlines()]  # every line is one JSON object
    for line in lines:
        assert {"time", "level", "msg"} <= line.keys(), line
        assert line["time"].endswith("Z") and line["level"] in ("debug", "info", "warn", "error"), line
    by_msg = {}
    for line in lines:
        by_msg.setdefault(line["msg"], []).append(line)
    for wanted in ("starting", "settings", "ready", "connection opened", "signed in", "table opened",
                   "match started", "match finished", "request refused", "connection closed",
                   "table closed", "stopping", "stopped"):
        assert wanted in by_msg, (wanted, sorted(by_msg))
    assert by_msg["settings"][0]["default_turn_clock_ms"] == "30000", by_msg["settings"]
    assert by_msg["signed in"][0]["name"] == "Γιάννης Κ.", by_msg["signed in"]
    refused = by_msg["request refused"][0]
    assert refused["level"] == "debug" and refused["code"] == "UNKNOWN_TABLE", refused
    assert all(line["reason"] for line in by_msg["connection closed"]), by_msg["connection closed"]
    assert by_msg["connection closed"][0]["reason"] == "closed by the client", by_msg["connection closed"]
    finished = by_msg["match finished"][0]
    assert finished["winner"] in (0, 1) and finished["match"] == by_msg["match started"][0]["match"]

    # Nothing secret: the password, the token, seeds and salts, the cards dealt.
    with sqlite3.connect(server.db) as db:
        stored = db.execute("SELECT seed, salt FROM hand_seeds").fetchall()
    assert stored and hands and revealed and len(revealed) == len(hands)
    secrets = {"password": PASSWORD, "token": token}
    for i, (seed, salt) in enumerate(stored):
        secrets[f"stored seed {i}"] = str(seed)
        secrets[f"stored seed {i} (unsigned)"] = str(seed % (1 << 64))
        secrets[f"stored salt {i}"] = salt
    for i, hand in enumerate(revealed):
        secrets[f"revealed seed {i}"] = hand["seed"]
        secrets[f"revealed salt {i}"] = hand["salt"]
    for i, cards in enumerate(hands):
        for joined in (json.dumps(cards), json.dumps(cards, ensure_ascii=False), " ".join(cards),
                       ",".join(cards), ", ".join(cards), "".join(cards)):
            secrets[f"hand {i} as {joined!r}"] = joined
    for what, secret in secrets.items():
        assert len(secret) >= 6, what  # long enough not to occur by chance
        assert secret not in text, f"the log holds the {what}"

    # Text lines for people, and a level that leaves info out.
    text_log = os.path.join(folder, "text.log")
    with open(text_log, "w") as log:
        server = ServerProcess(binary, log=log, extra_args=("--log-format", "text"))
        assert server.stop() == 0
    first = read_log(text_log).splitlines()[0]
    assert " info starting version=" in first and not first.startswith("{"), first
    quiet_log = os.path.join(folder, "quiet.log")
    with open(quiet_log, "w") as log:
        server = ServerProcess(binary, log=log, extra_args=("--log-level", "warn"))
        assert server.stop() == 0
    assert read_log(quiet_log) == "", read_log(quiet_log)


if __name__ == "__main__":
    run(main(sys.argv[1]))
