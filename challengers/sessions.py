"""Challenger sessions (the `X-CHALLENGER` header): the one place a session is found (by
its GUID, by the GUID a request or page names in the served mode, locked for update),
created and touched. The browser's remembered session is `challengers.cookie`'s; the
answers API routes give about a GUID in their path are `challengers.lookup`'s."""

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
from django.db.models.options import Options
from django.utils import timezone

from challengers.models import Challenger, Cohort
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


def find_challenger(guid: str | None, *, with_cohort: bool = False) -> Challenger | None:
    """The session with this GUID, or None: the one read of a session by its GUID, in one
    statement. `with_cohort` reads its cohort in the same statement, for the pages that
    show it. Runs on nearly every API request, so it skips the ORM's per-query
    compilation: the SELECT is built once per database from the models' own metadata and
    rows become instances through Django's converters and `from_db`."""
    # No stored GUID is empty or holds a NUL, and PostgreSQL refuses a NUL in a text
    # parameter outright (an error, not a miss): such a GUID names no session.
    if not guid or not guid.strip() or "\x00" in guid:
        return None
    # The thread's connection, looked up once: each `connection.x` goes through asgiref's
    # context-local storage again.
    database = connections[DEFAULT_DB_ALIAS]
    plan = _find_plan(database.vendor, with_cohort)
    with database.cursor() as cursor:
        cursor.execute(plan.sql, [canonical_guid(guid)])
        row = cursor.fetchone()
    return None if row is None else _instance(row, plan, database)


def find_session(guid: str | None, *, with_cohort: bool = False) -> Challenger | None:
    """The session a request or a page names by GUID in the served mode: in single mode
    always the one shared session, whatever the GUID."""
    if mode() == "single":
        return single_player()
    return find_challenger(guid, with_cohort=with_cohort)


def single_player() -> Challenger:
    found = find_challenger(SINGLE_PLAYER_GUID)
    return found if found is not None else create_challenger(SINGLE_PLAYER_GUID)


def lock_sessions(sessions: QuerySet[Challenger]) -> None:
    """Lock these session rows, in GUID order; inside a transaction, before deleting them.
    Deleting a session deletes its todo rows first, while every todo writer locks the
    session row before the todo rows: without this, a delete and a write of one session
    wait on each other and PostgreSQL aborts one of them. (SQLite ignores the lock.)"""
    list(sessions.select_for_update().order_by("pk").values_list("pk", flat=True))


class _FindPlan(NamedTuple):
    sql: str
    # (column index, converters, column expression) for the columns that need converting.
    converters: list[tuple[int, list[Any], object]]
    # How many of the row's columns are the session's; the cohort's follow when joined.
    width: int
    joined: bool


def _instance(row: tuple, plan: _FindPlan, database: BaseDatabaseWrapper) -> Challenger:
    """The session of a row read with `plan`, with its cohort when the plan joins it."""
    values = list(row)
    for index, functions, column in plan.converters:
        for convert in functions:
            values[index] = convert(values[index], column, database)
    # Every concrete field's value is there, so Django never reads the field names.
    if not plan.joined:
        return Challenger.from_db(database.alias, None, values)  # type: ignore[arg-type]
    own, joined = values[: plan.width], values[plan.width :]
    challenger = Challenger.from_db(database.alias, None, own)  # type: ignore[arg-type]
    cohort = None
    if joined[_COHORT_PK] is not None:
        cohort = Cohort.from_db(database.alias, None, joined)  # type: ignore[arg-type]
    # As `select_related` leaves it: reading `challenger.cohort` makes no query.
    _COHORT_FIELD.set_cached_value(challenger, cohort)
    return challenger


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


_COHORT_FIELD = Challenger.cohort.field
_COHORT_PK = [f.attname for f in Cohort._meta.concrete_fields].index(Cohort._meta.pk.attname)


@cache
def _find_plan(vendor: str, with_cohort: bool) -> _FindPlan:
    quote = connection.ops.quote_name
    session, cohort = Challenger._meta, Cohort._meta
    tables: list[Options[Any]] = [session, cohort] if with_cohort else [session]
    columns: list[str] = []
    converters: list[tuple[int, list[Any], object]] = []
    for meta in tables:
        for field in meta.concrete_fields:
            column = field.get_col(meta.db_table)
            functions = connection.ops.get_db_converters(column)
            functions += column.get_db_converters(connection)
            if isinstance(field, JSONField) and field.decoder is None:
                functions = [_loads_json if f == field.from_db_value else f for f in functions]
            if functions:
                converters.append((len(columns), functions, column))
            name = quote(cast(str, field.column))
            # Joined, both tables have a `created_at`: each column is named with its table.
            columns.append(f"{quote(meta.db_table)}.{name}" if with_cohort else name)
    table = quote(session.db_table)
    key = quote(cast(str, session.pk.column))
    if with_cohort:
        other = quote(cohort.db_table)
        source = (
            f"{table} LEFT OUTER JOIN {other} ON {table}.{quote(_COHORT_FIELD.column)} = "
            f"{other}.{quote(cast(str, cohort.pk.column))}"
        )
        key = f"{table}.{key}"
    else:
        source = table
    sql = f"SELECT {', '.join(columns)} FROM {source} WHERE {key} = %s"
    return _FindPlan(sql, converters, len(session.concrete_fields), with_cohort)


@transaction.atomic
def create_challenger(guid: str | None = None) -> Challenger:
    """A new session; the todo app seeds its default list (ids 1-10) on the signal."""
    challenger = Challenger.objects.create(guid=canonical_guid(guid or str(uuid.uuid4())))
    challenger_created.send(sender=Challenger, challenger=challenger)
    return challenger


# Activity is recorded at most once a minute per session.
TOUCH_INTERVAL = timedelta(seconds=60)


def touch(challenger: Challenger) -> None:
    """A page of the session was shown or polled: keep it from looking idle (`last_seen`),
    writing at most once a minute per session. Not an API request: `last_api_request`
    stays as it was."""
    now = timezone.now()
    if now - challenger.last_seen >= TOUCH_INTERVAL:
        Challenger.objects.filter(pk=challenger.pk).update(last_seen=now)
        challenger.last_seen = now


def touch_api(challenger: Challenger) -> None:
    """The session sent an API request that wrote nothing else: record it as both its
    latest API request and its latest sign of life, at most once a minute per session.
    Judged by `last_api_request`, not `last_seen`: an open progress page polls often
    enough to keep `last_seen` always fresh, and the API request would then go unrecorded."""
    now = timezone.now()
    latest = challenger.last_api_request
    if latest is None or now - latest >= TOUCH_INTERVAL:
        Challenger.objects.filter(pk=challenger.pk).update(last_seen=now, last_api_request=now)
        challenger.last_seen = challenger.last_api_request = now
