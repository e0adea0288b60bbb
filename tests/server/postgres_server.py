"""A PostgreSQL database for a server test, on a server the tests started themselves: the
CTest `postgres` fixture's (KAFENIO_TEST_PG), or one started here with
tests/postgres/pg_server.sh and stopped at the end. Queries go through Debian's psql."""
import os
import subprocess
import tempfile
import uuid

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "postgres", "pg_server.sh")


class PostgresDatabase:
    def __init__(self):
        self.own_dir = None
        base = os.environ.get("KAFENIO_TEST_PG")
        if not base:
            self.own_dir = tempfile.mkdtemp(prefix="kafenio-pg-")
            os.rmdir(self.own_dir)
            base = subprocess.run([SCRIPT, "start", self.own_dir], check=True, capture_output=True,
                                  text=True).stdout.strip()
        self.server = base
        self.name = "kafenio_py_" + uuid.uuid4().hex[:12]
        self.psql(f"CREATE DATABASE {self.name}", database=base)
        self.conninfo = base.replace("/postgres?", f"/{self.name}?")

    def psql(self, sql, database=None):
        """Runs SQL; returns the rows as lists of text."""
        out = subprocess.run(["psql", database or self.conninfo, "-v", "ON_ERROR_STOP=1", "-AtX",
                              "-F", "\t", "-c", sql], check=True, capture_output=True, text=True)
        return [line.split("\t") for line in out.stdout.splitlines() if line]

    def drop(self):
        try:
            self.psql(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)", database=self.server)
        finally:
            if self.own_dir:
                subprocess.run([SCRIPT, "stop", self.own_dir], check=False)
