"""The SECRET_KEY when the environment sets none.

The key signs admin sessions and password-reset links: a key published in the source
would let anyone forge an instructor's login. So a server started without `SECRET_KEY`
(the README's `make run` sets none) makes a random key of its own and keeps it where every
process that serves the same data finds it again:

- SQLite: a file beside the database file (`db.sqlite3.secret-key`, mode 0600), created on
  the first start and read on every later one, so logins survive a restart and no two
  installations share a key. Every process of the one host that can open the database
  can read it.
- PostgreSQL: a one-row table in the database itself, since processes on several hosts
  share it and a file would exist on one host only. The row is read on the key's first
  use rather than when the settings load: settings load in processes that must not need
  the database (`makemigrations`, the test runner before it switches to its test
  database), and the first use happens on the connection Django uses, test database
  included. Concurrent first uses agree: the first INSERT wins, everyone reads it back.

A generated key starts with `django-insecure-`, Django's own mark for a key made
automatically for a single machine: `check --deploy` flags it (security.W009), because a
hosted instance sets `SECRET_KEY` itself (docs/hosting.md).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from django.core.exceptions import ImproperlyConfigured
from django.utils.functional import lazy

if TYPE_CHECKING:
    from dj_database_url import DBConfig

GENERATED_PREFIX = "django-insecure-"
KEY_FILE_SUFFIX = ".secret-key"
KEY_TABLE = "apichallenges_secret_key"
# pg_advisory_xact_lock key serialising the table's creation by concurrent first uses.
KEY_TABLE_LOCK = 0x5EC12E7


def generate() -> str:
    return GENERATED_PREFIX + secrets.token_urlsafe(50)


def secret_key(environ: dict[str, str] | os._Environ, database: DBConfig) -> str:
    """The key the settings use: `SECRET_KEY` when set (not blank), else the installation's
    generated key for `database` (one entry of DATABASES, its ENGINE as dj-database-url
    parsed it)."""
    configured = (environ.get("SECRET_KEY") or "").strip()
    if configured:
        return configured
    if database["ENGINE"] == "django.db.backends.sqlite3":
        name = str(database.get("NAME") or "")
        if not name or name == ":memory:" or name.startswith("file:"):
            # A database that lives in one process: so may its key.
            return generate()
        return key_file_value(Path(name + KEY_FILE_SUFFIX))
    return lazy(database_key, str)()


def key_file_value(path: Path) -> str:
    """The key kept in `path`, created (0600) with a new key when there is none. Written to
    a temporary file and linked into place, so that a process starting at the same moment
    reads either no file or the whole key, and only one key ever lands there."""
    if not path.exists():
        temporary = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(handle, "w") as file:
                file.write(generate() + "\n")
                file.flush()
                os.fsync(file.fileno())
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    value = path.read_text().strip()
    if not value:
        raise ImproperlyConfigured(f"{path} is empty: delete it (or set SECRET_KEY)")
    return value


_database_key: str | None = None
_database_key_lock = threading.Lock()


def database_key() -> str:
    """The key kept in the database, created by the first process that asks. Read once per
    process; a failure (the database unreachable) is raised as ImproperlyConfigured, which
    `check --deploy` reports as security.W009, and the next use tries again."""
    global _database_key
    if _database_key is None:
        with _database_key_lock:
            if _database_key is None:
                try:
                    _database_key = _read_or_create_database_key()
                except Exception as error:
                    raise ImproperlyConfigured(
                        "SECRET_KEY is not set and the key kept in the database could not be "
                        f"read ({error}). Set SECRET_KEY, the same on every host."
                    ) from error
    return _database_key


def _read_or_create_database_key() -> str:
    from django.db import DEFAULT_DB_ALIAS, connections

    # A connection of its own, in autocommit: the key must not be written inside (and
    # rolled back with) whatever transaction the request that first needs it is in.
    wrapper = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        wrapper.ensure_connection()
        conn = wrapper.connection
        select = f"SELECT value FROM {KEY_TABLE} WHERE id = 1"
        try:
            row = conn.execute(select).fetchone()
        except Exception:
            row = None  # no table yet
        if row is not None:
            return row[0]
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (KEY_TABLE_LOCK,))
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {KEY_TABLE} ("
                "id integer PRIMARY KEY CHECK (id = 1), value text NOT NULL, "
                "created timestamptz NOT NULL DEFAULT now())"
            )
            conn.execute(
                f"INSERT INTO {KEY_TABLE} (id, value) VALUES (1, %s) ON CONFLICT (id) DO NOTHING",
                (generate(),),
            )
            return conn.execute(select).fetchone()[0]
    finally:
        wrapper.close()
