"""Abuse limits at the connection (docs/security.md): WebSocket ping frames count against
the message rate (a ping flood is closed with 1008); with public_origin set, browsers must
come from it, and the request's own Host no longer vouches for an Origin."""
import asyncio
import sys

import websockets

from kafenio_client import ServerProcess, handshake_status, run


async def main(binary):
    server = ServerProcess(binary, "message_burst=5", "messages_per_second=1", manual_clock=True)
    try:
        own = f"http://127.0.0.1:{server.port}"
        assert handshake_status(server.port, origin=own) == 101  # no public_origin: Host vouches
        async with websockets.connect(server.url) as ws:
            for _ in range(40):
                await ws.ping()
            try:
                await asyncio.wait_for(ws.recv(), 10)
                raise AssertionError("a ping flood was not closed")
            except websockets.ConnectionClosed as closed:
                assert closed.rcvd.code == 1008, closed
    finally:
        server.stop()

    server = ServerProcess(binary, "public_origin=https://kafenio.example")
    try:
        assert handshake_status(server.port, origin="https://kafenio.example") == 101
        assert handshake_status(server.port, origin=f"http://127.0.0.1:{server.port}") == 403
        assert handshake_status(server.port, origin="https://evil.example") == 403
    finally:
        server.stop()
    print("abuse limits: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
