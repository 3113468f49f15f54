"""POST /api/todos validation: every message of a create, and the Content-Type refusals."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.todos.support import errors, send


def post(client: Client, guid: str, body: object, **kwargs: str):  # noqa: ANN201
    return send(client, "POST", "/api/todos", body, guid=guid, **kwargs)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"title": "x", "doneStatus": "bob"}, "doneStatus should be BOOLEAN but was STRING"),
        ({"title": "x", "doneStatus": "true"}, "doneStatus should be BOOLEAN but was STRING"),
        ({"title": 5}, "title should be STRING but was INTEGER"),
        ({"title": 5.5}, "title should be STRING but was NUMERIC"),
        ({"title": None}, "title should be STRING but was NULL"),
        ({"title": ["x"]}, "title should be STRING but was ARRAY"),
        ({"title": "x", "description": {}}, "description should be STRING but was OBJECT"),
    ],
)
def test_wrong_types_are_422(client: Client, guid: str, body: dict, message: str) -> None:
    response = post(client, guid, body)
    assert response.status_code == 422
    assert errors(response) == [f"Failed Validation: {message}"]


def test_all_type_errors_are_joined(client: Client, guid: str) -> None:
    response = post(client, guid, {"title": 1, "doneStatus": "no"})
    assert errors(response) == [
        "Failed Validation: title should be STRING but was INTEGER, "
        "doneStatus should be BOOLEAN but was STRING"
    ]


def test_an_id_is_not_allowed(client: Client, guid: str) -> None:
    response = post(client, guid, {"id": 42, "title": "x"})
    assert response.status_code == 422
    assert errors(response) == [
        "Failed Validation: Invalid Creation: Not allowed to create with id"
    ]


def test_an_unknown_field_is_422(client: Client, guid: str) -> None:
    response = post(client, guid, {"title": "x", "priority": "high"})
    assert response.status_code == 422
    assert errors(response) == ["Failed Validation: Could not find field: priority"]


def test_a_title_over_50_is_422(client: Client, guid: str) -> None:
    response = post(client, guid, {"title": "t" * 51})
    assert response.status_code == 422
    assert errors(response) == [
        "Failed Validation: Maximum allowable length exceeded for title - maximum allowed is 50"
    ]


def test_a_description_over_200_is_422(client: Client, guid: str) -> None:
    response = post(client, guid, {"title": "x", "description": "d" * 201})
    assert errors(response) == [
        "Failed Validation: Maximum allowable length exceeded for description"
        " - maximum allowed is 200"
    ]


def test_maximum_lengths_are_accepted(client: Client, guid: str) -> None:
    response = post(client, guid, {"title": "t" * 50, "description": "d" * 200})
    assert response.status_code == 201


def test_lengths_count_code_points(client: Client, guid: str) -> None:
    response = post(client, guid, {"title": "\U0001f600" * 50})
    assert response.status_code == 201


@pytest.mark.parametrize("title", ["", "   "])
def test_an_empty_title_is_422(client: Client, guid: str, title: str) -> None:
    response = post(client, guid, {"title": title})
    assert errors(response) == ["Failed Validation: title : can not be empty"]


def test_a_missing_title_is_422_without_prefix(client: Client, guid: str) -> None:
    response = post(client, guid, {"description": "no title"})
    assert response.status_code == 422
    assert errors(response) == ["title : field is mandatory"]


def test_a_blank_json_body_means_no_fields(client: Client, guid: str) -> None:
    response = post(client, guid, " \n", content_type="application/json")
    assert errors(response) == ["title : field is mandatory"]


def test_a_nul_character_is_422(client: Client, guid: str) -> None:
    response = post(client, guid, {"title": "a\u0000b"})
    assert response.status_code == 422


def test_a_missing_content_type_is_400(client: Client, guid: str) -> None:
    response = post(client, guid, '{"title":"x"}', content_type=None)
    assert response.status_code == 400
    assert errors(response) == ["Unknown content Type: API cannot parse "]


@pytest.mark.parametrize(
    ("content_type", "shown"),
    [
        ("text/plain", "text/plain"),
        ("Application/X-WWW-Form-URLEncoded", "application/x-www-form-urlencoded"),
        ("bob", "bob"),
        ("application/problem+xml", "application/problem+xml"),
    ],
)
def test_an_unsupported_content_type_is_415(
    client: Client, guid: str, content_type: str, shown: str
) -> None:
    response = post(client, guid, '{"title":"x"}', content_type=content_type)
    assert response.status_code == 415
    assert errors(response) == [f"Unsupported Content Type - {shown}"]


def test_an_unsupported_content_type_is_415_without_a_body(client: Client, guid: str) -> None:
    response = post(client, guid, "", content_type="text/plain")
    assert response.status_code == 415
    assert errors(response) == ["Unsupported Content Type - text/plain"]


def test_a_missing_content_type_is_400_without_a_body(client: Client, guid: str) -> None:
    response = post(client, guid, "", content_type=None)
    assert response.status_code == 400
    assert errors(response) == ["Unknown content Type: API cannot parse "]


def test_malformed_json_is_400_saying_where(client: Client, guid: str) -> None:
    response = post(client, guid, '{"title": "x",}', content_type="application/json")
    assert response.status_code == 400
    assert errors(response) == [
        "Invalid Json Payload: please check the syntax of the request body "
        "(line 1 column 15: Expecting property name enclosed in double quotes)"
    ]


@pytest.mark.parametrize("body", ["{'title': 'x'}", '{"title":"x"} trailing', '{"a": NaN}'])
def test_json_is_strict(client: Client, guid: str, body: str) -> None:
    response = post(client, guid, body, content_type="application/json")
    assert response.status_code == 400
    assert errors(response)[0].startswith("Invalid Json Payload: ")


@pytest.mark.parametrize("body", ["[]", "null", "5", '"title"'])
def test_json_that_is_not_an_object_is_400(client: Client, guid: str, body: str) -> None:
    response = post(client, guid, body, content_type="application/json")
    assert response.status_code == 400
    assert errors(response) == ["JSON document must be an object"]


def test_body_errors_render_in_the_accepted_type(client: Client, guid: str) -> None:
    response = post(client, guid, "[]", content_type="application/json", Accept="application/xml")
    assert response["Content-Type"] == "application/xml"


def test_malformed_xml_is_400(client: Client, guid: str) -> None:
    response = post(client, guid, "<todo><title>x</todo>", content_type="application/xml")
    assert response.status_code == 400
    assert errors(response)[0].startswith("Invalid XML Payload: ")


def test_an_xml_entity_bomb_is_400(client: Client, guid: str) -> None:
    body = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        "<todo><title>&lol2;</title></todo>"
    )
    response = post(client, guid, body, content_type="application/xml")
    assert response.status_code == 400
    assert errors(response)[0].startswith("Invalid XML Payload: ")


def test_an_unknown_xml_root_is_an_unknown_field(client: Client, guid: str) -> None:
    response = post(client, guid, "<bob><title>x</title></bob>", content_type="application/xml")
    assert response.status_code == 422
    assert errors(response) == ["Failed Validation: Could not find field: bob.title"]


def test_xml_done_status_must_be_true_or_false(client: Client, guid: str) -> None:
    body = "<todo><title>x</title><doneStatus>yes</doneStatus></todo>"
    response = post(client, guid, body, content_type="application/xml")
    assert errors(response) == ["Failed Validation: doneStatus should be BOOLEAN but was STRING"]


def test_a_body_over_5000_characters_is_413(client: Client, guid: str) -> None:
    body = '{"title":"x","description":"' + "d" * 5000 + '"}'
    response = post(client, guid, body, content_type="application/json")
    assert response.status_code == 413
    assert errors(response) == ["Error: request body too large, max allowed is 5000 bytes"]


def test_a_body_of_exactly_5000_characters_passes(client: Client, guid: str) -> None:
    body = '{"title":"x"}'
    body += " " * (5000 - len(body))
    response = post(client, guid, body, content_type="application/json")
    assert response.status_code == 201


def test_the_limit_counts_characters_not_bytes(client: Client, guid: str) -> None:
    body = '{"title":"\u00e9"}'
    body += " " * (5000 - len(body))
    assert len(body.encode()) > 5000
    response = post(client, guid, body, content_type="application/json")
    assert response.status_code == 201


def test_406_comes_before_body_checks(client: Client, guid: str) -> None:
    response = post(client, guid, "not json", content_type="text/plain", Accept="image/png")
    assert response.status_code == 406


def test_413_comes_before_the_content_type_check(client: Client, guid: str) -> None:
    response = post(client, guid, "x" * 5001, content_type="text/plain")
    assert response.status_code == 413
