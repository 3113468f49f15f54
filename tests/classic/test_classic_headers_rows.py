"""Classic edition: CORS, the X-CHALLENGER header, error bodies."""

from __future__ import annotations

from django.test import Client

from tests.classic.helpers import UNKNOWN, send_json

CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "*",
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Allow-Methods": "*",
    "Access-Control-Expose-Headers": "*",
}


def test_row_54_every_response_carries_the_cors_headers(
    client: Client, known: dict[str, str]
) -> None:
    for response in (
        client.get("/todos", **known),
        client.delete("/todos/99", **known),
        client.options("/heartbeat", HTTP_ACCESS_CONTROL_REQUEST_METHOD="PUT"),
    ):
        assert {name: response[name] for name in CORS} == CORS


def test_row_54_options_echoes_the_requests_allow_methods_header(client: Client, db: None) -> None:
    response = client.options("/todos", HTTP_ACCESS_CONTROL_ALLOW_METHODS="GET, POST")
    assert response["Access-Control-Allow-Methods"] == "GET, POST"


def test_row_55_responses_name_the_challenger_or_the_sentinel(
    client: Client, known: dict[str, str]
) -> None:
    assert client.get("/todos", **known)["X-CHALLENGER"] == known["HTTP_X_CHALLENGER"]
    assert client.get("/todos")["X-CHALLENGER"] == UNKNOWN
    assert client.get("/heartbeat")["X-CHALLENGER"] == UNKNOWN
    assert client.options("/challenger").has_header("X-CHALLENGER") is False


def test_row_56_a_refused_body_is_an_error_list_in_the_preferred_format(
    client: Client, known: dict[str, str]
) -> None:
    response = send_json(
        client, "POST", "/todos", {"title": "x", "bob": 1}, HTTP_ACCEPT="application/xml", **known
    )
    assert response.status_code == 400
    assert response.content == (
        b"<errorMessages><errorMessage>Could not find field: bob</errorMessage></errorMessages>"
    )
