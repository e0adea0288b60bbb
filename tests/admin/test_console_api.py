"""The admin console's HTTP API against the real server (docs/admin.md):

- the public port answers 404 for every admin path and /metrics;
- the endpoint list below is the server's own (GET /admin/api/routes): a route added
  without a line here fails the test;
- every endpoint, for every role: allowed, or refused (403, audited as "refused") with
  nothing changed on real targets (the live table, its match, a player, their sanction, a
  report, a tournament, a staff member; the snapshot holds the players, tables, staff, the
  report queue and the tournament); requests without a session, or writes without the
  CSRF token, are refused with nothing changed;
- sign-in: wrong password or TOTP code refused and audited, rate-limited; the limiter's
  buckets are forgotten once full again (the map does not grow without bound);
- each action end to end: live tables with filters, pause (moves refused, the turn clock
  frozen on the injected clock) and resume, close; ban (the connection closed, sign-in
  refused) and lifting it; mute (chat refused with MUTED); rename; revoking sessions;
- the audit log: every action on record; verify (API and `kafenio admin audit verify`)
  detects an edited row and a deleted row.
"""
import asyncio
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

from admin_http import Staff, create_user, http, totp
from kafenio_client import Client, ServerError, ServerProcess, open_bot_table, run

BINARY = sys.argv[1]
PASSWORDS = {"elena": "owner password 1", "adam": "admin password 1",
             "mona": "moderator password", "dora": "director password"}
ROLES = {"elena": "owner", "adam": "admin", "mona": "moderator", "dora": "director"}
GRANTS = {  # the role table of server/app/admin/roles.cc, written out again
    "owner": {"view_dashboard", "watch_table", "reveal_hands", "manage_tables", "view_players",
              "moderate_players", "view_audit", "manage_staff", "announce", "direct_tournaments",
              "void_matches"},
    "admin": {"view_dashboard", "watch_table", "reveal_hands", "manage_tables", "view_players",
              "moderate_players", "view_audit", "manage_staff", "announce", "direct_tournaments",
              "void_matches"},
    "moderator": {"view_dashboard", "watch_table", "manage_tables", "view_players",
                  "moderate_players"},
    "director": {"view_dashboard", "watch_table", "direct_tournaments"},
}
# Every endpoint: method, path ({table}, {player}, ... filled in), permission, body.
ENDPOINTS = [
    ("GET", "/admin/api/me", "view_dashboard", None),
    # Too short a new password: refused (400) before the current one is checked or charged.
    ("POST", "/admin/api/me/password", "view_dashboard", {"current": "x", "password": "short"}),
    ("GET", "/admin/api/dashboard", "view_dashboard", None),
    ("GET", "/admin/api/tables", "view_dashboard", None),
    ("POST", "/admin/api/tables/{table}/pause", "manage_tables", {"reason": "test"}),
    ("POST", "/admin/api/tables/{table}/resume", "manage_tables", {"reason": "test"}),
    ("POST", "/admin/api/tables/{table}/close", "manage_tables", {"reason": "test"}),
    ("POST", "/admin/api/tables/{table}/kick", "manage_tables", {"reason": "t", "player": 999998}),
    ("GET", "/admin/api/players?q=an", "view_players", None),
    ("GET", "/admin/api/players/{player}", "view_players", None),
    ("POST", "/admin/api/players/{player}/ban", "moderate_players", {"reason": "t", "minutes": 5}),
    ("POST", "/admin/api/players/{player}/mute", "moderate_players", {"reason": "t", "minutes": 5}),
    ("POST", "/admin/api/players/{player}/revoke-sessions", "moderate_players", {"reason": "t"}),
    ("POST", "/admin/api/players/{player}/rename", "moderate_players", {"reason": "t", "name": "zed"}),
    ("POST", "/admin/api/sanctions/{sanction}/lift", "moderate_players", {"reason": "t"}),
    ("GET", "/admin/api/reports", "moderate_players", None),
    ("POST", "/admin/api/reports/{report}/claim", "moderate_players", {}),
    ("POST", "/admin/api/reports/{report}/resolve", "moderate_players", {"action": "dismiss", "note": "t"}),
    ("GET", "/admin/api/audit", "view_audit", None),
    ("POST", "/admin/api/audit/verify", "view_audit", {}),
    ("GET", "/admin/api/staff", "manage_staff", None),
    ("POST", "/admin/api/staff", "manage_staff",
     {"name": "newbie", "password": "a long password", "role": "moderator", "reason": "t"}),
    ("POST", "/admin/api/staff/{staff}/role", "manage_staff", {"reason": "t", "role": "moderator"}),
    ("POST", "/admin/api/staff/{staff}/disable", "manage_staff", {"reason": "t"}),
    ("POST", "/admin/api/staff/{staff}/enable", "manage_staff", {"reason": "t"}),
    ("POST", "/admin/api/staff/{staff}/reset-totp", "manage_staff", {"reason": "t"}),
    ("POST", "/admin/api/staff/{staff}/password", "manage_staff",
     {"reason": "t", "password": "another long password"}),
    ("GET", "/admin/api/routes", "view_dashboard", None),
    ("POST", "/admin/api/announcements", "announce", {"text": ""}),
    ("POST", "/admin/api/matches/{match}/void", "void_matches", {"reason": "t"}),
    ("GET", "/admin/api/tables/{table}/view", "watch_table", None),
    ("POST", "/admin/api/tables/{table}/reveal", "reveal_hands", {"reason": "t"}),
    ("GET", "/admin/api/tournaments", "direct_tournaments", None),
    ("GET", "/admin/api/tournaments/{tournament}", "direct_tournaments", None),
    ("POST", "/admin/api/tournaments/{tournament}/direct", "direct_tournaments",
     {"reason": "t", "action": "start"}),
    ("POST", "/admin/api/logout", "view_dashboard", {}),
]


