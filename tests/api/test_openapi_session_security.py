"""The main OpenAPI document carries the session: `X-CHALLENGER` is an API-key security
scheme on every operation that takes it (Swagger UI's Authorize sets it once), and
`servers` names the base URL the document was asked on, then the configured public one."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from django.test import Client
from openapi_spec_validator import validate

ACCEPT = {"Accept": "application/vnd.oai.openapi+json"}


def fetch(client: Client, **extra: Any) -> dict[str, Any]:
    return orjson.loads(client.get("/api/schema/", headers=ACCEPT, **extra).content)


@pytest.fixture
def document(client: Client) -> dict[str, Any]:
    return fetch(client)


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
    ]


def test_x_challenger_is_an_api_key_header_scheme(document: dict[str, Any]) -> None:
    scheme = document["components"]["securitySchemes"]["xChallenger"]
    assert (scheme["type"], scheme["in"], scheme["name"]) == ("apiKey", "header", "X-CHALLENGER")


def test_every_operation_on_the_session_uses_the_scheme(document: dict[str, Any]) -> None:
    session_paths = ("/api/todos", "/api/challenges", "/api/heartbeat", "/api/secret")
    listed = [(p, m, op) for p, m, op in operations(document) if p.startswith(session_paths)]
    assert len(listed) > 15
    for path, method, operation in listed:
        assert {"xChallenger": []} in operation["security"] or any(
            "xChallenger" in alternative for alternative in operation["security"]
        ), (method, path)


def test_no_operation_asks_for_the_header_as_a_parameter(document: dict[str, Any]) -> None:
    for path, method, operation in operations(document):
        names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "header"]
        assert "X-CHALLENGER" not in names, (method, path)


def test_the_session_stays_optional_where_the_header_was(document: dict[str, Any]) -> None:
    assert document["paths"]["/api/todos"]["get"]["security"] == [{"xChallenger": []}, {}]


def test_the_first_server_is_the_base_url_asked_on(client: Client) -> None:
    document = fetch(client, HTTP_HOST="class.example.edu:8000")
    assert document["servers"][0]["url"] == "http://class.example.edu:8000"


def test_the_public_url_follows_when_configured(client: Client, settings: Any) -> None:
    settings.APICHALLENGES_PUBLIC_URL = "https://api.example.edu"
    urls = [server["url"] for server in fetch(client)["servers"]]
    assert urls == ["http://testserver", "https://api.example.edu"]


def test_the_public_url_is_listed_once_when_asked_on(client: Client, settings: Any) -> None:
    settings.APICHALLENGES_PUBLIC_URL = "https://api.example.edu"
    settings.ALLOWED_HOSTS = ["*"]
    document = fetch(client, HTTP_HOST="api.example.edu", secure=True)
    assert [server["url"] for server in document["servers"]] == ["https://api.example.edu"]


def test_it_still_validates(document: dict[str, Any]) -> None:
    validate(document)
