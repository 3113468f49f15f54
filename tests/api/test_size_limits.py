"""431 for an over-long X-CHALLENGER, 413 for bodies over 1 MB."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

TOO_LONG = "X-CHALLENGER header is too large, maximum allowed is 100 characters"


def test_an_x_challenger_over_100_characters_is_431(client) -> None:
    response = client.get("/api/heartbeat", headers={"X-CHALLENGER": "x" * 101})
    assert response.status_code == 431
    assert response.json() == {"errorMessages": [TOO_LONG]}


def test_exactly_100_characters_is_accepted(client) -> None:
    assert client.get("/api/heartbeat", headers={"X-CHALLENGER": "x" * 100}).status_code == 204


def test_the_431_is_xml_when_xml_is_preferred(client) -> None:
    response = client.get(
        "/api/todos", headers={"X-CHALLENGER": "x" * 101, "Accept": "application/xml"}
    )
    assert response.status_code == 431
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        f"<errorMessages><errorMessage>{TOO_LONG}</errorMessage></errorMessages>".encode()
    )


def test_the_431_echoes_the_session_the_value_starts_with(client, guid) -> None:
    response = client.get("/api/heartbeat", headers={"X-CHALLENGER": guid + "y" * 70})
    assert response["X-CHALLENGER"] == guid


def test_the_431_carries_cors_headers(client) -> None:
    response = client.get("/api/heartbeat", headers={"X-CHALLENGER": "x" * 101})
    assert response["Access-Control-Allow-Origin"] == "*"


def test_a_body_over_one_megabyte_is_refused_unread(client) -> None:
    response = client.generic(
        "POST", "/api/todos", b"x" * 1_000_001, content_type="application/json"
    )
    assert response.status_code == 413
    assert response.json() == {
        "errorMessages": ["Error: request body too large, max allowed is 1000000 bytes"]
    }
