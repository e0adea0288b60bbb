"""Managing staff from the console's API, end to end on the real server (docs/admin.md,
"Managing staff"):

- an owner creates staff (with a reason, audited; with a second factor, whose code then
  signs in); a taken name is refused (409); an admin may create staff below owner but no
  owner (403, audited, nothing created);
- a role change takes effect at once (a moderator made a director reaches tournaments, no
  longer players); an admin may not change an owner nor make one;
- disabling ends the member's sessions at once and refuses their sign-in; enabling lets
  them in again; nobody disables their own account;
- a new second factor: the old sessions end, the old secret no longer signs in, the new
  one does;
- the last enabled owner cannot be demoted or disabled (409), even by themselves;
- every change, allowed or refused, is in the audit log with its reason, and the chain
  verifies;
- with admin_cookie_secure the session cookie carries Secure.

On SQLite, or with --postgres on a real PostgreSQL.
"""
import asyncio
import sys
import time

from admin_http import Staff, create_user, http, test_database, totp
from kafenio_client import run

BINARY = sys.argv[1]


def sign_in(server, name, password, code=""):
    return http("POST", server.admin + "/admin/api/login",
                {"name": name, "password": password, "totp": code})[0]


async def main():
    with test_database("kafenio-staff-") as (db, database):
        await scenario(db)


