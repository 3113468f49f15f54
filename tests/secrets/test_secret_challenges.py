"""Sections 24-25: the secret token and note challenges (#88-#97) credited by their rules.

Each challenge is checked the way a student sees it, through GET /api/challenges, after a
request that completes it and after a near-miss that must not.
"""

from __future__ import annotations

from base64 import b64encode

import pytest
from django.test import Client

from challengers.sessions import SINGLE_PLAYER_GUID
from tests.secrets.conftest import ADMIN
from tests.secrets.helpers import NOTE, TOKEN, challenge_done, post_note

WRONG_BASIC = "Basic " + b64encode(b"admin:wrong").decode()
JSON_NOTE = '{"note":"challenge"}'
XML_NOTE = "<secretnote><note>challenge</note></secretnote>"

TOKEN_401 = "POST /api/secret/token (401)"
TOKEN_201 = "POST /api/secret/token (201)"
GET_403 = "GET /api/secret/note (403)"
GET_401 = "GET /api/secret/note (401)"
GET_200 = "GET /api/secret/note (200)"
POST_200 = "POST /api/secret/note (200)"
POST_401 = "POST /api/secret/note (401)"
POST_403 = "POST /api/secret/note (403)"
GET_BEARER = "GET /api/secret/note (Bearer)"
POST_BEARER = "POST /api/secret/note (Bearer)"


# --- #88 / #89 --------------------------------------------------------------------------


def test_wrong_basic_credentials_complete_token_401(client: Client, guid: str) -> None:
    client.post(TOKEN, headers={"X-CHALLENGER": guid, "Authorization": WRONG_BASIC})
    assert challenge_done(client, guid, TOKEN_401)


def test_no_authorization_header_does_not_complete_token_401(client: Client, guid: str) -> None:
    response = client.post(TOKEN, headers={"X-CHALLENGER": guid})
    assert response.status_code == 401
    assert not challenge_done(client, guid, TOKEN_401)


def test_a_short_authorization_header_does_not_complete_token_401(
    client: Client, guid: str
) -> None:
    client.post(TOKEN, headers={"X-CHALLENGER": guid, "Authorization": "Basic abc"})
    assert not challenge_done(client, guid, TOKEN_401)


def test_admin_credentials_complete_token_201(client: Client, guid: str) -> None:
    client.post(TOKEN, headers={"X-CHALLENGER": guid, "Authorization": ADMIN})
    assert challenge_done(client, guid, TOKEN_201)
    assert not challenge_done(client, guid, TOKEN_401)


def test_reading_the_token_with_get_does_not_complete_token_201(client: Client, guid: str) -> None:
    client.get(TOKEN, headers={"X-CHALLENGER": guid, "Authorization": ADMIN})
    assert not challenge_done(client, guid, TOKEN_201)


# --- #90 / #91 / #92 --------------------------------------------------------------------


def test_a_wrong_x_auth_token_completes_get_403(client: Client, guid: str, token: str) -> None:
    client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": "wrong-token"})
    assert challenge_done(client, guid, GET_403)


def test_a_one_character_token_does_not_complete_get_403(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": "x"})
    assert response.status_code == 403
    assert not challenge_done(client, guid, GET_403)


def test_no_token_completes_get_401(client: Client, guid: str) -> None:
    client.get(NOTE, headers={"X-CHALLENGER": guid})
    assert challenge_done(client, guid, GET_401)


def test_a_wrong_bearer_without_x_auth_token_does_not_complete_get_401(
    client: Client, guid: str
) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "Authorization": "Bearer nope"})
    assert response.status_code == 403
    assert not challenge_done(client, guid, GET_401)
    assert not challenge_done(client, guid, GET_403)


def test_the_right_x_auth_token_completes_get_200(client: Client, guid: str, token: str) -> None:
    client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    assert challenge_done(client, guid, GET_200)
    assert not challenge_done(client, guid, GET_BEARER)


