"""Privacy property: many matches through the server while a checker reads every frame
sent to every connection. A frame may name a card only if its receiver holds that card
(the hand it was dealt) or the card has been shown at the table (played or declared) in
the current hand. Cards are found by their written form anywhere in the frame's text, so
no field can smuggle one past the check.

Bot tables (four bots, one spectator) play matches back to back; mixed tables (two
players, two bots, one spectator) check the seat views as well."""
import asyncio
import copy
import json
import os
import random
import re
import sys

from kafenio_client import Client, ServerProcess, apply_patch, body_of, play_seat, run

CARD = re.compile(r"(?<![A-Za-z0-9])[789TJQKA][cdhs](?![A-Za-z0-9])")
BOT_TABLES = int(os.environ.get("KAFENIO_PRIVACY_TABLES", "8"))
MATCHES_PER_TABLE = int(os.environ.get("KAFENIO_PRIVACY_MATCHES", "25"))
MIXED_TABLES = 4


class Checker:
    """Follows one connection's frames in order."""

    def __init__(self, deals):
        self.view = None  # the receiver's view, built from whole views and patches
        self.own = set()
        self.shown = set()
        self.frames = 0
        self.deals = deals  # (match, hand) -> {seat: cards}, shared by a table's checkers

    def check(self, raw):
        self.frames += 1
        message = json.loads(raw)
        event = message.get("match_event")
        if event is not None:
            if event.get("view") and any(event["view"].values()):
                self.view = copy.deepcopy(event["view"])
            else:
                apply_patch(self.view, event["patch"])
            view = self.view["pilotta"]
            kind = body_of(event)
            if kind == "hand_started":
                self.own = set(view["hand"])
                self.shown = set()
                if view["viewer"] >= 0:
                    assert len(self.own) == 8, view
                    key = (event["match_id"], view["hand_number"])
                    dealt = self.deals.setdefault(key, {})
                    for seat, cards in dealt.items():
                        if seat != view["viewer"]:
                            assert not (cards & self.own), "two seats were dealt the same card"
                    dealt[view["viewer"]] = set(self.own)
                else:
                    assert not self.own
            elif kind == "move_played":
                move = event["move_played"]["move"]
                if move["card"]:
                    self.shown.add(move["card"])
                self.shown.update(move["cards"])
            assert set(view["hand"]) <= self.own, "a hand grew during play"
            if view["viewer"] != view["to_act"]:
                assert view["legal_moves"] == [], "legal moves sent to a seat not to act"
        seen = set(CARD.findall(raw))
        leaked = seen - self.own - self.shown
        assert not leaked, f"frame names cards its receiver may not see: {sorted(leaked)}\n{raw[:400]}"


async def watch_bot_table(url, index):
    host = await Client.connect(url)
    await host.guest(f"host{index}")
    # A series of a fixed length, so the bots stop when it is over, however slowly the
    # checker reads.
    table = (await host.request("create_table", {"game": "pilotta", "preset": "cyprus", "options": ["target=51"],
                                                  "series_matches": MATCHES_PER_TABLE}))
    table = table["table_created"]["table_id"]
    for seat in range(4):
        await host.request("add_bot", {"table_id": table, "seat": seat})
    ended = 0
    while ended < MATCHES_PER_TABLE:
        event = await host.next_match_event(timeout=60)
        if body_of(event) == "match_ended":
            ended += 1
    checker = Checker({})
    for raw in host.frames:
        checker.check(raw)
    await host.close()
    return ended, checker.frames


async def mixed_table(url, index):
    rng = random.Random(index)
    players = [await Client.connect(url) for _ in range(3)]
    for i, p in enumerate(players):
        await p.guest(f"m{index}p{i}")
    table = (await players[0].request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                        "options": ["target=51"]}))["table_created"]["table_id"]
    await players[1].request("join_table", {"table_id": table})
    await players[2].request("join_table", {"table_id": table})  # the spectator
    await players[0].request("sit", {"table_id": table, "seat": 0})
    await players[1].request("sit", {"table_id": table, "seat": 1})
    for seat in (2, 3):
        await players[0].request("add_bot", {"table_id": table, "seat": seat})
    for p in players[:2]:
        await p.request("set_ready", {"table_id": table, "ready": True})
    await asyncio.gather(*(play_seat(p, table, rng) for p in players[:2]))
    while body_of(await players[2].next_match_event()) != "match_ended":
        pass
    deals = {}
    frames = 0
    for p in players:
        checker = Checker(deals)
        for raw in p.frames:
            checker.check(raw)
        frames += checker.frames
        await p.close()
    assert any(len(seats) == 2 for seats in deals.values()), "both seats' deals were compared"
    return 1, frames


async def main(binary):
    # Bot tables play as fast as the server can; the test's one Python process reads more
    # slowly, so its connections may queue far more than a player's would.
    server = ServerProcess(binary, "send_queue_limit=1000000")
    try:
        results = await asyncio.gather(*[watch_bot_table(server.url, i) for i in range(BOT_TABLES)],
                                       *[mixed_table(server.url, i) for i in range(MIXED_TABLES)])
        matches = sum(r[0] for r in results)
        frames = sum(r[1] for r in results)
        assert matches >= BOT_TABLES * MATCHES_PER_TABLE + MIXED_TABLES
        print(f"{matches} matches, {frames} frames checked")
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
