"""Staff passwords from the console's API, end to end on the real server (docs/admin.md,
"Passwords"):

- a staff member (any role) changes their own password with the current one: a wrong
  current password is refused (403), too short or too long a new one (400, create-user's
  rule), the same one again (400); the new one is stored as Argon2id, signs in, the old one
  no longer does; their other sessions end, the one that changed it goes on;
- the current password is checked under the sign-in limits: tries beyond them are refused
  (429) even with the right password, and sign-in of that name is limited too;
- an owner or admin sets another member's password with a reason: that member's sessions
  end, the new password signs in; an admin may not set an owner's (403); nobody sets their
  own this way (409); no reason, or too short a password, is refused (400);
- every attempt (past the length rule) is in the audit log with its outcome (never a password), and the chain
  verifies.

On SQLite, or with --postgres on a real PostgreSQL.
"""
import asyncio
import json
import sqlite3
import sys

from admin_http import Staff, create_user, http, test_database
from kafenio_client import ServerProcess, run

BINARY = sys.argv[1]
PER_MINUTE = 4  # sign-in tries a minute, per name and per address


async def main():
    with test_database("kafenio-staff-pw-") as (db, database):
        await scenario(db, database)


def stored_hash(db, database, name):
    if database:
        return database.psql(f"SELECT password_hash FROM staff WHERE name = '{name}'")[0][0]
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT password_hash FROM staff WHERE name = ?", (name,)).fetchone()[0]


