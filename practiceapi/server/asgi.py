"""The production entry point: granian's ASGI interface in front of Django's WSGI application.

Why not granian's WSGI interface: it hands a WSGI application the request body unread, and
reading it blocks a Python thread until the bytes arrive, with no time limit. A client that
announces `Content-Length: 100` and sends 15 bytes (a typo in a hand-made request is
enough) holds a thread for as long as it keeps the connection open; four of them held
every thread of `make run` and froze the server for the whole class.

Here the body is collected on the event loop, where a waiting client costs a coroutine and
not a thread, within a deadline that grows with the announced length. Only then does the
request reach Django, in a pool of `APICHALLENGES_THREADS` threads per worker process, as
granian's WSGI mode would run it, and the instructors' pages (the admin) in a thread of
their own, so that building a large class's page never holds a student's request. A body
that misses its deadline reads as an OSError, which Django raises as UnreadablePostError
and ProtocolMiddleware answers with
`408 Request body not received in time`; a client that stops sending and half-closes gets
the 400 for an incomplete body, as before.

The hand-over between the loop and the Django threads is what this front costs over
granian's WSGI interface: both threads, and granian's own, take turns at the interpreter on
every request. With each worker's threads kept on one CPU (practiceapi/server/cpus.py, which
`make run` asks for with `APICHALLENGES_PIN_WORKER=1`) the front costs 6 % more CPU per
request of the classroom mix than the WSGI interface on SQLite and 20 % more on
PostgreSQL, a quarter more on plain reads (docs/benchmark.md, "What each server piece
buys"): the price of bodies that cannot hold a thread. Django run on the loop itself,
without the hand-over, was no cheaper, and slower on writes.
asgiref's `WsgiToAsgi` would collect the body too, but with no deadline, which is what
this front is for. Responses are sent in one piece: the API never streams, and static
files are small.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from queue import SimpleQueue
from threading import Thread
from typing import Any

from django.conf import settings
from django.http.request import HttpHeaders
from django.urls import reverse

from practiceapi.server import cpus
from practiceapi.server.wsgi import application as django_application

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Answer = tuple[int, list[tuple[str, str]], bytes]  # status, headers, body
Job = tuple[dict[str, Any], "asyncio.Future[Answer]"]

# A body must arrive within 2 s, plus 1 s per 100 KB announced (1 MB: 12 s).
BODY_DEADLINE_S = 2.0
BODY_BYTES_PER_EXTRA_SECOND = 100_000
# Pause after each late body's answer (below, BufferedBodies.late).
LATE_PAUSE_S = 0.001


def body_deadline(length: int) -> float:
    """Seconds a client gets to send a body of `length` bytes."""
    return BODY_DEADLINE_S + length / BODY_BYTES_PER_EXTRA_SECOND


class LateBody(io.RawIOBase):
    """`wsgi.input` of a request whose body missed its deadline: every read fails."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise TimeoutError("request body not received in time")


