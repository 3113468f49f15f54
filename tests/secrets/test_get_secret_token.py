"""GET /api/secret/token: the read-only helper showing the token."""

from __future__ import annotations

from base64 import b64encode

import pytest
from django.test import Client

from challengers.sessions import SINGLE_PLAYER_GUID, UNKNOWN_CHALLENGER
from secrets_app.messages import UNKNOWN_SESSION
from secrets_app.models import READ_ONLY_TOKEN, Secret
from tests.secrets.conftest import ADMIN
from tests.secrets.helpers import TOKEN, challenge_done


def test_it_shows_the_session_token_in_header_and_body(
    client: Client, guid: str, token: str
) -> None:
    response = client.get(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"token": token}
    assert response["X-AUTH-TOKEN"] == token
    assert response["X-CHALLENGER"] == guid


def test_it_creates_the_token_when_none_was_asked_for_yet(client: Client, guid: str) -> None:
    response = client.get(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})
    assert response.json() == {"token": Secret.objects.get(challenger_id=guid).token}


@pytest.mark.parametrize("accept", ["application/xml", "text/xml"])
def test_it_answers_xml_when_asked(client: Client, guid: str, token: str, accept: str) -> None:
    response = client.get(
        TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid, "Accept": accept}
    )
    assert response["Content-Type"] == accept
    assert response.content == f"<secrettoken><token>{token}</token></secrettoken>".encode()


def test_an_unsupported_accept_falls_back_to_json(client: Client, guid: str, token: str) -> None:
    response = client.get(
        TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid, "Accept": "image/png"}
    )
    assert response.status_code == 200
    assert response.json() == {"token": token}


@pytest.mark.django_db
def test_without_a_session_it_shows_the_read_only_token(client: Client) -> None:
    response = client.get(TOKEN, headers={"Authorization": ADMIN})
    assert response.status_code == 200
    assert response.json() == {"token": READ_ONLY_TOKEN}
    assert response["X-AUTH-TOKEN"] == READ_ONLY_TOKEN
    assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER


@pytest.mark.django_db
def test_a_blank_session_header_counts_as_none(client: Client) -> None:
    response = client.get(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": "  "})
    assert response.json() == {"token": READ_ONLY_TOKEN}


@pytest.mark.django_db
def test_an_unknown_session_is_401(client: Client) -> None:
    response = client.get(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": "nobody"})
    assert response.status_code == 401
    assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER
    assert not response.has_header("WWW-Authenticate")
    assert response.json() == {"errorMessages": [UNKNOWN_SESSION]}


def test_bad_credentials_are_401_with_a_basic_challenge(client: Client, guid: str) -> None:
    wrong = "Basic " + b64encode(b"admin:wrong").decode()
    response = client.get(TOKEN, headers={"Authorization": wrong, "X-CHALLENGER": guid})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Basic realm="User Visible Realm"'
    assert not response.has_header("X-AUTH-TOKEN")


@pytest.mark.django_db
def test_credentials_are_checked_before_the_session(client: Client) -> None:
    response = client.get(TOKEN, headers={"X-CHALLENGER": "nobody"})
    assert response["WWW-Authenticate"] == 'Basic realm="User Visible Realm"'


def test_the_live_widget_gets_no_basic_challenge(client: Client, guid: str) -> None:
    response = client.get(
        TOKEN, headers={"X-CHALLENGER": guid, "X-API-Challenges-Live-Widget": "TRUE"}
    )
    assert response.status_code == 401
    assert not response.has_header("WWW-Authenticate")


@pytest.mark.django_db
def test_single_mode_shows_the_single_session_token(client: Client, single_mode: None) -> None:
    response = client.get(TOKEN, headers={"Authorization": ADMIN})
    assert response.json() == {"token": Secret.objects.get(challenger_id=SINGLE_PLAYER_GUID).token}


def test_it_completes_no_challenge(client: Client, guid: str) -> None:
    client.get(TOKEN, headers={"Authorization": ADMIN, "X-CHALLENGER": guid})
    assert not challenge_done(client, guid, "POST /api/secret/token (201)")
