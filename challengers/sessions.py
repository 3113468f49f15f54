"""Finding, creating and touching challenger sessions (the `X-CHALLENGER` header)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from functools import cache
from typing import Any, NamedTuple, cast

import orjson
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import JSONField, QuerySet
from django.utils import timezone

from challengers.models import Challenger
from challengers.signals import challenger_created

SINGLE_PLAYER_GUID = "rest-api-challenges-single-player"
UNKNOWN_CHALLENGER = "UNKNOWN CHALLENGER - Challenger not found"
MAX_HEADER_LENGTH = 100


def mode() -> str:
    return settings.APICHALLENGES_MODE


class InvalidGuid(ValueError):
    """A URL GUID that multi mode cannot take; its text is the client's error message."""


def parse_guid(guid: str) -> str:
    """Multi mode requires a UUID in the URL; answers the canonical lower-case form."""
    if mode() == "single":
        return guid
    try:
        return str(uuid.UUID(guid.strip()))
    except ValueError:
        raise InvalidGuid(f"Invalid Challenger GUID Invalid UUID string: {guid}") from None


def canonical_guid(value: str) -> str:
    """GUIDs compare case-insensitively: stored and looked up lower-cased and trimmed."""
    return value.strip().lower()


def find_challenger(guid: str | None) -> Challenger | None:
    """The session with this GUID, or None. Runs on nearly every API request, so it skips
    the ORM's per-query compilation: the SELECT is built once per database from the model's
    own metadata and rows become instances through Django's converters and `from_db`."""
    if not guid or not guid.strip():
        return None
    # The thread's connection, looked up once: each `connection.x` goes through asgiref's
    # context-local storage again.
    database = connections[DEFAULT_DB_ALIAS]
    row = session_row(guid, database)
    return None if row is None else challenger_from_row(row, database)


def session_row(guid: str, database: BaseDatabaseWrapper) -> tuple | None:
    """The session's row as the database driver returns it (every column, unconverted), or
    None: one statement."""
    with database.cursor() as cursor:
        cursor.execute(_find_plan(database.vendor).sql, [canonical_guid(guid)])
        return cursor.fetchone()


def challenger_from_row(row: tuple, database: BaseDatabaseWrapper) -> Challenger:
    """The instance of a row read by `session_row`."""
    values = list(row)
    for index, functions, column in _find_plan(database.vendor).converters:
        for convert in functions:
            values[index] = convert(values[index], column, database)
    # Every concrete field's value is there, so Django never reads the field names.
    return Challenger.from_db(database.alias, None, values)  # type: ignore[arg-type]


class _FindPlan(NamedTuple):
    sql: str
    # (column index, converters, column expression) for the columns that need converting.
    converters: list[tuple[int, list[Any], object]]


def _loads_json(value: Any, expression: object, database: object) -> Any:
    """A JSON column's value (what `JSONField.from_db_value` answers for a plain column),
    decoded by orjson: a student's progress holds dozens of entries, and orjson decodes
    them 2.5x faster than `json`."""
    if value is None:
        return None
    try:
        return orjson.loads(value)
    except orjson.JSONDecodeError:
        return value


@cache
def _find_plan(vendor: str) -> _FindPlan:
    meta = Challenger._meta
    quote = connection.ops.quote_name
    fields = meta.concrete_fields
    sql = (
        f"SELECT {', '.join(quote(cast(str, f.column)) for f in fields)} "
        f"FROM {quote(meta.db_table)} WHERE {quote(cast(str, meta.pk.column))} = %s"
    )
    converters: list[tuple[int, list[Any], object]] = []
    for index, field in enumerate(fields):
        column = field.get_col(meta.db_table)
        functions = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if isinstance(field, JSONField) and field.decoder is None:
            functions = [_loads_json if f == field.from_db_value else f for f in functions]
        if functions:
            converters.append((index, functions, column))
    return _FindPlan(sql, converters)


def single_player() -> Challenger:
    found = find_challenger(SINGLE_PLAYER_GUID)
    return found if found is not None else create_challenger(SINGLE_PLAYER_GUID)


def resolve(header_value: str | None) -> Challenger | None:
    """The session a request acts for: the single session, or the header's (multi mode)."""
    if mode() == "single":
        return single_player()
    return find_challenger(header_value)


@transaction.atomic
def create_challenger(guid: str | None = None) -> Challenger:
    """A new session; the todo app seeds its default list (ids 1-10) on the signal."""
    challenger = Challenger.objects.create(guid=canonical_guid(guid or str(uuid.uuid4())))
    challenger_created.send(sender=Challenger, challenger=challenger)
    return challenger


# Activity is recorded at most once a minute per session.
TOUCH_INTERVAL = timedelta(seconds=60)


def touch(challenger: Challenger) -> None:
    """Record activity, writing at most once a minute per session."""
    now = timezone.now()
    if now - challenger.last_seen >= TOUCH_INTERVAL:
        Challenger.objects.filter(pk=challenger.pk).update(last_seen=now)
        challenger.last_seen = now


def lock_sessions(sessions: QuerySet[Challenger]) -> None:
    """Lock these session rows, in GUID order; inside a transaction, before deleting them.
    Deleting a session deletes its todo rows first, while every todo writer locks the
    session row before the todo rows: without this, a delete and a write of one session
    wait on each other and PostgreSQL aborts one of them. (SQLite ignores the lock.)"""
    list(sessions.select_for_update().order_by("pk").values_list("pk", flat=True))
