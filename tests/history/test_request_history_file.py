"""On SQLite the request history is a database file of its own beside the main one
(`db.sqlite3` → `db-history.sqlite3`), so that its batches never queue with the todo
writes: `manage.py migrate` creates it, a server writes the history there, and the main
file holds none of it."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path

import pytest

from practiceapi.server.harness import Server, manage
from tests.reliability.server import new_session, request

pytestmark = pytest.mark.server


def tables(path: Path) -> set[str]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return {name for (name,) in db.execute("SELECT name FROM sqlite_master")}


def entries_of(path: Path, guid: str) -> int:
    with contextlib.closing(sqlite3.connect(path)) as db:
        query = "SELECT sum(count) FROM challenges_requestbatch WHERE challenger = ?"
        return int(db.execute(query, (guid,)).fetchone()[0] or 0)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "db.sqlite3"
    manage(f"sqlite:///{path}", "migrate", "--noinput", "--verbosity", "0")
    return path


def test_migrate_creates_the_history_file_beside_the_database(database: Path) -> None:
    history = database.with_name("db-history.sqlite3")
    assert "challenges_requestbatch" in tables(history)
    assert "challenges_challenger" not in tables(history)
    assert "challenges_requestbatch" not in tables(database)
    assert "challenges_challenger" in tables(database)


def test_a_server_writes_the_history_to_its_own_file(database: Path) -> None:
    with Server(f"sqlite:///{database}", workers=1) as server:
        guid = new_session(server)
        assert request(server, "GET", "/api/todos", headers={"X-CHALLENGER": guid}).status == 200
        deadline = time.monotonic() + 15
        history = database.with_name("db-history.sqlite3")
        while entries_of(history, guid) == 0 and time.monotonic() < deadline:
            time.sleep(0.2)  # the writer thread's batch: every second
        assert entries_of(history, guid) == 1
