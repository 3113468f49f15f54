"""GET /api/todos replayed in front of Django (todos/replay.py): a repeated plain list read
is answered with Django's own earlier answer while the session's row is unchanged, and
goes to Django whenever anything the answer or challenge tracking depends on moved.

Requests are sent to the WSGI application as a server sends them. A counter around
Django's application shows which ones reached it.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from datetime import timedelta
from typing import Any
from wsgiref.util import setup_testing_defaults

import pytest
from django.core import signals
from django.db import close_old_connections, connection, connections
from django.http.request import HttpHeaders
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from challenges.models import Challenger
from practiceapi.wsgi import django_application
from todos import replay
from todos.replay import ReplayedLists
from todos.services import amend_todo

Answer = tuple[str, list[tuple[str, str]], bytes]


def environ(
    guid: str | None,
    path: str = "/api/todos",
    headers: dict[str, str] | None = None,
    *,
    method: str = "GET",
    query: str = "",
    body: bytes = b"",
) -> dict[str, Any]:
    env: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.input": io.BytesIO(body),
    }
    setup_testing_defaults(env)  # the rest of a server's environ
    if body:
        env["CONTENT_LENGTH"] = str(len(body))
        env["CONTENT_TYPE"] = "application/json"
    if guid is not None:
        env["HTTP_X_CHALLENGER"] = guid
    for name, value in (headers or {}).items():
        env[HttpHeaders.to_wsgi_name(name)] = value
    return env


def call(
    app: Callable[..., Iterable[bytes]],
    env: dict[str, Any],
    server_start: Callable[[str, list[tuple[str, str]]], None] | None = None,
) -> Answer:
    """The answer of a WSGI application (`server_start` sees `start_response`'s arguments as
    a server would). As in Django's test client, the request does not close the database
    connection at its start and end, which would end the test's transaction."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        if server_start is not None:
            server_start(status, headers)
        started[:] = [status, list(headers)]

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        result = app(env, start_response)
        try:
            body = b"".join(result)
        finally:
            getattr(result, "close", lambda: None)()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    return started[0], started[1], body


class CountingDjango:
    """Django's WSGI application, counting the requests that reach it."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, env: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        self.calls += 1
        return django_application(env, start_response)


@pytest.fixture(scope="module", autouse=True)
def close_connections_afterwards() -> Iterator[None]:
    """`call()` keeps Django's handler from closing connections; close them once this
    module is done, as the end of a request would have, so that none outlives the test
    database."""
    yield
    connections.close_all()


@pytest.fixture
def django_app() -> CountingDjango:
    return CountingDjango()


@pytest.fixture
def lane(django_app: CountingDjango) -> ReplayedLists:
    return ReplayedLists(django_app)


def settle(lane: ReplayedLists, env_factory: Callable[[], dict[str, Any]]) -> Answer:
    """Send a request until its answer is stored: the first read credits GET /api/todos
    (the row changes), the second is stored."""
    call(lane, env_factory())
    return call(lane, env_factory())


@pytest.mark.parametrize("player", ["multi", "single"])
def test_a_repeated_read_is_replayed_byte_for_byte(lane, django_app, request, settings, player):
    if player == "single":  # the one session of single-player mode, no header
        settings.APICHALLENGES_MODE = "single"
        request.getfixturevalue("db")
        guid = None
    else:
        guid = request.getfixturevalue("guid")
    settle(lane, lambda: environ(guid))
    reached = django_app.calls

    replayed = call(lane, environ(guid))

    assert django_app.calls == reached
    assert replayed == call(django_application, environ(guid))


def test_the_first_read_still_completes_its_challenge(lane, guid):
    call(lane, environ(guid))

    assert "GET_TODOS" in Challenger.objects.get(pk=guid).progress


def test_an_amended_todo_is_listed_at_once(lane, django_app, guid):
    settle(lane, lambda: environ(guid))
    amend = environ(guid, "/api/todos/1", method="POST", body=b'{"title":"written after"}')
    assert call(lane, amend)[0].startswith("200")
    reached = django_app.calls

    status, _, body = call(lane, environ(guid))

    assert django_app.calls == reached + 1
    assert status.startswith("200") and b"written after" in body


def test_a_todo_changed_by_another_process_is_seen_at_once(lane, client: Client, guid):
    settle(lane, lambda: environ(guid))
    # Another server process (here the test client) amends todo 1 in the shared database.
    amended = client.post(
        "/api/todos/1",
        data={"title": "amended elsewhere"},
        content_type="application/json",
        headers={"X-CHALLENGER": guid},
    )
    assert amended.status_code == 200

    _, _, body = call(lane, environ(guid))

    assert b"amended elsewhere" in body


def test_an_answer_raced_by_a_write_is_not_kept(django_app, guid):
    def answer_then_write(env: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Django answers; once armed, another process then amends todo 1 before the row
        is read again."""
        answer = django_app(env, start_response)
        if armed and env["REQUEST_METHOD"] == "GET":
            armed.clear()
            amend_todo(Challenger.objects.get(pk=guid), 1, lambda row: {**row, "title": "raced"})
        return answer

    armed: list[bool] = []
    lane = ReplayedLists(answer_then_write)
    call(lane, environ(guid))  # first sight: GET_TODOS credited, nothing kept
    armed.append(True)
    call(lane, environ(guid))  # second sight: answered before the amendment

    _, _, body = call(lane, environ(guid))

    assert b"raced" in body


