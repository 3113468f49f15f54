"""Classic edition: the write guard, DELETE, the fixed 405s and OPTIONS."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classic.helpers import messages, send_json


def test_row_39_a_write_without_a_known_challenger_is_401(client: Client, db: None) -> None:
    response = send_json(client, "POST", "/todos", {"title": "x"})
    assert response.status_code == 401
    assert messages(response) == ["Cannot amend details. Missing a valid X-CHALLENGER header."]


def test_row_40_delete_todo_is_200_with_an_empty_json_typed_body(
    client: Client, known: dict[str, str]
) -> None:
    response = client.delete("/todos/2", **known)
    assert (response.status_code, response.content) == (200, b"")
    assert response["Content-Type"] == "application/json"
    assert client.get("/todos/2", **known).status_code == 404


def test_row_40_delete_of_a_missing_todo_is_404(client: Client, known: dict[str, str]) -> None:
    response = client.delete("/todos/99", **known)
    assert response.status_code == 404
    assert messages(response) == ["Could not find any instances with todos/99"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("DELETE", "/todos"),
        ("PUT", "/todos"),
        ("PATCH", "/todos"),
        ("TRACE", "/todos"),
        ("PATCH", "/todos/1"),
        ("TRACE", "/todos/1"),
    ],
)
def test_row_41_unrouted_todo_verbs_are_an_empty_405(
    client: Client, known: dict[str, str], method: str, path: str
) -> None:
    response = client.generic(
        method, path, '{"title":"x"}', content_type="application/json", **known
    )
    assert (response.status_code, response.content) == (405, b"")


def test_row_42_options_todos_is_204_without_a_known_challenger(client: Client, db: None) -> None:
    response = client.options("/todos")
    assert (response.status_code, response.content) == (204, b"")
    assert response["Allow"] == "OPTIONS, GET, HEAD, POST"


def test_row_42_options_todos_is_200_for_a_known_challenger(
    client: Client, known: dict[str, str]
) -> None:
    response = client.options("/todos", **known)
    assert (response.status_code, response.content) == (200, b"")
    assert response["Allow"] == "OPTIONS, GET, HEAD, POST"


def test_row_43_options_todo_is_always_204(client: Client, known: dict[str, str]) -> None:
    response = client.options("/todos/1", **known)
    assert (response.status_code, response.content) == (204, b"")
    assert response["Allow"] == "OPTIONS, GET, HEAD, POST, PUT, DELETE"
