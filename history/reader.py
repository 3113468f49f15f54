"""Reading a session's history back: its newest entries, newest first, each as a
`HistoryEntry` built from its stored parts (`history.entries`). The API route, the
student's progress page and the admin all read it through here.

The history sits below the curriculum and knows no challenge: the curriculum names the
challenges an entry completed and nearly completed (`name_outcomes_with`, from its app's
ready()); until it does, a challenge is named by its key.

The student reads their own requests as sent. The instructor (the admin) reads them with
credentials masked (`masked`): the values of the credential headers, and the secrets the
caller names wherever they show (the session's secret token: a progress payload carries
it, and the admin never shows that token).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache
from typing import Any

import orjson
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper

from history.entries import EXCHANGE, RESPONSE_BODY, STORED_AT, HistoryEntry, Outcome
from history.models import RequestBatch
from history.recorder import ENTRY_LIMIT, KEPT, as_sent
from history.routers import history_database

ENTRY_IDS = 1000  # more than the entries a row holds (a batch writes KEPT a session)

# A challenge key → its id in the served edition's mode (None where that mode has no such
# challenge) and its name.
Describe = Callable[[str], tuple[int | None, str]]


def _by_key(key: str) -> tuple[int | None, str]:
    return None, key


_describe: list[Describe] = [_by_key]


def name_outcomes_with(describe: Describe) -> None:
    """Name the challenges entries completed and nearly completed with `describe` from
    now on (the curriculum calls this at start-up)."""
    _describe[0] = describe


def recent(guid: str, limit: int = KEPT) -> list[HistoryEntry]:
    """Session `guid`'s newest entries, newest first, as sent, the challenges of each
    named as the served edition names them."""
    return Rows(guid).recent(limit)


# Above any row's id: a statement that reads no row's entries.
NO_ROW = 2**62


class Rows:
    """A session's rows of the history as they stand, and the entries of those a page
    lacks when it shows the entries up to the id `after` (None: no page asks), read in one
    statement: a page's poll asks for them each time its student sends a request."""

    def __init__(self, guid: str, after: int | None = None) -> None:
        self.guid = guid
        self.after = after
        # A row's entries are numbered from its id up, and a row is written, and was read,
        # whole: the page lacks the rows written after the one that holds `after`.
        if after is None:
            self.last_seen_row = NO_ROW
        else:
            self.last_seen_row = after // ENTRY_IDS if after > 0 else -1
        self.heads, self.fetched = _heads(guid, self.last_seen_row)

    @property
    def version(self) -> str:
        """Changes whenever the session's history does: for answering "not modified". Rows
        are only ever added (each a higher id) or deleted whole, so their count and highest
        id say whether any came or went."""
        return f"{len(self.heads)}-{max((row_id for row_id, _ in self.heads), default=0)}"

    @property
    def full(self) -> bool:
        """Whether `newer` is every entry (the page showed none)."""
        return self.last_seen_row < 0

    def recent(self, limit: int = KEPT) -> list[HistoryEntry]:
        """`recent`'s entries: all of the session's rows are read (trimming keeps them
        few, and the rows of several processes may overlap in time)."""
        describe = _describe[0]
        stored = _entries(self.guid, self.heads, self.fetched)
        return [named(entry, describe) for entry in _sorted(stored, limit)]

    def newer(self) -> tuple[list[HistoryEntry], int]:
        """The entries with an id above `after`, newest first, unnamed (at most `KEPT`),
        and how many entries `recent` shows now."""
        after = self.after or 0
        shown = min(sum(count for _, (_, _, _, count, _) in self.heads), KEPT)
        unseen = [(row_id, key) for row_id, key in self.heads if row_id > self.last_seen_row]
        stored = _entries(self.guid, unseen, self.fetched)
        return _sorted([(at, e) for at, e in stored if e.id > after], KEPT), shown


def _heads(
    guid: str, last_seen_row: int
) -> tuple[list[tuple[int, tuple[Any, ...]]], dict[int, Any]]:
    """Each row of the session: its id and what `_RowCache` knows it by; and the stored
    entries of the rows after `last_seen_row`, by row id."""
    database = connections[history_database()]
    with database.cursor() as cursor:
        cursor.execute(_heads_sql(database), [last_seen_row, guid])
        found = cursor.fetchall()
    heads = [(row_id, (row_id, guid, *rest)) for row_id, *rest, _ in found]
    return heads, {row_id: stored for row_id, *_, stored in found if stored is not None}


