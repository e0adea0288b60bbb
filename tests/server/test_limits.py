"""Transport limits and HTTP: oversized messages (close 1009), the per-connection message
rate (typed error, then close 1008), the Origin allow-list, a reader that stops reading
(dropped when its queue fills), /healthz, /metrics and static files."""
import asyncio
import json
import os
import socket
import sys
import tempfile
import urllib.error
import urllib.request

import websockets

from kafenio_client import Client, ServerProcess, metric_samples, run


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""


async def main(binary):
    web = tempfile.mkdtemp()
    with open(os.path.join(web, "index.html"), "w") as f:
        f.write("<h1>Kafenio</h1>")
    server = ServerProcess(binary, "messages_per_second=20", "message_burst=20",
                           "allowed_origin=http://allowed.example", web=web)
    # A second server with a tiny send queue, for the reader that stops reading. It keeps
    # its data in memory: bots then move as fast as the CPU allows (no wait for the disk),
    # which is what fills a queue that nobody reads.
    small_queue = ServerProcess(binary, "send_queue_limit=8", db="memory")
    # A third with short timeouts, for the socket that goes silent: on the small-queue
    # server a 600 ms idle timeout could close the reader that stops reading before its
    # queue fills (on a loaded machine the bots fill it more slowly), and no slow
    # consumer would be seen.
    short_timeouts = ServerProcess(binary, "handshake_timeout_ms=300", "idle_timeout_ms=600",
                                   db="memory")
    try:
        assert get(server.http + "/healthz") == (200, "ok\n")
        assert get(server.http + "/") == (200, "<h1>Kafenio</h1>")
        assert get(server.http + "/index.html")[0] == 200
        assert get(server.http + "/../../etc/passwd")[0] == 404
        assert get(server.http + "/%2e%2e/etc/passwd")[0] == 404
        assert get(server.http + "/missing.js")[0] == 404

        # A message over 64 KiB closes the connection with 1009 (message too big).
        big = await Client.connect(server.url)
        await big.send_raw("x" * (64 * 1024 + 1))
        assert await asyncio.wait_for(big.closed, 10) == 1009

        # Too many messages: typed errors, and a client that keeps going is cut off (1008).
        flood = await Client.connect(server.url)
        try:
            for number in range(400):
                await flood.send_raw('{"request_id": "flood%d", "ping": {}}' % number)
        except websockets.ConnectionClosed:
            pass
        code = await asyncio.wait_for(flood.closed, 10)
        assert code == 1008, code
        queued = list(flood.events._queue) + [json.loads(f) for f in flood.frames
                                              if isinstance(f, str)]
        refused = [m for m in queued if m.get("error", {}).get("code") == "RATE_LIMITED"]
        assert refused, queued[:3]
        # Each refusal names the request it refuses, so a client can retry that request.
        assert all(m["request_id"].startswith("flood") for m in refused), refused[:3]

        # Origins: the allowed one and none at all pass; others are refused at the handshake.
        ok = await Client.connect(server.url, origin="http://allowed.example")
        await ok.request("ping")
        await ok.close()
        own = await Client.connect(server.url, origin=server.http)
        await own.request("ping")
        await own.close()
        try:
            await websockets.connect(server.url, origin="http://evil.example")
            raise AssertionError("a foreign origin was let in")
        except websockets.InvalidStatusCode as error:
            assert error.status_code == 403

        # A connection that never finishes its HTTP request is closed (handshake timeout).
        reader, writer = await asyncio.open_connection("127.0.0.1", short_timeouts.port)
        writer.write(b"GET /ws HTTP/1.1\r\nHost: x\r\n")  # never finished
        assert await asyncio.wait_for(reader.read(), 30) == b""
        writer.close()

        # A WebSocket that goes silent (never answers the server's pings) is closed.
        reader, writer = await asyncio.open_connection("127.0.0.1", short_timeouts.port)
        writer.write(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        received = b""
        while True:
            chunk = await asyncio.wait_for(reader.read(4096), 30)
            if not chunk:
                break
            received += chunk
        assert received.startswith(b"HTTP/1.1 101"), received[:40]
        assert b"\x89" in received, "the server pinged before giving up"  # 0x89: a ping frame
        writer.close()

        # A spectator that stops reading: its queue fills and the server drops it.
        host = await Client.connect(small_queue.url)
        await host.guest("host")
        table = (await host.request("create_table", {"game": "pilotta", "options": ["target=2000"]}))
        table = table["table_created"]["table_id"]
        # A tiny receive buffer, so the kernel stops taking frames early.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", small_queue.port))
        sleepy = await websockets.connect(small_queue.url, sock=sock, max_queue=1, read_limit=1024, max_size=None)
        await sleepy.send('{"request_id": "a", "sign_in_guest": {"name": "sleepy"}}')
        await sleepy.send('{"request_id": "b", "join_table": {"table_id": "%s"}}' % table)
        for seat in range(4):
            await host.request("add_bot", {"table_id": table, "seat": seat})
        await host.close()
        # `sleepy` never closes on its own, so no connection left means the server dropped
        # it. (The host, also slower than four bots at full speed, may be dropped too.)
        def metric(text, name):
            return metric_samples(text)[name]
        for _ in range(1200):
            status, metrics = get(small_queue.admin + "/metrics")
            if metric(metrics, "kafenio_slow_consumers_total") >= 1 and metric(metrics, "kafenio_connections") == 0:
                break
            await asyncio.sleep(0.1)
        assert metric(metrics, "kafenio_slow_consumers_total") >= 1, metrics
        assert metric(metrics, "kafenio_connections") == 0, metrics
        for name in ("kafenio_connections", "kafenio_tables", "kafenio_live_matches", "kafenio_moves_total",
                     "kafenio_move_latency_seconds_bucket", "kafenio_move_latency_seconds_count"):
            assert name in metrics, name
        assert server.alive() and small_queue.alive() and short_timeouts.alive()
    finally:
        assert server.stop() == 0
        assert small_queue.stop() == 0
        assert short_timeouts.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
