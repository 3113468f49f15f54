"""Writing, off the request's path: the batch thread of each process (`Writer`), the SQL
of a batch, the trims of each session and the whole history's cap."""

from __future__ import annotations

import atexit
import logging
import os
import threading
import time
from collections.abc import Collection, Iterable, Iterator
from functools import lru_cache
from multiprocessing import util as multiprocessing_util
from typing import Any

import orjson
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, close_old_connections, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from challengers.models import Challenger
from history import recorder
from history.entries import ANSWER, AT, GUID, HEADERS, REQUEST_BODY, RESPONSE_BODY, Entry
from history.models import RequestBatch
from history.recorder import (
    _NUL,
    BUFFER_BYTES,
    BUFFER_LIMIT,
    CAP_CHECKS,
    CAP_LOW_WATER,
    ENTRY_LIMIT,
    KEPT,
    METHOD_LIMIT,
    SESSION_BYTES,
    TRIM_BYTES,
    TRIM_EVERY,
    UNCHECKED_LIMIT,
    _buffer,
    _buffered,
    _cut,
    _dropped,
    _headers,
    _start_writer,
    _target,
    _without_nul,
    _writer_started,
)
from history.routers import history_database
from practiceapi.threads import start_without_signals

logger = logging.getLogger(__name__)

# The INSERT of a batch's rows, the model's columns in this order (built per connection).
_COLUMNS = ("challenger", "first_at", "last_at", "count", "entries", "size")


# Rows an INSERT writes on SQLite: `executemany` runs a statement for every row and lets
# go of the GIL around each, handing it to the request thread and back; one statement of
# many rows lets go once.
_ROWS_PER_INSERT = 100


@lru_cache(maxsize=8)
def _insert_sql(connection: BaseDatabaseWrapper, rows: int = 1) -> str:
    """The batch's statement, written once per database (and, on SQLite, per number of
    rows). On PostgreSQL a COPY: the rows stream to the server as one statement, where an
    INSERT run for every row took three to five times as long. On SQLite, in the same
    process, an INSERT of `rows` rows, where the ORM's `bulk_create` prepared each value of
    each row in Python."""
    meta = RequestBatch._meta
    quote = connection.ops.quote_name
    column = {field.name: str(field.column) for field in meta.concrete_fields}
    table = quote(meta.db_table)
    columns = ", ".join(quote(column[name]) for name in _COLUMNS)
    if connection.vendor == "postgresql":
        return f"COPY {table} ({columns}) FROM STDIN"
    # The driver's own placeholders: Django's cursor rewrites each %s of a statement on
    # every run, 500 of them here.
    values = "(" + ", ".join("?" for _ in _COLUMNS) + ")"
    return f"INSERT INTO {table} ({columns}) VALUES {', '.join([values] * rows)}"


def _insert(connection: BaseDatabaseWrapper, rows: list[tuple[Any, ...]]) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # The driver's own cursor: Django's wrapper has no COPY.
            with cursor.cursor.copy(_insert_sql(connection)) as copy:
                for row in rows:
                    copy.write_row(row)
            return
        driver = cursor.cursor  # the backend's cursor: takes `?` placeholders as they are
        for start in range(0, len(rows), _ROWS_PER_INSERT):
            chunk = rows[start : start + _ROWS_PER_INSERT]
            values = [value for row in chunk for value in row]
            driver.execute(_insert_sql(connection, len(chunk)), values)


def _stored(entry: Entry, answer: str | int) -> bytes:
    """An entry as one item of `RequestBatch.entries`, as JSON: its `Entry` in its
    stored form (`history.entries.EXCHANGE`), the response body given as `answer`; longer than
    `ENTRY_LIMIT` only where `_fitted` must shorten it. Serialised one at a time: the
    containers built for it are freed at once, so a batch of a thousand entries leaves the
    collector nothing to move up while it is written."""
    (_guid, at, method, path, query, names, values, body, status, _answer, done, near, length) = (
        entry
    )
    stored = (  # the parts of `EXCHANGE`, in its order
        int(at * 1_000_000),
        _cut(method, METHOD_LIMIT),
        _target(path, query),
        _headers(names, values, length),
        status,
        done,
        near,
        body,
        answer,
    )
    text = orjson.dumps(stored)
    return orjson.dumps(_without_nul(stored)) if _NUL in text else text


