"""A database made before the session models moved into their own app (`challengers`,
label kept as "challenges") migrates and serves its sessions as before.

`data/database-before-sessions-app.sql` is SQLite's dump of a database that the code of
that time migrated, holding one session (with progress, a label and a cohort) and its
default todo list.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from practiceapi.server.harness import Server, manage
from tests.reliability.server import request

DUMP = Path(__file__).with_name("data") / "database-before-sessions-app.sql"
GUID = "0b5e0f3c-8d53-4b41-9a3c-1b7f1c9e2a11"

pytestmark = pytest.mark.server


@pytest.fixture
def old_database(tmp_path: Path) -> str:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(DUMP.read_text())
    url = f"sqlite:///{path}"
    manage(url, "migrate", "--noinput", "--verbosity", "0")
    return url


def test_the_migrations_it_had_are_still_the_applied_ones(old_database: str) -> None:
    plan = manage(old_database, "showmigrations", "challengers", "todos", "secrets_app")
    assert "[ ]" not in plan
    assert "[X] 0003_near_misses" in plan


def test_its_session_still_answers_with_its_todos_and_progress(old_database: str) -> None:
    server = Server(old_database, workers=1).start()
    try:
        todos = request(server, "GET", "/api/todos", headers={"X-CHALLENGER": GUID})
        assert todos.status == 200
        assert len(todos.json()["todos"]) == 10
        progress = request(server, "GET", f"/api/challenger/{GUID}")
        assert progress.json()["challengeStatus"]["GET_TODOS"] is True
    finally:
        server.stop()
