"""Each session's request history: what the server received from it and answered.

Writing stays off the request's path. `record` copies what an entry needs (the request's
header values as the environ holds them, the first 2 KB of each body as text) into a plain
tuple (`Entry`) and appends it to this process's buffer; nothing is cut, serialised or
written there. The buffer holds at most `BUFFER_LIMIT` entries (about 10 MB): past it,
under a load the writer cannot keep up with, new entries are dropped and counted, and the
writer logs how many. A thread of each serving process (`Writer`) writes the buffer every
`APICHALLENGES_HISTORY_BATCH_SECONDS` in one transaction: a row for each session (its
newest `KEPT` entries of the batch as one JSON array, older ones would be trimmed at once;
a response body that repeats an earlier one of the row is stored as that entry's place),
built before the transaction, with one COPY on PostgreSQL and INSERTs of many rows on
SQLite. It then trims each session it has written `TRIM_EVERY` entries for since it
last did, deleting the rows that hold none of its newest `KEPT` (the database is the only
shared state, so several processes and hosts each trim what they wrote). A session thus
holds its newest `KEPT`, the rest of the row that holds the oldest of them, and what the
processes writing for it wrote since their last trim; readers show the newest `KEPT`. The
writer also runs when the process exits (`atexit`, and multiprocessing's exit hook, which
is what a server's worker processes run), trimming everything it wrote. A process that
dies without exiting (SIGKILL, power loss) loses what was still in its buffer: at most the
last batch.

With `APICHALLENGES_HISTORY_BATCH_SECONDS = 0` no thread starts and entries wait for an
explicit `flush()`: the test suite's setting, where each test's database work happens
inside its own transaction that a second thread's connection cannot see.

The history is in its own database where there is one (SQLite: `challengers.routers`).
Deleting a session (`purge_challengers`, the admin's delete) deletes its history once the
deletion commits (`forget_deleted`); a batch written for it meanwhile is deleted by its
writer, which checks its sessions after committing.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import re
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator
from functools import lru_cache
from multiprocessing import util as multiprocessing_util
from operator import itemgetter
from typing import Any, Final, NamedTuple

import orjson
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, close_old_connections, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.utils.encoding import escape_uri_path, iri_to_uri

from challengers.models import Challenger, RequestBatch
from challengers.routers import history_database
from practiceapi.protocol.environ import header_name

logger = logging.getLogger(__name__)

KEPT = 100  # entries shown and kept per session
TRIM_EVERY = 25  # entries a process writes for a session before it trims that session
BODY_LIMIT = 2048  # bytes of each body kept
PATH_LIMIT = 2048  # characters of the path with its query kept
METHOD_LIMIT = 32  # characters of the method kept
HEADER_VALUE_LIMIT = 1000  # characters of each header value kept
# Entries waiting in one process; past it new ones are dropped (and counted). At about
# 2 KB an entry, 10 MB: three seconds of a worker's busiest classroom load.
BUFFER_LIMIT = 5_000
UNCHECKED_LIMIT = 10_000  # sessions one process has written for and not trimmed since
CUT = "…"  # ends a text that was cut


# One request as recorded on its path: a plain tuple of texts, numbers and tuples of
# texts, in this order. Nothing in it is a container the garbage collector must keep
# tracking: a tuple of untracked items is untracked at the first collection that meets it,
# where a list, or a subclass of tuple such as a named tuple, stays tracked. Entries wait a
# second in the buffer, and tracked ones made the collector run on every 70 requests and
# move them up into the oldest generation, whose full collections (about 65 ms each in a
# worker) then ran every few seconds; without them the request path allocates nothing
# that outlives it.
Entry = tuple[
    str,  # the session's GUID
    float,  # time.time() when it was answered
    str,  # the method
    str,  # request.path: decoded, as the environ gives it
    str,  # the query
    tuple[str, ...],  # header names (the plan's, shared by every request of its shape)
    tuple[str, ...],  # their values as the environ holds them, uncut (see `_header_values`)
    str,  # the request body's first BODY_LIMIT bytes, decoded
    int,  # the status
    str,  # the response body's likewise
    tuple[str, ...],  # challenge keys completed
    tuple[tuple[str, str], ...],  # (challenge key, reason) nearly completed
]
# The places of an `Entry` that the writer reads on their own.
GUID: Final = 0
AT: Final = 1
ANSWER: Final = 9


# --------------------------------------------------------------------------- recording

_buffer: deque[Entry] = deque()
_dropped = [0]  # entries not buffered since the writer last looked (the buffer was full)
_clock = time.time  # when a request was answered


def record(
    guid: str,
    request: HttpRequest,
    response: HttpResponse,
    completed: Iterable[str] = (),
    near_misses: Iterable[tuple[str, str]] = (),
) -> None:
    """Add one answered request to session `guid`'s history (written by the next batch)."""
    if len(_buffer) >= BUFFER_LIMIT:
        _dropped[0] += 1
        return
    meta = request.META
    # The headers are picked out here, while the environ is in the CPU's caches: the
    # writer, up to a second later, took longer over them than over the rest of an entry.
    names, values = _header_values(meta)
    try:
        body = request.body[:BODY_LIMIT].decode("utf-8", "replace")
    except Exception:  # a body the server refused or never received: none to show
        body = ""
    method = meta.get("REQUEST_METHOD", request.method or "")
    # Decoded here, not kept as bytes: a short answer's slice is the answer's own bytes
    # object, whose buffer (orjson's) is 4 KB however short the answer.
    answer = (
        ""
        if response.streaming or method == "HEAD"
        else response.content[:BODY_LIMIT].decode("utf-8", "replace")
    )
    _buffer.append(
        (
            guid,
            _clock(),
            method,
            request.path,
            meta.get("QUERY_STRING", ""),
            names,
            values,
            body,
            response.status_code,
            answer,
            tuple(completed),
            tuple(near_misses),
        )
    )
    if not _writer.started:
        _writer.start()


