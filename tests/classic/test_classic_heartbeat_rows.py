"""Classic edition: /heartbeat, its deliberate statuses and method override."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_row_44_heartbeat_is_204(client: Client, db: None, method: str) -> None:
    response = client.generic(method, "/heartbeat")
    assert (response.status_code, response.content) == (204, b"")


def test_row_45_options_heartbeat_is_204_with_allow(client: Client, db: None) -> None:
    response = client.options("/heartbeat")
    assert (response.status_code, response["Allow"]) == (204, "GET, HEAD, OPTIONS")


@pytest.mark.parametrize(
    ("accept", "content_type"),
    [
        (None, "application/json"),
        ("*/*", "application/json"),
        ("application/xml", "application/xml"),
        ("text/plain, application/json", "text/plain"),
    ],
)
@pytest.mark.parametrize("method", ["POST", "DELETE", "PUT"])
def test_row_46_heartbeat_405_is_typed_as_the_first_accept_value(
    client: Client, db: None, method: str, accept: str | None, content_type: str
) -> None:
    headers = {"HTTP_ACCEPT": accept} if accept else {}
    response = client.generic(method, "/heartbeat", **headers)
    assert (response.status_code, response.content) == (405, b"")
    assert response["Content-Type"] == content_type


@pytest.mark.parametrize(
    ("method", "status", "phrase"),
    [("PATCH", 500, "Server Error"), ("TRACE", 501, "Not Implemented")],
)
def test_row_47_patch_and_trace_heartbeat_have_jetty_statuses(
    client: Client, db: None, method: str, status: int, phrase: str
) -> None:
    response = client.generic(method, "/heartbeat")
    assert (response.status_code, response.reason_phrase, response.content) == (status, phrase, b"")


@pytest.mark.parametrize(("override", "status"), [("DELETE", 405), ("patch", 500), ("Trace", 501)])
def test_row_48_post_heartbeat_routes_by_the_override(
    client: Client, db: None, override: str, status: int
) -> None:
    response = client.post("/heartbeat", HTTP_X_HTTP_METHOD_OVERRIDE=override)
    assert response.status_code == status


@pytest.mark.parametrize("method", ["POST", "GET"])
def test_row_48_the_override_routes_every_method_on_every_route(
    client: Client, known: dict[str, str], method: str
) -> None:
    response = client.generic(method, "/todos", HTTP_X_HTTP_METHOD_OVERRIDE="DELETE", **known)
    assert (response.status_code, response.content) == (405, b"")
    assert len(client.get("/todos", **known).json()["todos"]) == 10
