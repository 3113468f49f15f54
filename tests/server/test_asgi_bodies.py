"""The production entry point (practiceapi/server/asgi.py): ASGI in, WSGI out, bodies buffered.

Unit tests with a tiny WSGI application that echoes what it was given; the behaviour
through the real server (408 for a late body, no stall with forty of them, 400 for a
half-closed one) is in tests/reliability/test_hostile_bodies.py.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import orjson
import pytest

from practiceapi.server import asgi

T = TypeVar("T")


def echo_app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    """Answers with the environ keys a WSGI server sets and the body it could read."""
    try:
        body = environ["wsgi.input"].read()
        status, read = "200 OK", body.decode("latin-1")
    except OSError as exc:
        status, read = "408 Request Timeout", type(exc).__name__
    shown = {k: v for k, v in environ.items() if isinstance(v, str)}
    start_response(status, [("Content-Type", "application/json"), ("X-Two", "a")])
    return [orjson.dumps({"environ": shown, "body": read})]


def scope(headers: list[tuple[bytes, bytes]], *, query: bytes = b"") -> dict[str, Any]:
    return {
        "type": "http",
        "method": "POST",
        "path": "/api/todos/é",
        "query_string": query,
        "headers": headers,
        "server": ("127.0.0.1", 4567),
        "client": ("10.0.0.7", 50000),
        "http_version": "1.1",
        "scheme": "http",
    }


def run_apart(app: asgi.BufferedBodies, work: Coroutine[Any, Any, T]) -> T:
    """`work` on an event loop in a thread of its own, then `app`'s threads closed.

    A thread of its own: another test's client (Playwright's sync API) may leave an event
    loop running in this one, and asyncio.run() refuses to nest."""
    try:
        with ThreadPoolExecutor(max_workers=1) as thread:
            return thread.submit(asyncio.run, work).result()
    finally:
        app.close()


def call(scope: dict[str, Any], messages: list[dict[str, Any]], *, hang: bool = False) -> dict:
    """Run the bridge around `echo_app`; the client sends `messages`, then hangs or leaves."""
    app = asgi.BufferedBodies(echo_app, threads=1)
    pending = list(messages)
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if pending:
            return pending.pop(0)
        if hang:
            await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    run_apart(app, app(scope, receive, send))
    start, body = sent
    return {"status": start["status"], "headers": start["headers"], **orjson.loads(body["body"])}


def test_the_environ_is_what_a_wsgi_server_passes() -> None:
    answer = call(
        scope(
            [
                (b"content-type", b"application/json"),
                (b"x-challenger", b"abc"),
                (b"accept", b"application/xml"),
                (b"accept", b"application/json"),
                (b"x_challenger", b"spoofed"),
                (b"cookie", b"a=1"),
                (b"cookie", b"b=2"),
            ],
            query=b"title=caf\xc3\xa9&x=\xff",
        ),
        [],
    )
    environ = answer["environ"]
    assert environ["REQUEST_METHOD"] == "POST"
    assert environ["PATH_INFO"] == "/api/todos/é".encode().decode("latin-1")
    assert environ["QUERY_STRING"] == "title=caf\xc3\xa9&x=\xff"
    assert environ["CONTENT_TYPE"] == "application/json"
    assert environ["HTTP_X_CHALLENGER"] == "abc"
    assert environ["HTTP_ACCEPT"] == "application/xml,application/json"
    assert environ["HTTP_COOKIE"] == "a=1; b=2"
    assert (environ["SERVER_NAME"], environ["SERVER_PORT"]) == ("127.0.0.1", "4567")
    assert environ["REMOTE_ADDR"] == "10.0.0.7"


def test_the_answer_keeps_status_and_headers() -> None:
    answer = call(scope([]), [])
    assert answer["status"] == 200
    assert (b"X-Two", b"a") in answer["headers"]


def test_a_body_sent_in_pieces_reaches_the_application_whole() -> None:
    pieces = [
        {"type": "http.request", "body": b'{"title":', "more_body": True},
        {"type": "http.request", "body": b'"ok"}', "more_body": False},
    ]
    answer = call(scope([(b"content-length", b"14")]), pieces)
    assert answer["body"] == '{"title":"ok"}'


def test_a_body_the_client_stops_sending_reaches_the_application_short() -> None:
    piece = {"type": "http.request", "body": b'{"title"', "more_body": True}
    answer = call(scope([(b"content-length", b"100")]), [piece])
    assert answer["body"] == '{"title"'


def test_a_body_that_misses_its_deadline_cannot_be_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(asgi, "BODY_DEADLINE_S", 0.05)
    piece = {"type": "http.request", "body": b'{"title"', "more_body": True}
    answer = call(scope([(b"content-length", b"100")]), [piece], hang=True)
    assert (answer["status"], answer["body"]) == (408, "TimeoutError")


def test_a_body_over_the_limit_is_not_waited_for() -> None:
    # ProtocolMiddleware refuses it from its Content-Length without reading it.
    answer = call(scope([(b"content-length", b"1000001")]), [], hang=True)
    assert answer["body"] == ""


def test_the_deadline_grows_with_the_announced_length() -> None:
    assert asgi.body_deadline(100) == pytest.approx(2.001)
    assert asgi.body_deadline(1_000_000) == pytest.approx(12.0)


def test_an_application_error_reaches_the_server_and_the_next_request_is_answered() -> None:
    # granian answers 500 and logs what the application raised, as in its WSGI mode; the
    # one Django thread must not die with it.
    failures = iter([RuntimeError("boom")])

    def failing_once(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        return echo_app(environ, start_response)

    app = asgi.BufferedBodies(failing_once, threads=1)
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def two_requests() -> str:
        raised = "nothing raised"
        try:
            await app(scope([]), receive, send)
        except RuntimeError as exc:
            raised = str(exc)
        await app(scope([]), receive, send)
        return raised

    raised = run_apart(app, two_requests())
    assert (raised, sent[0]["status"]) == ("boom", 200)


def test_a_student_request_is_answered_while_an_instructor_page_is_being_built() -> None:
    # One Django thread, as a SQLite worker has: an admin page that takes its time (a
    # class page of thousands of rows) must not hold the students' requests behind it.
    building = threading.Event()
    release = threading.Event()

    def slow_admin(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        if environ["PATH_INFO"].startswith("/admin/"):
            building.set()
            release.wait(10)
        return echo_app(environ, start_response)

    app = asgi.BufferedBodies(slow_admin, threads=1)
    answered: list[str] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    def request(path: str) -> Coroutine[Any, Any, None]:
        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answered.append(path)

        return app({**scope([]), "method": "GET", "path": path}, receive, send)

    async def class_page_then_api_read() -> list[str]:
        page = asyncio.ensure_future(request("/admin/challengers/cohort/1/progress/live.json"))
        await asyncio.to_thread(building.wait, 10)
        try:
            async with asyncio.timeout(5):
                await request("/api/todos")
            return list(answered)
        finally:
            release.set()
            await page

    assert run_apart(app, class_page_then_api_read()) == ["/api/todos"]
