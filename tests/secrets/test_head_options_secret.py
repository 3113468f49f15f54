"""HEAD, OPTIONS and the refused verbs of /api/secret/token and /api/secret/note."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.secrets.conftest import ADMIN
from tests.secrets.helpers import NOTE, TOKEN, challenge_done, post_note

TOKEN_ALLOW = "GET, POST, OPTIONS"
NOTE_ALLOW = "GET, HEAD, POST, OPTIONS"


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "allow"), [(TOKEN, TOKEN_ALLOW), (NOTE, NOTE_ALLOW)])
def test_options_is_204_with_allow(client: Client, path: str, allow: str) -> None:
    response = client.options(path)
    assert response.status_code == 204
    assert response["Allow"] == allow
    assert response.content == b""
    assert not response.has_header("Content-Type")


@pytest.mark.django_db
def test_options_ignores_accept_and_credentials(client: Client) -> None:
    response = client.options(NOTE, headers={"Accept": "image/png", "X-AUTH-TOKEN": "x"})
    assert response.status_code == 204


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["HEAD", "PUT", "DELETE", "PATCH", "TRACE", "QUERY"])
def test_other_verbs_on_the_token_are_405(client: Client, method: str) -> None:
    response = client.generic(method, TOKEN, headers={"Authorization": ADMIN})
    assert response.status_code == 405
    assert response["Allow"] == TOKEN_ALLOW


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "TRACE", "QUERY"])
def test_other_verbs_on_the_note_are_405(client: Client, method: str) -> None:
    response = client.generic(method, NOTE)
    assert response.status_code == 405
    assert response["Allow"] == NOTE_ALLOW


def test_a_method_override_to_delete_is_405(client: Client, guid: str, token: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token, "X-HTTP-Method-Override": "DELETE"}
    assert post_note(client, '{"note":"x"}', headers).status_code == 405


def test_head_on_the_note_is_get_without_a_body(client: Client, guid: str, token: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token}
    post_note(client, '{"note":"hello"}', headers)
    get = client.get(NOTE, headers=headers)
    head = client.head(NOTE, headers=headers)
    assert head.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == "application/json"
    assert head["Content-Length"] == get["Content-Length"] == str(len(get.content))


def test_head_without_a_token_is_401_bearer(client: Client, guid: str) -> None:
    response = client.head(NOTE, headers={"X-CHALLENGER": guid})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"


def test_head_with_a_wrong_token_is_403(client: Client, guid: str) -> None:
    assert (
        client.head(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": "no"}).status_code == 403
    )


def test_head_with_an_unsupported_accept_is_406(client: Client, guid: str, token: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token, "Accept": "text/csv"}
    assert client.head(NOTE, headers=headers).status_code == 406


@pytest.mark.django_db
def test_head_with_an_unknown_session_is_401(client: Client) -> None:
    response = client.head(NOTE, headers={"X-CHALLENGER": "nobody", "X-AUTH-TOKEN": "x"})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"


def test_head_completes_no_challenge(client: Client, guid: str, token: str) -> None:
    client.head(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    client.head(NOTE, headers={"X-CHALLENGER": guid})
    client.head(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": "wrong"})
    assert not challenge_done(client, guid, "GET /api/secret/note (200)")
    assert not challenge_done(client, guid, "GET /api/secret/note (401)")
    assert not challenge_done(client, guid, "GET /api/secret/note (403)")
