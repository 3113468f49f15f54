"""POST /api/secret/note: replacing the session's note, truncated past 100 characters."""

from __future__ import annotations

import pytest

from challengers.sessions import UNKNOWN_CHALLENGER
from secrets_app.messages import NO_SESSION, UNKNOWN_SESSION, WRONG_TOKEN
from secrets_app.models import READ_ONLY_TOKEN, Secret
from tests.client import Client
from tests.secrets.conftest import ADMIN
from tests.secrets.helpers import NOTE, post_note


@pytest.fixture
def auth(guid: str, token: str) -> dict[str, str]:
    return {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token}


def stored_note(guid: str) -> str:
    return Secret.objects.get(challenger_id=guid).note


def test_it_stores_a_json_note(client: Client, guid: str, auth: dict[str, str]) -> None:
    response = post_note(client, '{"note":"my secret"}', auth)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.content == b'{"note":"my secret"}'
    assert response["X-CHALLENGER"] == guid
    assert stored_note(guid) == "my secret"


def test_it_replaces_the_previous_note(client: Client, guid: str, auth: dict[str, str]) -> None:
    post_note(client, '{"note":"first"}', auth)
    post_note(client, '{"note":"second"}', auth)
    assert client.get(NOTE, headers=auth).json() == {"note": "second"}


def test_it_stores_an_empty_note(client: Client, guid: str, auth: dict[str, str]) -> None:
    post_note(client, '{"note":"first"}', auth)
    response = post_note(client, '{"note":""}', auth)
    assert response.content == b'{"note":""}'
    assert stored_note(guid) == ""


def test_it_stores_with_a_bearer_token(client: Client, guid: str, token: str) -> None:
    headers = {"X-CHALLENGER": guid, "Authorization": f"Bearer {token}"}
    response = post_note(client, '{"note":"via bearer"}', headers)
    assert response.status_code == 200
    assert stored_note(guid) == "via bearer"


@pytest.mark.parametrize("content_type", ["application/xml", "text/xml"])
def test_it_takes_an_xml_note_and_answers_xml(
    client: Client, guid: str, auth: dict[str, str], content_type: str
) -> None:
    body = "<secretnote><note>from xml</note></secretnote>"
    response = post_note(client, body, {**auth, "Accept": content_type}, content_type)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response.content == b"<secretnote><note>from xml</note></secretnote>"
    assert stored_note(guid) == "from xml"


def test_it_takes_xml_and_answers_json(client: Client, auth: dict[str, str]) -> None:
    body = "<secretnote><note>from xml</note></secretnote>"
    response = post_note(client, body, auth, "application/xml")
    assert response.json() == {"note": "from xml"}


def test_it_takes_json_and_answers_xml(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, '{"note":"x"}', {**auth, "Accept": "application/xml"})
    assert response.content == b"<secretnote><note>x</note></secretnote>"


def test_xml_note_text_stays_a_string(client: Client, auth: dict[str, str]) -> None:
    body = "<secretnote><note>123</note></secretnote>"
    response = post_note(client, body, auth, "application/xml")
    assert response.json() == {"note": "123"}


def test_an_empty_xml_note_is_stored_empty(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, "<secretnote><note/></secretnote>", auth, "application/xml")
    assert response.json() == {"note": ""}


def test_it_accepts_a_charset_parameter(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, '{"note":"x"}', auth, "application/json; charset=utf-8")
    assert response.status_code == 200


def test_it_truncates_a_long_note_to_100(client: Client, guid: str, auth: dict[str, str]) -> None:
    note = "a" * 100 + "bcd"
    response = post_note(client, f'{{"note":"{note}"}}', auth)
    assert response.status_code == 200
    assert response.json() == {"note": "a" * 100}
    assert stored_note(guid) == "a" * 100


def test_it_keeps_a_note_of_exactly_100(client: Client, guid: str, auth: dict[str, str]) -> None:
    note = "z" * 100
    post_note(client, f'{{"note":"{note}"}}', auth)
    assert stored_note(guid) == note


