"""The file system (docs/security.md, "Local users"): the web root serves only regular files
that resolve inside it, never through a link pointing out (at the database or the secret);
every file the server and `kafenio backup` create is owner-only whatever the umask it was
started with; a database or secret other users can read is refused at start."""
import os
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

from kafenio_client import Client, ServerProcess, open_bot_table, run


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def shared_files(folder):
    """Every file or folder under `folder` that others than its owner may use."""
    found = []
    for parent, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(parent, name)
            mode = stat.S_IMODE(os.lstat(path).st_mode)
            if mode & 0o077:
                found.append(f"{path} {mode:o}")
    return found


async def web_root_stays_inside(binary):
    outside = tempfile.mkdtemp(prefix="kafenio-outside-")
    with open(os.path.join(outside, "secret.txt"), "w") as f:
        f.write("do not serve me")
    web = tempfile.mkdtemp(prefix="kafenio-web-")
    with open(os.path.join(web, "index.html"), "w") as f:
        f.write("<!doctype html><title>ok</title>")
    os.makedirs(os.path.join(web, "pages"))
    with open(os.path.join(web, "pages", "about.html"), "w") as f:
        f.write("about")
    os.symlink(os.path.join(outside, "secret.txt"), os.path.join(web, "leak.txt"))
    os.symlink(outside, os.path.join(web, "outdir"))
    os.symlink(os.path.join(web, "pages", "about.html"), os.path.join(web, "inside.html"))
    os.mkfifo(os.path.join(web, "pipe.txt"))  # not a regular file: never opened
    server = ServerProcess(binary, web=web)
    try:
        os.symlink(server.db, os.path.join(web, "db.txt"))
        assert get(server.http + "/")[0] == 200
        assert get(server.http + "/pages/about.html") == (200, b"about")
        assert get(server.http + "/inside.html") == (200, b"about")  # a link within the root
        for path in ["/leak.txt", "/outdir/secret.txt", "/db.txt", "/pipe.txt", "/../index.html",
                     "/%2e%2e/index.html", "/pages/../../etc/passwd"]:
            status, body = get(server.http + path)
            assert status == 404, (path, status)
            assert b"do not serve me" not in body
    finally:
        server.stop()


async def every_file_owner_only(binary):
    os.umask(0o022)  # the usual umask: the server must not rely on it
    folder = tempfile.mkdtemp(prefix="kafenio-modes-")
    os.chmod(folder, 0o755)
    db = os.path.join(folder, "data", "kafenio.db")
    os.makedirs(os.path.dirname(db), mode=0o700)
    server = ServerProcess(binary, db=db)
    try:
        client = await Client.connect(server.url)
        await client.request("register", {"name": "Μαρία", "password": "correct horse"})
        await open_bot_table(client, "pilotta", [], 4, 60000)  # hand seeds are written
        await client.close()
        backup = os.path.join(folder, "backup.db")
        subprocess.run([binary, "backup", "--db", db, "--to", backup], check=True,
                       stdout=subprocess.DEVNULL)
        made = sorted(os.listdir(os.path.dirname(db)))
        assert "kafenio.db" in made and "server-secret" in made, made
        assert any(name.endswith("-wal") for name in made), made  # checked while running
        problems = shared_files(os.path.join(folder, "data")) + shared_files(backup)
        assert not problems, problems
    finally:
        server.stop()
    assert not shared_files(os.path.join(folder, "data"))

    # A database others can read is refused, with the fix in the message.
    os.chmod(db, 0o644)
    refused = subprocess.run([binary, "serve", "--listen", "127.0.0.1:0", "--db", db],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1, refused
    assert "chmod 600" in refused.stderr and "kafenio.db" in refused.stderr, refused.stderr
    os.chmod(db, 0o600)
    secret = os.path.join(os.path.dirname(db), "server-secret")
    os.chmod(secret, 0o640)
    refused = subprocess.run([binary, "serve", "--listen", "127.0.0.1:0", "--db", db],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "server secret" in refused.stderr, refused.stderr
    os.chmod(secret, 0o600)
    ServerProcess(binary, db=db).stop()  # owner-only again: it starts


async def main(binary):
    await web_root_stays_inside(binary)
    await every_file_owner_only(binary)
    print("files: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
