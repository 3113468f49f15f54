"""Each session's request history: what the server received from it and answered.

Writing stays off the request's path. `record` copies what an entry needs (the request's
header values as the environ holds them, the first 2 KB of each body as text) into a plain
tuple (`Entry`) and appends it to this process's buffer; nothing is cut, serialised or
written there. The buffer holds at most `BUFFER_LIMIT` entries and `BUFFER_BYTES` of their
texts (10 MB): past either, under a load the writer cannot keep up with, new entries are
dropped and counted, and the writer logs how many. A thread of each serving process
(`Writer`) writes the buffer every `APICHALLENGES_HISTORY_BATCH_SECONDS` in one
transaction: a row for each session (its newest entries of the batch, at most `KEPT` and
`SESSION_BYTES`, as one JSON array, older ones would be trimmed at once; a response body
that repeats an earlier one of the row is stored as that entry's place), built before the
transaction, with one COPY on PostgreSQL and INSERTs of many rows on SQLite. Each row
records its size in bytes. The writer then trims each session it has written `TRIM_EVERY`
entries or `TRIM_BYTES` for since it last did, deleting the rows that hold none of its
newest `KEPT` entries and none of its newest `SESSION_BYTES` (the database is the only
shared state, so several processes and hosts each trim what they wrote). A session thus
holds its newest rows up to `KEPT` entries and `SESSION_BYTES` (512 KB), the rest of the
row where that bound falls, and what the processes writing for it wrote since their last
trim; readers show the newest `KEPT`. The writer also runs when the process exits
(`atexit`, and multiprocessing's exit hook, which is what a server's worker processes
run), trimming everything it wrote. A process that dies without exiting (SIGKILL, power
loss) loses what was still in its buffer: at most the last batch.

The whole history is capped at `APICHALLENGES_HISTORY_MAX_MB` of stored entries (the rows'
sizes; 0: no cap). Each process adds up the bytes it writes and, once they reach a 64th
of the cap, sums the real total (one `SUM` over the rows' sizes); past the cap it deletes
the oldest rows (by id, the order they were written in) down to 90 % of it, never a row as
new as the batch it has just written. A session still being used thus keeps its latest
requests; sessions idle longest lose theirs first. The database holds somewhat more than
the entries' bytes: PostgreSQL about as much, the SQLite file up to half as much again
(rows of one large entry each, two to a page), twice at worst (rows just over half a
page, one to a page).

What an entry keeps, each cut where it is longer (a cut text ends with "…"; bodies are
cut silently):
- the method, `METHOD_LIMIT` (32) characters; the path with its query, `PATH_LIMIT` (1,024);
- the headers in the order received, each value `HEADER_VALUE_LIMIT` (1,000) characters,
  all names and values together `HEADERS_LIMIT` (2,048): the header in which that budget
  runs out is cut there and those after it are left out;
- the first `BODY_LIMIT` (2,048) bytes of the request's body and of the response's;
- and, whatever the characters (JSON writes a control character in 6 bytes), at most
  `ENTRY_LIMIT` (8,000) bytes of JSON: past it the longer body, then the last headers,
  give way (`_fitted`).
So a thousand of the largest requests a client can send (30 headers of 1,000 characters, a
2 KB path, a 4.9 KB body) take about 8 MB of the SQLite history file, where a row of one
entry takes half a 16 KB page, and 6.5 MB of PostgreSQL's table.

A history shows what the student's own client sent, never the site's cookies (an
instructor logged in to the admin who tries the student's API docs sends them too): the
`Cookie` header is kept as its cookie names only, "csrftoken; X-CHALLENGER", its values
dropped in `record`, before anything is buffered; and a request that carries the admin's
login (the `SESSION_COOKIE_NAME` cookie) is not recorded at all. Only the admin login makes
a Django session here (the student's pages keep their session's GUID in a cookie of their
own), so that cookie marks an instructor's browser; checking whether its session is still
logged in would cost the API request a database read, and tell whoever sends a guessed
key whether it is one. `Authorization` and `X-AUTH-TOKEN` stay as sent: they are the
practice API's credentials, the lesson; the admin's view masks them
(`challenges.request_history`).

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
from django.http.cookie import parse_cookie
from django.utils.encoding import escape_uri_path, iri_to_uri

from challengers.models import Challenger, RequestBatch
from challengers.routers import history_database
from practiceapi.protocol.environ import header_name

logger = logging.getLogger(__name__)

KEPT = 100  # entries shown and kept per session
# Bytes of entries kept per session besides: a hundred of the largest a class sends (a
# list's 2 KB answer each, in rows of one) fit, a hundred hostile ones do not.
SESSION_BYTES = 512 * 1024
TRIM_EVERY = 25  # entries a process writes for a session before it trims that session
TRIM_BYTES = SESSION_BYTES // 4  # or bytes it writes for the session
BODY_LIMIT = 2048  # bytes of each body kept
PATH_LIMIT = 1024  # characters of the path with its query kept
METHOD_LIMIT = 32  # characters of the method kept
HEADER_VALUE_LIMIT = 1000  # characters of each header value kept
# Characters of all header names and values kept together: twice what a browser sends.
HEADERS_LIMIT = 2048
# Bytes of an entry's JSON, whatever its characters: about what the limits above let
# through as plain text, and small enough that two rows of one entry share a page of the
# SQLite history file (16 KB), where one a little larger would have a page to itself.
ENTRY_LIMIT = 8000
# Entries waiting in one process, and bytes of their texts; past either new ones are
# dropped (and counted). At about 2 KB an entry, three seconds of a worker's busiest
# classroom load.
BUFFER_LIMIT = 5_000
BUFFER_BYTES = 10 * 1024 * 1024
# Past the cap the oldest rows are deleted down to this share of it, so that the next
# batches do not each delete again.
CAP_LOW_WATER = 0.9
CAP_CHECKS = 64  # the real total is summed each time a process has written cap / this
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
    tuple[str, ...],  # their values as the environ holds them, uncut (see `_header_values`),
    # the Cookie header's as its cookie names (`_cookie_names`)
    str,  # the request body's first BODY_LIMIT bytes, decoded
    int,  # the status
    str,  # the response body's likewise
    tuple[str, ...],  # challenge keys completed
    tuple[tuple[str, str], ...],  # (challenge key, reason) nearly completed
    int,  # characters of the header names and values (what `HEADERS_LIMIT` counts)
]
# The places of an `Entry` that the writer reads on their own.
GUID: Final = 0
AT: Final = 1
ANSWER: Final = 9


# --------------------------------------------------------------------------- recording

_buffer: deque[Entry] = deque()
_buffered = [0]  # bytes of the texts of the entries in `_buffer` (`record` adds them up)
_buffer_lock = threading.Lock()  # the buffer and its bytes change together
_dropped = [0]  # entries not buffered since the writer last looked (the buffer was full)
_clock = time.time  # when a request was answered


def record(
    guid: str,
    request: HttpRequest,
    response: HttpResponse,
    completed: Iterable[str] = (),
    near_misses: Iterable[tuple[str, str]] = (),
) -> None:
    """Add one answered request to session `guid`'s history (written by the next batch);
    one sent with the admin's login is not added."""
    if len(_buffer) >= BUFFER_LIMIT or _buffered[0] >= BUFFER_BYTES:
        _dropped[0] += 1
        return
    meta = request.META
    # The headers are picked out here, while the environ is in the CPU's caches: the
    # writer, up to a second later, took longer over them than over the rest of an entry.
    names, values, cookie_at, names_length = _header_values(meta)
    if cookie_at >= 0 and values[cookie_at]:
        sent = _cookie_names(values[cookie_at])
        if sent is None:
            return
        values = (*values[:cookie_at], sent, *values[cookie_at + 1 :])
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
    path, query = request.path, meta.get("QUERY_STRING", "")
    headers_length = names_length + sum(map(len, values))
    # What the entry's texts hold, near enough what it keeps in memory.
    size = headers_length + len(path) + len(query) + len(body) + len(answer)
    entry = (
        guid,
        _clock(),
        method,
        path,
        query,
        names,
        values,
        body,
        response.status_code,
        answer,
        tuple(completed),
        tuple(near_misses),
        headers_length,
    )
    with _buffer_lock:
        _buffer.append(entry)
        _buffered[0] += size
    if not _writer.started:
        _writer.start()