async def scenario(db):
    from kafenio_client import ServerProcess
    create_user(BINARY, db, "elena", "owner", "owner password 1")
    create_user(BINARY, db, "adam", "admin", "admin password 1")
    server = ServerProcess(BINARY, "admin_logins_per_minute=1000", db=db)
    loop = asyncio.get_running_loop()

    async def call(staff, path, body=None):
        if body is None:
            return await loop.run_in_executor(None, staff.get, path)
        return await loop.run_in_executor(None, lambda: staff.post(path, body))

    async def login(name, password, code=""):
        return await loop.run_in_executor(None, lambda: Staff(server.admin, name, password, code))

    async def staff_list(owner):
        status, answer = await call(owner, "/admin/api/staff")
        assert status == 200, answer
        return {s["name"]: s for s in answer["staff"]}

    try:
        owner_cookie_header = http("POST", server.admin + "/admin/api/login",
                                   {"name": "elena", "password": "owner password 1"})[1]["Set-Cookie"]
        owner = await login("elena", "owner password 1")
        admin = await login("adam", "admin password 1")

        # --- Creation: a reason is required; the entry records it.
        status, answer = await call(owner, "/admin/api/staff",
                                    {"name": "mona", "password": "moderator pass", "role": "moderator"})
        assert status == 400 and "reason" in answer["error"], answer
        status, mona = await call(owner, "/admin/api/staff",
                                  {"name": "mona", "password": "moderator pass", "role": "moderator",
                                   "reason": "new moderator for the evening shift"})
        assert status == 200 and mona["role"] == "moderator" and "totp_secret" not in mona, mona
        status, answer = await call(owner, "/admin/api/staff",
                                    {"name": "MONA", "password": "moderator pass", "role": "admin",
                                     "reason": "twice"})
        assert status == 409, answer
        # A director needs a scope; with a second factor, its secret is given once.
        status, answer = await call(admin, "/admin/api/staff",
                                    {"name": "dora", "password": "director pass", "role": "director",
                                     "reason": "runs the cup"})
        assert status == 400 and "scope" in answer["error"], answer
        status, dora = await call(admin, "/admin/api/staff",
                                  {"name": "dora", "password": "director pass", "role": "director",
                                   "scope": "*", "reason": "runs the cup", "totp": True})
        assert status == 200 and len(dora["totp_secret"]) == 32, dora
        assert dora["totp_uri"].startswith("otpauth://totp/"), dora
        assert sign_in(server, "dora", "director pass") == 401  # the code is needed now
        dora_staff = await login("dora", "director pass", totp(dora["totp_secret"], time.time()))
        assert dora_staff.me["role"] == "director" and dora_staff.me["scope"] == "*"
        # An admin makes no owner: refused, audited, nothing created.
        before = await staff_list(owner)
        status, answer = await call(admin, "/admin/api/staff",
                                    {"name": "olga", "password": "owner password 2", "role": "owner",
                                     "reason": "promote myself a friend"})
        assert status == 403 and "owner" in answer["error"], answer
        assert await staff_list(owner) == before

        # --- Role changes take effect at once.
        mona_staff = await login("mona", "moderator pass")
        assert (await call(mona_staff, "/admin/api/players?q=a"))[0] == 200
        assert (await call(mona_staff, "/admin/api/tournaments"))[0] == 403
        status, changed = await call(admin, f"/admin/api/staff/{mona['id']}/role",
                                     {"role": "director", "scope": "7,9", "reason": "moves to events"})
        assert status == 200 and changed["role"] == "director" and changed["scope"] == "7,9", changed
        assert (await call(mona_staff, "/admin/api/tournaments"))[0] == 200
        assert (await call(mona_staff, "/admin/api/players?q=a"))[0] == 403
        assert (await staff_list(owner))["mona"]["scope"] == "7,9"
        for body, code in (({"role": "king", "reason": "x"}, 400),
                           ({"role": "director", "reason": "x"}, 400),  # no scope
                           ({"role": "moderator"}, 400)):  # no reason
            assert (await call(admin, f"/admin/api/staff/{mona['id']}/role", body))[0] == code, body
        assert (await call(admin, "/admin/api/staff/999999/role",
                           {"role": "admin", "reason": "x"}))[0] == 404
        # An admin neither raises anyone to owner nor touches an owner.
        elena_id = (await staff_list(owner))["elena"]["id"]
        before = await staff_list(owner)
        for path, body in ((f"/admin/api/staff/{mona['id']}/role", {"role": "owner"}),
                           (f"/admin/api/staff/{elena_id}/role", {"role": "moderator"}),
                           (f"/admin/api/staff/{elena_id}/disable", {}),
                           (f"/admin/api/staff/{elena_id}/reset-totp", {})):
            status, answer = await call(admin, path, {**body, "reason": "a coup"})
            assert status == 403, (path, answer)
        assert await staff_list(owner) == before
        # A director manages no staff at all (the role table).
        assert (await call(mona_staff, "/admin/api/staff"))[0] == 403

        # --- Disabling: sessions end at once, sign-in refused; enabling lets them in again.
        status, answer = await call(admin, f"/admin/api/staff/{mona['id']}/disable",
                                    {"reason": "left the team"})
        assert status == 200 and answer["disabled"], answer
        assert (await call(mona_staff, "/admin/api/me"))[0] == 401
        assert sign_in(server, "mona", "moderator pass") == 401
        assert (await staff_list(owner))["mona"]["disabled"] is True
        assert (await call(admin, f"/admin/api/staff/{mona['id']}/disable",
                           {"reason": "again"}))[0] == 409
        status, answer = await call(admin, f"/admin/api/staff/{mona['id']}/enable",
                                    {"reason": "came back"})
        assert status == 200 and not answer["disabled"], answer
        mona_staff = await login("mona", "moderator pass")
        assert mona_staff.me["role"] == "director"
        adam_id = (await staff_list(owner))["adam"]["id"]
        status, answer = await call(admin, f"/admin/api/staff/{adam_id}/disable", {"reason": "me"})
        assert status == 409 and "own account" in answer["error"], answer

        # --- A new second factor: old sessions end; the old secret no longer signs in.
        status, reset = await call(owner, f"/admin/api/staff/{dora['id']}/reset-totp",
                                   {"reason": "lost her phone"})
        assert status == 200 and reset["totp_secret"] != dora["totp_secret"], reset
        assert (await call(dora_staff, "/admin/api/me"))[0] == 401
        assert sign_in(server, "dora", "director pass", totp(dora["totp_secret"], time.time())) == 401
        await login("dora", "director pass", totp(reset["totp_secret"], time.time()))

        # --- The last owner stays: not demoted, not disabled, not even by themselves.
        status, answer = await call(owner, f"/admin/api/staff/{elena_id}/role",
                                    {"role": "admin", "reason": "step down"})
        assert status == 409 and "last owner" in answer["error"], answer
        assert (await staff_list(owner))["elena"]["role"] == "owner"
        # With a second owner, one may go; then the other is the last again.
        status, olga = await call(owner, "/admin/api/staff",
                                  {"name": "olga", "password": "owner password 2", "role": "owner",
                                   "reason": "co-owner"})
        assert status == 200, olga
        olga_staff = await login("olga", "owner password 2")
        status, answer = await call(olga_staff, f"/admin/api/staff/{elena_id}/disable",
                                    {"reason": "handover"})
        assert status == 200, answer
        assert (await call(owner, "/admin/api/me"))[0] == 401  # elena's session ended
        for path, body in ((f"/admin/api/staff/{olga['id']}/role", {"role": "moderator"}),):
            status, answer = await call(olga_staff, path, {**body, "reason": "leave"})
            assert status == 409 and "last owner" in answer["error"], answer
        status, answer = await call(olga_staff, f"/admin/api/staff/{elena_id}/enable",
                                    {"reason": "back from holiday"})
        assert status == 200, answer
        owner = await login("elena", "owner password 1")

        # --- Every change on record with its reason; refusals too; the chain verifies.
        status, audit = await call(owner, "/admin/api/audit")
        entries = [(e["actor"], e["action"], e["reason"], e["outcome"]) for e in audit["entries"]]
        for expected in [
                ("elena", "staff.create", "new moderator for the evening shift", "ok"),
                ("elena", "staff.create", "twice", "refused: name taken"),
                ("adam", "staff.create", "runs the cup", "ok: with a second factor"),
                ("adam", "staff.create", "promote myself a friend",
                 "refused: only an owner may make an owner"),
                ("adam", "staff.role", "moves to events", "ok"),
                ("adam", "staff.role", "a coup", "refused: only an owner may make an owner"),
                ("adam", "staff.disable", "a coup", "refused: only an owner may change an owner's account"),
                ("adam", "staff.disable", "left the team", "ok: sessions ended"),
                ("adam", "staff.enable", "came back", "ok"),
                ("adam", "staff.disable", "me", "refused: you cannot disable your own account"),
                ("elena", "staff.reset-totp", "lost her phone", "ok: new secret issued, sessions ended"),
                ("elena", "staff.role", "step down", "refused: the last owner: make another owner first"),
                ("olga", "staff.disable", "handover", "ok: sessions ended"),
                ("mona", "login", "", None), ("olga", "staff.enable", "back from holiday", "ok")]:
            if expected[3] is None:
                assert any(e[0] == "mona" and e[1] == "login" and e[3] == "refused: account disabled"
                           for e in entries), entries
                continue
            assert expected in entries, expected
        # The secret is never in the log.
        assert not any(reset["totp_secret"] in str(e) for e in audit["entries"])
        status, verified = await call(owner, "/admin/api/audit/verify", {})
        assert verified["intact"], verified
    finally:
        assert server.stop() == 0

    # --- admin_cookie_secure: behind HTTPS the session cookie is marked Secure (not without).
    assert "Secure" not in owner_cookie_header
    secure = ServerProcess(BINARY, "admin_cookie_secure=true", db=db)
    try:
        status, headers, text = http("POST", secure.admin + "/admin/api/login",
                                     {"name": "elena", "password": "owner password 1"})
        assert status == 200, text
        cookie = headers["Set-Cookie"]
        assert "; Secure" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie, cookie
    finally:
        assert secure.stop() == 0


run(main())
