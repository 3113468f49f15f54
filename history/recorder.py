"""Recording, on the request's path: `record` copies what an entry needs into a plain
tuple (`history.entries.Entry`) and appends it to this process's buffer, which
`history.writer` empties. What an entry keeps and why is told in the package's docstring
(`history/__init__.py`)."""

from __future__ import annotations

import contextlib
import logging
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.cookie import parse_cookie
from django.utils.encoding import escape_uri_path, iri_to_uri

from history.entries import Entry
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


# `record` builds an entry's in-memory form, `Entry`: a plain tuple, for the garbage
# collector's sake (`history.entries` tells why, beside the entry's stored and read forms).

# --------------------------------------------------------------------------- recording

_buffer: deque[Entry] = deque()
_buffered = [0]  # bytes of the texts of the entries in `_buffer` (`record` adds them up)
_buffer_lock = threading.Lock()  # the buffer and its bytes change together
# This process's writer starts with its first entry. `history.writer`, which empties the
# buffer and sits above this module, puts its start here when it is imported (the app's
# ready()) and clears the flag in a forked child.
_writer_started = [False]
_start_writer: list[Callable[[], None]] = [lambda: None]
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
    if not _writer_started[0]:
        _writer_started[0] = True
        _start_writer[0]()


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
