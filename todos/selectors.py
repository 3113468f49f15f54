"""Reads of a todo list: one query for a session's rows, plain row dicts in id order.

Reads never filter or page in SQL: a list holds at most a few dozen todos, so views load
every row once and let `practiceapi.protocol.query` filter, sort and page in Python; the
same rows give the store facts challenge tracking needs without another query.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from django.db import connection

from challenges.exchange import StoreFacts
from challenges.models import Challenger
from todos.models import Todo

ROW_COLUMNS = ("todo_id", "title", "done_status", "description")


def todo_rows(challenger: Challenger) -> list[dict]:
    """All of the session's todos as `{"id","title","doneStatus","description"}`, by id.

    The hottest read of the service: plain SQL built once from the model's metadata (the
    ORM's query compilation cost ten times the query itself here)."""
    with connection.cursor() as cursor:
        cursor.execute(_rows_sql(connection.vendor), [challenger.pk])
        fetched = cursor.fetchall()
    return [
        {"id": tid, "title": title, "doneStatus": bool(done), "description": description}
        for tid, title, done, description in fetched
    ]


def todo_rows_with_token(challenger: Challenger) -> tuple[int | None, list[dict]]:
    """The session's current `list_token` and its rows (as `todo_rows`), read in one
    statement, so they belong together whatever writes run meanwhile. (None, []) when the
    session no longer exists."""
    with connection.cursor() as cursor:
        cursor.execute(_rows_with_token_sql(connection.vendor), [challenger.pk])
        fetched = cursor.fetchall()
    if not fetched:
        return None, []
    return fetched[0][0], [
        {"id": tid, "title": title, "doneStatus": bool(done), "description": description}
        for _token, tid, title, done, description in fetched
        if tid is not None
    ]


@cache
def _rows_with_token_sql(vendor: str) -> str:
    todo, session = Todo._meta, Challenger._meta
    quote = connection.ops.quote_name
    columns = ", ".join(f"t.{quote(todo.get_field(name).column)}" for name in ROW_COLUMNS)
    token = quote(session.get_field("list_token").column)
    guid = quote(session.pk.column)
    owner = quote(todo.get_field("challenger").column)
    order = quote(todo.get_field("todo_id").column)
    return (
        f"SELECT s.{token}, {columns} FROM {quote(session.db_table)} s "
        f"LEFT JOIN {quote(todo.db_table)} t ON t.{owner} = s.{guid} "
        f"WHERE s.{guid} = %s ORDER BY t.{order}"
    )


@cache
def _rows_sql(vendor: str) -> str:
    meta = Todo._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in ROW_COLUMNS)
    owner = quote(meta.get_field("challenger").column)
    order = quote(meta.get_field("todo_id").column)
    return f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {owner} = %s ORDER BY {order}"


def list_rows(challenger: Challenger | None) -> list[dict]:
    """The rows a request reads: its session's, or the read-only default list (§1.5)."""
    if challenger is None:
        from todos.services import default_rows  # services import this module

        return default_rows()
    return todo_rows(challenger)


def find_row(rows: Iterable[dict], todo_id: int | None) -> dict | None:
    """The row with this id (None for an id that cannot exist)."""
    if todo_id is None:
        return None
    for row in rows:
        if row["id"] == todo_id:
            return row
    return None


def store_facts(rows: Iterable[Mapping[str, Any]]) -> StoreFacts:
    """Total and done counts of a whole list (what the challenge rules look at)."""
    total = done = 0
    for row in rows:
        total += 1
        done += row["doneStatus"] is True
    return StoreFacts(total=total, done=done)
