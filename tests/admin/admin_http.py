"""HTTP helpers for the admin console's tests: a staff session (cookie and CSRF token),
RFC 6238 codes computed here from the RFC (not from the server), and `kafenio admin`."""
import base64
import contextlib
import hashlib
import hmac
import json
import os
import struct
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request


def http(method, url, body=None, headers=None):
    """(status, headers, text) of one request; errors are answers, not exceptions."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if body is not None and "Content-Type" not in (headers or {}):
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def totp(secret_b32, unix_seconds, digits=6, digest=hashlib.sha1, step=30):
    key = base64.b32decode(secret_b32 + "=" * (-len(secret_b32) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(unix_seconds) // step), digest).digest()
    offset = mac[-1] & 0x0F
    code = (struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % (10 ** digits)
    return str(code).zfill(digits)


def create_user(binary, db, name, role, password, scope=None, with_totp=False):
    """`kafenio admin create-user`, the password on stdin; returns the TOTP secret or None."""
    args = [binary, "admin", "create-user", name, "--role", role, "--db", db]
    if scope is not None:
        args += ["--scope", scope]
    if with_totp:
        args.append("--totp")
    done = subprocess.run(args, input=password + "\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        if line.startswith("TOTP secret: "):
            return line.split(": ", 1)[1]
    return None


class Staff:
    """A signed-in staff member of the console at `base` (http://host:port)."""

    def __init__(self, base, name, password, code=""):
        self.base = base
        status, headers, text = http("POST", base + "/admin/api/login",
                                     {"name": name, "password": password, "totp": code})
        assert status == 200, (status, text)
        cookie = headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie, cookie
        self.cookie = cookie.split(";", 1)[0]
        self.me = json.loads(text)
        self.csrf = self.me["csrf"]

    def get(self, path):
        status, _, text = http("GET", self.base + path, headers={"Cookie": self.cookie})
        return status, json.loads(text) if text.startswith("{") else text

    def post(self, path, body=None, csrf=True):
        headers = {"Cookie": self.cookie}
        if csrf:
            headers["X-CSRF-Token"] = self.csrf
        status, _, text = http("POST", self.base + path, body if body is not None else {}, headers)
        return status, json.loads(text) if text.startswith("{") else text


@contextlib.contextmanager
def test_database(prefix):
    """Yields (db, database): a fresh PostgreSQL database of the tests' own server when the
    test was given --postgres (`database` then reads and edits it), else an SQLite file
    (`database` is None)."""
    if "--postgres" not in sys.argv:
        yield os.path.join(tempfile.mkdtemp(prefix=prefix), "kafenio.db"), None
        return
    from postgres_server import PostgresDatabase
    database = PostgresDatabase()
    try:
        yield database.conninfo, database
    finally:
        database.drop()