# --------------------------------------------------------------------------- writing


def _without_nul(value: Any) -> Any:
    """`value` with each NUL character of its texts replaced: PostgreSQL stores none in
    JSON."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd") if "\x00" in value else value
    if isinstance(value, list | tuple):
        return [_without_nul(item) for item in value]
    return value


# An environ's keys (in their order) → its headers' names and a getter of their values. A
# client sends the same headers on every request, so a request's headers are picked out
# by looking up its keys once and then only the few that are headers, in one call in C,
# not by deciding for every key of the environ whether it is one. Bounded, as clients may
# send any names: past the limit it starts over.
Plan = tuple[tuple[str, ...], Callable[[dict[str, Any]], tuple[str, ...]]]
_plans: dict[tuple[str, ...], Plan] = {}
_PLANS_LIMIT = 1024
_NUL = b"\\u0000"  # how orjson writes a NUL character (or a backslash and "u0000")


def _plan(keys: tuple[str, ...]) -> Plan:
    if len(_plans) >= _PLANS_LIMIT:
        _plans.clear()
    picked = [(key, name) for key in keys if (name := header_name(key)) is not None]
    names = tuple(name for _key, name in picked)
    getter: Callable[[dict[str, Any]], tuple[str, ...]]
    if len(picked) > 1:
        getter = itemgetter(*(key for key, _name in picked))
    elif picked:  # itemgetter of one key answers the value, not a tuple of it
        key = picked[0][0]
        getter = lambda environ: (environ[key],)  # noqa: E731
    else:
        getter = lambda environ: ()  # noqa: E731
    plan = _plans[keys] = (names, getter)
    return plan


def _header_values(environ: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The request's header names and values in the environ's order (the order received),
    each value as the environ holds it (the client's bytes as latin-1 text: `as_sent` reads
    it back). Nothing is cut or decoded here, on every request: the writer cuts
    (`_headers`), the reader decodes."""
    keys = tuple(environ)
    plan = _plans.get(keys)
    if plan is None:
        plan = _plan(keys)
    names, values = plan
    return names, values(environ)


def _headers(names: tuple[str, ...], values: tuple[str, ...]) -> list[tuple[str, str]]:
    """An entry's headers as stored: (name, value) pairs without the empty values, each
    value cut at `HEADER_VALUE_LIMIT`. (`_cut`'s condition is written out here: a call for
    each header took as long as the rest of an entry's headers.)"""
    limit = HEADER_VALUE_LIMIT
    return [
        (name, value if len(value) <= limit else value[:limit] + CUT)
        for name, value in zip(names, values, strict=True)
        if value
    ]


def as_sent(value: str) -> str:
    """A header value as stored by `_headers`, as the UTF-8 text the client sent (a value
    cut inside a character ends with U+FFFD before the cut's mark)."""
    cut = value.endswith(CUT)
    sent = value[: -len(CUT)] if cut else value
    # Left as it is when it is already real text (Django's test client) or bytes that
    # were latin-1 text.
    with contextlib.suppress(UnicodeEncodeError, UnicodeDecodeError):
        sent = sent.encode("iso-8859-1").decode("utf-8", "replace" if cut else "strict")
    return sent + CUT if cut else sent


