"""Classic edition: Content-Type, body syntax, Accept and body size."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.classic.helpers import messages


def test_row_33_a_write_without_content_type_is_400(client: Client, known: dict[str, str]) -> None:
    response = client.generic(
        "POST", "/todos", json.dumps({"title": "x"}), content_type="", **known
    )
    assert response.status_code == 400
    assert messages(response) == ["Unknown content Type: API cannot parse "]


def test_row_34_unparsable_json_is_400_with_the_bare_message(
    client: Client, known: dict[str, str]
) -> None:
    response = client.post("/todos", '{"title": a', content_type="application/json", **known)
    assert response.status_code == 400
    assert messages(response) == [
        "Invalid Json Payload: please check the syntax of the request body"
    ]


@pytest.mark.parametrize("content_type", ["application/xml", "text/xml"])
def test_row_35_unparsable_xml_is_400(
    client: Client, known: dict[str, str], content_type: str
) -> None:
    response = client.post("/todos", "<todo><title>a</title>", content_type=content_type, **known)
    assert response.status_code == 400
    assert messages(response)[0].startswith("Invalid XML Payload: ")


def test_row_35_an_xml_fragment_is_read_as_the_fields(
    client: Client, known: dict[str, str]
) -> None:
    body = "<title>frag</title><doneStatus>true</doneStatus>"
    response = client.post("/todos", body, content_type="application/xml", **known)
    assert response.status_code == 201
    assert (response.json()["title"], response.json()["doneStatus"]) == ("frag", True)


def test_row_36_an_unsupported_content_type_is_415_naming_it_lower_cased(
    client: Client, known: dict[str, str]
) -> None:
    response = client.post("/todos", "title=x", content_type="Text/Plain", **known)
    assert response.status_code == 415
    assert messages(response) == ["Unsupported Content Type - text/plain"]


def test_row_37_an_unsupported_accept_is_406(client: Client, known: dict[str, str]) -> None:
    response = client.get("/todos", HTTP_ACCEPT="application/gzip", **known)
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert messages(response) == ["Unrecognised Accept Type"]


def test_row_38_a_body_over_5000_characters_is_413_with_a_capital_r(
    client: Client, known: dict[str, str]
) -> None:
    body = json.dumps({"title": "x", "description": "d" * 5000})
    response = client.post("/todos", body, content_type="application/json", **known)
    assert response.status_code == 413
    assert messages(response) == ["Error: Request body too large, max allowed is 5000 bytes"]
    assert len(client.get("/todos", **known).json()["todos"]) == 10


def test_row_34_json_is_read_leniently(client: Client, known: dict[str, str]) -> None:
    body = "{title: 'lenient', /* a comment */ doneStatus = TRUE; description: 'two words'}"
    response = client.post("/todos", body, content_type="application/json", **known)
    assert response.status_code == 201
    assert response.json() == {
        "id": 11,
        "title": "lenient",
        "doneStatus": True,
        "description": "two words",
    }


def test_row_34_an_unquoted_done_status_is_a_string(client: Client, known: dict[str, str]) -> None:
    body = '{"title": "a", "doneStatus": done}'
    response = client.post("/todos", body, content_type="application/json", **known)
    assert response.status_code == 400
    assert messages(response) == ["Failed Validation: doneStatus should be BOOLEAN but was STRING"]


@pytest.mark.parametrize(
    ("accept", "content_type"),
    [
        ("text/plain", "application/json"),
        ("text/html", "application/json"),
        ("application/*", "application/json"),
        ("application/json;q=0.1, application/xml", "application/json"),
        ("*/*, application/xml", "application/xml"),
        ("text/csv, application/xml", "application/xml"),
    ],
)
def test_row_37_accept_is_read_in_header_order_and_answered_as_json_or_xml(
    client: Client, known: dict[str, str], accept: str, content_type: str
) -> None:
    response = client.get("/todos", HTTP_ACCEPT=accept, **known)
    assert (response.status_code, response["Content-Type"]) == (200, content_type)


@pytest.mark.parametrize(
    ("path", "accept"),
    [
        ("/todos", "text/csv"),
        ("/todos", "application/vnd.apichallenges.todo+xml"),
        ("/todos/1", "text/calendar"),
    ],
)
def test_row_37_types_the_engine_did_not_know_are_406(
    client: Client, known: dict[str, str], path: str, accept: str
) -> None:
    response = client.get(path, HTTP_ACCEPT=accept, **known)
    assert (response.status_code, messages(response)) == (406, ["Unrecognised Accept Type"])
