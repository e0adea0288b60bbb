"""The `kafenio` command line (docs/operations.md, "Command line"): one flag parser for
every command, so each answers --help with its usage on stdout and exit 0, and an unknown
flag, a flag without its value or a setting out of its bounds gets one clear line on
stderr and exit 2; `kafenio --version`. `kafenio serve` holds its port before it opens
the database: a port already taken stops it with exit 1 before any file is made.
Backups: `kafenio backup` writes the copy and the server secret beside it owner-only, and
refuses to replace either unless --force; `kafenio restore` puts them back in place of a
lost database, and a server started on it finds the account and the finished match."""
import os
import random
import stat
import subprocess
import sys
import tempfile

from kafenio_client import Client, ServerProcess, play_seat, run

COMMANDS = [["serve"], ["backup"], ["restore"], ["migrate-db"], ["replay"], ["simulate"],
            ["deal"], ["verify"], ["arena"], ["tournament", "verify"], ["tournament", "standings"],
            ["admin", "create-user"], ["admin", "audit", "verify"]]


def kafenio(binary, *args, **kwargs):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=60, **kwargs)


def check_flags(binary, folder):
    version = kafenio(binary, "--version")
    assert version.returncode == 0 and version.stdout.startswith("kafenio 0."), version
    for command in COMMANDS:
        helped = kafenio(binary, *command, "--help")
        assert helped.returncode == 0, (command, helped)
        assert helped.stdout.startswith("usage: kafenio " + command[0]), (command, helped.stdout)
        assert command[-1] in helped.stdout.split("\n\n")[0], (command, helped.stdout)
        assert "--help" in helped.stdout and helped.stderr == "", (command, helped)
        unknown = kafenio(binary, *command, "--no-such-flag", "1")
        assert unknown.returncode == 2, (command, unknown)
        assert "--no-such-flag" in unknown.stderr.splitlines()[0], (command, unknown.stderr)
    db = os.path.join(folder, "never", "kafenio.db")
    for args, said in [
            (["--listen"], "--listen"),  # a flag without its value
            (["--threads", "0"], "threads"),
            (["--listen", "127.0.0.1:70000"], "listen"),
            (["--log-level", "loud"], "log_level"),
            (["--log-format", "xml"], "log_format"),
            (["--clock", "sundial"], "--clock"),
            (["--set", "default_turn_clock_ms=50"], "default_turn_clock_ms must be between 100 and"),
            (["--set", "min_turn_clock_ms=5000", "--set", "max_turn_clock_ms=1000"], "max_turn_clock_ms"),
            (["--set", "idle_timeout_ms=10"], "idle_timeout_ms must be between"),
            (["--set", "disconnect_grace_ms=-1"], "disconnect_grace_ms must be between 0 and"),
            (["--set", "no_such_setting=1"], "no_such_setting"),
            (["--set", "threads"], "KEY=VALUE"),
            (["--db", db, "stray-word"], "not a flag")]:
        refused = kafenio(binary, "serve", "--db", db, *args) if args[0] != "--db" else kafenio(binary, "serve", *args)
        assert refused.returncode == 2, (args, refused)
        assert said in refused.stderr.splitlines()[0], (args, refused.stderr)
    assert not os.path.exists(os.path.dirname(db)), "a refused start made files"
    # `kafenio admin` reads its flags through the same parser: a flag given twice, a
    # missing value or a stray word is refused (exit 2) before anything is asked or opened.
    for args, said in [
            (["create-user", "ana", "--role", "owner", "--role", "admin"], "--role"),
            (["create-user", "ana", "--role"], "--role"),
            (["create-user", "ana", "bob", "--role", "owner"], "not a flag"),
            (["create-user", "ana", "--role", "boss"], "--role must be"),
            (["audit", "verify", "--db", db, "--db", db], "--db"),
            (["audit", "verify", "stray"], "not a flag")]:
        refused = kafenio(binary, "admin", *args, input="")
        assert refused.returncode == 2, (args, refused)
        assert said in refused.stderr.splitlines()[0], (args, refused.stderr)
        assert refused.stderr.splitlines()[0].startswith("kafenio admin"), refused.stderr
    assert not os.path.exists(os.path.dirname(db)), "a refused admin command made files"
    helped = kafenio(binary, "admin", "--help")
    assert helped.returncode == 0 and "create-user" in helped.stdout, helped
    no_command = kafenio(binary, "no-such-command")
    assert no_command.returncode == 2 and "unknown command" in no_command.stderr


