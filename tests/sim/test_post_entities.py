"""POST /sim/entities with a valid body: 201 and the entity it would create."""

from __future__ import annotations

import orjson
from django.http import HttpResponse
from django.test import Client


def post_json(client: Client, body: object, **kwargs: object) -> HttpResponse:
    return client.post(
        "/sim/entities", data=orjson.dumps(body), content_type="application/json", **kwargs
    )


def test_it_answers_201_with_the_would_be_entity(client: Client) -> None:
    response = post_json(client, {"name": "my entity", "description": "about it"})
    assert response.status_code == 201
    assert response["Content-Type"] == "application/json"
    assert response.content == b'{"id":11,"name":"my entity","description":"about it"}'


def test_it_defaults_the_description_to_empty(client: Client) -> None:
    response = post_json(client, {"name": "my entity"})
    assert orjson.loads(response.content) == {"id": 11, "name": "my entity", "description": ""}


def test_it_sends_location_and_primary_key_headers(client: Client) -> None:
    response = post_json(client, {"name": "my entity"})
    assert response["Location"] == "/sim/entities/11"
    assert response["X-Thing-Instance-Primary-Key"] == "11"


def test_it_matches_field_names_case_insensitively(client: Client) -> None:
    response = post_json(client, {"Name": "my entity", "DESCRIPTION": "d"})
    assert orjson.loads(response.content) == {"id": 11, "name": "my entity", "description": "d"}


def test_it_accepts_a_charset_parameter(client: Client) -> None:
    response = client.post(
        "/sim/entities",
        data=b'{"name":"x"}',
        content_type="application/json; charset=utf-8",
    )
    assert response.status_code == 201


def test_it_accepts_an_xml_body(client: Client) -> None:
    body = "<entity><name>from xml</name><description>d</description></entity>"
    response = client.post("/sim/entities", data=body, content_type="application/xml")
    assert response.status_code == 201
    assert orjson.loads(response.content) == {"id": 11, "name": "from xml", "description": "d"}


def test_it_accepts_an_xml_fragment(client: Client) -> None:
    body = "<name>from a fragment</name><description>d</description>"
    response = client.post("/sim/entities", data=body, content_type="application/xml")
    assert response.status_code == 201
    assert orjson.loads(response.content) == {
        "id": 11,
        "name": "from a fragment",
        "description": "d",
    }


def test_it_keeps_numeric_looking_xml_text_as_a_name(client: Client) -> None:
    body = "<entity><name>123</name></entity>"
    response = client.post("/sim/entities", data=body, content_type="text/xml")
    assert orjson.loads(response.content)["name"] == "123"


def test_it_renders_the_created_entity_as_xml_when_asked(client: Client) -> None:
    response = post_json(client, {"name": "x"}, headers={"Accept": "application/xml"})
    assert response["Content-Type"] == "application/xml"
    assert response.content == b"<entity><name>x</name><description/><id>11</id></entity>"


def test_it_accepts_the_longest_allowed_values(client: Client) -> None:
    response = post_json(client, {"name": "n" * 50, "description": "d" * 200})
    assert response.status_code == 201


def test_it_stores_nothing(client: Client) -> None:
    post_json(client, {"name": "my entity"})
    listed = orjson.loads(client.get("/sim/entities").content)["entities"]
    assert [row["id"] for row in listed] == list(range(1, 11))
    entity = orjson.loads(client.get("/sim/entities/11").content)
    assert entity == {"id": 11, "name": "bob", "description": ""}


def test_it_gives_the_same_answer_every_time(client: Client) -> None:
    first = post_json(client, {"name": "again"})
    second = post_json(client, {"name": "again"})
    assert first.status_code == second.status_code == 201
    assert first.content == second.content


def test_it_works_through_the_method_override_header(client: Client) -> None:
    response = client.post(
        "/sim/entities",
        data=b"",
        content_type="application/json",
        headers={"X-HTTP-Method-Override": "GET"},
    )
    assert response.status_code == 200
    assert len(orjson.loads(response.content)["entities"]) == 10