async def expect_error(coroutine, code):
    try:
        await coroutine
    except ServerError as error:
        assert error.code == code, f"expected {code}, got {error}"
        return
    raise AssertionError(f"expected {code}, got a success")


async def register(url, name, password="tavli and ouzo"):
    client = await Client.connect(url)
    client.account = (await client.request("register", {"name": name, "password": password}))["signed_in"]
    return client


async def login(server, name, code_for=None):
    """Signs a staff member in; the manual clock moves 12 s first, so the per-address limit
    (5 a minute) has a token again."""
    now_ms = await server.advance(12000)
    code = totp(code_for, now_ms // 1000) if code_for else ""
    return await asyncio.get_running_loop().run_in_executor(
        None, lambda: Staff(server.admin, name, PASSWORDS[name], code))


def fill(path, table, player, sanction, match=999999, tournament=999999, report=999999,
         staff=999999):
    # By default no match, event, report or staff member of that id: an allowed call is
    # answered 404 and changes nothing.
    return path.format(table=table, player=player, sanction=sanction, match=match,
                       tournament=tournament, report=report, staff=staff)


async def call(staff, method, path, body=None, csrf=True):
    loop = asyncio.get_running_loop()
    if method == "GET":
        return await loop.run_in_executor(None, staff.get, path)
    return await loop.run_in_executor(None, lambda: staff.post(path, body, csrf))


async def snapshot(owner, player_ids, table, tournament=None):
    """What any refused request must leave as it was (the audit log aside: a refusal is
    on record)."""
    state = []
    for player in player_ids:
        status, profile = await call(owner, "GET", f"/admin/api/players/{player}")
        assert status == 200, profile
        state.append(profile)
    status, tables = await call(owner, "GET", "/admin/api/tables")
    state.append(sorted(json.dumps(t, sort_keys=True) for t in tables["tables"]))
    state.append((await call(owner, "GET", "/admin/api/staff"))[1])
    state.append((await call(owner, "GET", "/admin/api/reports?state=all"))[1])
    state.append((await call(owner, "GET", "/admin/api/tournaments"))[1])
    if tournament:
        state.append((await call(owner, "GET", f"/admin/api/tournaments/{tournament}"))[1])
    return state


async def audit_count(owner):
    return len((await call(owner, "GET", "/admin/api/audit"))[1]["entries"])


async def main():
    db = os.path.join(__import__("tempfile").mkdtemp(prefix="kafenio-admin-"), "kafenio.db")
    secret = create_user(BINARY, db, "elena", "owner", PASSWORDS["elena"], with_totp=True)
    assert secret
    create_user(BINARY, db, "adam", "admin", PASSWORDS["adam"])
    create_user(BINARY, db, "mona", "moderator", PASSWORDS["mona"])
    create_user(BINARY, db, "dora", "director", PASSWORDS["dora"], scope="*")
    # No default password: an empty one is refused.
    refused = subprocess.run([BINARY, "admin", "create-user", "eve", "--role", "owner", "--db", db],
                             input="\n", capture_output=True, text=True)
    assert refused.returncode != 0
    server = ServerProcess(BINARY, db=db, manual_clock=True)
    try:
        # --- The public port: 404 for every admin path and /metrics.
        for method, path, _, body in ENDPOINTS + [("GET", "/metrics", "", None),
                                                  ("GET", "/admin/", "", None),
                                                  ("GET", "/admin/index.html", "", None),
                                                  ("POST", "/admin/api/login", "", {})]:
            status, _, _ = http(method, server.http + fill(path, "t", 1, 1), body)
            assert status == 404, (method, path, status)
        assert http("GET", server.http + "/healthz")[0] == 200
        assert http("GET", server.admin + "/metrics")[0] == 200

        # --- Sign-in: refusals are audited; the owner needs the TOTP code.
        for attempt in ({"name": "adam", "password": "wrong"},
                        {"name": "elena", "password": PASSWORDS["elena"]},
                        {"name": "elena", "password": PASSWORDS["elena"], "totp": "000000"}):
            await server.advance(12000)
            status, _, text = http("POST", server.admin + "/admin/api/login", attempt)
            assert status == 401, text
        owner = await login(server, "elena", secret)
        assert owner.me["role"] == "owner"
        # The endpoints tested here are exactly those the server serves, with the same
        # permissions: a new route without a line in ENDPOINTS fails here.
        status, listed = await call(owner, "GET", "/admin/api/routes")
        assert status == 200, listed
        served = {(r["method"], r["path"], r["permission"]) for r in listed["routes"]}
        tested = {(method, re.sub(r"\{\w+\}", "{id}", path.split("?")[0]), permission)
                  for method, path, permission, _ in ENDPOINTS}
        assert served == tested, (sorted(served - tested), sorted(tested - served))
        staff = {"elena": owner}
        for name in ("adam", "mona", "dora"):
            staff[name] = await login(server, name)
            assert staff[name].me["role"] == ROLES[name]

        # --- Players and a live table.
        anna = await register(server.url, "anna")
        bob = await register(server.url, "vasilis")
        anna_id, bob_id = int(anna.account["account_id"]), int(bob.account["account_id"])
        table = await open_bot_table(anna, "pilotta", ["target=2000"], 4, 30000)
        # Real targets for the refusals below: a report, an event, a staff member.
        filed = await anna.request("report_player", {"account_id": bob_id, "category": "abuse",
                                                     "text": "insults"})
        report_id = int(filed["report_filed"]["report_id"])
        await anna.request("create_tournament", {"settings": {
            "name": "Κύπελλο", "game": "diloti", "seats": 2, "format": "swiss", "swiss_rounds": 3,
            "unit": {"hands": 2}, "rated": False}})
        (event,) = (await call(owner, "GET", "/admin/api/tournaments"))[1]["tournaments"]
        tournament_id = int(event["summary"]["tournament_id"])
        dora_id = [s["id"] for s in (await call(owner, "GET", "/admin/api/staff"))[1]["staff"]
                   if s["name"] == "dora"][0]
        status, ban = await call(owner, "POST", f"/admin/api/players/{bob_id}/ban",
                                 {"reason": "to lift in the test", "minutes": 0})
        assert status == 200, ban
        sanction = ban["sanction"]["id"]
        await expect_error(_sign_in(server.url, "vasilis"), "ACCOUNT_BANNED")

        # --- Live tables, with filters.
        async def tables(query=""):
            status, answer = await call(staff["mona"], "GET", "/admin/api/tables" + query)
            assert status == 200, answer
            return {t["table_id"]: t for t in answer["tables"]}
        assert table in await tables("?game=pilotta")
        assert table not in await tables("?game=diloti")
        assert table in await tables(f"?player={anna_id}")
        assert table not in await tables(f"?player={bob_id}")
        assert table in await tables("?live=true&private=false")
        assert (await call(staff["mona"], "GET", "/admin/api/tables?player=x"))[0] == 400
        # By name, found as sign-in finds it: case ignored; unknown 404, not a name 400.
        assert table in await tables("?player_name=ANNA")
        assert table not in await tables("?player_name=Vasilis")
        for query, code in (("?player_name=zzz-nobody", 404), ("?player_name=%E2%80%AE", 400),
                            (f"?player={anna_id}&player_name=anna", 400)):
            assert (await call(staff["mona"], "GET", "/admin/api/tables" + query))[0] == code, query

        # --- Pause: moves refused, the turn clock frozen; resume gives back the time left.
        # The bots move at once; then Anna is on the clock.
        while True:
            event = await anna.next_match_event()
            if anna.events.empty() and int(event.get("turn_deadline_unix_ms", 0)) != 0:
                break
        now = await server.advance(0)
        left = int(event["turn_deadline_unix_ms"]) - now
        assert 0 < left <= 30000, left
        status, _ = await call(staff["mona"], "POST", f"/admin/api/tables/{table}/pause",
                               {"reason": "a dispute"})
        assert status == 200
        assert (await tables())[table]["paused"] is True
        await expect_error(anna.request("play_move", {"table_id": table, "move": {"notation": "pass"}}),
                           "TABLE_PAUSED")

        # While the table is paused nothing moves: the requests below must change nothing.
        live_match = int((await tables())[table]["match_id"])
        real = dict(match=live_match, tournament=tournament_id, report=report_id, staff=dora_id)
        # --- Unauthenticated and CSRF-less requests: refused, nothing changed.
        before = await snapshot(owner, [anna_id, bob_id], table, tournament_id)
        for method, path, _, body in ENDPOINTS:
            status, _, _ = http(method, server.admin + fill(path, table, anna_id, sanction, **real),
                                body)
            assert status == 401, (method, path, status)
            if method == "POST":
                status, _ = await call(owner, method, fill(path, table, anna_id, sanction, **real),
                                       body, csrf=False)
                assert status == 403, (path, status)
        forged = Staff.__new__(Staff)
        forged.__dict__.update(owner.__dict__, csrf="0" * 64)
        status, _ = await call(forged, "POST", f"/admin/api/players/{anna_id}/ban",
                               {"reason": "x", "minutes": 1})
        assert status == 403
        assert await snapshot(owner, [anna_id, bob_id], table, tournament_id) == before

        # --- Every endpoint for every role: refused with nothing changed (on the real
        # targets, and on record as refused), or allowed.
        for name, member in staff.items():
            role = ROLES[name]
            for method, path, permission, body in ENDPOINTS:
                if path.endswith("/logout"):
                    continue
                if permission in GRANTS[role]:
                    # Allowed: on targets that do not exist (the audit log notes the try).
                    status, answer = await call(member, method, fill(path, "nosuchtable", 999999, 999999),
                                                {} if path.endswith("/staff") and method == "POST" else body)
                    assert status in (200, 400, 404), (role, path, status, answer)
                    before = await snapshot(owner, [anna_id, bob_id], table, tournament_id)
                else:
                    entries = await audit_count(owner)
                    target = fill(path, table, anna_id, sanction, **real)
                    status, answer = await call(member, method, target, body)
                    assert status == 403, (role, path, status, answer)
                    assert await snapshot(owner, [anna_id, bob_id], table, tournament_id) == before, \
                        (role, path)
                    assert await audit_count(owner) == entries + 1, (role, path)
                    status, newest = await call(owner, "GET", f"/admin/api/audit?actor={name}")
                    entry = newest["entries"][0]
                    assert entry["action"] == permission, (entry, permission)
                    assert entry["target"] == f"{method} {target.split('?')[0]}", entry
                    assert entry["outcome"] == f"refused: your role ({role}) may not {permission}", entry
                    assert entry["reason"] == (body or {}).get("reason", ""), entry

        await server.advance(120000)  # four turn clocks: nothing runs out while paused
        status, _ = await call(staff["mona"], "POST", f"/admin/api/tables/{table}/resume",
                               {"reason": "settled"})
        assert status == 200
        info = (await tables())[table]
        assert not info.get("paused")
        assert int(info["turn_deadline_unix_ms"]) - await server.advance(0) == left
        assert (await call(staff["mona"], "POST", f"/admin/api/tables/{table}/pause", {}))[0] == 400

        # --- Kick: a bot holds the seat and the match goes on to its end; no way back.
        kostas = await register(server.url, "kostas")
        kostas_id = int(kostas.account["account_id"])
        kept = await open_bot_table(kostas, "pilotta", ["target=300"], 4, 30000)
        status, answer = await call(staff["mona"], "POST", f"/admin/api/tables/{kept}/kick",
                                    {"reason": "abusive", "player": anna_id})
        assert status == 404, answer  # Anna holds no seat there
        # Where the match stands when he is kicked (the bots wait for his turn).
        status, watched = await call(staff["mona"], "GET", f"/admin/api/tables/{kept}/view")
        seq_at_kick = int(watched["view"]["match_event"]["seq"])
        status, answer = await call(staff["mona"], "POST", f"/admin/api/tables/{kept}/kick",
                                    {"reason": "abusive", "player": kostas_id})
        assert status == 200, answer
        # A bot holds his seat, and plays on: the match moves past where it stood.
        info = await tables()
        if kept in info:  # (unless the bots have finished the match already)
            (seat,) = [s for s in info[kept]["seats"] if s.get("name") == "kostas"]
            assert seat.get("bot_holding") is True, seat
        for _ in range(600):
            status, watched = await call(staff["mona"], "GET", f"/admin/api/tables/{kept}/view")
            if watched["view"] is None or int(watched["view"]["match_event"]["seq"]) > seq_at_kick:
                break
            await asyncio.sleep(0.02)
        assert watched["view"] is None or int(watched["view"]["match_event"]["seq"]) > seq_at_kick, watched
        gone = await kostas.next_event("table_closed")
        assert "abusive" in gone["table_closed"]["reason"], gone
        await expect_error(kostas.request("join_table", {"table_id": kept}), "KICKED")
        for _ in range(600):  # the bots play the match out
            status, profile = await call(staff["mona"], "GET", f"/admin/api/players/{kostas_id}")
            if profile["history"] and profile["history"][0]["state"] != "live":
                break
            await asyncio.sleep(0.05)
        assert profile["history"][0]["state"] == "abandoned", profile["history"]
        await kostas.close()

        # --- Ban: the connection closes, sign-in and resuming are refused; lifting it.
        token = anna.account["token"]
        status, answer = await call(staff["mona"], "POST", f"/admin/api/players/{anna_id}/ban",
                                    {"reason": "cheating", "minutes": 60})
        assert status == 200 and answer["connections_closed"] == 1, answer
        await asyncio.wait_for(anna.closed, 10)
        await expect_error(_sign_in(server.url, "anna"), "ACCOUNT_BANNED")
        await expect_error(_resume(server.url, token), "ACCOUNT_BANNED")
        await server.advance(61 * 60000)  # the ban runs out
        await (await _sign_in(server.url, "anna", keep=True)).close()
        # Bob's ban was for good: lifted by hand.
        status, _ = await call(staff["mona"], "POST", f"/admin/api/sanctions/{sanction}/lift",
                               {"reason": "appeal granted"})
        assert status == 200
        assert (await call(staff["mona"], "POST", f"/admin/api/sanctions/{sanction}/lift",
                           {"reason": "again"}))[0] == 404
        bob = await _sign_in(server.url, "vasilis", keep=True)

        # --- Mute: chat refused with MUTED, then allowed again.
        own = (await bob.request("create_table", {"game": "diloti"}))["table_created"]["table_id"]
        status, muted = await call(staff["mona"], "POST", f"/admin/api/players/{bob_id}/mute",
                                   {"reason": "insults", "minutes": 0})
        assert status == 200
        await expect_error(bob.request("send_chat", {"table_id": own, "text": "γεια"}), "MUTED")
        await call(staff["mona"], "POST", f"/admin/api/sanctions/{muted['sanction']['id']}/lift",
                   {"reason": "apologised"})
        await bob.request("send_chat", {"table_id": own, "text": "γεια σας"})

        # --- Rename, search and revoking sessions.
        status, _ = await call(staff["mona"], "POST", f"/admin/api/players/{bob_id}/rename",
                               {"reason": "offensive", "name": "anna"})
        assert status == 409  # taken
        status, renamed = await call(staff["mona"], "POST", f"/admin/api/players/{bob_id}/rename",
                                     {"reason": "offensive", "name": "Player 7"})
        assert status == 200 and renamed["connections_closed"] == 1, renamed
        # The connection closes; it resumes under the new name.
        await asyncio.wait_for(bob.closed, 10)
        bob_token = bob.account["token"]
        bob = await Client.connect(server.url)
        bob.account = (await bob.request("resume", {"token": bob_token}))["signed_in"]
        assert bob.account["name"] == "Player 7", bob.account
        status, found = await call(staff["mona"], "GET", "/admin/api/players?q=player+7")
        assert [p["id"] for p in found["players"]] == [bob_id], found
        status, profile = await call(staff["mona"], "GET", f"/admin/api/players/{bob_id}")
        assert profile["name"] == "Player 7" and profile["sessions"] >= 1
        assert len(profile["sanctions"]) == 2
        status, revoked = await call(staff["mona"], "POST", f"/admin/api/players/{bob_id}/revoke-sessions",
                                     {"reason": "account shared"})
        assert status == 200 and revoked["connections_closed"] == 1, revoked
        # Its connection is signed out and closed; the token no longer resumes.
        notice = await bob.next_event("error")
        assert notice["error"]["code"] == "SIGNED_OUT", notice
        await asyncio.wait_for(bob.closed, 10)
        await expect_error(_resume(server.url, bob.account["token"]), "SESSION_EXPIRED")
        # (Its table closed with its last member gone: a new one for the close below.)
        bob = await _sign_in(server.url, "Player 7", keep=True)
        own = (await bob.request("create_table", {"game": "diloti"}))["table_created"]["table_id"]

        # --- An announcement reaches every signed-in player.
        status, sent = await call(staff["adam"], "POST", "/admin/api/announcements",
                                  {"text": "Συντήρηση στις 23:00 / maintenance at 23:00"})
        assert status == 200 and sent["connections"] >= 1, sent
        shown = (await bob.next_event("announcement"))["announcement"]
        assert shown["text"].startswith("Συντήρηση"), shown

        # --- Close a table: its members are told.
        status, _ = await call(owner, "POST", f"/admin/api/tables/{own}/close", {"reason": "test over"})
        assert status == 200
        assert own not in await tables()
        closed = await bob.next_event("table_closed")
        assert "test over" in json.dumps(closed, ensure_ascii=False), closed
        await bob.close()


        # --- The audit log: every action, with who and why; the chain verifies.
        # (Asked for by who and what: a page holds the newest 100 entries only.)
        status, audit = await call(owner, "GET", "/admin/api/audit")
        for expected in [("mona", "table.pause", "ok"), ("mona", "table.resume", "ok"),
                         ("mona", "player.ban", "ok: 60 min"), ("mona", "sanction.lift", "ok"),
                         ("mona", "player.mute", "ok: for good"), ("mona", "player.rename", "ok"),
                         ("mona", "player.rename", "refused: name taken"),
                         ("mona", "player.revoke_sessions", "ok"), ("elena", "table.close", "ok"),
                         ("adam", "announce", "ok"), ("mona", "table.kick", "ok"),
                         ("adam", "login", "refused: wrong password"),
                         ("elena", "login", "refused: wrong code"), ("elena", "login", "ok")]:
            status, some = await call(owner, "GET",
                                      f"/admin/api/audit?actor={expected[0]}&action={expected[1]}")
            assert expected in [(e["actor"], e["action"], e["outcome"]) for e in some["entries"]], \
                expected
        assert any(e["reason"] == "cheating" for e in audit["entries"])
        status, only = await call(owner, "GET", "/admin/api/audit?actor=adam&action=login")
        assert {e["actor"] for e in only["entries"]} == {"adam"}
        status, verified = await call(owner, "POST", "/admin/api/audit/verify", {})
        assert verified["intact"], verified

        # --- Sign-in limits: five tries a minute per name.
        statuses = []
        for _ in range(7):
            await server.advance(1)
            statuses.append(http("POST", server.admin + "/admin/api/login",
                                 {"name": "ghost", "password": "x"})[0])
        assert 429 in statuses, statuses
        # Every name tried has a bucket, but not for ever: once a minute the full ones go.
        for n in range(30):
            http("POST", server.admin + "/admin/api/login", {"name": f"ghost{n}", "password": "x"})
        status, dashboard = await call(owner, "GET", "/admin/api/dashboard")
        assert dashboard["login_limiter_keys"] >= 31, dashboard
        await server.advance(61000)
        http("POST", server.admin + "/admin/api/login", {"name": "ghost", "password": "x"})
        status, dashboard = await call(owner, "GET", "/admin/api/dashboard")
        assert dashboard["login_limiter_keys"] == 2, dashboard  # this name and address

        # --- Logout ends the session.
        assert (await call(staff["dora"], "POST", "/admin/api/logout", {}))[0] == 200
        assert (await call(staff["dora"], "GET", "/admin/api/me"))[0] == 401

        # --- Tampering: an edited row, seen by the running server and by the command.
        pristine = db + ".pristine"
        with sqlite3.connect(db) as edit:
            edit.execute("PRAGMA wal_checkpoint(FULL)")
        shutil.copy(db, pristine)
        with sqlite3.connect(db) as edit:
            edit.execute("UPDATE audit_log SET reason = 'nothing happened' WHERE action = 'player.ban'")
        status, verified = await call(owner, "POST", "/admin/api/audit/verify", {})
        assert not verified["intact"] and verified["first_bad_id"] > 0, verified
    finally:
        assert server.stop() == 0

    def verify(path):
        return subprocess.run([BINARY, "admin", "audit", "verify", "--db", path],
                              capture_output=True, text=True)
    assert verify(db).returncode == 1
    good = verify(pristine)
    assert good.returncode == 0 and "intact" in good.stdout, good.stdout + good.stderr
    with sqlite3.connect(pristine) as edit:
        edit.execute("DELETE FROM audit_log WHERE id = 5")
    deleted = verify(pristine)
    assert deleted.returncode == 1 and "BROKEN at entry 6" in deleted.stdout, deleted.stdout


async def _sign_in(url, name, keep=False, password="tavli and ouzo"):
    client = await Client.connect(url)
    try:
        client.account = (await client.request("sign_in", {"name": name, "password": password}))["signed_in"]
    except Exception:
        await client.close()
        raise
    if keep:
        return client
    await client.close()
    return client


async def _resume(url, token):
    client = await Client.connect(url)
    try:
        return await client.request("resume", {"token": token})
    finally:
        await client.close()


run(main())