def _fitted(text: bytes) -> bytes:
    """An entry's JSON (`_stored`) longer than `ENTRY_LIMIT` (JSON writes a control
    character in 6 bytes, a quote in 2; or very many headers), shortened until it fits:
    the longer of its bodies by the excess (each character it loses is at least a byte),
    then its last headers. The method, the path and the challenges are short enough as
    they are."""
    stored = orjson.loads(text)
    while (excess := len(text) - ENTRY_LIMIT) > 0:
        bodies = [
            place
            for place in (REQUEST_BODY, RESPONSE_BODY)
            if isinstance(stored[place], str) and stored[place]
        ]
        if bodies:
            longer = max(bodies, key=lambda place: len(stored[place]))
            body = stored[longer]
            # As many characters as make the excess at the body's bytes per character,
            # and one at least: the loop goes on where its characters differ in size.
            written = len(orjson.dumps(body)) - 2
            stored[longer] = body[: len(body) - max(-(-excess * len(body) // written), 1)]
        elif stored[HEADERS]:
            headers = stored[HEADERS]
            while headers and excess > 0:
                excess -= len(orjson.dumps(headers.pop())) + 1
        else:
            break
        text = orjson.dumps(stored)
    return text


def _rows(batch: list[Entry]) -> list[tuple[str, int, int, int, str, int]]:
    """A row for each session of `batch`: its newest entries of the batch, at most `KEPT`
    and `SESSION_BYTES` (a session keeps no more, so older ones would be written only to be
    trimmed) in the batch's order, with their first and last moment, their count and the
    row's bytes."""
    sessions: dict[str, list[Entry]] = {}
    for entry in batch:
        sessions.setdefault(entry[GUID], []).append(entry)
    rows = []
    for guid, entries in sessions.items():
        newest = entries[-KEPT:]
        stored = _with_answers_once(newest)
        text = b"[" + b",".join(stored) + b"]"
        while len(text) > SESSION_BYTES:
            # The oldest entries that make the excess go; the rest is written again, as
            # an answer stored once may have been stored with one of them.
            excess, dropped = len(text) - SESSION_BYTES, 0
            while excess > 0:
                excess -= len(stored[dropped]) + 1
                dropped += 1
            newest = newest[dropped:]
            stored = _with_answers_once(newest)
            text = b"[" + b",".join(stored) + b"]"
        if not newest:
            continue
        # Several threads of a process record in nearly, not exactly, the order of their
        # clock readings.
        moments = [entry[AT] for entry in newest]
        first, last = int(min(moments) * 1_000_000), int(max(moments) * 1_000_000)
        rows.append((guid, first, last, len(newest), text.decode(), len(text)))
    return rows


# Response bodies at least this long are stored once per row (`_with_answers_once`).
REPEAT_MIN = 64


def _with_answers_once(entries: list[Entry]) -> list[bytes]:
    """The entries of one row as stored, each response body that repeats an earlier one
    of the row given as that entry's place. A session's list answers mostly repeat
    between its writes, and they are most of what a batch would write: in the classroom
    mix, a third of its bytes."""
    first: dict[str, int] = {}
    stored = []
    for place, entry in enumerate(entries):
        answer: str | int = entry[ANSWER]
        if len(entry[ANSWER]) >= REPEAT_MIN:
            earlier = first.setdefault(entry[ANSWER], place)
            if earlier != place:
                answer = earlier
        text = _stored(entry, answer)
        if len(text) > ENTRY_LIMIT:
            text = _fitted(text)
            if first.get(entry[ANSWER]) == place:
                del first[entry[ANSWER]]  # maybe cut here: a later entry stores its own
        stored.append(text)
    return stored


def _taken() -> list[Entry]:
    """The buffer's entries, leaving it empty."""
    with recorder._buffer_lock:
        batch = list(_buffer)
        _buffer.clear()
        _buffered[0] = 0
    return batch


class Writer:
    """This process's batch writer: the buffer's thread, and what runs at exit."""

    def __init__(self) -> None:
        self.started = False
        self.lock = threading.Lock()  # one batch at a time: the thread's, or at exit
        # Entries and bytes written per session since its trim.
        self.unchecked: dict[str, tuple[int, int]] = {}
        self.unmeasured = 0  # bytes written since the whole history was last measured
        self.measured = False  # whether it has been, by this process

    def start(self) -> None:
        """Start the batch thread, once per process; with a batch interval of 0, none."""
        with self.lock:
            if self.started:
                return
            self.started = True
        interval = float(settings.APICHALLENGES_HISTORY_BATCH_SECONDS)
        if interval <= 0:
            return
        # A server's worker processes leave through multiprocessing's exit hook, which
        # runs its own finalizers and not `atexit`'s.
        atexit.register(self.at_exit)
        multiprocessing_util.Finalize(None, self.at_exit, exitpriority=100)
        thread = threading.Thread(
            target=self.run, args=(interval,), name="request-history", daemon=True
        )
        start_without_signals(thread)

    def run(self, interval: float) -> None:
        while True:
            time.sleep(interval)
            try:
                self.flush()
            except Exception:
                logger.exception("request history: a batch could not be written")
            finally:
                close_old_connections()  # a broken or expired connection is reopened

    def at_exit(self) -> None:
        try:
            self.flush(trim_all=True)
        except Exception:
            logger.exception("request history: the last batch could not be written")

    def after_fork(self) -> None:
        # A forked child has this buffer's copy and no thread: it starts its own.
        self.started = False
        self.lock = threading.Lock()
        self.unchecked = {}
        self.unmeasured, self.measured = 0, False
        recorder._buffer_lock = threading.Lock()
        _writer_started[0] = False
        _buffer.clear()
        _buffered[0] = 0
        _dropped[0] = 0

    def flush(self, *, trim_all: bool = False) -> int:
        """Write what the buffer holds now; how many entries were written."""
        with self.lock:
            batch = _taken()
            dropped, _dropped[0] = _dropped[0], 0
            if dropped:
                logger.warning(
                    "request history: %d requests not recorded, the buffer (%d entries,"
                    " %d bytes) was full",
                    dropped,
                    BUFFER_LIMIT,
                    BUFFER_BYTES,
                )
            if not batch and not trim_all:
                return 0
            return self.write(batch, trim_all)

    def write(self, batch: list[Entry], trim_all: bool) -> int:
        alias = history_database()
        connection = connections[alias]
        # Built before the transaction: its lock is held for the writing only.
        rows = _rows(batch)
        with transaction.atomic(using=alias):
            if rows:
                _insert(connection, rows)
            unchecked = dict(self.unchecked)
            for guid, _first, _last, count, _entries, size in rows:
                entries, held = unchecked.get(guid, (0, 0))
                unchecked[guid] = (entries + count, held + size)
            # Past UNCHECKED_LIMIT sessions waiting, trim them all rather than keep more.
            every = trim_all or len(unchecked) > UNCHECKED_LIMIT
            due = [
                guid
                for guid, (entries, held) in unchecked.items()
                if every or entries >= TRIM_EVERY or held >= TRIM_BYTES
            ]
            if due:
                trim(due)
        # Every entry's session existed when it was recorded. One deleted since (its own
        # clean-up may have run before these rows were committed) loses them now: checked
        # once, after the commit, which leaves no moment in which it could be missed.
        written = {row[0] for row in rows}
        gone = written - _existing(written)
        if gone:
            forget(gone)
        # Counted as trimmed only once committed.
        for guid in due:
            del unchecked[guid]
        for guid in gone:
            unchecked.pop(guid, None)
        self.unchecked = unchecked
        self.within_cap(rows)
        return sum(row[3] for row in rows if row[0] not in gone)

    def within_cap(self, rows: list[tuple[str, int, int, int, str, int]]) -> None:
        """Keep the whole history within `APICHALLENGES_HISTORY_MAX_MB`, measuring it at
        this process's first batch and after each 64th of the cap it writes."""
        cap = int(settings.APICHALLENGES_HISTORY_MAX_MB) * 1024 * 1024
        if cap <= 0 or not rows:
            return
        self.unmeasured += sum(row[5] for row in rows)
        if self.measured and self.unmeasured < cap // CAP_CHECKS:
            return
        self.unmeasured, self.measured = 0, True
        # Rows as new as this batch's oldest stay, whatever the cap: a session's latest.
        within_cap(cap, spared_from=min(row[1] for row in rows))


_VALUES_PER_STATEMENT = 500  # values of an `IN (...)`: well within SQLite's limit


def _in_lists(values: Iterable[Any]) -> Iterator[tuple[list[Any], str]]:
    """`values` in chunks a statement can take, each with its `IN` list's placeholders."""
    ordered = list(values)
    for start in range(0, len(ordered), _VALUES_PER_STATEMENT):
        chunk = ordered[start : start + _VALUES_PER_STATEMENT]
        yield chunk, ", ".join(["%s"] * len(chunk))


def _existing(guids: set[str]) -> set[str]:
    """Those of `guids` that are sessions now. In SQL written here: the ORM built this
    query in about 180 µs, once a batch."""
    connection = connections[DEFAULT_DB_ALIAS]
    meta = Challenger._meta
    quote = connection.ops.quote_name
    pk, table = quote(str(meta.pk.column)), quote(meta.db_table)
    found: set[str] = set()
    with connection.cursor() as cursor:
        for chunk, marks in _in_lists(guids):
            cursor.execute(f"SELECT {pk} FROM {table} WHERE {pk} IN ({marks})", chunk)
            found.update(guid for (guid,) in cursor.fetchall())
    return found


def trim(guids: Iterable[str], kept: int = KEPT, kept_bytes: int = SESSION_BYTES) -> None:
    """Delete the rows of each session of `guids` that hold none of its newest `kept`
    entries and none of its newest rows of `kept_bytes` between them: each row whose
    newest entry is older than the oldest entry of those rows. Exact, however the rows of
    several processes overlap in time; a session keeps those rows and what else overlaps
    them in time."""
    connection = connections[history_database()]
    table = connection.ops.quote_name(RequestBatch._meta.db_table)
    doomed: list[int] = []
    with connection.cursor() as cursor:
        for chunk, marks in _in_lists(guids):
            cursor.execute(
                f"SELECT challenger, id, first_at, last_at, count, size FROM {table}"
                f" WHERE challenger IN ({marks})",
                chunk,
            )
            sessions: dict[str, list[tuple[int, int, int, int, int]]] = {}
            for guid, *row in cursor.fetchall():
                sessions.setdefault(guid, []).append(tuple(row))
            for rows in sessions.values():
                doomed += _past_newest(rows, kept, kept_bytes)
        for ids, marks in _in_lists(doomed):
            cursor.execute(f"DELETE FROM {table} WHERE id IN ({marks})", ids)


def _past_newest(
    rows: list[tuple[int, int, int, int, int]], kept: int, kept_bytes: int
) -> list[int]:
    """Of one session's rows `(id, first_at, last_at, count, size)`, the ids of those that
    hold none of its newest `kept` entries and none of its newest rows of `kept_bytes`
    (the newest row is kept whatever its size)."""
    held = held_bytes = 0
    oldest = None  # the first entry of the oldest row kept
    for _id, first_at, _last_at, count, size in sorted(rows, key=lambda row: row[1], reverse=True):
        if oldest is not None and held_bytes + size > kept_bytes:
            break
        held, held_bytes, oldest = held + count, held_bytes + size, first_at
        if held >= kept:
            break
    else:
        return []
    # The rows kept hold the newest entries, none older than `oldest`.
    return [row[0] for row in rows if row[2] < oldest]


_CAP_ROWS = 1000  # rows read at a time, oldest first, to find what the cap deletes


def within_cap(cap: int, spared_from: int) -> int:
    """Bring the whole history to `CAP_LOW_WATER` of `cap` bytes when it holds more than
    `cap`, deleting the oldest rows first (by id: the order they were written in), none
    whose newest entry is at or after `spared_from` (microseconds); the bytes deleted. One
    `SUM` over the rows' sizes when under the cap."""
    connection = connections[history_database()]
    table = connection.ops.quote_name(RequestBatch._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(SUM(size), 0) FROM {table}")
        (total,) = cursor.fetchone()
        if total <= cap:
            return 0
        excess = int(total - cap * CAP_LOW_WATER)
        freed, after, upto = 0, 0, None
        while freed < excess:
            cursor.execute(
                f"SELECT id, size FROM {table} WHERE id > %s AND last_at < %s"
                f" ORDER BY id LIMIT {_CAP_ROWS}",
                [after, spared_from],
            )
            found = cursor.fetchall()
            for row_id, size in found:
                freed += size
                upto = row_id
                if freed >= excess:
                    break
            if len(found) < _CAP_ROWS:
                break
            after = found[-1][0]
        if upto is not None:
            cursor.execute(
                f"DELETE FROM {table} WHERE id <= %s AND last_at < %s", [upto, spared_from]
            )
    logger.info("request history: %d bytes of the oldest requests deleted (cap %d)", freed, cap)
    return freed


def forget(guids: Collection[str]) -> None:
    """Delete the history of the sessions `guids`."""
    RequestBatch.objects.filter(challenger__in=list(guids)).delete()


def move(source: str, target: str) -> None:
    """Give session `source`'s history to session `target`, when two sessions of one
    student are merged into one. This process's waiting entries are written first, so that
    none of them stays under `source`; `target` is then trimmed to what a session keeps,
    its newest entries whichever session sent them. Entries another process still holds
    for `source` are written after `source` is deleted and go with it, as those of any
    deleted session do."""
    flush()
    alias = history_database()
    with transaction.atomic(using=alias):
        RequestBatch.objects.filter(challenger=source).update(challenger=target)
        trim([target])


def forget_deleted(
    sender: type[Challenger], instance: Challenger, using: str, **kwargs: Any
) -> None:
    """`post_delete` of a session: its history goes once the deletion is committed."""
    guid = instance.pk
    transaction.on_commit(lambda: forget((guid,)), using=using)


_writer = Writer()
_start_writer[0] = _writer.start
os.register_at_fork(after_in_child=_writer.after_fork)


def flush() -> int:
    """Write this process's waiting entries now, as the writer thread does every batch
    (tests call it; with no thread nothing else does); how many were written."""
    return _writer.flush()


def discard() -> None:
    """Drop this process's waiting entries unwritten (tests)."""
    _taken()