def _cookie_names(header: str) -> str | None:
    """A `Cookie` header as recorded: its cookies' names, "csrftoken; X-CHALLENGER", their
    values dropped (a value with no name, which a browser may send, is dropped whole); None
    when it carries the admin's login (`SESSION_COOKIE_NAME`), whose request is not
    recorded at all. Read as the site reads cookies (Django's `parse_cookie`)."""
    cookies = parse_cookie(header)
    if cookies.get(settings.SESSION_COOKIE_NAME):
        return None
    return "; ".join(name for name in cookies if name)


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
# The plan also says where the Cookie header is among them (-1: none), so that only a
# request that sends cookies pays for reading them, and the names' length.
Plan = tuple[tuple[str, ...], Callable[[dict[str, Any]], tuple[str, ...]], int, int]
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
    cookie_at = next((at for at, (key, _name) in enumerate(picked) if key == "HTTP_COOKIE"), -1)
    plan = _plans[keys] = (names, getter, cookie_at, sum(map(len, names)))
    return plan


def _header_values(
    environ: dict[str, Any],
) -> tuple[tuple[str, ...], tuple[str, ...], int, int]:
    """The request's header names and values in the environ's order (the order received),
    each value as the environ holds it (the client's bytes as latin-1 text: `as_sent` reads
    it back), the place of the Cookie header among them (-1: none) and the names' length.
    Nothing is cut or decoded here, on every request: the writer cuts (`_headers`), the
    reader decodes."""
    keys = tuple(environ)
    plan = _plans.get(keys)
    if plan is None:
        plan = _plan(keys)
    names, values, cookie_at, names_length = plan
    return names, values(environ), cookie_at, names_length