async def scenario(db, database):
    create_user(BINARY, db, "elena", "owner", "owner password 1")
    create_user(BINARY, db, "adam", "admin", "admin password 1")
    create_user(BINARY, db, "Μαρία", "moderator", "moderator password")
    # The manual clock: the limiter's buckets fill only when the test moves it.
    server = ServerProcess(BINARY, f"admin_logins_per_minute={PER_MINUTE}", db=db,
                           manual_clock=True)
    loop = asyncio.get_running_loop()

    async def call(staff, path, body=None):
        if body is None:
            return await loop.run_in_executor(None, staff.get, path)
        return await loop.run_in_executor(None, lambda: staff.post(path, body))

    async def login(name, password):
        return await loop.run_in_executor(None, lambda: Staff(server.admin, name, password))

    def sign_in(name, password):
        return http("POST", server.admin + "/admin/api/login",
                    {"name": name, "password": password})[0]

    async def fresh_minute():
        # Every bucket full again.
        await server.advance(61000)

    try:
        elena = await login("elena", "owner password 1")
        elena_elsewhere = await login("elena", "owner password 1")
        adam = await login("adam", "admin password 1")
        maria = await login("Μαρία", "moderator password")
        await fresh_minute()
        staff = {s["name"]: s["id"] for s in (await call(elena, "/admin/api/staff"))[1]["staff"]}

        # --- One's own password: the checks, each refusal changing nothing.
        own = "/admin/api/me/password"
        for body, code in (({"current": "moderator password", "password": "short"}, 400),
                           ({"current": "moderator password", "password": "x" * 201}, 400),
                           ({"current": "not my password", "password": "καινούργιος κωδικός"}, 403),
                           ({"current": "moderator password", "password": "moderator password"}, 400)):
            status, answer = await call(maria, own, body)
            assert status == code, (body, status, answer)
        assert (await call(maria, "/admin/api/me"))[0] == 200  # a refusal does not sign out
        assert sign_in("Μαρία", "moderator password") == 200
        await fresh_minute()

        # --- Changed: Argon2id, the new one signs in, the old one not; this session stays.
        before = stored_hash(db, database, "Μαρία")
        status, answer = await call(maria, own, {"current": "moderator password",
                                                 "password": "καινούργιος κωδικός"})
        assert status == 200, answer
        after = stored_hash(db, database, "Μαρία")
        assert after.startswith("$argon2id$") and after != before, after
        assert (await call(maria, "/admin/api/me"))[0] == 200
        assert sign_in("Μαρία", "moderator password") == 401
        assert sign_in("Μαρία", "καινούργιος κωδικός") == 200

        # The owner's change ends her other session, not this one.
        status, answer = await call(elena, own, {"current": "owner password 1",
                                                 "password": "owner password 2"})
        assert status == 200, answer
        assert (await call(elena, "/admin/api/me"))[0] == 200
        assert (await call(elena_elsewhere, "/admin/api/me"))[0] == 401
        await fresh_minute()

        # --- The sign-in limits: PER_MINUTE tries, then 429 even with the right password,
        # and sign-in of the name is limited too; a minute later it works again.
        for _ in range(PER_MINUTE):
            status, _ = await call(adam, own, {"current": "guess", "password": "admin password 2"})
            assert status == 403, status
        status, answer = await call(adam, own, {"current": "admin password 1",
                                                "password": "admin password 2"})
        assert status == 429, (status, answer)
        assert sign_in("adam", "admin password 1") == 429
        await fresh_minute()
        status, answer = await call(adam, own, {"current": "admin password 1",
                                                "password": "admin password 2"})
        assert status == 200, answer
        await fresh_minute()

        # --- Another member's password, by an owner or admin, with a reason.
        maria_elsewhere = await login("Μαρία", "καινούργιος κωδικός")
        path = f"/admin/api/staff/{staff['Μαρία']}/password"
        for body, code in (({"password": "set by the admin"}, 400),
                           ({"reason": "forgotten", "password": "short"}, 400)):
            status, answer = await call(adam, path, body)
            assert status == code, (body, status, answer)
        assert (await call(maria, "/admin/api/me"))[0] == 200
        status, answer = await call(adam, path, {"reason": "she forgot it",
                                                 "password": "set by the admin"})
        assert status == 200, answer
        assert stored_hash(db, database, "Μαρία").startswith("$argon2id$")
        # Every session of hers ends; the new password signs in, the old one not.
        assert (await call(maria, "/admin/api/me"))[0] == 401
        assert (await call(maria_elsewhere, "/admin/api/me"))[0] == 401
        assert sign_in("Μαρία", "καινούργιος κωδικός") == 401
        assert sign_in("Μαρία", "set by the admin") == 200
        # An admin may not set an owner's; nobody sets their own this way.
        owner_hash = stored_hash(db, database, "elena")
        status, answer = await call(adam, f"/admin/api/staff/{staff['elena']}/password",
                                    {"reason": "take over", "password": "the admin's now"})
        assert status == 403, answer
        assert stored_hash(db, database, "elena") == owner_hash
        assert (await call(elena, "/admin/api/me"))[0] == 200
        status, answer = await call(adam, f"/admin/api/staff/{staff['adam']}/password",
                                    {"reason": "mine", "password": "admin password 3"})
        assert status == 409, answer
        # An owner sets an admin's.
        status, answer = await call(elena, f"/admin/api/staff/{staff['adam']}/password",
                                    {"reason": "leaked in a chat", "password": "admin password 4"})
        assert status == 200, answer
        assert (await call(adam, "/admin/api/me"))[0] == 401
        await fresh_minute()
        assert sign_in("adam", "admin password 4") == 200

        # --- The audit log: every attempt with its outcome, never a password.
        status, audit = await call(elena, "/admin/api/audit")
        assert status == 200, audit
        entries = [(e["actor"], e["action"], e["outcome"]) for e in audit["entries"]]
        for expected in [("Μαρία", "staff.own-password", "refused: wrong password"),
                         ("Μαρία", "staff.own-password", "refused: same password"),
                         ("Μαρία", "staff.own-password", "ok: other sessions ended"),
                         ("elena", "staff.own-password", "ok: other sessions ended"),
                         ("adam", "staff.own-password", "refused: wrong password"),
                         ("adam", "staff.own-password", "refused: rate limited"),
                         ("adam", "staff.own-password", "ok: other sessions ended"),
                         ("adam", "staff.password", "ok: password set, sessions ended"),
                         ("adam", "staff.password", "refused: only an owner may change an owner's account"),
                         ("elena", "staff.password", "ok: password set, sessions ended")]:
            assert expected in entries, (expected, entries)
        assert any(e["action"] == "staff.password" and e["reason"] == "she forgot it"
                   and "Μαρία" in e["target"] for e in audit["entries"])
        assert any(e["action"] == "staff.password" and e["outcome"].startswith("refused: change your own")
                   for e in audit["entries"])
        text = json.dumps(audit, ensure_ascii=False)
        for secret in ("καινούργιος κωδικός", "set by the admin", "admin password", "owner password"):
            assert secret not in text, secret
        status, verified = await call(elena, "/admin/api/audit/verify", {})
        assert verified["intact"], verified
    finally:
        assert server.stop() == 0


run(main())
