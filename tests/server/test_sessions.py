"""A player's own sessions (docs/protocol.md, "Sessions"; docs/security.md): list them
(address, program, when made and last seen, which is this one), sign out this session
(every connection using it is closed, and its token no longer resumes), sign one other
session out, sign out everywhere, and change the password (the old one is required; the
other sessions are signed out, this one stays). All of it survives a restart (stored
before it is answered), and a guest, a wrong old password and a bad new one are refused
with their own errors, changing nothing."""
import asyncio
import sys

from kafenio_client import Client, ServerError, ServerProcess, expect_error, run


async def connect(server, device):
    return await Client.connect(server.url, user_agent_header=device)


async def sign_in(server, name, password, device):
    client = await connect(server, device)
    reply = await client.request("sign_in", {"name": name, "password": password})
    client.account = reply["signed_in"]
    return client


async def resume(server, token, device="resumer"):
    """The resume's error code, or the connection signed in."""
    client = await connect(server, device)
    try:
        await client.request("resume", {"token": token})
        return client
    except ServerError as error:
        await client.close()
        return error.code


async def signed_out(client):
    """Waits for the pushed SIGNED_OUT and the close that follows it; the close code."""
    event = await client.next_event("error", timeout=30)
    assert event["error"]["code"] == "SIGNED_OUT", event
    assert event["request_id"] == ""
    return await asyncio.wait_for(client.closed, 30)


async def listing(client):
    return (await client.request("list_sessions"))["sessions"]["sessions"]


async def main(binary):
    server = ServerProcess(binary, "sign_in_free_failures=2")
    try:
        first = await connect(server, "Firefox/130 (phone)")
        registered = (await first.request("register", {"name": "Ελένη", "password": "πρώτος κωδικός"}))
        token_one = registered["signed_in"]["token"]
        second = await sign_in(server, "ελένη", "πρώτος κωδικός", "Chromium/129 (laptop)")
        third = await sign_in(server, "ΕΛΈΝΗ", "πρώτος κωδικός", "tablet app")
        # The first session used from a second connection too.
        also_one = await resume(server, token_one, "Firefox/130 (phone)")
        assert isinstance(also_one, Client)

        sessions = await listing(second)
        assert len(sessions) == 3, sessions
        devices = sorted(s["device"] for s in sessions)
        assert devices == ["Chromium/129 (laptop)", "Firefox/130 (phone)", "tablet app"], devices
        assert [s["current"] for s in sessions].count(True) == 1
        mine = next(s for s in sessions if s["current"])
        assert mine["device"] == "Chromium/129 (laptop)"
        assert all(s["address"] == "127.0.0.1" for s in sessions)
        assert all(len(s["session_id"]) == 16 for s in sessions)
        assert all(int(s["created_unix_ms"]) > 0 and int(s["last_seen_unix_ms"]) > 0
                   for s in sessions)
        phone = next(s for s in sessions if s["device"].startswith("Firefox"))
        assert phone["connections"] == 2, phone

        # Bad requests change nothing.
        await expect_error(second.request("revoke_session", {"session_id": "nonsense"}),
                           "BAD_REQUEST")
        await expect_error(second.request("revoke_session", {"session_id": "0" * 16}),
                           "UNKNOWN_SESSION")
        guest = await connect(server, "guest")
        await guest.guest("Νίκος")
        await expect_error(guest.request("change_password", {"old_password": "x" * 8,
                                                             "new_password": "y" * 8}),
                           "REGISTERED_ONLY")
        await expect_error(guest.request("revoke_session", {"session_id": phone["session_id"]}),
                           "UNKNOWN_SESSION")  # another account's session is not yours
        outsider = await connect(server, "nobody")
        await expect_error(outsider.request("list_sessions"), "NOT_SIGNED_IN")
        await expect_error(outsider.request("sign_out"), "NOT_SIGNED_IN")
        assert len(await listing(second)) == 3

        # Another session signed out from this one: both its connections are told and
        # closed, and its token no longer resumes.
        await second.request("revoke_session", {"session_id": phone["session_id"]})
        assert await signed_out(first) == 1000
        assert await signed_out(also_one) == 1000
        assert await resume(server, token_one) == "SESSION_EXPIRED"
        assert sorted(s["device"] for s in await listing(second)) == [
            "Chromium/129 (laptop)", "tablet app"]

        # Change the password: the old one is required and throttled like a sign-in.
        await expect_error(second.request("change_password", {"old_password": "wrong one",
                                                              "new_password": "δεύτερος κωδικός"}),
                           "BAD_CREDENTIALS")
        await expect_error(second.request("change_password", {"old_password": "πρώτος κωδικός",
                                                              "new_password": "short"}),
                           "BAD_PASSWORD")
        await second.request("change_password", {"old_password": "πρώτος κωδικός",
                                                 "new_password": "δεύτερος κωδικός"})
        assert await signed_out(third) == 1000
        assert [s["device"] for s in await listing(second)] == ["Chromium/129 (laptop)"]
        await expect_error(sign_in(server, "Ελένη", "πρώτος κωδικός", "x"), "BAD_CREDENTIALS")
        fourth = await sign_in(server, "Ελένη", "δεύτερος κωδικός", "desktop")
        token_four = fourth.account["token"]
        token_two = second.account["token"]

        # Durable: after a restart the revoked sessions stay gone, the others resume.
        await fourth.close()
        server = server.crash_and_restart()
        assert await resume(server, token_one) == "SESSION_EXPIRED"
        second = await resume(server, token_two, "Chromium/129 (laptop)")
        assert isinstance(second, Client)
        fourth = await resume(server, token_four, "desktop")
        assert isinstance(fourth, Client)
        extra = await resume(server, token_four, "desktop")

        # Sign out of this session: ok, then this connection and the other one using the
        # session are closed; the remaining session is untouched.
        reply = await fourth.request("sign_out")
        assert "ok" in reply
        assert await asyncio.wait_for(fourth.closed, 30) == 1000
        assert await signed_out(extra) == 1000
        assert await resume(server, token_four) == "SESSION_EXPIRED"
        assert len(await listing(second)) == 1

        # Sign out everywhere: every session of the account goes.
        fifth = await sign_in(server, "Ελένη", "δεύτερος κωδικός", "kiosk")
        await fifth.request("sign_out_everywhere")
        assert await asyncio.wait_for(fifth.closed, 30) == 1000
        assert await signed_out(second) == 1000
        assert await resume(server, token_two) == "SESSION_EXPIRED"
        assert await resume(server, fifth.account["token"]) == "SESSION_EXPIRED"
        # A new sign-in still works.
        again = await sign_in(server, "Ελένη", "δεύτερος κωδικός", "kiosk")
        assert len(await listing(again)) == 1
    finally:
        server.stop()
    print("sessions: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
