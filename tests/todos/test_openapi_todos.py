"""The todo operations in the main OpenAPI document (/api/schema/)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from django.test import Client
from openapi_spec_validator import validate

from practiceapi.protocol.formats import FORMATS


@pytest.fixture
def document(client: Client) -> dict[str, Any]:
    response = client.get("/api/schema/", headers={"Accept": "application/vnd.oai.openapi+json"})
    return orjson.loads(response.content)


def _todo(content: dict[str, Any], media_type: str) -> dict[str, Any]:
    return content[media_type]["schema"]["properties"]["todos"]["items"]


def test_it_is_a_valid_openapi_3_1_document(document: dict[str, Any]) -> None:
    validate(document)


def test_xml_lists_todo_elements_in_the_order_the_xml_has_them(document: dict[str, Any]) -> None:
    content = document["paths"]["/api/todos"]["get"]["responses"]["200"]["content"]
    assert list(_todo(content, "application/xml")["properties"]) == [
        "doneStatus",
        "description",
        "id",
        "title",
    ]


def test_json_lists_todo_members_in_definition_order(document: dict[str, Any]) -> None:
    content = document["paths"]["/api/todos"]["get"]["responses"]["200"]["content"]
    assert list(_todo(content, "application/json")["properties"]) == [
        "id",
        "title",
        "doneStatus",
        "description",
    ]


def test_a_created_todo_in_xml_is_documented_in_xml_order(document: dict[str, Any]) -> None:
    content = document["paths"]["/api/todos"]["post"]["responses"]["201"]["content"]
    assert list(content["application/xml"]["schema"]["properties"])[0] == "doneStatus"


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/api/todos", "post"),
        ("/api/todos", "put"),
        ("/api/todos/{todo_id}", "post"),
        ("/api/todos/{todo_id}", "put"),
    ],
)
def test_bodies_say_xml_may_be_field_elements_alone(
    document: dict[str, Any], path: str, method: str
) -> None:
    assert "the field elements alone" in document["paths"][path][method]["description"]


def test_the_export_offers_every_format_of_the_table(document: dict[str, Any]) -> None:
    operation = document["paths"]["/api/todos/export"]["get"]
    names = next(p for p in operation["parameters"] if p["name"] == "format")["schema"]["enum"]
    assert sorted(names) == sorted(name for f in FORMATS for name in f.export_names)
    assert sorted(operation["responses"]["200"]["content"]) == sorted(f.media_type for f in FORMATS)