# Paths and queries that escaping leaves as they are (most): checked in one match, where
# `quote` walks the text character by character.
_PLAIN_PATH = re.compile(r"[A-Za-z0-9_.\-~/:@&+$,!*'()]*").fullmatch
_PLAIN_QUERY = re.compile(r"[A-Za-z0-9_.\-~/#%\[\]=:;$&()+,!?*@']*").fullmatch


def _target(path: str, query: str) -> str:
    # As `HttpRequest.get_full_path()` writes it, the way near misses show a request.
    target = path if _PLAIN_PATH(path) else escape_uri_path(path)
    if query:
        target += "?" + (query if _PLAIN_QUERY(query) else iri_to_uri(query))
    return _cut(target, PATH_LIMIT)


def _cut(text: str, limit: int) -> str:
    """`text`, or its first `limit` characters and the cut's mark."""
    return text if len(text) <= limit else text[:limit] + CUT


# The parts of each entry of `RequestBatch.entries`, in this order.
EXCHANGE = (
    "at",  # when it was answered, in microseconds since the epoch
    "method",
    "path",  # with the query, as `HttpRequest.get_full_path()` writes it
    "headers",  # [[name, value], ...] in the order received; see `_headers`
    "status",
    "completed",  # [challenge key, ...]
    "near_misses",  # [[challenge key, why not], ...]
    "request_body",  # its first BODY_LIMIT bytes as text
    "response_body",  # likewise, or the place in its row of an earlier entry whose
    # response body this one repeats (`_with_answers_once`)
)
_RESPONSE_BODY = EXCHANGE.index("response_body")
# The INSERT of a batch's rows, the model's columns in this order (built per connection).
_COLUMNS = ("challenger", "first_at", "last_at", "count", "entries")


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
    """An entry as one item of `RequestBatch.entries` (`EXCHANGE`), as JSON, its response
    body given as `answer`. Serialised one at a time: the containers built for it are freed
    at once, so a batch of a thousand entries leaves the collector nothing to move up while
    it is written."""
    (_guid, at, method, path, query, names, values, body, status, _answer, done, near) = entry
    stored = (
        int(at * 1_000_000),
        _cut(method, METHOD_LIMIT),
        _target(path, query),
        _headers(names, values),
        status,
        done,
        near,
        body,
        answer,
    )
    text = orjson.dumps(stored)
    return orjson.dumps(_without_nul(stored)) if _NUL in text else text


def _rows(batch: list[Entry]) -> list[tuple[str, int, int, int, str]]:
    """A row for each session of `batch`: its newest `KEPT` entries of the batch (a session
    keeps no more, so older ones would be written only to be trimmed) in the batch's
    order, with their first and last moment and their count."""
    sessions: dict[str, list[Entry]] = {}
    for entry in batch:
        sessions.setdefault(entry[GUID], []).append(entry)
    rows = []
    for guid, entries in sessions.items():
        newest = entries[-KEPT:]
        text = b"[" + b",".join(_with_answers_once(newest)) + b"]"
        # Several threads of a process record in nearly, not exactly, the order of their
        # clock readings.
        moments = [entry[AT] for entry in newest]
        first, last = int(min(moments) * 1_000_000), int(max(moments) * 1_000_000)
        rows.append((guid, first, last, len(newest), text.decode()))
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
        stored.append(_stored(entry, answer))
    return stored


