"""`Challenger.list_token`: every write to a session's todos gives it a new value, in the
same transaction; a refused write does not; no other session's token moves.

`todos.selectors` reuses a session's rows while the token is unchanged, so
a write that kept it would serve a stale list (tests/todos/test_kept_rows.py checks the
lists themselves). `todos.services` is the only writer of todo rows: the last test fails
when code elsewhere starts writing them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from challengers.models import Challenger
from challengers.sessions import create_challenger
from tests.todos.support import send

pytestmark = pytest.mark.django_db


def token(guid: str) -> int:
    return Challenger.objects.values_list("list_token", flat=True).get(pk=guid)


WRITES: dict[str, Callable[[Client, str], object]] = {
    "create": lambda c, g: send(c, "POST", "/api/todos", {"title": "new"}, guid=g),
    "amend": lambda c, g: send(c, "POST", "/api/todos/3", {"title": "amended"}, guid=g),
    "delete": lambda c, g: send(c, "DELETE", "/api/todos/3", guid=g, content_type=None),
    "restore": lambda c, g: send(c, "PUT", f"/api/challenger/database/{g}", {"todos": []}),
}

REFUSED: dict[str, Callable[[Client, str], object]] = {
    "create without a title": lambda c, g: send(c, "POST", "/api/todos", {"x": 1}, guid=g),
    "amend of a missing todo": lambda c, g: send(c, "POST", "/api/todos/99", {}, guid=g),
    "amend with a bad type": lambda c, g: send(
        c, "POST", "/api/todos/3", {"doneStatus": "yes"}, guid=g
    ),
    "delete of a missing todo": lambda c, g: send(
        c, "DELETE", "/api/todos/99", guid=g, content_type=None
    ),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_write_gives_its_session_a_new_token_and_no_other(
    client: Client, guid: str, write: Callable[[Client, str], object]
) -> None:
    other = create_challenger().guid
    mine_before, other_before = token(guid), token(other)
    write(client, guid)
    assert token(guid) != mine_before
    assert token(other) == other_before


@pytest.mark.parametrize("refused", REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_write_keeps_the_token(
    client: Client, guid: str, refused: Callable[[Client, str], object]
) -> None:
    before = token(guid)
    response = refused(client, guid)
    assert response.status_code >= 400
    assert token(guid) == before


def test_a_session_made_again_with_the_same_guid_gets_a_new_token() -> None:
    first = create_challenger("made-twice")
    first_token = token(first.guid)
    first.delete()
    assert token(create_challenger("made-twice").guid) != first_token


# A call that writes todo rows: the ORM's writing methods on Todo or on a session's
# `todos` manager, a Todo instance saved, or SQL naming the table.
TODO_WRITE = re.compile(
    r"(Todo\.objects|\.todos)\b[^\n]*\.(create|update|delete|bulk_create|bulk_update|"
    r"get_or_create|update_or_create)\(|Todo\([^)]*\)\.save\(|"
    r"(INSERT INTO|UPDATE|DELETE FROM)\s+\"?todos_todo"
)
NOT_APPLICATION_CODE = {"tests", "bench", "node_modules", "migrations", "staticfiles"}


def test_only_the_todo_services_write_todo_rows() -> None:
    root = Path(settings.BASE_DIR)
    writers = set()
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = [
            d for d in subdirectories if not d.startswith(".") and d not in NOT_APPLICATION_CODE
        ]
        for name in files:
            path = Path(directory, name)
            if name.endswith(".py") and TODO_WRITE.search(path.read_text()):
                writers.add(str(path.relative_to(root)))
    assert writers == {"todos/services.py"}


def test_the_migration_gives_existing_sessions_random_tokens(
    transactional_db: None,
) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("challengers", "0001_initial")])
    old = executor.loader.project_state([("challengers", "0001_initial")]).apps
    for guid in ("before-1", "before-2"):
        old.get_model("challengers", "Challenger").objects.create(guid=guid)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    tokens = {token("before-1"), token("before-2")}
    assert len(tokens) == 2 and 0 not in tokens
