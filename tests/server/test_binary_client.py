"""An independent client outside C++: Python with Debian's python3-websockets and
python3-protobuf, speaking protobuf binary frames through the generated kafenio_pb2 only
(no JSON). It signs in, creates a Pilotta table with three bots and plays a full match,
choosing moves from its own view."""
import asyncio
import random
import sys

import websockets
from kafenio.v1 import kafenio_pb2 as pb

from kafenio_client import ServerProcess, run


class BinaryClient:
    def __init__(self, ws):
        self.ws = ws
        self.next_id = 0
        self.events = []

    async def request(self, fill):
        self.next_id += 1
        envelope = pb.Envelope(request_id=f"b{self.next_id}")
        fill(envelope)
        await self.ws.send(envelope.SerializeToString())
        while True:
            data = await asyncio.wait_for(self.ws.recv(), 30)
            assert isinstance(data, bytes), "binary requests get binary replies"
            reply = pb.Envelope()
            reply.ParseFromString(data)
            if reply.request_id == envelope.request_id:
                if reply.WhichOneof("body") == "error":
                    raise RuntimeError(f"{pb.ErrorCode.Name(reply.error.code)}: {reply.error.message}")
                if reply.WhichOneof("body") == "match_event":
                    self.events.append(reply)  # a move's event is its reply, and an event
                return reply
            self.events.append(reply)

    async def next_event(self):
        if self.events:
            return self.events.pop(0)
        data = await asyncio.wait_for(self.ws.recv(), 60)
        event = pb.Envelope()
        event.ParseFromString(data)
        return event


def apply_patch(view, patch):
    """A ViewPatch on a protobuf GameView: each field set replaces the view's (repeated
    fields whole), each field named in `cleared` goes back to its default."""
    game = patch.set.WhichOneof("game") or view.WhichOneof("game")
    target = getattr(view, game)
    if patch.set.HasField(game):
        changed = getattr(patch.set, game)
        for field, _ in changed.ListFields():
            target.ClearField(field.name)
        target.MergeFrom(changed)
    for name in patch.cleared:
        target.ClearField(name)


async def main(binary):
    server = ServerProcess(binary)
    rng = random.Random(11)
    try:
        client = BinaryClient(await websockets.connect(server.url))
        signed = await client.request(lambda e: e.sign_in_guest.SetInParent() or setattr(e.sign_in_guest, "name", "py"))
        assert signed.signed_in.account_id > 0 and len(signed.signed_in.token) == 64

        def create(e):
            e.create_table.game = "pilotta"
            e.create_table.preset = "cyprus"
            e.create_table.options.append("target=101")
        table = (await client.request(create)).table_created.table_id
        for seat in (1, 2, 3):
            def add_bot(e, seat=seat):
                e.add_bot.table_id = table
                e.add_bot.seat = seat
            await client.request(add_bot)

        def sit(e):
            e.sit.table_id = table
            e.sit.seat = 0
        await client.request(sit)

        def ready(e):
            e.set_ready.table_id = table
            e.set_ready.ready = True
        await client.request(ready)

        moves = 0
        last_seq = 0
        game_view = pb.GameView()  # built from the whole view and each event's patch
        while True:
            envelope = await client.next_event()
            if envelope.WhichOneof("body") != "match_event":
                continue
            event = envelope.match_event
            assert event.seq == last_seq + 1, (event.seq, last_seq)
            last_seq = event.seq
            if event.WhichOneof("kind") == "match_ended":
                assert event.match_ended.winner in (0, 1)
                assert max(event.match_ended.totals) >= 101
                break
            if event.HasField("view"):
                game_view.CopyFrom(event.view)
            else:
                apply_patch(game_view, event.patch)
            view = game_view.pilotta
            assert list(view.hand) == [] or view.viewer == 0
            if view.to_act == 0 and view.legal_moves and not client.events:
                choice = rng.choice(list(view.legal_moves))

                def play(e, choice=choice):
                    e.play_move.table_id = table
                    # Structured fields only: the server builds the notation itself.
                    e.play_move.move.CopyFrom(choice)
                    e.play_move.move.ClearField("notation")
                await client.request(play)
                moves += 1
        assert moves > 0
        print(f"played {moves} moves over {last_seq} events")
        await client.ws.close()
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