def test_it_counts_characters_not_bytes(client: Client, guid: str, auth: dict[str, str]) -> None:
    note = "é" * 99 + "😀" + "tail"
    response = post_note(client, f'{{"note":"{note}"}}'.encode(), auth)
    assert response.json() == {"note": "é" * 99 + "😀"}


def test_a_truncated_xml_note_is_answered_truncated(client: Client, auth: dict[str, str]) -> None:
    body = f"<secretnote><note>{'x' * 150}</note></secretnote>"
    response = post_note(client, body, {**auth, "Accept": "application/xml"}, "application/xml")
    assert response.content == f"<secretnote><note>{'x' * 100}</note></secretnote>".encode()


# --- checks before authentication ------------------------------------------------------


@pytest.mark.django_db
def test_an_unsupported_accept_is_406_before_anything_else(client: Client) -> None:
    response = post_note(client, "not json", {"Accept": "text/csv"}, "text/plain")
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"errorMessages": ["Unrecognised Accept Type"]}


@pytest.mark.django_db
def test_an_unsupported_content_type_is_415_before_authentication(client: Client) -> None:
    response = post_note(client, "note=x", {}, "text/plain")
    assert response.status_code == 415
    assert response.json() == {"errorMessages": ["Unsupported Content Type - text/plain"]}


@pytest.mark.django_db
def test_a_missing_content_type_is_415(client: Client, guid: str, token: str) -> None:
    # WSGI servers pass an absent header as a missing or empty CONTENT_TYPE.
    response = post_note(client, '{"note":"x"}', {"X-CHALLENGER": guid, "X-AUTH-TOKEN": token}, "")
    assert response.status_code == 415
    assert response.json() == {
        "errorMessages": [
            "Missing Content-Type: send the note as application/json or application/xml"
        ]
    }


@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded", "application/merge-patch+json", "application/todo+xml"],
)
def test_other_content_types_are_415(
    client: Client, auth: dict[str, str], content_type: str
) -> None:
    response = post_note(client, '{"note":"x"}', auth, content_type)
    assert response.status_code == 415


def test_a_415_is_rendered_as_xml_when_asked(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, "x", {**auth, "Accept": "application/xml"}, "text/plain")
    assert response.content == (
        b"<errorMessages><errorMessage>Unsupported Content Type - text/plain"
        b"</errorMessage></errorMessages>"
    )


# --- authentication --------------------------------------------------------------------


@pytest.mark.django_db
def test_no_session_is_401_bearer(client: Client, other_token: str) -> None:
    response = post_note(client, '{"note":"x"}', {"X-AUTH-TOKEN": other_token})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    assert response["X-CHALLENGER"] == UNKNOWN_CHALLENGER
    assert response.json() == {"errorMessages": [NO_SESSION]}


@pytest.mark.django_db
def test_the_read_only_token_cannot_write(client: Client) -> None:
    response = post_note(client, '{"note":"x"}', {"X-AUTH-TOKEN": READ_ONLY_TOKEN})
    assert response.status_code == 401


@pytest.mark.django_db
def test_an_unknown_session_is_401_bearer(client: Client, other_token: str) -> None:
    headers = {"X-CHALLENGER": "nobody", "X-AUTH-TOKEN": other_token}
    response = post_note(client, '{"note":"x"}', headers)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    assert response.json() == {"errorMessages": [UNKNOWN_SESSION]}


def test_no_token_is_401_bearer(client: Client, guid: str) -> None:
    response = post_note(client, '{"note":"x"}', {"X-CHALLENGER": guid})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    assert response["X-CHALLENGER"] == guid
    assert stored_note(guid) == ""


