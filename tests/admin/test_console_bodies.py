"""Bodies the admin console's API cannot read are refused with 400 and a reason, change
nothing and are not audited as actions; the server stays up. They are read as players'
frames are (proto/json_parse.h): malformed or truncated JSON, invalid UTF-8, nesting deep
enough to exhaust a recursive reader's stack, numbers beyond a double's range (one of which
crashed RapidJSON's own conversion, docs/security.md). The sign-in endpoint, open to anyone
who reaches the admin port, the same. A readable body after them works: in Greek too."""
import asyncio
import json
import os
import sys
import tempfile

from admin_http import Staff, create_user, http
from kafenio_client import Client, ServerProcess, run

BINARY = sys.argv[1]
PASSWORD = "a long staff password"

UNREADABLE = [
    (b'{"text": "half a body', "not JSON"),
    (b'{"text": "\xff\xfe"}', "not JSON"),                       # not UTF-8
    (b"[" * 60000, "not JSON"),                                  # deep, never closed
    (b'{"text": "x", "n": 1e999}', "a number out of range"),
    # The number that crashed RapidJSON: below the smallest double, refused.
    (b'{"text": "x", "n": 0.0232222222222222222222222220E-000000000000000000347}',
     "a number out of range"),
    # Read exactly (the smallest double): "n" is no field of an announcement, "x" is sent.
    (b'{"text": "x", "n": 4.9406564584124654e-324}', None),
]


def audit_actions(staff):
    status, audit = staff.get("/admin/api/audit")
    assert status == 200, audit
    return [entry["action"] for entry in audit["entries"]]


async def main():
    db = os.path.join(tempfile.mkdtemp(prefix="kafenio-bodies-"), "kafenio.db")
    create_user(BINARY, db, "adam", "admin", PASSWORD)
    server = ServerProcess(BINARY, db=db)
    try:
        player = await Client.connect(server.url)
        await player.guest("Ελένη")

        # Sign-in: unreadable bodies are refused like a missing name, and sign no one in.
        for body, _ in UNREADABLE[:4]:
            status, headers, text = http("POST", server.admin + "/admin/api/login", body)
            assert status == 400, (body[:40], status, text)
            assert "Set-Cookie" not in headers, headers
        adam = Staff(server.admin, "adam", PASSWORD)
        before = audit_actions(adam)

        # An action's body: 400 with the reason and where, nothing announced, nothing audited.
        for body, reason in UNREADABLE:
            status, _, text = http("POST", server.admin + "/admin/api/announcements", body,
                                   {"Cookie": adam.cookie, "X-CSRF-Token": adam.csrf})
            if reason is None:
                assert status == 200, (status, text)
                assert (await player.next_event("announcement"))["announcement"]["text"] == "x"
                continue
            assert status == 400, (body[:40], status, text)
            error = json.loads(text)["error"]
            assert error.startswith("the body must be a JSON object: " + reason + " (at byte "), error
        status, _, text = http("POST", server.admin + "/admin/api/announcements", b"[1, 2]",
                               {"Cookie": adam.cookie, "X-CSRF-Token": adam.csrf})
        assert status == 400 and json.loads(text)["error"] == "the body must be a JSON object", text
        await asyncio.sleep(0.2)
        assert player.events.empty(), list(player.events._queue)
        after = audit_actions(adam)
        assert len(after) == len(before) + 1, (before, after)  # the one readable announcement

        # A readable body, in Greek, is sent and audited.
        status, sent = adam.post("/admin/api/announcements", {"text": "Συντήρηση στις 23:00"})
        assert status == 200 and sent["connections"] == 1, sent
        assert (await player.next_event("announcement"))["announcement"]["text"] == "Συντήρηση στις 23:00"
        assert len(audit_actions(adam)) == len(after) + 1
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main())
