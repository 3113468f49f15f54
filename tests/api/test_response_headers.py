"""Headers every API response carries: CORS, cache, robots, X-CHALLENGER."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_api_responses_are_not_cached(client) -> None:
    assert client.get("/api/heartbeat")["Cache-Control"] == "no-store"


def test_successful_api_responses_are_not_indexed(client) -> None:
    assert client.options("/api/heartbeat")["X-Robots-Tag"] == "noindex"


def test_errors_are_not_marked_noindex(client) -> None:
    assert "X-Robots-Tag" not in client.delete("/api/heartbeat")


def test_cors_allows_any_origin_and_exposes_every_header(client) -> None:
    response = client.get("/api/heartbeat")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response["Access-Control-Expose-Headers"] == "*"
    assert response["Access-Control-Allow-Headers"] == "*"
    assert response["Access-Control-Allow-Methods"] == "*"
    assert "Access-Control-Allow-Credentials" not in response


def test_a_preflight_echoes_the_requested_headers_and_method(client) -> None:
    response = client.options(
        "/api/heartbeat",
        headers={
            "Access-Control-Request-Headers": "x-challenger, content-type",
            "Access-Control-Request-Method": "DELETE",
        },
    )
    assert response["Access-Control-Allow-Headers"] == "x-challenger, content-type"
    assert response["Access-Control-Allow-Methods"] == "DELETE"


def test_cors_is_on_error_responses_too(client) -> None:
    assert client.patch("/api/heartbeat")["Access-Control-Allow-Origin"] == "*"


def test_an_unknown_session_is_named_in_the_echo(client) -> None:
    response = client.get("/api/heartbeat")
    assert response["X-CHALLENGER"] == "UNKNOWN CHALLENGER - Challenger not found"


def test_a_known_session_is_echoed(client, guid) -> None:
    assert client.get("/api/heartbeat", headers={"X-CHALLENGER": guid})["X-CHALLENGER"] == guid


def test_single_mode_always_echoes_the_single_session(client, single_mode) -> None:
    response = client.get("/api/heartbeat", headers={"X-CHALLENGER": "anything"})
    assert response["X-CHALLENGER"] == "rest-api-challenges-single-player"


def test_content_type_has_no_charset(client, guid) -> None:
    response = client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    assert response["Content-Type"] == "application/json"
