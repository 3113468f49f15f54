"""Multi-player without a valid X-CHALLENGER: read the default list, never write."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.todos.support import SEED_TITLES, errors, send, todos

MISSING = "Cannot amend details. Missing a valid X-CHALLENGER header."


def test_reads_see_the_default_list(client: Client, db: None) -> None:
    response = client.get("/api/todos")
    assert response.status_code == 200
    assert [t["title"] for t in todos(response)] == SEED_TITLES
    assert response["X-CHALLENGER"] == "UNKNOWN CHALLENGER - Challenger not found"


def test_an_unknown_guid_reads_the_default_list(client: Client, db: None) -> None:
    response = client.get("/api/todos/10", headers={"X-CHALLENGER": "no-such-session"})
    assert todos(response)[0]["title"] == "install webcam"


def test_the_default_list_filters(client: Client, db: None) -> None:
    assert [t["id"] for t in todos(client.get("/api/todos?id%3E8"))] == [9, 10]


def test_head_works(client: Client, db: None) -> None:
    assert client.head("/api/todos").status_code == 200


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/todos"),
        ("PUT", "/api/todos"),
        ("POST", "/api/todos/1"),
        ("PUT", "/api/todos/1"),
        ("PATCH", "/api/todos/1"),
        ("DELETE", "/api/todos/1"),
    ],
)
def test_writes_are_401(client: Client, db: None, method: str, path: str) -> None:
    response = send(client, method, path, {"title": "x"})
    assert response.status_code == 401
    assert errors(response)[0].startswith(MISSING)
    assert "POST /api/challenger" in errors(response)[0]


def test_the_guard_comes_before_406(client: Client, db: None) -> None:
    response = send(client, "POST", "/api/todos", {"title": "x"}, Accept="image/png")
    assert response.status_code == 401


def test_the_guard_renders_per_accept(client: Client, db: None) -> None:
    response = send(client, "DELETE", "/api/todos/1", "", Accept="application/xml")
    assert response["Content-Type"] == "application/xml"
    assert response.content.startswith(b"<errorMessages><errorMessage>Cannot amend details.")


def test_nothing_changes(client: Client, db: None) -> None:
    send(client, "DELETE", "/api/todos/1", "")
    assert client.get("/api/todos/1").status_code == 200