def _entries(
    guid: str, heads: list[tuple[int, tuple[Any, ...]]], fetched: dict[int, Any]
) -> list[tuple[int, HistoryEntry]]:
    """The entries of these rows of the session, each with its stored time. An open
    progress page asks each time the session sends a request, so the rows read before are
    kept in this process, as read (`_RowCache`); the others are decoded from `fetched`, or
    read from the database."""
    known = {row_id: _rows.get(key) for row_id, key in heads}
    missing = [row_id for row_id, entries in known.items() if entries is None]
    absent = [row_id for row_id in missing if row_id not in fetched]
    if absent:
        database = connections[history_database()]
        # Written as `_heads_sql` is, not compiled by the ORM: the page of every student
        # whose history was read by another process reads here.
        marks = ", ".join(["%s"] * len(absent))
        with database.cursor() as cursor:
            cursor.execute(f"{_rows_sql(database)} AND id IN ({marks})", [guid, *absent])
            fetched = {**fetched, **dict(cursor.fetchall())}
    sizes = {row_id: key[-1] for row_id, key in heads}
    keys = dict(heads)
    for row_id in missing:
        if row_id not in fetched:
            continue  # deleted since its head was read
        stored = fetched[row_id]
        # The JSON column as the database's text (both backends hand Django text).
        read = _read_row(row_id, orjson.loads(stored) if isinstance(stored, str) else stored)
        known[row_id] = read
        # A row written before rows counted their bytes counts a full entry each.
        _rows.put(keys[row_id], read, sizes[row_id] or ENTRY_LIMIT * len(read))
    return [entry for entries in known.values() if entries for entry in entries]


def _sorted(stored: list[tuple[int, HistoryEntry]], limit: int) -> list[HistoryEntry]:
    stored.sort(key=lambda entry: (entry[0], entry[1].id), reverse=True)
    return [entry for _, entry in stored[:limit]]


def named(entry: HistoryEntry, describe: Describe | None = None) -> HistoryEntry:
    """`entry` with the challenges it completed and nearly completed named by `describe`
    (by default as the curriculum registered)."""
    describe = describe or _describe[0]
    if not entry.completed and not entry.near_misses:
        return entry
    return replace(
        entry,
        completed=_outcomes(((o.key, o.reason) for o in entry.completed), describe),
        near_misses=_outcomes(((o.key, o.reason) for o in entry.near_misses), describe),
    )


def _read_row(row_id: int, entries: Any) -> list[tuple[int, HistoryEntry]]:
    """The well-formed entries of one row, each with its stored time, challenges named by
    their keys (`named` names them as the served edition does, when they are read)."""
    if not isinstance(entries, list):
        return []
    return [
        (parts[STORED_AT], _read(row_id * ENTRY_IDS + place, parts, _by_key))
        for place, parts in _with_answers(entries)
    ]


def _heads_sql(database: BaseDatabaseWrapper) -> str:
    return _heads_sql_for(database.vendor, database.ops.quote_name)


@cache
def _heads_sql_for(vendor: str, quote: Callable[[str], str]) -> str:
    meta = RequestBatch._meta
    column = quote(str(meta.get_field("challenger").column))
    # What tells one row from another whose id a database reused (SQLite may, after a
    # rolled-back insert): with its session, its newest entry's time and its size. Then
    # the entries of the rows after a given one (NULL for the others).
    entries = quote("entries")
    return (
        f"SELECT id, {quote('last_at')}, {quote('count')}, {quote('size')},"
        f" CASE WHEN id > %s THEN {entries} END"
        f" FROM {quote(meta.db_table)} WHERE {column} = %s"
    )