def test_a_wrong_token_is_403(client: Client, guid: str, token: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": "bad", "Accept": "application/xml"}
    response = post_note(client, '{"note":"x"}', headers)
    assert response.status_code == 403
    assert response.content == (
        f"<errorMessages><errorMessage>{WRONG_TOKEN}</errorMessage></errorMessages>".encode()
    )
    assert stored_note(guid) == ""


def test_another_sessions_token_is_403(client: Client, guid: str, other_token: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": other_token}
    assert post_note(client, '{"note":"x"}', headers).status_code == 403


def test_basic_credentials_are_not_a_token(client: Client, guid: str) -> None:
    headers = {"X-CHALLENGER": guid, "Authorization": ADMIN}
    assert post_note(client, '{"note":"x"}', headers).status_code == 401


def test_a_missing_token_is_reported_before_a_bad_body(client: Client, guid: str) -> None:
    response = post_note(client, "{not json", {"X-CHALLENGER": guid})
    assert response.status_code == 401


def test_a_wrong_token_is_reported_before_a_bad_body(client: Client, guid: str) -> None:
    response = post_note(client, "{not json", {"X-CHALLENGER": guid, "X-AUTH-TOKEN": "bad"})
    assert response.status_code == 403


# --- the body --------------------------------------------------------------------------


def test_malformed_json_is_400(client: Client, guid: str, auth: dict[str, str]) -> None:
    response = post_note(client, '{"note": "x"', auth)
    assert response.status_code == 400
    assert response.json()["errorMessages"][0].startswith("Invalid Json Payload")
    assert stored_note(guid) == ""


@pytest.mark.parametrize("body", ['["note"]', '"note"', "42", "null"])
def test_a_json_body_that_is_not_an_object_is_400(
    client: Client, auth: dict[str, str], body: str
) -> None:
    response = post_note(client, body, auth)
    assert response.status_code == 400
    assert response.json() == {"errorMessages": ["JSON document must be an object"]}


def test_malformed_xml_is_400(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, "<secretnote><note>x</secretnote>", auth, "application/xml")
    assert response.status_code == 400
    assert response.json()["errorMessages"][0].startswith("Invalid XML Payload")


def test_xml_entity_declarations_are_400(client: Client, auth: dict[str, str]) -> None:
    body = (
        '<?xml version="1.0"?><!DOCTYPE n [<!ENTITY x "boom">]>'
        "<secretnote><note>&x;</note></secretnote>"
    )
    response = post_note(client, body, auth, "application/xml")
    assert response.status_code == 400


def test_a_400_is_rendered_as_xml_when_asked(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, "{", {**auth, "Accept": "application/xml"})
    assert response.status_code == 400
    assert response["Content-Type"] == "application/xml"
    assert response.content.startswith(b"<errorMessages><errorMessage>Invalid Json Payload")


@pytest.mark.parametrize(
    ("body", "content_type"),
    [("", "application/json"), ("   \n", "application/json"), ("", "application/xml")],
)
def test_an_empty_body_is_422(
    client: Client, auth: dict[str, str], body: str, content_type: str
) -> None:
    response = post_note(client, body, auth, content_type)
    assert response.status_code == 422
    assert "the request body is empty" in response.json()["errorMessages"][0]


def test_a_missing_note_is_422(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, "{}", auth)
    assert response.status_code == 422
    assert response.json() == {"errorMessages": ["Failed Validation: note : field is mandatory"]}


def test_an_unknown_field_is_422(client: Client, guid: str, auth: dict[str, str]) -> None:
    response = post_note(client, '{"name":"bob"}', auth)
    assert response.status_code == 422
    assert response.json() == {
        "errorMessages": [
            "Failed Validation: Could not find field: name",
            "Failed Validation: note : field is mandatory",
        ]
    }


def test_an_unknown_field_next_to_a_note_is_422(
    client: Client, guid: str, auth: dict[str, str]
) -> None:
    response = post_note(client, '{"note":"x","priority":1}', auth)
    assert response.status_code == 422
    assert response.json() == {
        "errorMessages": ["Failed Validation: Could not find field: priority"]
    }
    assert stored_note(guid) == ""


def test_many_unknown_fields_are_summarised(client: Client, auth: dict[str, str]) -> None:
    body = "{" + ",".join(f'"f{i}":1' for i in range(8)) + ',"note":"x"}'
    response = post_note(client, body, auth)
    assert response.json() == {
        "errorMessages": ["Failed Validation: Could not find field: f0, f1, f2, f3, f4 and 3 more"]
    }


@pytest.mark.parametrize(
    ("value", "type_name"),
    [
        ("42", "INTEGER"),
        ("4.2", "NUMERIC"),
        ("true", "BOOLEAN"),
        ("null", "NULL"),
        ('{"text":"x"}', "OBJECT"),
        ('["x"]', "ARRAY"),
    ],
)
def test_a_note_that_is_not_a_string_is_422(
    client: Client, auth: dict[str, str], value: str, type_name: str
) -> None:
    response = post_note(client, f'{{"note":{value}}}', auth)
    assert response.status_code == 422
    assert response.json() == {
        "errorMessages": [f"Failed Validation: note should be STRING but was {type_name}"]
    }


def test_a_nul_character_is_422(client: Client, guid: str, auth: dict[str, str]) -> None:
    response = post_note(client, '{"note":"a\\u0000b"}', auth)
    assert response.status_code == 422
    assert stored_note(guid) == ""


def test_an_xml_body_with_another_field_is_422(client: Client, auth: dict[str, str]) -> None:
    body = "<secretnote><name>bob</name></secretnote>"
    response = post_note(client, body, auth, "application/xml")
    assert response.status_code == 422
    assert "Failed Validation: Could not find field: name" in response.json()["errorMessages"]


def test_an_xml_body_with_another_root_is_422(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, "<todo><note>x</note></todo>", auth, "application/xml")
    assert response.status_code == 422


def test_a_repeated_xml_note_is_422(client: Client, auth: dict[str, str]) -> None:
    body = "<secretnote><note>a</note><note>b</note></secretnote>"
    response = post_note(client, body, auth, "application/xml")
    assert response.status_code == 422
    assert response.json() == {
        "errorMessages": ["Failed Validation: note should be STRING but was ARRAY"]
    }


def test_a_nested_xml_note_is_422(client: Client, auth: dict[str, str]) -> None:
    body = "<secretnote><note><b>x</b></note></secretnote>"
    response = post_note(client, body, auth, "application/xml")
    assert response.status_code == 422


def test_a_422_is_rendered_as_xml_when_asked(client: Client, auth: dict[str, str]) -> None:
    response = post_note(client, "{}", {**auth, "Accept": "application/xml"})
    assert response.content == (
        b"<errorMessages><errorMessage>Failed Validation: note : field is mandatory"
        b"</errorMessage></errorMessages>"
    )


def test_a_422_uses_the_routes_type_not_csv(client: Client, auth: dict[str, str]) -> None:
    # `text/*` negotiates text/xml on this JSON/XML-only route, and so does the error.
    response = post_note(client, "{}", {**auth, "Accept": "text/*"})
    assert response.status_code == 422
    assert response["Content-Type"] == "text/xml"


def test_a_failed_post_keeps_the_previous_note(
    client: Client, guid: str, auth: dict[str, str]
) -> None:
    post_note(client, '{"note":"keep me"}', auth)
    post_note(client, '{"note":5}', auth)
    post_note(client, "{", auth)
    assert stored_note(guid) == "keep me"


@pytest.mark.django_db
def test_single_mode_needs_no_session_header(client: Client, single_mode: None) -> None:
    token = client.post("/api/secret/token", headers={"Authorization": ADMIN})["X-AUTH-TOKEN"]
    response = post_note(client, '{"note":"solo"}', {"X-AUTH-TOKEN": token})
    assert response.status_code == 200
    assert response.json() == {"note": "solo"}


def test_the_note_is_in_the_database(client: Client, guid: str, auth: dict[str, str]) -> None:
    post_note(client, '{"note":"persisted"}', auth)
    # A new client (a restarted server reads the same rows) sees the note.
    assert Client().get(NOTE, headers=auth).json() == {"note": "persisted"}
