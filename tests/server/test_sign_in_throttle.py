"""Sign-in throttling (docs/security.md, "Sign-in") on the manual clock: after the free
failures each try waits, the wait doubling up to its cap; lookalike spellings of a name
share its count; the right password after the wait signs in and clears the count (a real
player is never locked out for longer than the cap); an address that fails on many
accounts waits too."""
import sys

from kafenio_client import Client, ServerError, ServerProcess, run


async def attempt(server, name, password):
    """The sign-in's error code, or "ok"."""
    client = await Client.connect(server.url)
    try:
        await client.request("sign_in", {"name": name, "password": password})
        return "ok"
    except ServerError as error:
        return error.code
    finally:
        await client.close()


async def per_account(binary):
    server = ServerProcess(binary, "sign_in_free_failures=2", "sign_in_longest_wait_ms=8000",
                           "address_sign_in_free_failures=1000", manual_clock=True)
    try:
        client = await Client.connect(server.url)
        await client.request("register", {"name": "Ελένη", "password": "correct horse"})
        await client.close()
        assert await attempt(server, "Ελένη", "wrong one") == "BAD_CREDENTIALS"
        assert await attempt(server, "ΕΛΈΝΗ", "wrong one") == "BAD_CREDENTIALS"
        assert await attempt(server, "ελένη", "wrong one") == "BAD_CREDENTIALS"  # third: 1 s
        # Even the right password waits; so does any spelling of the same name.
        assert await attempt(server, "Ελένη", "correct horse") == "RATE_LIMITED"
        assert await attempt(server, "ΕΛΈΝΗ", "wrong one") == "RATE_LIMITED"
        await server.advance(1000)
        assert await attempt(server, "Ελένη", "wrong one") == "BAD_CREDENTIALS"  # now 2 s
        await server.advance(1000)
        assert await attempt(server, "Ελένη", "wrong one") == "RATE_LIMITED"
        await server.advance(1000)
        # 4 s, 8 s, then the cap: 8 s again, not 16.
        for wait in [4000, 8000, 8000]:
            assert await attempt(server, "Ελένη", "wrong one") == "BAD_CREDENTIALS"
            await server.advance(wait - 1000)
            assert await attempt(server, "Ελένη", "wrong one") == "RATE_LIMITED"
            await server.advance(1000)
        # The right password after the wait signs in and clears the count.
        assert await attempt(server, "Ελένη", "correct horse") == "ok"
        assert await attempt(server, "Ελένη", "wrong one") == "BAD_CREDENTIALS"
        assert await attempt(server, "Ελένη", "correct horse") == "ok"
        # Another account is not affected.
        assert await attempt(server, "Νίκος", "whatever1") == "BAD_CREDENTIALS"
    finally:
        server.stop()


async def per_address(binary):
    server = ServerProcess(binary, "sign_in_free_failures=1000", "address_sign_in_free_failures=3",
                           "address_sign_in_longest_wait_ms=60000", manual_clock=True)
    try:
        for i in range(4):
            assert await attempt(server, f"nobody{i}", "whatever1") == "BAD_CREDENTIALS"
        assert await attempt(server, "someone else", "whatever1") == "RATE_LIMITED"
        await server.advance(1000)
        assert await attempt(server, "someone else", "whatever1") == "BAD_CREDENTIALS"
        assert await attempt(server, "someone else", "whatever1") == "RATE_LIMITED"
        await server.advance(2000)
        assert await attempt(server, "someone else", "whatever1") == "BAD_CREDENTIALS"
    finally:
        server.stop()


async def main(binary):
    await per_account(binary)
    await per_address(binary)
    print("sign-in throttle: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