def _headers(names: tuple[str, ...], values: tuple[str, ...], length: int) -> list[tuple[str, str]]:
    """An entry's headers as stored: (name, value) pairs without the empty values, each
    value cut at `HEADER_VALUE_LIMIT`, and all of them within `HEADERS_LIMIT` characters
    (`_within_budget`; `length`: theirs as sent, so that nearly every request's are not
    walked). (`_cut`'s condition is written out here: a call for each header took as long
    as the rest of an entry's headers.)"""
    limit = HEADER_VALUE_LIMIT
    kept = [
        (name, value if len(value) <= limit else value[:limit] + CUT)
        for name, value in zip(names, values, strict=True)
        if value
    ]
    return kept if length <= HEADERS_LIMIT else _within_budget(kept)


def _within_budget(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`headers` in their order until their names and values make `HEADERS_LIMIT`
    characters: the one in which the budget runs out cut there (its value ending with the
    cut's mark; left out if it runs out in its name), those after it left out."""
    room = HEADERS_LIMIT
    for place, (name, value) in enumerate(headers):
        room -= len(name) + len(value)
        if room < 0:
            kept = headers[:place]
            fits = len(value) + room - len(CUT)  # of its value, beside its name and the mark
            if fits >= 0:
                kept.append((name, value[:fits].removesuffix(CUT) + CUT))
            return kept
    return headers


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
    """An entry as one item of `RequestBatch.entries` (`EXCHANGE`), as JSON, its response
    body given as `answer`; longer than `ENTRY_LIMIT` only where `_fitted` must shorten
    it. Serialised one at a time: the containers built for it are freed at once, so a
    batch of a thousand entries leaves the collector nothing to move up while it is
    written."""
    (_guid, at, method, path, query, names, values, body, status, _answer, done, near, length) = (
        entry
    )
    stored = (
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


_REQUEST_BODY = EXCHANGE.index("request_body")
_HEADERS = EXCHANGE.index("headers")


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
            for place in (_REQUEST_BODY, _RESPONSE_BODY)
            if isinstance(stored[place], str) and stored[place]
        ]
        if bodies:
            longer = max(bodies, key=lambda place: len(stored[place]))
            body = stored[longer]
            # As many characters as make the excess at the body's bytes per character,
            # and one at least: the loop goes on where its characters differ in size.
            written = len(orjson.dumps(body)) - 2
            stored[longer] = body[: len(body) - max(-(-excess * len(body) // written), 1)]
        elif stored[_HEADERS]:
            headers = stored[_HEADERS]
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
    with _buffer_lock:
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
        global _buffer_lock
        self.started = False
        self.lock = threading.Lock()
        self.unchecked = {}
        self.unmeasured, self.measured = 0, False
        _buffer_lock = threading.Lock()
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
    _taken()


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
