"""POST /sim/entities with a bad body: 400, 415, 422 and 409 in the shared error shape."""

from __future__ import annotations

import orjson
import pytest
from django.http import HttpResponse
from django.test import Client

from practiceapi.protocol.parsers import INVALID_JSON


def post(
    client: Client, body: str | bytes, content_type: str = "application/json", **kw: object
) -> HttpResponse:
    return client.post("/sim/entities", data=body, content_type=content_type, **kw)


def messages(response: HttpResponse) -> list[str]:
    return orjson.loads(response.content)["errorMessages"]


# --- 400 / 415: the body cannot be read ---------------------------------------------------


def test_a_missing_content_type_is_400_like_the_todo_api(client: Client) -> None:
    response = client.generic("POST", "/sim/entities", data=b'{"name":"x"}', content_type="")
    assert response.status_code == 400
    assert messages(response) == ["Unknown content Type: API cannot parse "]


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/todo+xml"]
)
def test_an_unsupported_content_type_is_415(client: Client, content_type: str) -> None:
    response = post(client, "name=x", content_type)
    assert response.status_code == 415
    assert messages(response) == [f"Unsupported Content Type - {content_type}"]


def test_the_415_names_the_header_lower_cased(client: Client) -> None:
    response = post(client, "x", "Text/Plain; Charset=UTF-8")
    assert messages(response) == ["Unsupported Content Type - text/plain; charset=utf-8"]


def test_malformed_json_is_400(client: Client) -> None:
    response = post(client, '{"name": "x",}')
    assert response.status_code == 400
    assert messages(response)[0].startswith(INVALID_JSON)


def test_single_quoted_json_is_400(client: Client) -> None:
    assert post(client, "{'name': 'x'}").status_code == 400


@pytest.mark.parametrize("body", ["[]", '"name"', "5"])
def test_json_that_is_not_an_object_is_400(client: Client, body: str) -> None:
    response = post(client, body)
    assert response.status_code == 400
    assert messages(response) == ["JSON document must be an object"]


def test_malformed_xml_is_400(client: Client) -> None:
    response = post(client, "<entity><name>x</entity>", "application/xml")
    assert response.status_code == 400
    assert messages(response)[0].startswith("Invalid XML Payload")


def test_xml_with_entity_declarations_is_400(client: Client) -> None:
    body = '<!DOCTYPE e [<!ENTITY x "boom">]><entity><name>&x;</name></entity>'
    response = post(client, body, "application/xml")
    assert response.status_code == 400


def test_a_400_is_rendered_as_xml_when_asked(client: Client) -> None:
    response = post(client, "{", headers={"Accept": "application/xml"})
    assert response.status_code == 400
    assert response["Content-Type"] == "application/xml"
    assert response.content.startswith(b"<errorMessages><errorMessage>Invalid Json Payload")


def test_accept_is_checked_before_the_body(client: Client) -> None:
    response = post(client, "{", headers={"Accept": "application/gzip"})
    assert response.status_code == 406


# --- 422: the fields are wrong -------------------------------------------------------------


def test_a_missing_name_is_422(client: Client) -> None:
    response = post(client, '{"description": "d"}')
    assert response.status_code == 422
    assert messages(response) == ["name : field is mandatory"]


def test_an_empty_body_is_a_missing_name(client: Client) -> None:
    # The test client drops the Content-Type of an empty body unless it is set directly.
    response = client.generic("POST", "/sim/entities", CONTENT_TYPE="application/json")
    assert response.status_code == 422
    assert messages(response) == ["name : field is mandatory"]


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_name_is_422(client: Client, name: str) -> None:
    response = post(client, orjson.dumps({"name": name}))
    assert response.status_code == 422
    assert messages(response) == ["Failed Validation: name : can not be empty"]


def test_a_name_over_50_is_422(client: Client) -> None:
    response = post(client, orjson.dumps({"name": "n" * 51}))
    assert response.status_code == 422
    assert messages(response) == [
        "Failed Validation: Maximum allowable length exceeded for name - maximum allowed is 50"
    ]


def test_lengths_count_characters_not_bytes(client: Client) -> None:
    assert post(client, orjson.dumps({"name": "é" * 50})).status_code == 201


def test_a_description_over_200_is_422(client: Client) -> None:
    response = post(client, orjson.dumps({"name": "x", "description": "d" * 201}))
    assert response.status_code == 422
    assert messages(response) == [
        "Failed Validation: Maximum allowable length exceeded for description - maximum "
        "allowed is 200"
    ]


def test_an_id_is_422(client: Client) -> None:
    response = post(client, '{"id": 11, "name": "x"}')
    assert response.status_code == 422
    assert messages(response) == [
        "Failed Validation: Invalid Creation: Not allowed to create with id"
    ]


def test_an_id_in_xml_is_422(client: Client) -> None:
    response = post(client, "<entity><id>3</id><name>x</name></entity>", "application/xml")
    assert response.status_code == 422


def test_a_name_that_is_not_a_string_is_422(client: Client) -> None:
    response = post(client, '{"name": 5}')
    assert response.status_code == 422
    assert messages(response) == ["Failed Validation: name should be STRING but was INTEGER"]


def test_a_null_description_is_422(client: Client) -> None:
    response = post(client, '{"name": "x", "description": null}')
    assert messages(response) == ["Failed Validation: description should be STRING but was NULL"]


def test_an_unknown_field_is_422(client: Client) -> None:
    response = post(client, '{"name": "x", "priority": 1}')
    assert response.status_code == 422
    assert messages(response) == ["Failed Validation: Could not find field: priority"]


def test_an_xml_root_other_than_entity_is_an_unknown_field(client: Client) -> None:
    response = post(client, "<bob><name>x</name></bob>", "application/xml")
    assert response.status_code == 422
    assert "Failed Validation: Could not find field: bob" in messages(response)


def test_every_problem_is_reported(client: Client) -> None:
    response = post(client, orjson.dumps({"id": 1, "description": "d" * 201, "x": 1}))
    assert messages(response) == [
        "Failed Validation: Could not find field: x",
        "Failed Validation: Invalid Creation: Not allowed to create with id",
        "name : field is mandatory",
        "Failed Validation: Maximum allowable length exceeded for description - maximum "
        "allowed is 200",
    ]


def test_a_422_is_rendered_as_xml_when_asked(client: Client) -> None:
    response = post(client, "{}", headers={"Accept": "application/xml"})
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        b"<errorMessages><errorMessage>name : field is mandatory</errorMessage></errorMessages>"
    )


# --- 409: the name is taken -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["bob", "entity number 3", "entity number 10", "eris"])
def test_an_existing_name_is_409(client: Client, name: str) -> None:
    response = post(client, orjson.dumps({"name": name}))
    assert response.status_code == 409
    assert messages(response) == [
        f"ERROR: Cannot add instance, an entity named {name} already exists"
    ]


def test_names_compare_case_sensitively(client: Client) -> None:
    assert post(client, '{"name": "Bob"}').status_code == 201


def test_a_422_wins_over_a_409(client: Client) -> None:
    assert post(client, '{"name": "bob", "id": 2}').status_code == 422
