"""Concurrent requests completing different challenges of one session.

Each request below completes one challenge; fired at once against the production server
they land in two processes and several threads, and each one merges its credit into the
session's progress. Progress is merged inside the database (`challenges/services.py`), so
none may be lost: a read-modify-write of the whole progress map would drop some.
"""

from __future__ import annotations

import base64
from functools import partial

import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import (
    Reply,
    all_at_once,
    completed_keys,
    new_session,
    stored_progress,
)
from tests.reliability.server import request as http

pytestmark = pytest.mark.server

ADMIN = "Basic " + base64.b64encode(b"admin:password").decode()
WRONG = "Basic " + base64.b64encode(b"admin:wrong").decode()

# (challenge key, method, path, extra headers, body)
COMPLETIONS: list[tuple[str, str, str, dict[str, str], bytes | dict | None]] = [
    ("GET_TODOS", "GET", "/api/todos", {}, None),
    ("GET_TODO", "GET", "/api/todos/1", {}, None),
    ("GET_TODO_404", "GET", "/api/todos/99999", {}, None),
    ("GET_TODOS_NOT_PLURAL_404", "GET", "/api/todo", {}, None),
    ("GET_HEAD_TODOS", "HEAD", "/api/todos", {}, None),
    ("OPTIONS_TODOS", "OPTIONS", "/api/todos", {}, None),
    ("GET_ACCEPT_XML", "GET", "/api/todos", {"Accept": "application/xml"}, None),
    ("GET_UNSUPPORTED_ACCEPT_406", "GET", "/api/todos", {"Accept": "application/gzip"}, None),
    ("GET_TODOS_PAGINATED_LIMIT_TOO_HIGH", "GET", "/api/todos?_limit=21", {}, None),
    ("GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION", "GET", "/api/todos/export?format=csv", {}, None),
    ("GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION", "GET", "/api/todos/export?format=html", {}, None),
    ("GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION", "GET", "/api/todos/export?format=tsv", {}, None),
    ("POST_TODOS", "POST", "/api/todos", {}, {"title": "concurrent"}),
    ("GET_HEARTBEAT_204", "GET", "/api/heartbeat", {}, None),
    ("DELETE_HEARTBEAT_405", "DELETE", "/api/heartbeat", {}, None),
    ("TRACE_HEARTBEAT_501", "TRACE", "/api/heartbeat", {}, None),
    ("PATCH_HEARTBEAT_500", "PATCH", "/api/heartbeat", {}, None),
    (
        "OVERRIDE_DELETE_HEARTBEAT_405",
        "POST",
        "/api/heartbeat",
        {"X-HTTP-Method-Override": "DELETE"},
        None,
    ),
    ("CREATE_SECRET_TOKEN_201", "POST", "/api/secret/token", {"Authorization": ADMIN}, None),
    ("CREATE_SECRET_TOKEN_401", "POST", "/api/secret/token", {"Authorization": WRONG}, None),
]
EXPECTED = {key for key, *_ in COMPLETIONS}


def _calls(server: Server, guid: str) -> list[partial[Reply]]:
    return [
        partial(http, server, method, path, body, {"X-CHALLENGER": guid, **headers})
        for _key, method, path, headers, body in COMPLETIONS
    ]


def test_each_request_completes_its_challenge_on_its_own(server: Server) -> None:
    """The control: sent one after another, the requests complete every expected key."""
    guid = new_session(server)
    for call in _calls(server, guid):
        call()
    assert completed_keys(server, guid) >= EXPECTED


@pytest.mark.parametrize("round_", range(3))
def test_concurrent_completions_lose_none(server: Server, round_: int) -> None:
    guid = new_session(server)
    replies = all_at_once(_calls(server, guid))

    assert all(reply.status < 600 for reply in replies)
    assert sorted(EXPECTED - completed_keys(server, guid)) == []


def test_concurrent_completions_keep_the_session_creation_credit(server: Server) -> None:
    guid = new_session(server)
    all_at_once(_calls(server, guid))
    assert "CREATE_NEW_CHALLENGER" in completed_keys(server, guid)


def test_repeating_a_completed_challenge_at_once_keeps_its_first_time(server: Server) -> None:
    guid = new_session(server)
    http(server, "GET", "/api/heartbeat", headers={"X-CHALLENGER": guid})
    before = _completion_times(server, guid)["GET_HEARTBEAT_204"]

    repeat = partial(http, server, "GET", "/api/heartbeat", None, {"X-CHALLENGER": guid})
    all_at_once([repeat] * 12)
    assert _completion_times(server, guid)["GET_HEARTBEAT_204"] == before


def _completion_times(server: Server, guid: str) -> dict:
    """The stored `{key: completion time}` map, read from the server's database."""
    return stored_progress(server.database_url, guid)
