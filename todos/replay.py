"""Replays Django's answer to a repeated plain list read, checked against the database.

A class sends one request over and over: `GET /api/todos` with its session and the same
headers, while nothing changes. Everything Django's answer and challenge tracking depend
on is the request and the session's row: its todo list is the one of its `list_token`
(renewed by every write to the list, `todos.services`), tracking's rules are functions of
the request, the answer and that list (`challenges.rules` judge an `Exchange`, nothing
else), what they credit is decided against the row's progress, and the row's
`last_seen` says when activity is next recorded (once a minute). So this WSGI middleware,
in front of Django, keeps Django's last answer to each such request with the row it was
read from. When the same request comes again it reads the row (one statement); if it is
unchanged, and the minute is not up, Django would give the same answer and tracking would
do what it did then: nothing, since the row did not change while Django produced the
answer (a credit or a touch would have changed it). The stored bytes are then the answer.
Anything else goes to Django as usual.

"The same request" means the same method, path, query string (none), body (none), client
address and every header: a different `Accept`, `Host`, `Origin` or `X-Forwarded-Proto`
is another request with its own entry. Requests with a cookie are left to Django: its
session middleware answers from its own table. Only 200 answers are kept, and only from
a request's second sight: a request seen once (a client that adds a new id header to
each request never repeats one) goes to Django with no extra statement and keeps only
its hash.

Measured in issue 8 (docs/benchmark.md): Django's request cycle, even with the list
kept rendered (`todos.middleware`), was about two thirds of a list read on the server.
`tests/todos/test_replay.py` compares replayed and fresh answers byte for byte.
`APICHALLENGES_FAST_LANE = False` turns it off along with the fast lane.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.db import Error

from challenges.sessions import (
    SINGLE_PLAYER_GUID,
    TOUCH_INTERVAL,
    challenger_from_row,
    session_row,
)
from todos.kept import LastStored
from todos.middleware import plain_read

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Answer = tuple[str, list[tuple[str, str]], bytes]

# What identifies a request besides its headers (HTTP_*).
REQUEST_KEYS = (
    "REQUEST_METHOD",
    "SCRIPT_NAME",
    "PATH_INFO",
    "QUERY_STRING",
    "CONTENT_TYPE",
    "CONTENT_LENGTH",
    "SERVER_NAME",
    "SERVER_PORT",
    "SERVER_PROTOCOL",
    "REMOTE_ADDR",
    "wsgi.url_scheme",
)


def request_key(environ: dict[str, Any]) -> tuple:
    headers = sorted((k, v) for k, v in environ.items() if k.startswith("HTTP_"))
    return (*(environ.get(k) for k in REQUEST_KEYS), *headers)


def quiet_until(row: tuple) -> float:
    """Until when (`time.time()`) challenge tracking records no activity for the session in
    this row: a minute after its `last_seen`."""
    return (challenger_from_row(row).last_seen + TOUCH_INTERVAL).timestamp()


class Answers(LastStored[tuple, tuple[tuple, float, Answer]]):
    """Per process: Django's answers by request, each with the session row it was produced
    from and the time until which tracking records no activity (`quiet_until`); the
    `size` most recently stored are kept."""

    @staticmethod
    def still_holds(entry: tuple[tuple, float, Answer], row: tuple) -> Answer | None:
        """The entry's answer if it was produced from `row` and its time is not up."""
        kept_row, until, answer = entry
        return answer if kept_row == row and time.time() < until else None

    def put(self, key: tuple, row: tuple, until: float, answer: Answer) -> None:
        self.store(key, (row, until, answer))


class ReplayedLists:
    """WSGI middleware: replays stored answers to plain list reads while their session row
    is unchanged (module docstring); everything else goes to `app`."""

    def __init__(self, app: WsgiApp, size: int = 2000) -> None:
        self.app = app
        self.answers = Answers(size)
        # Hashes of requests seen once: an answer is kept from a request's second sight.
        self.seen: LastStored[int, bool] = LastStored(4 * size)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if not (settings.APICHALLENGES_FAST_LANE and plain_read(environ)):
            return self.app(environ, start_response)
        if settings.APICHALLENGES_MODE == "single":
            guid = SINGLE_PLAYER_GUID
        else:
            guid = environ.get("HTTP_X_CHALLENGER", "")
            if not guid.strip():
                return self.app(environ, start_response)
        key = request_key(environ)
        entry = self.answers.lookup(key)
        if entry is None and not self.seen_before(key):
            # A request seen for the first time (or one that never repeats: Postman adds a
            # new `Postman-Token` to each) costs nothing more than Django's answer.
            return self.app(environ, start_response)
        try:
            row = session_row(guid)
        except Error:
            return self.app(environ, start_response)  # Django's request cycle recovers
        if entry is not None and row is not None:
            answer = self.answers.still_holds(entry, row)
            if answer is not None:
                status, headers, body = answer
                start_response(status, list(headers))  # a server may add to the list
                return [body]
        return self.answer_and_keep(environ, start_response, guid, key, row)

    def seen_before(self, key: tuple) -> bool:
        """True from the second time a request is seen; remembers it the first time."""
        digest = hash(key)
        if self.seen.lookup(digest):
            return True
        self.seen.store(digest, True)
        return False

    def answer_and_keep(
        self,
        environ: dict[str, Any],
        start_response: Callable[..., Any],
        guid: str,
        key: tuple,
        before: tuple | None,
    ) -> Iterable[bytes]:
        """Django's answer; stored when nothing changed the row while it was produced."""
        started: list[Any] = []

        def keep_start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            started[:] = [status, list(headers)]  # before the server adds to the list
            return start_response(status, headers, exc_info)

        result = self.app(environ, keep_start)
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished
        if before is not None and started and started[0].startswith("200 "):
            try:
                after = session_row(guid)
            except Error:
                after = None
            if after == before and time.time() < (until := quiet_until(after)):
                self.answers.put(key, after, until, (started[0], started[1], body))
        return [body]