class Writer:
    """This process's batch writer: the buffer's thread, and what runs at exit."""

    def __init__(self) -> None:
        self.started = False
        self.lock = threading.Lock()  # one batch at a time: the thread's, or at exit
        self.unchecked: dict[str, int] = {}  # entries written per session since its trim

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
        # The thread takes no signals: the kernel hands a process's signal to any thread
        # that does not block it, and one handed to this thread does not wake a main
        # thread waiting for it (granian's WSGI worker waits so for its SIGINT, and never
        # stopped). A new thread inherits the mask of the thread that starts it.
        blocking = hasattr(signal, "pthread_sigmask")
        if blocking:
            previous = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
        try:
            thread.start()
        finally:
            if blocking:
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)

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
        _buffer.clear()
        _dropped[0] = 0

    def flush(self, *, trim_all: bool = False) -> int:
        """Write what the buffer holds now; how many entries were written."""
        with self.lock:
            batch = [_buffer.popleft() for _ in range(len(_buffer))]
            dropped, _dropped[0] = _dropped[0], 0
            if dropped:
                logger.warning(
                    "request history: %d requests not recorded, the buffer of %d was full",
                    dropped,
                    BUFFER_LIMIT,
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
            for guid, _first, _last, count, _entries in rows:
                unchecked[guid] = unchecked.get(guid, 0) + count
            # Past UNCHECKED_LIMIT sessions waiting, trim them all rather than keep more.
            every = trim_all or len(unchecked) > UNCHECKED_LIMIT
            due = [guid for guid, n in unchecked.items() if every or n >= TRIM_EVERY]
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
        return sum(row[3] for row in rows if row[0] not in gone)


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


def trim(guids: Iterable[str], kept: int = KEPT) -> None:
    """Delete the rows of each session of `guids` that hold none of its newest `kept`
    entries: each row whose newest entry is older than the oldest entry of the newest rows
    that hold `kept` entries between them. Exact, however the rows of several processes
    overlap in time; a session keeps `kept` entries and what else its rows hold."""
    connection = connections[history_database()]
    meta = RequestBatch._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    doomed: list[int] = []
    with connection.cursor() as cursor:
        for chunk, marks in _in_lists(guids):
            cursor.execute(
                f"SELECT challenger, id, first_at, last_at, count FROM {table}"
                f" WHERE challenger IN ({marks})",
                chunk,
            )
            sessions: dict[str, list[tuple[int, int, int, int]]] = {}
            for guid, *row in cursor.fetchall():
                sessions.setdefault(guid, []).append(tuple(row))
            for rows in sessions.values():
                doomed += _past_newest(rows, kept)
        for ids, marks in _in_lists(doomed):
            cursor.execute(f"DELETE FROM {table} WHERE id IN ({marks})", ids)


def _past_newest(rows: list[tuple[int, int, int, int]], kept: int) -> list[int]:
    """Of one session's rows `(id, first_at, last_at, count)`, the ids of those that hold
    none of its newest `kept` entries."""
    held = 0
    for _id, first_at, _last_at, count in sorted(rows, key=lambda row: row[1], reverse=True):
        held += count
        if held >= kept:
            # These rows hold `kept` entries, none older than `first_at`.
            return [row[0] for row in rows if row[2] < first_at]
    return []


def forget(guids: Collection[str]) -> None:
    """Delete the history of the sessions `guids`."""
    RequestBatch.objects.filter(challenger__in=list(guids)).delete()


def forget_deleted(
    sender: type[Challenger], instance: Challenger, using: str, **kwargs: Any
) -> None:
    """`post_delete` of a session: its history goes once the deletion is committed."""
    guid = instance.pk
    transaction.on_commit(lambda: forget((guid,)), using=using)


_writer = Writer()
os.register_at_fork(after_in_child=_writer.after_fork)


def flush() -> int:
    """Write this process's waiting entries now, as the writer thread does every batch
    (tests call it; with no thread nothing else does); how many were written."""
    return _writer.flush()


def discard() -> None:
    """Drop this process's waiting entries unwritten (tests)."""
    _buffer.clear()


# --------------------------------------------------------------------------- reading


class Recorded(NamedTuple):
    """One entry of a session's history, as stored."""

    id: int  # the row's id × ENTRY_IDS + the entry's place in it: the same on every read
    parts: list[Any]  # `EXCHANGE`, as stored (read it as data from a database)


ENTRY_IDS = 1000  # more than the entries a row holds (a batch writes KEPT a session)


def recent(guid: str, limit: int = KEPT) -> list[Recorded]:
    """Session `guid`'s newest entries, newest first. All of its rows are read: trimming
    keeps them few, and the rows of several processes may overlap in time."""
    shown = [
        Recorded(row_id * ENTRY_IDS + place, parts)
        for row_id, entries in RequestBatch.objects.filter(challenger=guid).values_list(
            "id", "entries"
        )
        if isinstance(entries, list)
        for place, parts in _with_answers(entries)
    ]
    shown.sort(key=lambda entry: (entry.parts[0], entry.id), reverse=True)
    return shown[:limit]


def _with_answers(entries: list[Any]) -> Iterator[tuple[int, list[Any]]]:
    """The well-formed entries of one row with their places, each response body given by
    the place of an earlier entry (`_with_answers_once`) read from there."""
    for place, parts in enumerate(entries):
        if not (
            isinstance(parts, list) and len(parts) == len(EXCHANGE) and isinstance(parts[0], int)
        ):
            continue
        answer = parts[_RESPONSE_BODY]
        if isinstance(answer, int):
            earlier = entries[answer] if 0 <= answer < place else None
            # A place that names no earlier entry of the row reads as no body.
            shown = earlier[_RESPONSE_BODY] if isinstance(earlier, list) and earlier else ""
            parts = parts.copy()
            parts[_RESPONSE_BODY] = shown if isinstance(shown, str) else ""
        yield place, parts


def version(guid: str) -> str:
    """Changes whenever session `guid`'s history does: for answering "not modified"."""
    seen = RequestBatch.objects.filter(challenger=guid).aggregate(n=Count("id"), top=Max("id"))
    return f"{seen['n']}-{seen['top'] or 0}"
