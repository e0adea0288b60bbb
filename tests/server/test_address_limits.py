"""Limits per address and per account (docs/security.md, "Abuse limits"), against the real
server with limit_loopback=true (the tests' clients all come from 127.0.0.1): connections
per address (HTTP 429 at the handshake), guests and registrations per address per hour
(ADDRESS_LIMIT, on the manual clock), open tables per account (TABLE_LIMIT) and per
address (ADDRESS_LIMIT), tables with only bots per player and in all (TABLE_LIMIT), and
X-Forwarded-For believed only from a trusted proxy. A refused request changes nothing."""
import asyncio
import sys

import websockets

from kafenio_client import Client, ServerError, ServerProcess, expect_error, handshake_status, run


async def connections(binary):
    server = ServerProcess(binary, "limit_loopback=true", "connections_per_address=3")
    try:
        open_ones = [await Client.connect(server.url) for _ in range(3)]
        assert handshake_status(server.port) == 429
        await open_ones.pop().close()
        for _ in range(100):  # the server notices the close in its own time
            status = handshake_status(server.port)
            if status == 101:
                break
            await asyncio.sleep(0.1)
        assert status == 101, status
    finally:
        server.stop()


async def accounts_per_hour(binary):
    server = ServerProcess(binary, "limit_loopback=true", "guests_per_address_per_hour=2",
                           "registrations_per_address_per_hour=1", manual_clock=True)
    try:
        client = await Client.connect(server.url)
        for name in ["Άννα", "Πέτρος"]:
            await (await Client.connect(server.url)).guest(name)
        await expect_error(client.guest("Μαρία"), "ADDRESS_LIMIT")
        await expect_error(client.guest("Μαρία"), "ADDRESS_LIMIT")  # the refusals do not count
        await client.request("register", {"name": "Σοφία", "password": "password one"})
        other = await Client.connect(server.url)
        await expect_error(other.request("register", {"name": "Γιάννης", "password": "password two"}),
                           "ADDRESS_LIMIT")
        await expect_error(other.request("sign_in", {"name": "Γιάννης", "password": "password two"}),
                           "BAD_CREDENTIALS")  # nothing was made
        await server.advance(3600 * 1000)
        await (await Client.connect(server.url)).guest("Μαρία")
        await other.request("register", {"name": "Γιάννης", "password": "password two"})
    finally:
        server.stop()


async def tables(binary):
    server = ServerProcess(binary, "limit_loopback=true", "tables_per_account=2",
                           "tables_per_address=3")
    table = {"game": "diloti", "seats": 2}
    try:
        anna = await Client.connect(server.url)
        await anna.guest("Άννα")
        first = (await anna.request("create_table", table))["table_created"]["table_id"]
        await anna.request("create_table", table)
        await expect_error(anna.request("create_table", table), "TABLE_LIMIT")
        # Leaving a table nobody sits at closes it: it no longer counts.
        await anna.request("leave_table", {"table_id": first})
        await anna.request("create_table", table)
        petros = await Client.connect(server.url)
        await petros.guest("Πέτρος")
        await petros.request("create_table", table)  # the address's third table
        await expect_error(petros.request("create_table", table), "ADDRESS_LIMIT")
        lobby = await petros.request("subscribe_lobby")
        assert len(lobby["lobby"]["tables"]) == 3, lobby
    finally:
        server.stop()


async def fill_with_bots(client, seats=4):
    """A Pilotta table with a bot in every seat but the last, asked for back to back; the
    last bot's request (not sent yet). No waiting for the lobby: the limit is decided by
    the table at the moment it places the last bot."""
    table = (await client.request("create_table", {"game": "pilotta"}))["table_created"]["table_id"]
    await asyncio.gather(*[client.request("add_bot", {"table_id": table, "seat": seat})
                           for seat in range(seats - 1)])
    return table, client.request("add_bot", {"table_id": table, "seat": seats - 1})


def error_codes(results):
    return sorted(r.code if isinstance(r, ServerError) else "ok" for r in results)


async def bot_tables(binary):
    # The bots wait for the manual clock: the test's tables cost nothing.
    server = ServerProcess(binary, "bot_tables_per_account=1", "bot_tables_total=2",
                           "bot_delay_ms=60000", manual_clock=True)
    try:
        anna, petros, maria = [await Client.connect(server.url) for _ in range(3)]
        for client, name in [(anna, "Άννα"), (petros, "Πέτρος"), (maria, "Μαρία")]:
            await client.guest(name)
        # Two tables' last bots sent at once: exactly one becomes a table with only bots.
        (first, last_first), (second, last_second) = [await fill_with_bots(anna) for _ in range(2)]
        results = await asyncio.gather(last_first, last_second, return_exceptions=True)
        assert error_codes(results) == ["TABLE_LIMIT", "ok"], results
        refused = first if isinstance(results[0], ServerError) else second
        # A player in the refused table's last seat instead is fine.
        await anna.request("sit", {"table_id": refused, "seat": 3})
        # All four bots of a table asked for at once: petros's first such table, allowed.
        table = (await petros.request("create_table", {"game": "pilotta"}))["table_created"]["table_id"]
        results = await asyncio.gather(*[petros.request("add_bot", {"table_id": table, "seat": s})
                                         for s in range(4)], return_exceptions=True)
        assert error_codes(results) == ["ok"] * 4, results
        _, last = await fill_with_bots(maria)
        await expect_error(last, "TABLE_LIMIT")  # two in all
    finally:
        server.stop()
    server = ServerProcess(binary, "bot_tables_total=0")
    try:
        client = await Client.connect(server.url)
        await client.guest("Άννα")
        _, last = await fill_with_bots(client)
        await expect_error(last, "TABLE_LIMIT")
    finally:
        server.stop()


async def forwarded(url, address):
    return await Client.connect(url, extra_headers={"X-Forwarded-For": address})


async def proxies(binary):
    server = ServerProcess(binary, "limit_loopback=true", "connections_per_address=1",
                           "trusted_proxy=127.0.0.1")
    try:
        # The proxy's address is the last hop; what the client wrote before it is ignored.
        one = await forwarded(server.url, "198.51.100.7, 203.0.113.5")
        await one.guest("Άννα")
        sessions = (await one.request("list_sessions"))["sessions"]["sessions"]
        assert sessions[0]["address"] == "203.0.113.5", sessions
        try:
            await forwarded(server.url, "203.0.113.5")
            raise AssertionError("a second connection from 203.0.113.5 was let in")
        except websockets.InvalidStatusCode as refused:
            assert refused.status_code == 429
        await forwarded(server.url, "203.0.113.5, 203.0.113.6")  # another address: fine
    finally:
        server.stop()
    server = ServerProcess(binary, "limit_loopback=true", "connections_per_address=1")
    try:
        # Without trusted_proxy, X-Forwarded-For is the client's word: 127.0.0.1 counts.
        await forwarded(server.url, "203.0.113.5")
        try:
            await forwarded(server.url, "203.0.113.6")
            raise AssertionError("X-Forwarded-For was believed from an untrusted peer")
        except websockets.InvalidStatusCode as refused:
            assert refused.status_code == 429
    finally:
        server.stop()


async def main(binary):
    await connections(binary)
    await accounts_per_hour(binary)
    await tables(binary)
    await bot_tables(binary)
    await proxies(binary)
    print("address limits: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
