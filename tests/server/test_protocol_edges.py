"""Protocol edges as docs/protocol.md states them: a malformed Sec-WebSocket-Key is HTTP
400; a flooder gets at most 2 x message_burst RATE_LIMITED errors (no refill: the manual
clock stands still) and then a close with 1008; `{}` is NOT_SIGNED_IN before sign-in and
BAD_REQUEST after; a text frame that is not UTF-8 closes the connection with 1007, and so
does a close frame whose reason is not UTF-8 (a good reason gets the usual 1000)."""
import asyncio
import base64
import json
import sys

import websockets

from kafenio_client import ServerProcess, handshake_status, run

BURST = 5


async def main(binary):
    server = ServerProcess(binary, f"message_burst={BURST}", "messages_per_second=1",
                           manual_clock=True)
    try:
        good = base64.b64encode(bytes(range(16))).decode()
        assert handshake_status(server.port, good) == 101
        for key in ["", "short", base64.b64encode(bytes(15)).decode(),
                    base64.b64encode(bytes(17)).decode(), "!" * 24, good[:-2] + "A="]:
            assert handshake_status(server.port, key) == 400, key

        # `{}` (no request) before and after sign-in.
        async with websockets.connect(server.url) as ws:
            await ws.send("{}")
            assert json.loads(await ws.recv())["error"]["code"] == "NOT_SIGNED_IN"
            await ws.send(json.dumps({"request_id": "g", "sign_in_guest": {"name": "Νίκος"}}))
            assert "signed_in" in json.loads(await ws.recv())
            await ws.send("{}")
            assert json.loads(await ws.recv())["error"]["code"] == "BAD_REQUEST"

        # A flood: BURST answered, then up to 2 x BURST RATE_LIMITED, then 1008.
        async with websockets.connect(server.url) as ws:
            for i in range(100):
                await ws.send(json.dumps({"request_id": f"p{i}", "ping": {}}))
            pongs = limited = 0
            try:
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if "pong" in message:
                        pongs += 1
                    elif message.get("error", {}).get("code") == "RATE_LIMITED":
                        limited += 1
            except websockets.ConnectionClosed as closed:
                assert closed.rcvd.code == 1008, closed
            # Replies not yet written when the close comes are dropped with it: at most
            # 2 x BURST refusals arrive, never more.
            assert pongs <= BURST and 1 <= limited <= 2 * BURST, (pongs, limited)

        # A text frame that is not UTF-8: 1007.
        async with websockets.connect(server.url) as ws:
            await ws.send(b"x")  # a binary frame first: any bytes are fine there
            await ws.recv()
            # websockets refuses to send bad UTF-8 as text: the frame is written as is.
            await ws.write_frame(True, 0x1, b'{"ping": "\xff"}')
            try:
                await asyncio.wait_for(ws.recv(), 10)
                raise AssertionError("the connection stayed open")
            except websockets.ConnectionClosed as closed:
                assert closed.rcvd.code == 1007, closed

        # Close frames: a reason that is not UTF-8 gets 1007, a good one is echoed.
        for reason, expected in [(b"\xff\xfe", 1007), ("τέλος".encode(), 1000)]:
            async with websockets.connect(server.url) as ws:
                await ws.send(b"x")
                await ws.recv()
                await ws.write_frame(True, 0x8, b"\x03\xe8" + reason)
                try:
                    await asyncio.wait_for(ws.recv(), 10)
                    raise AssertionError("the connection stayed open")
                except websockets.ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == expected, (reason, closed)
    finally:
        server.stop()
    print("protocol edges: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