class _RowCache:
    """Rows of the history as read, by (id, session, newest entry's time, count, size),
    least recently read first, up to `limit` bytes of their stored entries. Rows are never
    changed once written, only deleted, so a row read once reads the same until it goes;
    one deleted is no longer asked for and ages out."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.lock = threading.Lock()
        self.rows: OrderedDict[tuple[Any, ...], tuple[list[tuple[int, HistoryEntry]], int]]
        self.rows = OrderedDict()
        self.bytes = 0

    def get(self, key: tuple[Any, ...]) -> list[tuple[int, HistoryEntry]] | None:
        with self.lock:
            found = self.rows.get(key)
            if found is None:
                return None
            self.rows.move_to_end(key)
            return found[0]

    def put(self, key: tuple[Any, ...], entries: list[tuple[int, HistoryEntry]], size: int) -> None:
        with self.lock:
            if key in self.rows or size > self.limit:
                return
            self.rows[key] = (entries, size)
            self.bytes += size
            while self.bytes > self.limit:
                _, (_, dropped) = self.rows.popitem(last=False)
                self.bytes -= dropped


# 16 MB of stored entries: the whole history of some 300 sessions at a class's usual size.
_rows = _RowCache(16 * 1024 * 1024)


def _with_answers(entries: list[Any]) -> Iterator[tuple[int, list[Any]]]:
    """The well-formed entries of one row with their places, each response body given by
    the place of an earlier entry (`writer._with_answers_once`) read from there."""
    for place, parts in enumerate(entries):
        if not (
            isinstance(parts, list)
            and len(parts) == len(EXCHANGE)
            and isinstance(parts[STORED_AT], int)
        ):
            continue
        answer = parts[RESPONSE_BODY]
        if isinstance(answer, int):
            earlier = entries[answer] if 0 <= answer < place else None
            # A place that names no earlier entry of the row reads as no body.
            shown = earlier[RESPONSE_BODY] if isinstance(earlier, list) and earlier else ""
            parts = parts.copy()
            parts[RESPONSE_BODY] = shown if isinstance(shown, str) else ""
        yield place, parts


def _read(entry_id: int, stored: list[Any], describe: Describe) -> HistoryEntry:
    """One entry as read from its stored parts (`EXCHANGE`), which are data from a
    database: a part of the wrong type reads as empty."""
    parts: dict[str, Any] = dict(zip(EXCHANGE, stored, strict=True))
    status = parts["status"]
    return HistoryEntry(
        id=entry_id,
        moment=datetime.fromtimestamp(parts["at"] / 1_000_000, tz=UTC),
        method=str(parts["method"]),
        path=str(parts["path"]),
        headers=tuple(
            (str(pair[0]), as_sent(str(pair[1])))
            for pair in _items(parts["headers"])
            if isinstance(pair, list) and len(pair) == 2
        ),
        request_body=str(parts["request_body"]),
        status=status if isinstance(status, int) else 0,
        response_body=str(parts["response_body"]),
        completed=_outcomes(((key, "") for key in _items(parts["completed"])), describe),
        near_misses=_outcomes(
            (
                (pair[0], pair[1])
                for pair in _items(parts["near_misses"])
                if isinstance(pair, list) and len(pair) == 2
            ),
            describe,
        ),
    )


def _items(stored: Any) -> list[Any]:
    return stored if isinstance(stored, list) else []


def _outcomes(pairs: Iterable[tuple[Any, Any]], describe: Describe) -> tuple[Outcome, ...]:
    """(challenge key, reason) pairs as named outcomes, without those whose key is no text."""
    named = []
    for key, reason in pairs:
        if isinstance(key, str):
            ordinal, name = describe(key)
            named.append(Outcome(key, ordinal, name, reason if isinstance(reason, str) else ""))
    return tuple(named)


def _rows_sql(database: BaseDatabaseWrapper) -> str:
    return _rows_sql_for(database.vendor, database.ops.quote_name)


@cache
def _rows_sql_for(vendor: str, quote: Callable[[str], str]) -> str:
    meta = RequestBatch._meta
    column = quote(str(meta.get_field("challenger").column))
    return f"SELECT id, {quote('entries')} FROM {quote(meta.db_table)} WHERE {column} = %s"


# --------------------------------------------------------------------------- masking

# Request headers whose values are credentials: masked where an instructor reads them.
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-auth-token", "cookie", "set-cookie"}
)
MASK = "••••••"


def masked(entry: HistoryEntry, secrets: Iterable[str]) -> HistoryEntry:
    """`entry` as an instructor reads it: credential header values and `secrets` masked."""
    hidden = [secret for secret in secrets if secret]

    def hide(text: str) -> str:
        for secret in hidden:
            text = text.replace(secret, MASK)
        return text

    return replace(
        entry,
        path=hide(entry.path),
        headers=tuple(
            (name, MASK if name.lower() in CREDENTIAL_HEADERS else hide(value))
            for name, value in entry.headers
        ),
        request_body=hide(entry.request_body),
        response_body=hide(entry.response_body),
    )