async def read_body(receive: Receive, length: int) -> bytes:
    """Up to `length` bytes of body; fewer when the client stops sending (half-close)."""
    parts: list[bytes] = []
    received = 0
    while received < length:
        message = await receive()
        if message["type"] != "http.request":  # http.disconnect
            break
        chunk = message.get("body", b"")
        parts.append(chunk)
        received += len(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(parts)


def wsgi_environ(scope: Scope, body: io.RawIOBase | io.BytesIO) -> dict[str, Any]:
    """The WSGI environ (PEP 3333) of an ASGI HTTP scope."""
    server_name, server_port = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode("utf-8").decode("latin-1"),
        "PATH_INFO": scope["path"].encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope["query_string"].decode("latin-1"),
        "SERVER_NAME": server_name,
        "SERVER_PORT": str(server_port),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": client[0],
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope["headers"]:
        if b"_" in raw_name:
            # `X_CHALLENGER` would land on the key of `X-CHALLENGER`: dropped, as nginx and
            # Django's own server drop such names.
            continue
        key = HttpHeaders.to_wsgi_name(raw_name.decode("latin-1"))
        value = raw_value.decode("latin-1")
        if key in environ:
            # Repeated fields are one comma-separated field (RFC 9110 §5.3); cookies are
            # joined the way a single Cookie header lists them.
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ


def run_wsgi(app: WsgiApp, environ: dict[str, Any]) -> Answer:
    """Call the WSGI application; its status, headers and whole body."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        started[:] = [int(status.split(" ", 1)[0]), headers]
        return lambda data: None  # the legacy write() callable; Django never uses it

    result = app(environ, start_response)
    try:
        content = b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()  # a page's answer: Django's request_finished (connection upkeep)
    return started[0], started[1], content


class DjangoThreads:
    """`count` threads that answer requests handed over by the event loop, in turn.

    Each request crosses once each way: the loop puts it on a queue, a thread answers it
    and settles the loop's future. (concurrent.futures' pool crosses the same way with
    more objects per request: a work item, a future of its own chained to the loop's.)
    `pause`: seconds each thread rests after each answer. The threads are daemons, as
    nothing else ends them: granian's shutdown waits for the answers in flight.
    """

    def __init__(self, app: WsgiApp, count: int, name: str, pause: float = 0.0) -> None:
        self.app, self.count, self.name, self.pause = app, count, name, pause
        self.jobs: SimpleQueue[Job | None] = SimpleQueue()
        self.threads: list[Thread] = []
        self.closed = False

    def answer(self, environ: dict[str, Any]) -> asyncio.Future[Answer]:
        if self.closed:
            raise RuntimeError(f"{self.name} threads are closed")
        if not self.threads:  # started by the first request: importing starts nothing
            self.threads = [
                Thread(target=self._serve, name=f"{self.name}-{n}", daemon=True)
                for n in range(self.count)
            ]
            for thread in self.threads:
                thread.start()
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self.jobs.put((environ, future))
        return future

    def close(self) -> None:
        """Let the threads end once the requests already handed over are answered."""
        self.closed = True
        for _ in self.threads:
            self.jobs.put(None)

    def _serve(self) -> None:
        while (job := self.jobs.get()) is not None:
            environ, future = job
            if future.cancelled():
                continue
            try:
                outcome: Answer | BaseException = run_wsgi(self.app, environ)
            except BaseException as exc:  # granian answers 500 and logs it, as in WSGI mode
                outcome = exc
            # A closed loop (the worker is stopping) has no one left to answer: carry on.
            with contextlib.suppress(RuntimeError):
                future.get_loop().call_soon_threadsafe(_settle, future, outcome)
            if self.pause:
                time.sleep(self.pause)


def _settle(future: asyncio.Future[Answer], outcome: Answer | BaseException) -> None:
    if future.cancelled():
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


class BufferedBodies:
    """ASGI application running a WSGI application once the request body is in (or late)."""

    def __init__(self, app: WsgiApp, threads: int) -> None:
        self.django = DjangoThreads(app, threads, "django")
        # Requests whose body missed its deadline only get their 408 from Django. When many
        # slow clients time out together (their deadlines fall in the same second) they must
        # not queue in front of everyone else's requests, nor hold the interpreter: they run
        # one at a time on a thread of their own, each followed by a pause that lets the
        # other threads take the interpreter (docs/benchmark.md, "Slow clients").
        self.late = DjangoThreads(app, 1, "django-late", pause=LATE_PAUSE_S)
        # The instructors' pages (the admin) answer on a thread of their own. The live
        # class page of a large class takes tens of milliseconds of Python to build (a
        # class of 2,000: 40-60 ms, more on a busy machine), a CSV or a long change list
        # more; on the one Django thread a SQLite worker has, every student's request
        # behind it would wait that long. On a thread of its own it shares the interpreter
        # with the students' threads instead, a few milliseconds at a time.
        self.staff = DjangoThreads(app, 1, "django-staff")
        self.staff_prefix = reverse("admin:index")
        # Larger bodies are refused from their Content-Length by ProtocolMiddleware before
        # anything reads them: no need to wait for them.
        self.max_body = settings.MAX_REQUEST_BODY_BYTES

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # granian's `asginl` sends no lifespan events; websockets are off
        body: io.RawIOBase | io.BytesIO = io.BytesIO()
        length = _content_length(scope)
        if 0 < length <= self.max_body:
            try:
                async with asyncio.timeout(body_deadline(length)):
                    body = io.BytesIO(await read_body(receive, length))
            except TimeoutError:
                body = LateBody()
        if isinstance(body, LateBody):
            threads = self.late
        elif scope["path"].startswith(self.staff_prefix):
            threads = self.staff
        else:
            threads = self.django
        status, headers, content = await threads.answer(wsgi_environ(scope, body))
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers],
            }
        )
        await send({"type": "http.response.body", "body": content})

    def close(self) -> None:
        self.django.close()
        self.late.close()
        self.staff.close()


def _content_length(scope: Scope) -> int:
    for name, value in scope["headers"]:
        if name == b"content-length":
            # A length the server would never accept needs no exact value: any text
            # beyond 18 digits is counted as too large rather than read.
            if not value.isdigit():
                return 0
            return int(value) if len(value) <= 18 else 10**18
    return 0


if os.environ.get("APICHALLENGES_PIN_WORKER") == "1":
    cpus.pin_worker()  # before this worker starts its Django threads: they inherit it

application = BufferedBodies(
    django_application, threads=int(os.environ.get("APICHALLENGES_THREADS", "2"))
)