def test_only_200_answers_are_kept(guid):
    failures = []

    def failing_twice(env: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if len(failures) < 2:  # e.g. a database that was briefly unreachable
            failures.append(True)
            start_response("500 Internal Server Error", [("Content-Type", "text/plain")])
            return [b"boom"]
        return django_application(env, start_response)

    lane = ReplayedLists(failing_twice)
    call(lane, environ(guid))
    call(lane, environ(guid))

    status, _, _ = call(lane, environ(guid))

    assert status.startswith("200")


def test_a_server_adding_headers_does_not_change_the_kept_answer(lane, guid):
    def server_start(status: str, headers: list[tuple[str, str]]) -> None:
        headers.append(("Connection", "close"))  # as wsgiref's server does

    answers = [call(lane, environ(guid), server_start) for _ in range(4)]

    assert [headers.count(("Connection", "close")) for _, headers, _ in answers] == [1] * 4


def test_a_request_to_another_host_is_another_request(lane, django_app, guid, settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    settle(lane, lambda: environ(guid))
    reached = django_app.calls

    status, _, _ = call(lane, environ(guid, headers={"Host": "elsewhere.example"}))

    assert django_app.calls == reached + 1
    assert status.startswith("400")


def test_a_request_seen_once_costs_no_extra_statement(lane, guid):
    settle(lane, lambda: environ(guid))  # credits GET_TODOS on the way

    with CaptureQueriesContext(connection) as lane_queries:
        call(lane, environ(guid, headers={"Postman-Token": "f3b1c2d4"}))
    with CaptureQueriesContext(connection) as django_queries:
        call(django_application, environ(guid, headers={"Postman-Token": "a9e8d7c6"}))

    assert len(lane_queries) == len(django_queries)


def test_a_challenge_completed_elsewhere_ends_the_replay(lane, django_app, client, guid):
    settle(lane, lambda: environ(guid))
    assert client.get("/api/challenges", headers={"X-CHALLENGER": guid}).status_code == 200
    reached = django_app.calls

    call(lane, environ(guid))

    assert django_app.calls == reached + 1


def test_activity_is_still_recorded_once_a_minute(lane, django_app, guid, monkeypatch):
    settle(lane, lambda: environ(guid))
    later = timezone.now() + timedelta(seconds=61)
    monkeypatch.setattr(replay.time, "time", lambda: later.timestamp())
    monkeypatch.setattr(timezone, "now", lambda: later)
    reached = django_app.calls

    call(lane, environ(guid))

    assert django_app.calls == reached + 1
    assert Challenger.objects.get(pk=guid).last_seen == later


def test_each_set_of_headers_has_its_own_answer(lane, django_app, guid):
    as_xml = lambda: environ(guid, headers={"Accept": "application/xml"})  # noqa: E731
    for _ in range(2):  # the first round credits two challenges; the second is stored
        call(lane, environ(guid))
        call(lane, as_xml())
    reached = django_app.calls

    replayed_json = call(lane, environ(guid))
    replayed_xml = call(lane, as_xml())

    assert django_app.calls == reached
    assert replayed_xml == call(django_application, as_xml())
    assert replayed_json == call(django_application, environ(guid))
    assert replayed_xml[2].startswith(b"<") and replayed_json[2].startswith(b"{")


@pytest.mark.parametrize(
    "shape",
    [
        {"query": "doneStatus=true"},
        {"headers": {"Cookie": "sessionid=abc"}},
        {"path": "/api/todos/1"},
        {"path": "/api/todos/"},
        {"method": "HEAD"},
        {"body": b"{}"},
    ],
    ids=["query", "cookie", "one todo", "trailing slash", "HEAD", "body"],
)
def test_other_requests_always_reach_django(lane, django_app, guid, shape):
    for _ in range(3):
        call(lane, environ(guid, **shape))

    assert django_app.calls == 3


def test_an_unknown_session_always_reaches_django(lane, django_app, db):
    for _ in range(3):
        status, _, _ = call(lane, environ("no-such-session"))

    assert django_app.calls == 3
    assert status.startswith("200")  # an empty list, as Django answers it


def test_the_setting_turns_it_off(lane, django_app, guid, settings):
    settings.APICHALLENGES_FAST_LANE = False
    for _ in range(3):
        call(lane, environ(guid))

    assert django_app.calls == 3
