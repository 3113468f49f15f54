"""Reads of a todo list: a session's rows, plain row dicts in id order.

Reads never filter or page in SQL: a list holds at most a few dozen todos, so views load
every row once and let `practiceapi.protocol.query` filter, sort and page in Python; the
same rows give the list's counts (`list_counts`) without another query.

`list_rows` keeps each session's rows per process (`KeptRows`) under the `list_token` read
with them in one statement. Every write to a session's todos gives the session a new
token in the same transaction (`todos.services`), and a request reads its session's token
first (`challengers.sessions`), so rows kept under that token are the list as of the
request's start, from any process: a read whose session is unchanged costs one statement
(its session's) instead of two. What the views answer is shaped by the views alone.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, NamedTuple

from cachetools import LRUCache
from django.db import connection

from challengers.models import Challenger
from practiceapi.sql import column
from todos.models import Todo

DEFAULT_TITLES = (
    "scan paperwork",
    "file paperwork",
    "process payments",
    "escalate late payments",
    "pay invoices",
    "process payroll",
    "train staff",
    "schedule meeting",
    "tidy meeting room",
    "install webcam",
)


def default_rows() -> list[dict]:
    """The seeded list: what a new session starts with."""
    return [
        {"id": n, "title": title, "doneStatus": False, "description": ""}
        for n, title in enumerate(DEFAULT_TITLES, start=1)
    ]


ROW_COLUMNS = ("todo_id", "title", "done_status", "description")


def todo_rows(challenger: Challenger) -> list[dict]:
    """All of the session's todos as `{"id","title","doneStatus","description"}`, by id.

    The hottest read of the service: plain SQL built once from the model's metadata (the
    ORM's query compilation cost ten times the query itself here)."""
    with connection.cursor() as cursor:
        cursor.execute(rows_sql(connection.vendor), [challenger.pk])
        fetched = cursor.fetchall()
    return [row_from_columns(*columns) for columns in fetched]


def row_from_columns(todo_id: int, title: str, done: Any, description: str) -> dict:
    """A todo row as the API shows it, from the values of ROW_COLUMNS."""
    return {"id": todo_id, "title": title, "doneStatus": bool(done), "description": description}


def _rows_with_token(challenger: Challenger) -> tuple[int | None, tuple[Columns, ...]]:
    """The session's current `list_token` and its rows' columns, read in one statement, so
    that they belong together whatever writes run meanwhile. (None, ()) when the session
    no longer exists."""
    with connection.cursor() as cursor:
        cursor.execute(_rows_with_token_sql(connection.vendor), [challenger.pk])
        fetched = cursor.fetchall()
    if not fetched:
        return None, ()
    return fetched[0][0], tuple(tuple(row[1:]) for row in fetched if row[1] is not None)


@cache
def sql_names(vendor: str) -> dict[str, str]:
    """Quoted table and column names for the hand-written SQL of todo reads and writes,
    built once per database from the models' metadata."""
    todo, session = Todo._meta, Challenger._meta
    quote = connection.ops.quote_name
    return {
        "session": quote(session.db_table),
        "guid": quote(column(session, session.pk.name)),
        "token": quote(column(session, "list_token")),
        "todo": quote(todo.db_table),
        "owner": quote(column(todo, "challenger")),
        "done": quote(column(todo, "done_status")),
        "todo_id": quote(column(todo, "todo_id")),
    }


def _row_columns(prefix: str = "") -> str:
    quote = connection.ops.quote_name
    return ", ".join(prefix + quote(column(Todo._meta, name)) for name in ROW_COLUMNS)


@cache
def _rows_with_token_sql(vendor: str) -> str:
    n = sql_names(vendor)
    return (
        f"SELECT s.{n['token']}, {_row_columns('t.')} FROM {n['session']} s "
        f"LEFT JOIN {n['todo']} t ON t.{n['owner']} = s.{n['guid']} "
        f"WHERE s.{n['guid']} = %s ORDER BY t.{n['todo_id']}"
    )


@cache
def rows_sql(vendor: str) -> str:
    """A session's todo rows (ROW_COLUMNS) in id order; the session's GUID is the one
    parameter."""
    n = sql_names(vendor)
    return (
        f"SELECT {_row_columns()} FROM {n['todo']} WHERE {n['owner']} = %s ORDER BY {n['todo_id']}"
    )


Columns = tuple[int, str, Any, str]  # the values of ROW_COLUMNS


class KeptRows:
    """Per process: each session's rows, as column tuples (a caller may change the dicts
    it is given), with the `list_token` read in the same statement. An entry serves only
    a session whose token (read at its request's start) is that one; the `size` sessions
    used last are kept (about 1 KB each, at most 15 KB for ten long todos)."""

    def __init__(self, size: int) -> None:
        self._entries: LRUCache[str, tuple[int, tuple[Columns, ...]]] = LRUCache(maxsize=size)
        self._lock = threading.Lock()  # LRUCache reorders itself on every read

    def rows(self, challenger: Challenger) -> list[dict]:
        return self.rows_and_token(challenger)[0]

    def rows_and_token(self, challenger: Challenger) -> tuple[list[dict], int | None]:
        """The session's rows and the `list_token` they belong to (None: the session no
        longer exists)."""
        with self._lock:
            entry = self._entries.get(challenger.pk)
        if entry is None or entry[0] != challenger.list_token:
            token, fetched = _rows_with_token(challenger)
            if token is None:
                return [], None
            entry = (token, fetched)
            with self._lock:
                self._entries[challenger.pk] = entry
        return [row_from_columns(*columns) for columns in entry[1]], entry[0]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


KEPT_ROWS = KeptRows(size=2000)


def list_rows(challenger: Challenger | None) -> list[dict]:
    """The rows a request reads: its session's, or the read-only default list."""
    if challenger is None:
        return default_rows()
    return KEPT_ROWS.rows(challenger)


def list_rows_and_token(challenger: Challenger) -> tuple[list[dict], int | None]:
    """A session's rows and the `list_token` they belong to, read together: a write that
    names that token changes nothing if another write came first (`todos.services`)."""
    return KEPT_ROWS.rows_and_token(challenger)


def find_row(rows: Iterable[dict], todo_id: int | None) -> dict | None:
    """The row with this id (None for an id that cannot exist)."""
    if todo_id is None:
        return None
    for row in rows:
        if row["id"] == todo_id:
            return row
    return None


class ListCounts(NamedTuple):
    """How many todos a list holds, and how many of them are done."""

    total: int
    done: int


def list_counts(rows: Iterable[Mapping[str, Any]]) -> ListCounts:
    """The counts of a whole list."""
    total = done = 0
    for row in rows:
        total += 1
        done += row["doneStatus"] is True
    return ListCounts(total=total, done=done)
