"""HEAD /api/todos and /api/todos/{id}: GET's status and headers, no body."""

from __future__ import annotations

from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY
from tests.todos.support import session


def test_it_answers_200_without_a_body(client: Client, guid: str) -> None:
    response = client.head("/api/todos", headers=session(guid))
    assert response.status_code == 200
    assert response.content == b""


def test_content_length_is_the_get_bodys(client: Client, guid: str) -> None:
    get = client.get("/api/todos", headers=session(guid, Accept="application/xml"))
    head = client.head("/api/todos", headers=session(guid, Accept="application/xml"))
    assert head["Content-Length"] == str(len(get.content))
    assert head["Content-Type"] == "application/xml"


def test_it_sends_accept_query(client: Client, guid: str) -> None:
    assert client.head("/api/todos", headers=session(guid))["Accept-Query"] == ACCEPT_QUERY


def test_a_limit_over_20_is_clamped(client: Client, guid: str) -> None:
    response = client.head("/api/todos?_limit=50", headers=session(guid))
    assert response.status_code == 200


def test_a_bad_limit_is_still_400(client: Client, guid: str) -> None:
    assert client.head("/api/todos?_limit=-1", headers=session(guid)).status_code == 400


def test_406_applies(client: Client, guid: str) -> None:
    response = client.head("/api/todos", headers=session(guid, Accept="application/gzip"))
    assert response.status_code == 406


def test_an_item_answers_like_get(client: Client, guid: str) -> None:
    get = client.get("/api/todos/1", headers=session(guid))
    head = client.head("/api/todos/1", headers=session(guid))
    assert head.status_code == 200
    assert head["Content-Length"] == str(len(get.content))


def test_a_missing_item_is_404(client: Client, guid: str) -> None:
    response = client.head("/api/todos/99", headers=session(guid))
    assert response.status_code == 404
    assert response.content == b""


def test_export_has_no_head(client: Client, guid: str) -> None:
    assert client.head("/api/todos/export?format=json", headers=session(guid)).status_code == 405
