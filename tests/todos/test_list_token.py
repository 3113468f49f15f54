"""`Challenger.list_token` changes with every write to a session's todos (todos migration
0002's triggers), on whichever database the suite runs, and only for that session.

The fast lane reuses a rendered list while the token is unchanged, so a write that left it
alone would serve a stale list. These tests write with SQL and the ORM, not through the
API, because the point of a trigger is that no writer can forget it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection

from challenges.models import Challenger
from challenges.sessions import create_challenger
from todos.models import Todo

pytestmark = pytest.mark.django_db


def token(guid: str) -> int:
    return Challenger.objects.values_list("list_token", flat=True).get(pk=guid)


def raw_update(guid: str) -> None:
    table = connection.ops.quote_name(Todo._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET title = 'by hand' WHERE challenger_id = %s", [guid])


WRITES: dict[str, Callable[[str], object]] = {
    "insert": lambda g: Todo.objects.create(challenger_id=g, todo_id=99, title="new"),
    "update": lambda g: Todo.objects.filter(challenger_id=g, todo_id=1).update(title="x"),
    "delete": lambda g: Todo.objects.filter(challenger_id=g, todo_id=1).delete(),
    "raw SQL update": raw_update,
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_write_to_a_sessions_todos_changes_its_token_only(
    write: Callable[[str], object],
) -> None:
    mine, other = create_challenger(), create_challenger()
    mine_before, other_before = token(mine.guid), token(other.guid)
    write(mine.guid)
    assert token(mine.guid) != mine_before
    assert token(other.guid) == other_before


def test_moving_a_todo_to_another_session_changes_both_tokens() -> None:
    source, target = create_challenger(), create_challenger()
    source_before, target_before = token(source.guid), token(target.guid)
    Todo.objects.filter(challenger_id=source.guid, todo_id=1).update(
        challenger_id=target.guid, todo_id=99
    )
    assert token(source.guid) != source_before
    assert token(target.guid) != target_before


def test_a_read_leaves_the_token_alone() -> None:
    mine = create_challenger()
    before = token(mine.guid)
    list(Todo.objects.filter(challenger_id=mine.guid))
    assert token(mine.guid) == before


def test_a_session_made_again_with_the_same_guid_gets_a_new_token() -> None:
    first = create_challenger("made-twice")
    first_token = token(first.guid)
    first.delete()
    assert token(create_challenger("made-twice").guid) != first_token