def test_a_406_with_the_right_token_does_not_complete_get_200(
    client: Client, guid: str, token: str
) -> None:
    client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token, "Accept": "text/csv"})
    assert not challenge_done(client, guid, GET_200)


# --- #93 / #94 / #95 --------------------------------------------------------------------


def test_a_json_note_with_the_token_completes_post_200(
    client: Client, guid: str, token: str
) -> None:
    post_note(client, JSON_NOTE, {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    assert challenge_done(client, guid, POST_200)


def test_an_xml_note_does_not_complete_post_200(client: Client, guid: str, token: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token}
    response = post_note(client, XML_NOTE, headers, "application/xml")
    assert response.status_code == 200
    assert not challenge_done(client, guid, POST_200)


def test_a_json_note_without_a_token_completes_post_401(client: Client, guid: str) -> None:
    post_note(client, JSON_NOTE, {"X-CHALLENGER": guid})
    assert challenge_done(client, guid, POST_401)


def test_an_xml_note_without_a_token_does_not_complete_post_401(client: Client, guid: str) -> None:
    post_note(client, XML_NOTE, {"X-CHALLENGER": guid}, "application/xml")
    assert not challenge_done(client, guid, POST_401)


def test_a_json_note_with_a_wrong_token_completes_post_403(client: Client, guid: str) -> None:
    post_note(client, JSON_NOTE, {"X-CHALLENGER": guid, "X-AUTH-TOKEN": "wrong-token"})
    assert challenge_done(client, guid, POST_403)


def test_an_xml_note_with_a_wrong_token_does_not_complete_post_403(
    client: Client, guid: str
) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": "wrong-token"}
    post_note(client, XML_NOTE, headers, "application/xml")
    assert not challenge_done(client, guid, POST_403)


# --- #96 / #97 --------------------------------------------------------------------------


def test_the_right_bearer_token_completes_get_bearer(client: Client, guid: str, token: str) -> None:
    client.get(NOTE, headers={"X-CHALLENGER": guid, "Authorization": f"Bearer {token}"})
    assert challenge_done(client, guid, GET_BEARER)
    assert not challenge_done(client, guid, GET_200)


def test_a_wrong_bearer_token_does_not_complete_get_bearer(client: Client, guid: str) -> None:
    client.get(NOTE, headers={"X-CHALLENGER": guid, "Authorization": "Bearer wrong-token"})
    assert not challenge_done(client, guid, GET_BEARER)


def test_a_json_note_with_the_bearer_token_completes_post_bearer(
    client: Client, guid: str, token: str
) -> None:
    post_note(client, JSON_NOTE, {"X-CHALLENGER": guid, "Authorization": f"Bearer {token}"})
    assert challenge_done(client, guid, POST_BEARER)
    assert not challenge_done(client, guid, POST_200)


def test_an_xml_note_with_the_bearer_token_does_not_complete_post_bearer(
    client: Client, guid: str, token: str
) -> None:
    headers = {"X-CHALLENGER": guid, "Authorization": f"Bearer {token}"}
    post_note(client, XML_NOTE, headers, "application/xml")
    assert not challenge_done(client, guid, POST_BEARER)


# --- whose session is credited -----------------------------------------------------------


def test_nothing_is_credited_without_a_known_session(client: Client, guid: str, token: str) -> None:
    post_note(client, JSON_NOTE, {"X-AUTH-TOKEN": token})
    client.get(NOTE, headers={"X-CHALLENGER": "nobody"})
    assert not challenge_done(client, guid, POST_401)
    assert not challenge_done(client, guid, GET_401)


@pytest.mark.django_db
def test_single_mode_credits_the_single_session(client: Client, single_mode: None) -> None:
    token = client.post(TOKEN, headers={"Authorization": ADMIN})["X-AUTH-TOKEN"]
    post_note(client, JSON_NOTE, {"X-AUTH-TOKEN": token})
    assert challenge_done(client, SINGLE_PLAYER_GUID, TOKEN_201)
    assert challenge_done(client, SINGLE_PLAYER_GUID, POST_200)
