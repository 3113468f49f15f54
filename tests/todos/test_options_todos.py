"""OPTIONS and the fixed 405s of the todo routes."""

from __future__ import annotations

import pytest
from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY
from tests.todos.support import send, session

ACCEPT_PATCH = "application/json, application/merge-patch+json, application/json-patch+json"


def test_the_collection_answers_200(client: Client, guid: str) -> None:
    response = client.options("/api/todos", headers=session(guid))
    assert response.status_code == 200
    assert response["Allow"] == "OPTIONS, GET, HEAD, POST, QUERY, PUT"
    assert response["Accept-Query"] == ACCEPT_QUERY
    assert response["Content-Type"] == "text/plain"
    assert response.content == b""


def test_the_collection_answers_200_without_a_session(client: Client, db: None) -> None:
    assert client.options("/api/todos").status_code == 200


def test_options_ignores_accept(client: Client, guid: str) -> None:
    response = client.options("/api/todos", headers=session(guid, Accept="image/png"))
    assert response.status_code == 200


def test_an_item_answers_204(client: Client, guid: str) -> None:
    response = client.options("/api/todos/99", headers=session(guid))
    assert response.status_code == 204
    assert response["Allow"] == "OPTIONS, GET, HEAD, POST, PUT, PATCH, DELETE"
    assert response["Accept-Patch"] == ACCEPT_PATCH
    assert not response.has_header("Content-Type")


def test_the_export_answers_204(client: Client, guid: str) -> None:
    response = client.options("/api/todos/export", headers=session(guid))
    assert response.status_code == 204
    assert response["Allow"] == "GET, OPTIONS"


def test_cors_preflight_is_echoed(client: Client, guid: str) -> None:
    response = client.options(
        "/api/todos/export",
        headers=session(
            guid, Access_Control_Request_Headers="x-foo", Access_Control_Request_Method="GET"
        ),
    )
    assert response["Access-Control-Allow-Headers"] == "x-foo"
    assert response["Access-Control-Allow-Methods"] == "GET"


@pytest.mark.parametrize("method", ["DELETE", "PATCH", "TRACE"])
def test_the_collection_refuses_with_an_empty_405(client: Client, guid: str, method: str) -> None:
    response = send(client, method, "/api/todos", "", guid=guid, Accept="image/png")
    assert response.status_code == 405
    assert response.content == b""
    assert not response.has_header("Allow")


def test_query_on_an_item_is_405_with_allow(client: Client, guid: str) -> None:
    response = send(client, "QUERY", "/api/todos/1", "", guid=guid)
    assert response.status_code == 405
    assert response["Allow"] == "OPTIONS, GET, HEAD, POST, PUT, DELETE"


def test_trace_on_an_item_is_405_without_allow(client: Client, guid: str) -> None:
    response = send(client, "TRACE", "/api/todos/1", "", guid=guid)
    assert response.status_code == 405
    assert not response.has_header("Allow")


@pytest.mark.parametrize("method", ["HEAD", "QUERY", "POST", "PUT", "PATCH", "DELETE", "TRACE"])
def test_the_export_refuses_other_verbs(client: Client, guid: str, method: str) -> None:
    response = send(client, method, "/api/todos/export?format=json", "", guid=guid)
    assert response.status_code == 405
    assert not response.has_header("Allow")


def test_an_overridden_delete_on_the_collection_is_405(client: Client, guid: str) -> None:
    response = send(
        client, "POST", "/api/todos", {"title": "x"}, guid=guid, X_HTTP_Method_Override="DELETE"
    )
    assert response.status_code == 405


def test_405_comes_before_the_write_guard(client: Client, db: None) -> None:
    assert send(client, "DELETE", "/api/todos", "").status_code == 405
