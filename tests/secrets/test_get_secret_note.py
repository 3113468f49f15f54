"""GET /api/secret/note: reading the session's note with its token."""

from __future__ import annotations

import pytest
from django.test import Client

from challengers.sessions import UNKNOWN_CHALLENGER
from secrets_app.messages import NO_TOKEN, UNKNOWN_SESSION, WRONG_READ_ONLY_TOKEN, WRONG_TOKEN
from secrets_app.models import READ_ONLY_NOTE, READ_ONLY_TOKEN
from tests.secrets.conftest import ADMIN
from tests.secrets.helpers import NOTE, post_note

UNKNOWN_GUID = "00000000-0000-4000-8000-00000000dead"


def test_it_reads_an_empty_note_before_any_post(client: Client, guid: str, token: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.content == b'{"note":""}'
    assert response["X-CHALLENGER"] == guid


def test_it_reads_the_stored_note(client: Client, guid: str, token: str) -> None:
    post_note(client, '{"note":"my secret"}', {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    assert response.json() == {"note": "my secret"}


@pytest.mark.parametrize("accept", ["application/xml", "text/xml"])
def test_it_renders_an_empty_note_as_xml(
    client: Client, guid: str, token: str, accept: str
) -> None:
    response = client.get(
        NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token, "Accept": accept}
    )
    assert response.status_code == 200
    assert response["Content-Type"] == accept
    assert response.content == b"<secretnote><note/></secretnote>"


def test_it_escapes_the_note_in_xml(client: Client, guid: str, token: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token}
    post_note(client, '{"note":"a < b & c"}', headers)
    response = client.get(NOTE, headers={**headers, "Accept": "application/xml"})
    assert response.content == b"<secretnote><note>a &lt; b &amp; c</note></secretnote>"


@pytest.mark.parametrize("accept", ["*/*", "application/*", "application/json"])
def test_broad_accepts_get_json(client: Client, guid: str, token: str, accept: str) -> None:
    response = client.get(
        NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token, "Accept": accept}
    )
    assert response["Content-Type"] == "application/json"


def test_it_reads_with_a_bearer_token(client: Client, guid: str, token: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "Authorization": f"Bearer {token}"})
    assert response.status_code == 200
    assert response.json() == {"note": ""}


def test_without_a_token_it_is_401_bearer(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    assert response.json() == {"errorMessages": [NO_TOKEN]}
    assert response["X-CHALLENGER"] == guid


def test_a_401_is_rendered_as_xml_when_asked(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "Accept": "application/xml"})
    assert response.status_code == 401
    assert response["Content-Type"] == "application/xml"
    escaped = NO_TOKEN.replace("<", "&lt;").replace(">", "&gt;")
    expected = f"<errorMessages><errorMessage>{escaped}</errorMessage></errorMessages>"
    assert response.content == expected.encode()


def test_a_401_for_an_unsupported_accept_is_json(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "Accept": "text/csv"})
    assert response.status_code == 401
    assert response["Content-Type"] == "application/json"


def test_an_empty_x_auth_token_counts_as_missing(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": ""})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"


def test_basic_credentials_are_not_a_token(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "Authorization": ADMIN})
    assert response.status_code == 401


def test_a_wrong_token_is_403(client: Client, guid: str, token: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token + "0"})
    assert response.status_code == 403
    assert response.json() == {"errorMessages": [WRONG_TOKEN]}
    assert not response.has_header("WWW-Authenticate")


def test_another_sessions_token_is_403(client: Client, guid: str, other_token: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": other_token})
    assert response.status_code == 403


def test_the_token_is_case_sensitive(client: Client, guid: str, token: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token.upper()})
    assert response.status_code == 403


