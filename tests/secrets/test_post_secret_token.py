"""POST /api/secret/token: Basic admin credentials for the session's token."""

from __future__ import annotations

import re
from base64 import b64encode

import pytest
from django.test import Client

from challengers.sessions import SINGLE_PLAYER_GUID, UNKNOWN_CHALLENGER
from secrets_app.messages import BASIC_REQUIRED, NO_SESSION, UNKNOWN_SESSION
from secrets_app.models import Secret
from tests.secrets.conftest import ADMIN
from tests.secrets.helpers import TOKEN

BASIC_CHALLENGE = 'Basic realm="User Visible Realm"'


def basic(text: str) -> str:
    return "Basic " + b64encode(text.encode()).decode()


def test_it_answers_201_with_the_token_header(client: Client, guid: str) -> None:
    response = client.post(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})
    assert response.status_code == 201
    assert response.content == b""
    assert re.fullmatch(r"[0-9a-f]{32}", response["X-AUTH-TOKEN"])  # 128 random bits
    assert response["X-CHALLENGER"] == guid


def test_the_token_is_the_one_stored_for_the_session(client: Client, guid: str) -> None:
    response = client.post(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})
    assert Secret.objects.get(challenger_id=guid).token == response["X-AUTH-TOKEN"]


def test_the_token_is_stable(client: Client, guid: str, token: str) -> None:
    response = client.post(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})
    assert response["X-AUTH-TOKEN"] == token


def test_each_session_has_its_own_token(token: str, other_token: str) -> None:
    assert token != other_token


def test_the_scheme_is_case_insensitive(client: Client, guid: str) -> None:
    response = client.post(
        TOKEN, headers={"Authorization": "bASIC YWRtaW46cGFzc3dvcmQ=", "X-CHALLENGER": guid}
    )
    assert response.status_code == 201


@pytest.mark.parametrize(
    "authorization",
    [
        basic("admin:wrong"),
        basic("wrong:password"),
        basic("Admin:password"),
        basic("admin:Password"),
        basic("admin:password:"),
        basic("admin"),
        basic(":password"),
        "Basic not-base64!",
        "Basic YWRtaW46cGFzc3dvcmQ= extra",
        "Bearer YWRtaW46cGFzc3dvcmQ=",
        "YWRtaW46cGFzc3dvcmQ=",
        "Basic",
        "",
    ],
)
def test_bad_credentials_are_401_with_a_basic_challenge(
    client: Client, guid: str, authorization: str
) -> None:
    response = client.post(TOKEN, headers={"Authorization": authorization, "X-CHALLENGER": guid})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == BASIC_CHALLENGE
    assert response["X-CHALLENGER"] == guid
    assert response.json() == {"errorMessages": [BASIC_REQUIRED]}
    assert not response.has_header("X-AUTH-TOKEN")


def test_a_401_is_rendered_as_xml_when_asked(client: Client, guid: str) -> None:
    response = client.post(TOKEN, headers={"X-CHALLENGER": guid, "Accept": "text/xml"})
    assert response["Content-Type"] == "text/xml"
    assert response.content.startswith(b"<errorMessages><errorMessage>Invalid or missing")


def test_missing_credentials_are_401_with_a_basic_challenge(client: Client, guid: str) -> None:
    response = client.post(TOKEN, headers={"X-CHALLENGER": guid})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == BASIC_CHALLENGE


def test_the_live_widget_gets_no_basic_challenge(client: Client, guid: str) -> None:
    response = client.post(
        TOKEN,
        headers={
            "Authorization": basic("admin:wrong"),
            "X-CHALLENGER": guid,
            "X-API-Challenges-Live-Widget": "true",
        },
    )
    assert response.status_code == 401
    assert not response.has_header("WWW-Authenticate")


def test_a_live_widget_header_other_than_true_keeps_the_challenge(
    client: Client, guid: str
) -> None:
    response = client.post(
        TOKEN, headers={"X-CHALLENGER": guid, "X-API-Challenges-Live-Widget": "no"}
    )
    assert response["WWW-Authenticate"] == BASIC_CHALLENGE


@pytest.mark.django_db
def test_no_session_is_401_without_a_basic_challenge(client: Client) -> None:
    response = client.post(TOKEN, headers={"Authorization": ADMIN})
    assert response.status_code == 401
    assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER
    assert response.json() == {"errorMessages": [NO_SESSION]}
    assert not response.has_header("WWW-Authenticate")
    assert not response.has_header("X-AUTH-TOKEN")


@pytest.mark.django_db
def test_an_unknown_session_is_401_without_a_basic_challenge(client: Client) -> None:
    response = client.post(
        TOKEN,
        headers={"Authorization": ADMIN, "X-CHALLENGER": "00000000-0000-4000-8000-00000000dead"},
    )
    assert response.status_code == 401
    assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER
    assert not response.has_header("WWW-Authenticate")
    assert response.json() == {"errorMessages": [UNKNOWN_SESSION]}


@pytest.mark.django_db
def test_bad_credentials_win_over_an_unknown_session(client: Client) -> None:
    response = client.post(TOKEN, headers={"Authorization": basic("admin:nope")})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == BASIC_CHALLENGE
    assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER


def test_the_credentials_come_from_settings(client: Client, guid: str, settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_ADMIN_USER = "teacher"
    settings.APICHALLENGES_ADMIN_PASSWORD = "s3cret:with:colons"
    headers = {"X-CHALLENGER": guid}
    assert client.post(TOKEN, headers={**headers, "Authorization": ADMIN}).status_code == 401
    good = basic("teacher:s3cret:with:colons")
    assert client.post(TOKEN, headers={**headers, "Authorization": good}).status_code == 201


@pytest.mark.django_db
def test_single_mode_needs_no_session_header(client: Client, single_mode: None) -> None:
    response = client.post(TOKEN, headers={"Authorization": ADMIN})
    assert response.status_code == 201
    assert response["X-CHALLENGER"] == SINGLE_PLAYER_GUID
    assert Secret.objects.get(challenger_id=SINGLE_PLAYER_GUID).token == response["X-AUTH-TOKEN"]


@pytest.mark.parametrize("path", ["/secret/token", "/api/secret/token/", "/secret/token/"])
def test_legacy_and_trailing_slash_paths_work(client: Client, guid: str, path: str) -> None:
    response = client.post(path, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})
    assert response.status_code == 201


def test_an_unsupported_accept_does_not_matter(client: Client, guid: str) -> None:
    response = client.post(
        TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid, "Accept": "image/png"}
    )
    assert response.status_code == 201


def test_the_token_is_never_logged(client: Client, guid: str, caplog) -> None:  # noqa: ANN001
    caplog.set_level("DEBUG")
    token = client.post(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})[
        "X-AUTH-TOKEN"
    ]
    client.get("/api/secret/note", headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": "wrong-token"})
    client.get("/api/secret/note", headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    assert token not in caplog.text
