"""Names in any script (docs/security.md, "Names"): Greek names register, sign in and show
as typed (in NFC); case, accents' decomposition and lookalike letters from other scripts do
not make a second account; control, format and bidi-override characters are refused; a
wrong-length password is BAD_PASSWORD; accounts made before names had keys get theirs when
the server starts, and two old lookalikes both still sign in."""
import sqlite3
import sys
import unicodedata

from kafenio_client import Client, ServerProcess, expect_error, run


async def register(server, name, password="correct horse"):
    client = await Client.connect(server.url)
    try:
        return (await client.request("register", {"name": name, "password": password}))["signed_in"]
    finally:
        await client.close()


async def sign_in(server, name, password="correct horse"):
    client = await Client.connect(server.url)
    try:
        return (await client.request("sign_in", {"name": name, "password": password}))["signed_in"]
    finally:
        await client.close()


async def names_in_any_script(server):
    guest = await Client.connect(server.url)
    signed = await guest.guest("Γιώργος")
    assert signed["name"].startswith("Γιώργος#"), signed
    await guest.close()

    eleni = await register(server, "Ελένη Π.")
    assert eleni["name"] == "Ελένη Π."
    # Case-insensitive, Greek capitals with their accent: the same account.
    assert (await sign_in(server, "ΕΛΈΝΗ Π."))["account_id"] == eleni["account_id"]
    await expect_error(register(server, "ελένη π."), "NAME_TAKEN")

    # Typed decomposed (omega + combining acute), stored composed (NFC).
    decomposed = unicodedata.normalize("NFD", "Γιώργος Κ.")
    assert decomposed != "Γιώργος Κ."
    giorgos = await register(server, decomposed)
    assert giorgos["name"] == "Γιώργος Κ."
    await expect_error(register(server, "Γιώργος Κ."), "NAME_TAKEN")
    await expect_error(register(server, "ΓΙΏΡΓΟΣ Κ."), "NAME_TAKEN")  # final sigma folds too

    # Lookalikes: Greek capital beta and small omicron, a digit zero, Cyrillic o.
    await register(server, "Bob")
    for lookalike in ["Βοb", "B0b", "Bоb", "BOB"]:
        await expect_error(register(server, lookalike), "NAME_TAKEN")
    assert (await sign_in(server, "BOB"))["name"] == "Bob"

    # Other scripts and the allowed marks.
    for name in ["Zoë O'Neil", "Jean-Luc_2", "Дмитрий", "محمد", "李小龍", "Σ" * 24]:
        assert (await register(server, name))["name"] == name

    refused = [
        "", " Eleni", "Eleni ", "Ele  ni", "\u202eEleni", "Ele\u200dni", "Ele\u200bni", "Ele\u0007ni",
        "Ele\nni", "Eleni!", "Eleni#1", "\u0301Eleni", "-Eleni", "Σ" * 25, "Ele\u00a0ni", "😀",
    ]
    client = await Client.connect(server.url)
    for name in refused:
        await expect_error(client.request("register", {"name": name, "password": "correct horse"}),
                           "BAD_NAME")
        await expect_error(client.request("sign_in_guest", {"name": name}), "BAD_NAME")
    # Signing in with a name no account could have is a failed sign-in, like any other.
    await expect_error(client.request("sign_in", {"name": "Eleni\u202e", "password": "x" * 9}),
                       "BAD_CREDENTIALS")

    # Password length: reported as such (in characters: eight Greek letters are enough).
    await expect_error(client.request("register", {"name": "Short", "password": "seven77"}),
                       "BAD_PASSWORD")
    await expect_error(client.request("register", {"name": "Long", "password": "x" * 257}),
                       "BAD_PASSWORD")
    assert (await client.request("register", {"name": "Greekpass", "password": "καλημέρα"}))
    await client.close()


async def old_accounts_get_keys(binary):
    server = ServerProcess(binary)
    await register(server, "Bob1")
    await register(server, "Anna")
    server.stop()
    # As a database made before migration 0012 would hold them: no keys, and two names
    # (Bob1, Bobl) whose keys are the same.
    db = sqlite3.connect(server.db)
    password_hash = db.execute("SELECT password_hash FROM accounts WHERE name = 'Bob1'").fetchone()[0]
    db.execute("INSERT INTO accounts (name, password_hash, created_ms) VALUES ('Bobl', ?, 1)",
               (password_hash,))
    db.execute("UPDATE accounts SET name_key = NULL")
    db.commit()
    db.close()

    server = ServerProcess(binary, db=server.db)
    try:
        assert (await sign_in(server, "Bob1"))["name"] == "Bob1"
        assert (await sign_in(server, "Bobl"))["name"] == "Bobl"
        assert (await sign_in(server, "anna"))["name"] == "Anna"
        await expect_error(register(server, "B0bl"), "NAME_TAKEN")
        await expect_error(register(server, "ANNA"), "NAME_TAKEN")
        db = sqlite3.connect(server.db)
        assert db.execute("SELECT COUNT(*) FROM accounts WHERE name_key IS NULL").fetchone()[0] == 0
        db.close()
    finally:
        server.stop()


async def main(binary):
    server = ServerProcess(binary)
    try:
        await names_in_any_script(server)
    finally:
        server.stop()
    await old_accounts_get_keys(binary)
    print("names: ok")


if __name__ == "__main__":
    run(main(sys.argv[1]))
