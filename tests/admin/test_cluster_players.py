"""Players' sanctions, names and sessions across the nodes of a cluster (docs/admin.md, "A
cluster of nodes"; docs/security.md, "Sessions"): two nodes on one real PostgreSQL, the
console used on node a, the players connected to node b.

- a ban on a closes the player's connection on b and refuses their sign-in there; lifted
  on a, they sign in on b again;
- a mute on a refuses their chat on b with MUTED; lifted, chat goes through;
- signing out everywhere on a closes the session's connections on b (SIGNED_OUT); signing
  one session out, changing the password and the console's revoke-sessions likewise;
- a rename on a closes their connection on b, which resumes under the new name;
- an announcement made on a reaches a player on b.
"""
import asyncio
import os
import sys
import tempfile

from admin_http import Staff, create_user
from cluster_player import SECRET, Node
from kafenio_client import Client, ServerError, expect_error, run
from postgres_server import PostgresDatabase

BINARY = sys.argv[1]
PASSWORD = "ούζο και τάβλι"


async def call(staff, method, path, body=None):
    loop = asyncio.get_running_loop()
    if method == "GET":
        return await loop.run_in_executor(None, staff.get, path)
    return await loop.run_in_executor(None, lambda: staff.post(path, body))


async def sign_in(url, name, password=PASSWORD):
    client = await Client.connect(url)
    client.account = (await client.request("sign_in", {"name": name, "password": password}))["signed_in"]
    return client


async def resume(url, token):
    client = await Client.connect(url)
    client.account = (await client.request("resume", {"token": token}))["signed_in"]
    return client


async def closed(client):
    return await asyncio.wait_for(client.closed, 15)


async def signed_out(client):
    """The pushed SIGNED_OUT and the close after it."""
    event = await client.next_event("error", timeout=15)
    assert event["error"]["code"] == "SIGNED_OUT", event
    return await closed(client)


async def refused_sign_in(url, name, code, password=PASSWORD):
    client = await Client.connect(url)
    try:
        await expect_error(client.request("sign_in", {"name": name, "password": password}), code)
    finally:
        await client.close()