def test_the_read_only_token_is_not_a_session_token(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": READ_ONLY_TOKEN})
    assert response.status_code == 403


@pytest.mark.django_db
def test_an_unknown_session_is_401_bearer(client: Client, other_token: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": UNKNOWN_GUID, "X-AUTH-TOKEN": other_token})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER
    assert response.json() == {"errorMessages": [UNKNOWN_SESSION]}


@pytest.mark.parametrize("accept", ["text/csv", "application/gzip", "text/html"])
def test_an_unsupported_accept_is_406(client: Client, guid: str, token: str, accept: str) -> None:
    response = client.get(
        NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token, "Accept": accept}
    )
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert "errorMessages" in response.json()


def test_a_missing_token_is_reported_before_the_accept(client: Client, guid: str) -> None:
    response = client.get(NOTE, headers={"X-CHALLENGER": guid, "Accept": "text/csv"})
    assert response.status_code == 401


def test_a_wrong_token_is_reported_before_the_accept(client: Client, guid: str) -> None:
    response = client.get(
        NOTE, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": "nope", "Accept": "text/csv"}
    )
    assert response.status_code == 403


@pytest.mark.parametrize("path", ["/secret/note", "/api/secret/note/", "/secret/note/"])
def test_legacy_and_trailing_slash_paths_work(
    client: Client, guid: str, token: str, path: str
) -> None:
    response = client.get(path, headers={"X-CHALLENGER": guid, "X-AUTH-TOKEN": token})
    assert response.status_code == 200


@pytest.mark.django_db
def test_single_mode_needs_no_session_header(client: Client, single_mode: None) -> None:
    token = client.post("/api/secret/token", headers={"Authorization": ADMIN})["X-AUTH-TOKEN"]
    response = client.get(NOTE, headers={"X-AUTH-TOKEN": token})
    assert response.status_code == 200
    assert response.json() == {"note": ""}


@pytest.mark.django_db
def test_single_mode_refuses_the_read_only_token(client: Client, single_mode: None) -> None:
    response = client.get(NOTE, headers={"X-AUTH-TOKEN": READ_ONLY_TOKEN})
    assert response.status_code == 403


@pytest.mark.django_db
class TestReadOnlyMode:
    """Multi-player without any X-CHALLENGER: the fixed read-only token and note."""

    def test_the_read_only_token_reads_the_read_only_note(self, client: Client) -> None:
        response = client.get(NOTE, headers={"X-AUTH-TOKEN": READ_ONLY_TOKEN})
        assert response.status_code == 200
        assert response.json() == {"note": READ_ONLY_NOTE}
        assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER

    def test_the_read_only_token_works_as_bearer(self, client: Client) -> None:
        response = client.get(NOTE, headers={"Authorization": f"Bearer {READ_ONLY_TOKEN}"})
        assert response.json() == {"note": READ_ONLY_NOTE}

    def test_it_renders_xml(self, client: Client) -> None:
        response = client.get(
            NOTE, headers={"X-AUTH-TOKEN": READ_ONLY_TOKEN, "Accept": "application/xml"}
        )
        assert response.content == (
            b"<secretnote><note>This is the read-only secret note.</note></secretnote>"
        )

    def test_no_token_is_401_bearer(self, client: Client) -> None:
        response = client.get(NOTE)
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Bearer"

    def test_another_token_is_403(self, client: Client, other_token: str) -> None:
        response = client.get(NOTE, headers={"X-AUTH-TOKEN": other_token})
        assert response.status_code == 403
        assert response.json() == {"errorMessages": [WRONG_READ_ONLY_TOKEN]}

    def test_an_unsupported_accept_is_406(self, client: Client) -> None:
        response = client.get(NOTE, headers={"X-AUTH-TOKEN": READ_ONLY_TOKEN, "Accept": "text/csv"})
        assert response.status_code == 406

    def test_a_blank_session_header_is_read_only_mode(self, client: Client) -> None:
        response = client.get(NOTE, headers={"X-CHALLENGER": " ", "X-AUTH-TOKEN": READ_ONLY_TOKEN})
        assert response.json() == {"note": READ_ONLY_NOTE}
