"""Classic edition: /secret/token and /secret/note."""

from __future__ import annotations

import base64
import json

import pytest
from django.test import Client

from tests.classic.helpers import messages

ADMIN = "Basic " + base64.b64encode(b"admin:password").decode()
NOTE = json.dumps({"note": "my note"})


@pytest.fixture
def token(client: Client, known: dict[str, str]) -> str:
    return client.post("/secret/token", HTTP_AUTHORIZATION=ADMIN, **known)["X-AUTH-TOKEN"]


@pytest.mark.parametrize("authorization", [None, "Basic " + base64.b64encode(b"admin:x").decode()])
def test_row_49_post_secret_token_with_bad_credentials_is_an_empty_401(
    client: Client, known: dict[str, str], authorization: str | None
) -> None:
    headers = {"HTTP_AUTHORIZATION": authorization} if authorization else {}
    response = client.post("/secret/token", **headers, **known)
    assert (response.status_code, response.content) == (401, b"")
    assert response["WWW-Authenticate"] == 'Basic realm="User Visible Realm"'


def test_row_50_post_secret_token_is_401_unknown_and_201_known(
    client: Client, known: dict[str, str]
) -> None:
    unknown = client.post("/secret/token", HTTP_AUTHORIZATION=ADMIN)
    first = client.post("/secret/token", HTTP_AUTHORIZATION=ADMIN, **known)
    again = client.post("/secret/token", HTTP_AUTHORIZATION=ADMIN, **known)
    assert (unknown.status_code, unknown.content) == (401, b"")
    assert (first.status_code, first.content) == (201, b"")
    assert first["X-AUTH-TOKEN"] == again["X-AUTH-TOKEN"]


def test_row_51_get_secret_note_checks_session_token_and_accept(
    client: Client, known: dict[str, str], token: str
) -> None:
    no_session = client.get(
        "/secret/note", HTTP_X_CHALLENGER="00000000-0000-4000-8000-000000000000"
    )
    no_token = client.get("/secret/note", **known)
    wrong = client.get("/secret/note", HTTP_X_AUTH_TOKEN="wrong", **known)
    gzip = client.get(
        "/secret/note", HTTP_X_AUTH_TOKEN=token, HTTP_ACCEPT="application/gzip", **known
    )
    bearer = client.get(
        "/secret/note", HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_X_AUTH_TOKEN="wrong", **known
    )
    assert [r.status_code for r in (no_session, no_token, wrong, gzip, bearer)] == [
        401,
        401,
        403,
        406,
        200,
    ]
    assert {r.content for r in (no_session, no_token, wrong)} == {b""}
    assert {r["Content-Type"] for r in (no_session, no_token, wrong)} == {"application/json"}
    assert bearer.json() == {"note": ""}


def test_row_51_the_note_reads_as_xml(client: Client, known: dict[str, str], token: str) -> None:
    response = client.get(
        "/secret/note", HTTP_X_AUTH_TOKEN=token, HTTP_ACCEPT="application/xml", **known
    )
    assert response.content == b"<secretnote><note/></secretnote>"


def test_row_52_post_secret_note_checks_content_type_before_the_session(
    client: Client, db: None
) -> None:
    response = client.post("/secret/note", "note", content_type="text/plain")
    assert response.status_code == 415


def test_row_52_post_secret_note_checks_accept_first(client: Client, db: None) -> None:
    response = client.post(
        "/secret/note", "note", content_type="text/plain", HTTP_ACCEPT="application/gzip"
    )
    assert response.status_code == 406


def test_row_52_post_secret_note_stores_the_note(
    client: Client, known: dict[str, str], token: str
) -> None:
    no_token = client.post("/secret/note", NOTE, content_type="application/json", **known)
    wrong = client.post(
        "/secret/note", NOTE, content_type="application/json", HTTP_X_AUTH_TOKEN="x", **known
    )
    stored = client.post(
        "/secret/note", NOTE, content_type="application/json", HTTP_X_AUTH_TOKEN=token, **known
    )
    assert [no_token.status_code, wrong.status_code] == [401, 403]
    assert (stored.status_code, stored.json()) == (200, {"note": "my note"})


def test_row_52_a_note_over_100_characters_is_400(
    client: Client, known: dict[str, str], token: str
) -> None:
    body = json.dumps({"note": "n" * 101})
    response = client.post(
        "/secret/note", body, content_type="application/json", HTTP_X_AUTH_TOKEN=token, **known
    )
    assert response.status_code == 400
    assert messages(response) == [
        "Failed Validation: Maximum allowable length exceeded for note - maximum allowed is 100"
    ]


@pytest.mark.parametrize(
    ("path", "allow"),
    [("/secret/token", "POST, OPTIONS"), ("/secret/note", "GET, HEAD, POST, OPTIONS")],
)
def test_row_53_options_secret_routes_is_204_with_allow(
    client: Client, db: None, path: str, allow: str
) -> None:
    response = client.options(path)
    assert (response.status_code, response["Allow"]) == (204, allow)


@pytest.mark.parametrize(("method", "path"), [("GET", "/secret/token"), ("DELETE", "/secret/note")])
def test_row_53_other_secret_verbs_are_405(
    client: Client, db: None, method: str, path: str
) -> None:
    response = client.generic(method, path)
    assert response.status_code == 405
