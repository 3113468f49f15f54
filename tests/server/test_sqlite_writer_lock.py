"""Writers of one SQLite file queue on its lock file (practiceapi/backends/sqlite/base.py): a writer
that finds another's transaction open waits for it in the kernel, not in SQLite's busy
handler, and goes on as soon as that transaction ends.

Each connection here has SQLite's busy timeout at 0: a writer that reached SQLite's lock
while another held it would fail at once with "database is locked", so a write that
succeeds after waiting shows that it waited on the lock file.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connections

from practiceapi.backends.sqlite.base import DatabaseWrapper


def wrapper(path: Path) -> DatabaseWrapper:
    settings = {
        **connections["default"].settings_dict,
        "ENGINE": "practiceapi.backends.sqlite",
        "NAME": str(path),
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 0,
        },
    }
    return DatabaseWrapper(settings, alias="writer-lock-test")


@contextmanager
def transaction_on(db: DatabaseWrapper) -> Iterator[None]:
    """What `atomic` does on SQLite, on a connection that is not in `connections`."""
    db.ensure_connection()
    db._start_transaction_under_autocommit()
    try:
        yield
    except BaseException:
        db.rollback()
        raise
    db.commit()


@pytest.fixture(autouse=True)
def scratch_files_allowed(django_db_blocker) -> Iterator[None]:  # noqa: ANN001 - pytest-django
    # These connections go to files of the test's own, not to the test database.
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "db.sqlite3"
    db = wrapper(path)
    with db.cursor() as cursor:
        cursor.execute("CREATE TABLE t (n INTEGER)")
    db.close()
    yield path


def rows(path: Path) -> list[int]:
    db = wrapper(path)
    with db.cursor() as cursor:
        cursor.execute("SELECT n FROM t ORDER BY n")
        found = [n for (n,) in cursor.fetchall()]
    db.close()
    return found


def in_thread(work: Callable[[DatabaseWrapper], None], path: Path) -> tuple[threading.Thread, list]:
    """`work` on a connection of its own in a new thread, once that connection is open.

    Opening it first matters: a connection that opens while the last other one closes
    meets SQLite's checkpoint of the WAL on close, outside any writer lock, and with a
    busy timeout of 0 fails there instead of in the step under test."""
    errors: list[BaseException] = []
    connected = threading.Event()

    def run() -> None:
        db = wrapper(path)
        try:
            db.ensure_connection()
            connected.set()
            work(db)
        except BaseException as exc:  # reported by the test
            errors.append(exc)
        finally:
            connected.set()
            db.close()

    thread = threading.Thread(target=run)
    thread.start()
    connected.wait(10)
    return thread, errors


def insert_in_transaction(n: int) -> Callable[[DatabaseWrapper], None]:
    def work(db: DatabaseWrapper) -> None:
        with transaction_on(db), db.cursor() as cursor:
            cursor.execute("INSERT INTO t VALUES (%s)", [n])

    return work


def insert_in_autocommit(n: int) -> Callable[[DatabaseWrapper], None]:
    def work(db: DatabaseWrapper) -> None:
        with db.cursor() as cursor:
            cursor.execute("INSERT INTO t VALUES (%s)", [n])

    return work


@pytest.mark.parametrize("second", [insert_in_transaction, insert_in_autocommit])
def test_a_writer_waits_for_an_open_transaction_and_then_writes(database: Path, second) -> None:  # noqa: ANN001
    holder = wrapper(database)
    with transaction_on(holder), holder.cursor() as cursor:
        cursor.execute("INSERT INTO t VALUES (1)")
        thread, errors = in_thread(second(2), database)
        thread.join(timeout=0.3)
        assert thread.is_alive()  # waiting for the lock file, not failing on SQLite's lock
    thread.join(timeout=10)
    holder.close()
    assert not thread.is_alive() and errors == []
    assert rows(database) == [1, 2]


def test_a_rolled_back_transaction_lets_the_next_writer_in(database: Path) -> None:
    holder = wrapper(database)
    with pytest.raises(ZeroDivisionError), transaction_on(holder), holder.cursor() as cursor:
        cursor.execute("INSERT INTO t VALUES (1)")
        thread, errors = in_thread(insert_in_transaction(2), database)
        raise ZeroDivisionError
    thread.join(timeout=10)
    holder.close()
    assert errors == []
    assert rows(database) == [2]


def test_a_closed_connection_lets_the_next_writer_in(database: Path) -> None:
    holder = wrapper(database)
    holder.ensure_connection()
    holder._start_transaction_under_autocommit()
    thread, errors = in_thread(insert_in_autocommit(3), database)
    holder.close()  # e.g. a worker ending with a transaction open
    thread.join(timeout=10)
    assert errors == []
    assert rows(database) == [3]