def port_taken(binary, folder):
    server = ServerProcess(binary)
    try:
        db = os.path.join(folder, "second", "kafenio.db")
        second = kafenio(binary, "serve", "--listen", f"127.0.0.1:{server.port}",
                         "--admin-listen", "127.0.0.1:0", "--db", db)
        assert second.returncode == 1, second
        assert f"cannot listen on 127.0.0.1:{server.port}" in second.stderr, second.stderr
        assert not os.path.exists(os.path.dirname(db)), "the database was touched"
    finally:
        assert server.stop() == 0


async def play_and_stop(binary, db):
    server = ServerProcess(binary, db=db)
    try:
        client = await Client.connect(server.url)
        await client.request("register", {"name": "Ελένη", "password": "καφές και τάβλι"})
        table_id = (await client.request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                          "options": ["target=31"]}))["table_created"]["table_id"]
        for seat in (1, 2, 3):
            await client.request("add_bot", {"table_id": table_id, "seat": seat})
        await client.request("sit", {"table_id": table_id, "seat": 0})
        await client.request("set_ready", {"table_id": table_id, "ready": True})
        ended = (await play_seat(client, table_id, random.Random(3)))["match_ended"]
        await client.close()
        return server, ended
    except BaseException:
        server.stop()
        raise


def private(path):
    return stat.S_IMODE(os.stat(path).st_mode) == 0o600


async def backup_and_restore(binary, folder):
    db = os.path.join(folder, "live", "kafenio.db")
    server, ended = await play_and_stop(binary, db)
    copy = os.path.join(folder, "backups", "kafenio-1.db")
    os.makedirs(os.path.dirname(copy))
    try:
        made = kafenio(binary, "backup", "--db", db, "--to", copy)  # while the server runs
        assert made.returncode == 0 and "integrity ok" in made.stdout, made
        assert private(copy) and private(copy + ".server-secret"), oct(os.stat(copy).st_mode)
        again = kafenio(binary, "backup", "--db", db, "--to", copy)
        assert again.returncode == 1 and "exists" in again.stderr and "--force" in again.stderr, again
        forced = kafenio(binary, "backup", "--db", db, "--to", copy, "--force")
        assert forced.returncode == 0, forced
    finally:
        assert server.stop() == 0

    # The machine is lost: restore elsewhere, then start a server there.
    restored = os.path.join(folder, "restored", "kafenio.db")
    put = kafenio(binary, "restore", "--from", copy, "--db", restored)
    assert put.returncode == 0 and "server secret restored" in put.stdout, put
    assert private(restored) and private(os.path.join(folder, "restored", "server-secret"))
    with open(os.path.join(folder, "live", "server-secret"), "rb") as a, \
            open(os.path.join(folder, "restored", "server-secret"), "rb") as b:
        assert a.read() == b.read()
    twice = kafenio(binary, "restore", "--from", copy, "--db", restored)
    assert twice.returncode == 1 and "exists" in twice.stderr, twice
    server = ServerProcess(binary, db=restored)
    try:
        client = await Client.connect(server.url)
        signed = (await client.request("sign_in", {"name": "Ελένη", "password": "καφές και τάβλι"}))["signed_in"]
        assert signed["name"] == "Ελένη" and not signed.get("guest"), signed
        history = await client.request("get_match_history", {"account_id": "0"})
        matches = history["match_history"]["matches"]
        assert len(matches) == 1 and matches[0]["winner"] == ended["winner"], (matches, ended)
        await client.close()
    finally:
        assert server.stop() == 0


async def main(binary):
    folder = tempfile.mkdtemp(prefix="kafenio-cli-")
    check_flags(binary, folder)
    port_taken(binary, folder)
    await backup_and_restore(binary, folder)


if __name__ == "__main__":
    run(main(sys.argv[1]))
