"""Writes to a session's todo list.

Every write that changes the id counter or the count (create, delete, restore) changes
`Challenger.next_todo_id` / `todo_count` in the same transaction with one atomic UPDATE of
the session row, which takes that row's lock: concurrent requests of one session can
neither exceed the cap nor hand out an id twice, and a failed write rolls the counter back.
Amends lock the session row too, then the session's todo rows, so that
two read-modify-write PATCHes cannot lose each other's change; on PostgreSQL an amend
is first written in one statement that holds only while the session's `list_token` is
still the one its rows were read under (any write in between has changed it). Every
writer takes the session row first, so no two writers wait on each other's locks in
opposite orders. SQLite serialises writers instead (IMMEDIATE transactions, see
settings). On PostgreSQL a create, a delete and most amends are one statement each, which
commits on its own: one round trip where a transaction takes four or five.

This module is the only writer of todo rows, and every write also gives the session a new
`Challenger.list_token`, in the same transaction, under the session row lock, and on the
instance the request holds: `todos.selectors` reuses a session's rows while the token is
unchanged, so a write elsewhere would leave them stale, and a read after a write in the
same request would see the rows from before it.

Each write returns the list's counts after it (`todos.selectors.ListCounts`), read in the
same statement, so knowing them costs no extra query.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.db import connection, transaction

from challengers.models import Challenger, new_list_token
from practiceapi.sql import column
from todos.models import Todo
from todos.selectors import (
    DEFAULT_TITLES,
    ListCounts,
    list_counts,
    list_rows_and_token,
    row_from_columns,
    rows_sql,
    sql_names,
)
from todos.validation import new_row


class TodoLimitReached(Exception):
    """The session already holds `cap` todos."""

    def __init__(self, cap: int) -> None:
        super().__init__(cap)
        self.cap = cap


class TodoNotFound(LookupError):
    """The session has no todo with that id (each verb words its own 404)."""


def seed_new_session(sender: type, *, challenger: Challenger, **_: object) -> None:
    """Receiver of `challengers.signals.challenger_created`: every session starts with the
    default list."""
    seed_default_todos(challenger)


def seed_default_todos(challenger: Challenger) -> None:
    """Fill a brand-new session with todos 1-10; the counter continues at 11."""
    Todo.objects.bulk_create(
        Todo(challenger=challenger, todo_id=n, title=title)
        for n, title in enumerate(DEFAULT_TITLES, start=1)
    )
    count, token = len(DEFAULT_TITLES), new_list_token()
    Challenger.objects.filter(pk=challenger.pk).update(
        next_todo_id=count + 1, todo_count=count, list_token=token
    )
    challenger.next_todo_id, challenger.todo_count = count + 1, count
    challenger.list_token = token


def replace_all(challenger: Challenger, rows: list[dict]) -> None:
    """Replace the whole list with already-validated rows (restore), atomically.

    Rows without an id get fresh ones; the counter continues above every id the session
    has handed out, so an id is never reused after a restore either.
    """
    with transaction.atomic():
        locked = Challenger.objects.select_for_update().get(pk=challenger.pk)
        Todo.objects.filter(challenger=locked).delete()
        next_id = max([locked.next_todo_id, *(row["id"] + 1 for row in rows if "id" in row)])
        todos = []
        for row in rows:
            if "id" in row:
                todo_id = row["id"]
            else:
                todo_id, next_id = next_id, next_id + 1
            todos.append(
                Todo(
                    challenger=locked,
                    todo_id=todo_id,
                    title=row["title"],
                    done_status=row.get("doneStatus", False),
                    description=row.get("description", ""),
                )
            )
        Todo.objects.bulk_create(todos)
        token = new_list_token()
        Challenger.objects.filter(pk=locked.pk).update(
            next_todo_id=next_id, todo_count=len(todos), list_token=token
        )
    challenger.next_todo_id, challenger.todo_count = next_id, len(todos)
    challenger.list_token = token


# ---------------------------------------------------------------------------------------
# Create, amend, delete
# ---------------------------------------------------------------------------------------


def _done_subquery(names: dict[str, str]) -> str:
    # Counted in the same statement that moves the counter: the counts cost nothing.
    return f"(SELECT COUNT(*) FROM {names['todo']} WHERE {names['owner']} = %s AND {names['done']})"


# The columns a create writes, in this order.
INSERT_COLUMNS = ("challenger", "todo_id", "title", "done_status", "description")


@cache
def _insert_sql(vendor: str) -> str:
    # Plain SQL built once from the model: Model.save() cost a quarter of a create.
    meta = Todo._meta
    quote = connection.ops.quote_name
    names = ", ".join(quote(column(meta, name)) for name in INSERT_COLUMNS)
    return f"INSERT INTO {quote(meta.db_table)} ({names}) VALUES (%s, %s, %s, %s, %s)"


@cache
def _claim_sql(vendor: str, capped: bool) -> str:
    """Take the next id and count the todo (only under the cap when `capped`), renewing
    the token; returns the id, the new count and the done count before the create."""
    names = sql_names(vendor)
    under_cap = "AND todo_count < %s" if capped else ""
    return (
        f"UPDATE {names['session']} SET next_todo_id = next_todo_id + 1, "
        f"todo_count = todo_count + 1, {names['token']} = %s "
        f"WHERE {names['guid']} = %s {under_cap} "
        f"RETURNING next_todo_id - 1, todo_count, {_done_subquery(names)}"
    )


@cache
def _claim_and_insert_sql(vendor: str, capped: bool) -> str:
    """PostgreSQL: the claim and the INSERT as one statement (a data-modifying WITH), which
    commits on its own: one round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT).
    The session row is still locked before the todo row is written."""
    meta = Todo._meta
    quote = connection.ops.quote_name
    names = ", ".join(quote(column(meta, name)) for name in INSERT_COLUMNS)
    return (
        f"WITH claimed (todo_id, total, done_before) AS ({_claim_sql(vendor, capped)}), "
        f"inserted AS (INSERT INTO {quote(meta.db_table)} ({names}) "
        "SELECT %s, todo_id, %s, %s, %s FROM claimed RETURNING 1) "
        "SELECT todo_id, total, done_before FROM claimed"
    )


def create_todo(
    challenger: Challenger, draft: dict[str, Any], *, cap: int
) -> tuple[dict, ListCounts]:
    """Create a todo from a validated draft; returns the new row and the list's counts.

    One UPDATE takes the next id and counts the todo only while the list is under `cap`
    (0 = unlimited); no row back means the list is full (409). A draft without a title is
    refused after that check, as the public service orders them, and the rollback gives
    the id back. On PostgreSQL a complete draft is written in one statement.
    """
    token = new_list_token()
    params: list[Any] = [token, challenger.pk, *([cap] if cap else []), challenger.pk]
    complete = "title" in draft
    if complete and connection.vendor == "postgresql":
        fields = new_row(draft)
        with connection.cursor() as cursor:
            cursor.execute(
                _claim_and_insert_sql(connection.vendor, bool(cap)),
                [
                    *params,
                    challenger.pk,
                    *(fields[k] for k in ("title", "doneStatus", "description")),
                ],
            )
            claimed = cursor.fetchone()
        if claimed is None:
            raise TodoLimitReached(cap)
        todo_id, total, done_before = claimed
    else:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(_claim_sql(connection.vendor, bool(cap)), params)
                claimed = cursor.fetchone()
            if claimed is None:
                raise TodoLimitReached(cap)
            todo_id, total, done_before = claimed
            fields = new_row(draft)
            with connection.cursor() as cursor:
                cursor.execute(
                    _insert_sql(connection.vendor),
                    [
                        challenger.pk,
                        todo_id,
                        fields["title"],
                        fields["doneStatus"],
                        fields["description"],
                    ],
                )
    challenger.next_todo_id, challenger.todo_count = todo_id + 1, total
    challenger.list_token = token
    row = {"id": todo_id, **fields}
    return row, ListCounts(total=total, done=done_before + (fields["doneStatus"] is True))


@cache
def _amend_sql(vendor: str) -> tuple[str, str, str]:
    """The amend's statements: renew the token (locking the session row), read the rows
    (locking them where the database can), write the one row. Plain SQL built once: the
    ORM compiled the three statements anew on every amend, half of its CPU."""
    names = sql_names(vendor)
    meta = Todo._meta
    quote = connection.ops.quote_name
    title, description = (quote(column(meta, f)) for f in ("title", "description"))
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return (
        f"UPDATE {names['session']} SET {names['token']} = %s WHERE {names['guid']} = %s",
        rows_sql(vendor) + lock,
        f"UPDATE {names['todo']} SET {title} = %s, {names['done']} = %s, {description} = %s "
        f"WHERE {names['owner']} = %s AND {names['todo_id']} = %s",
    )


def amend_todo(
    challenger: Challenger,
    todo_id: int | None,
    build: Callable[[dict], dict],
) -> tuple[dict, ListCounts]:
    """Replace todo `todo_id` with `build(current_row)`; returns the new row and the list's
    counts; raises TodoNotFound.

    `build` validates and may raise (the view's error); nothing is written then. It is
    pure: on PostgreSQL the amend is first tried in one statement on the rows as last read
    (`_amend_if_unchanged`), and when another write changed the list meanwhile it is built
    again on the rows read under the locks (`_amend_locked`).
    """
    if todo_id is None:
        raise TodoNotFound(todo_id)
    if connection.vendor == "postgresql":
        amended = _amend_if_unchanged(challenger, todo_id, build)
        if amended is not None:
            return amended
    return _amend_locked(challenger, todo_id, build)


@cache
def _amend_if_unchanged_sql(vendor: str) -> str:
    """PostgreSQL: give the session a new token and write an amended row in one statement
    that commits on its own, only while the session's `list_token` is the one the row was
    built under: any other write has changed it (module docstring). The session row is
    written, and so locked, first, as every writer locks it, and the todo row after it,
    because its UPDATE reads `renewed`. One round trip instead of five (BEGIN, the token,
    the rows, the row, COMMIT); the rows themselves are usually kept
    (`todos.selectors.KeptRows`)."""
    n = sql_names(vendor)
    meta = Todo._meta
    quote = connection.ops.quote_name
    title, description = (quote(column(meta, f)) for f in ("title", "description"))
    return (
        f"WITH renewed AS (UPDATE {n['session']} SET {n['token']} = %s "
        f"WHERE {n['guid']} = %s AND {n['token']} = %s RETURNING {n['guid']}), "
        f"written AS (UPDATE {n['todo']} SET {title} = %s, {n['done']} = %s, "
        f"{description} = %s FROM renewed "
        f"WHERE {n['owner']} = renewed.{n['guid']} AND {n['todo_id']} = %s) "
        "SELECT COUNT(*) FROM renewed"
    )


def _amend_if_unchanged(
    challenger: Challenger, todo_id: int, build: Callable[[dict], dict]
) -> tuple[dict, ListCounts] | None:
    """The amend on the rows as last read, written only if no other write came between
    (`_amend_if_unchanged_sql`); None when one did, or when the session is gone."""
    rows, token = list_rows_and_token(challenger)
    if token is None:
        return None
    index = _index_of(rows, todo_id)
    new = build(dict(rows[index]))
    renewed = new_list_token()
    with connection.cursor() as cursor:
        cursor.execute(
            _amend_if_unchanged_sql(connection.vendor),
            [
                renewed,
                challenger.pk,
                token,
                new["title"],
                new["doneStatus"],
                new["description"],
                todo_id,
            ],
        )
        (written,) = cursor.fetchone()
    if not written:
        return None
    challenger.list_token = renewed
    rows[index] = new
    return new, list_counts(rows)


def _index_of(rows: list[dict], todo_id: int) -> int:
    """Where todo `todo_id` is in `rows`; raises TodoNotFound."""
    index = next((i for i, row in enumerate(rows) if row["id"] == todo_id), None)
    if index is None:
        raise TodoNotFound(todo_id)
    return index


def _amend_locked(
    challenger: Challenger, todo_id: int, build: Callable[[dict], dict]
) -> tuple[dict, ListCounts]:
    """The amend in a transaction: the session's todo rows stay locked from the read to
    the write, after the session row, which the new list_token locks first as every writer
    does. A refused amend rolls the token back; one that changes nothing still changes it
    (the lock comes before the comparison)."""
    renew, read, write = _amend_sql(connection.vendor)
    token = new_list_token()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(renew, [token, challenger.pk])
        cursor.execute(read, [challenger.pk])
        rows = [row_from_columns(*columns) for columns in cursor.fetchall()]
        index = _index_of(rows, todo_id)
        current = rows[index]
        new = build(dict(current))
        if new != current:
            cursor.execute(
                write,
                [new["title"], new["doneStatus"], new["description"], challenger.pk, todo_id],
            )
        rows[index] = new
    challenger.list_token = token
    return new, list_counts(rows)


# The session's count after a delete, never below zero.
_COUNT_DOWN = "todo_count = CASE WHEN todo_count > 0 THEN todo_count - 1 ELSE 0 END"


@cache
def _delete_in_one_sql(vendor: str) -> str:
    """PostgreSQL: the delete as one statement that commits on its own, as a create is:
    one round trip instead of four (BEGIN, UPDATE, DELETE, COMMIT).

    The session row is locked first (`locked`), as every writer locks it, and the DELETE
    waits for that lock because it reads `locked`; the count and the token change only
    when a row was deleted, so a missing todo changes nothing. A delete that waited for
    another one of the same todo finds the row gone and deletes nothing. The done count
    reads the list as it was before the statement (its sub-statements see one snapshot).
    """
    n = sql_names(vendor)
    return (
        f"WITH locked AS (SELECT {n['guid']} FROM {n['session']} WHERE {n['guid']} = %s "
        "FOR UPDATE), "
        f"deleted AS (DELETE FROM {n['todo']} USING locked "
        f"WHERE {n['owner']} = locked.{n['guid']} AND {n['todo_id']} = %s "
        f"RETURNING {n['done']}), "
        f"counted AS (UPDATE {n['session']} SET {_COUNT_DOWN}, {n['token']} = %s "
        f"WHERE {n['guid']} = %s AND EXISTS (SELECT 1 FROM deleted) "
        f"RETURNING todo_count, {_done_subquery(n)} AS done_before) "
        f"SELECT counted.todo_count, counted.done_before, deleted.{n['done']} "
        "FROM counted, deleted"
    )


def delete_todo(challenger: Challenger, todo_id: int | None) -> ListCounts:
    """Delete todo `todo_id` (its id is never handed out again); returns the list's counts
    after it; raises TodoNotFound.

    The session row is locked first, as every writer locks it, so that no two writers can
    wait on each other's locks in opposite orders: on PostgreSQL in one statement
    (`_delete_in_one_sql`), elsewhere in a transaction.
    """
    if todo_id is None:
        raise TodoNotFound(todo_id)
    token = new_list_token()
    if connection.vendor == "postgresql":
        total, done_before, was_done = _delete_in_one(challenger, todo_id, token)
    else:
        total, done_before, was_done = _delete_in_a_transaction(challenger, todo_id, token)
    challenger.todo_count, challenger.list_token = total, token
    return ListCounts(total=total, done=done_before - bool(was_done))


def _delete_in_one(challenger: Challenger, todo_id: int, token: int) -> tuple[int, int, bool]:
    """The list's count after the delete, its done count before it, and whether the
    deleted todo was done."""
    with connection.cursor() as cursor:
        cursor.execute(
            _delete_in_one_sql(connection.vendor),
            [challenger.pk, todo_id, token, challenger.pk, challenger.pk],
        )
        found = cursor.fetchone()
    if found is None:
        raise TodoNotFound(todo_id)
    return found


def _delete_in_a_transaction(
    challenger: Challenger, todo_id: int, token: int
) -> tuple[int, int, bool]:
    """As `_delete_in_one`, in three statements."""
    names = sql_names(connection.vendor)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {names['session']} SET {_COUNT_DOWN}, {names['token']} = %s "
            f"WHERE {names['guid']} = %s RETURNING todo_count, {_done_subquery(names)}",
            [token, challenger.pk, challenger.pk],
        )
        total, done_before = cursor.fetchone()
        cursor.execute(
            f"DELETE FROM {names['todo']} WHERE {names['owner']} = %s "
            f"AND {names['todo_id']} = %s RETURNING {names['done']}",
            [challenger.pk, todo_id],
        )
        deleted = cursor.fetchone()
        if deleted is None:
            raise TodoNotFound(todo_id)  # the rollback restores the count
    return total, done_before, deleted[0]