async def main():
    db = PostgresDatabase()
    folder = tempfile.mkdtemp(prefix="kafenio-cluster-players-")
    secret = os.path.join(folder, "server-secret")
    with open(secret, "w") as f:
        f.write(SECRET + "\n")
    os.chmod(secret, 0o600)
    log = open(os.path.join(folder, "nodes.log"), "w")
    create_user(BINARY, db.conninfo, "mona", "moderator", "moderator password")
    create_user(BINARY, db.conninfo, "adam", "admin", "admin password")
    settings = ("lease_ms=1500", "messages_per_second=1000", "message_burst=1000",
                "chat_messages_per_10s=100", "sign_in_free_failures=100")
    nodes = [Node(BINARY, name, db.conninfo, secret, log, settings) for name in ("a", "b")]
    a, b = nodes
    try:
        loop = asyncio.get_running_loop()
        mona = await loop.run_in_executor(None, lambda: Staff(a.server.admin, "mona", "moderator password"))

        # --- A ban on a closes the connection on b and refuses sign-in there.
        vasilis = await Client.connect(b.url)
        vasilis.account = (await vasilis.request("register", {"name": "Βασίλης", "password": PASSWORD}))["signed_in"]
        vid = int(vasilis.account["account_id"])
        status, ban = await call(mona, "POST", f"/admin/api/players/{vid}/ban",
                                 {"reason": "cheating", "minutes": 60})
        assert status == 200 and ban["connections_closed"] == 0, ban  # none on a
        assert await closed(vasilis) == 1008
        await refused_sign_in(b.url, "Βασίλης", "ACCOUNT_BANNED")
        await refused_sign_in(a.url, "Βασίλης", "ACCOUNT_BANNED")
        status, _ = await call(mona, "POST", f"/admin/api/sanctions/{ban['sanction']['id']}/lift",
                               {"reason": "appeal upheld"})
        assert status == 200
        # Lifted on a: b lets them in again once it has read the rows again.
        for _ in range(100):
            try:
                vasilis = await sign_in(b.url, "Βασίλης")
                break
            except ServerError as error:
                assert error.code == "ACCOUNT_BANNED", error
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("the lifted ban still held on b")

        # --- A mute on a refuses chat on b.
        table = (await vasilis.request("create_table", {"game": "diloti"}))["table_created"]["table_id"]
        await vasilis.request("send_chat", {"table_id": table, "text": "γεια σας"})
        status, mute = await call(mona, "POST", f"/admin/api/players/{vid}/mute",
                                  {"reason": "insults", "minutes": 0})
        assert status == 200
        for _ in range(100):
            try:
                await vasilis.request("send_chat", {"table_id": table, "text": "ακόμα εδώ"})
                await asyncio.sleep(0.1)
            except ServerError as error:
                assert error.code == "MUTED", error
                break
        else:
            raise AssertionError("the mute made on a never reached b")
        await call(mona, "POST", f"/admin/api/sanctions/{mute['sanction']['id']}/lift",
                   {"reason": "apologised"})
        for _ in range(100):
            try:
                await vasilis.request("send_chat", {"table_id": table, "text": "συγγνώμη"})
                break
            except ServerError as error:
                assert error.code == "MUTED", error
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("the lifted mute still held on b")

        # --- A rename on a: the connection on b closes, and resumes under the new name.
        token = vasilis.account["token"]
        status, renamed = await call(mona, "POST", f"/admin/api/players/{vid}/rename",
                                     {"reason": "offensive", "name": "Παίκτης 7"})
        assert status == 200, renamed
        assert await closed(vasilis) == 1008
        vasilis = await resume(b.url, token)
        assert vasilis.account["name"] == "Παίκτης 7", vasilis.account

        # --- The console's revoke-sessions on a signs the connection on b out.
        status, _ = await call(mona, "POST", f"/admin/api/players/{vid}/revoke-sessions",
                               {"reason": "account shared"})
        assert status == 200
        assert await signed_out(vasilis) == 1000
        await expect_error(resume(b.url, token), "SESSION_EXPIRED")

        # --- A player's own sign-outs on a reach their connections on b.
        eleni_b = await Client.connect(b.url)
        eleni_b.account = (await eleni_b.request("register", {"name": "Ελένη", "password": PASSWORD}))["signed_in"]
        eleni_a = await sign_in(a.url, "ελένη")
        await eleni_a.request("sign_out_everywhere")
        assert await signed_out(eleni_b) == 1000

        # Sign out one session on a: the same session's connection on b goes too.
        eleni_a = await sign_in(a.url, "ελένη")
        same_on_b = await resume(b.url, eleni_a.account["token"])
        other_on_b = await sign_in(b.url, "ελένη")
        await eleni_a.request("sign_out")
        assert await signed_out(same_on_b) == 1000
        # The other session lives on.
        await other_on_b.request("list_sessions")

        # A password changed on a signs out the other sessions' connections on b.
        eleni_a = await sign_in(a.url, "ελένη")
        await eleni_a.request("change_password", {"old_password": PASSWORD,
                                                   "new_password": "νέος κωδικός"})
        assert await signed_out(other_on_b) == 1000
        await eleni_a.request("list_sessions")  # its own session stays
        await eleni_a.close()

        # --- An announcement made on a reaches the players on b.
        listener = await Client.connect(b.url)
        await listener.guest("Ακροατής")
        adam = await loop.run_in_executor(None, lambda: Staff(a.server.admin, "adam", "admin password"))
        status, _ = await call(adam, "POST", "/admin/api/announcements",
                               {"text": "Συντήρηση στις 23:00 / maintenance at 23:00"})
        assert status == 200
        shown = (await listener.next_event("announcement", timeout=15))["announcement"]
        assert shown["text"] == "Συντήρηση στις 23:00 / maintenance at 23:00", shown
        await listener.close()

        # Every change is in the audit log, made on a.
        actions = sorted(row[0] for row in db.psql("SELECT action FROM audit_log WHERE actor = 'mona'"))
        assert actions == sorted(["login", "player.ban", "sanction.lift", "player.mute", "sanction.lift",
                                  "player.rename", "player.revoke_sessions"]), actions
    finally:
        for node in nodes:
            if node.server.alive():
                node.server.stop()
        log.close()
        db.drop()


if __name__ == "__main__":
    run(main())
