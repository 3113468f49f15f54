"""The /sim OpenAPI 3.1 document and its listing in Swagger UI at /docs."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from django.test import Client
from openapi_spec_validator import validate

SCHEMA_URL = "/sim/docs/openapi.json"
ERROR_REF = "#/components/schemas/ErrorMessages"


@pytest.fixture
def document(client: Client) -> dict[str, Any]:
    response = client.get(SCHEMA_URL)
    assert response.status_code == 200
    return orjson.loads(response.content)


def test_it_is_openapi_3_1_version_1_0_0(document: dict[str, Any]) -> None:
    assert document["openapi"] == "3.1.0"
    assert document["info"]["version"] == "1.0.0"


def test_it_is_a_valid_openapi_3_1_document(document: dict[str, Any]) -> None:
    validate(document)  # raises on any violation of the OpenAPI 3.1 schema


def test_it_is_served_as_json_without_caching(client: Client) -> None:
    response = client.get(SCHEMA_URL)
    assert response["Content-Type"].startswith("application/vnd.oai.openapi+json")
    assert response["Cache-Control"] == "no-store"


def test_it_names_the_local_server(document: dict[str, Any]) -> None:
    assert [s["url"] for s in document["servers"]] == ["http://localhost:4567"]


def test_it_puts_the_public_url_first_when_configured(client: Client, settings: Any) -> None:
    settings.APICHALLENGES_PUBLIC_URL = "https://api.example.edu"
    document = orjson.loads(client.get(SCHEMA_URL).content)
    assert [s["url"] for s in document["servers"]] == [
        "https://api.example.edu",
        "http://localhost:4567",
    ]


def test_it_holds_only_the_sim_paths(document: dict[str, Any]) -> None:
    assert sorted(document["paths"]) == ["/sim/entities", "/sim/entities/{id}"]
    assert sorted(document["paths"]["/sim/entities"]) == ["get", "post"]
    assert sorted(document["paths"]["/sim/entities/{id}"]) == ["delete", "get", "post", "put"]


def test_post_documents_every_status_it_can_answer(document: dict[str, Any]) -> None:
    responses = document["paths"]["/sim/entities"]["post"]["responses"]
    assert sorted(responses) == ["201", "400", "406", "409", "413", "415", "422"]


def test_post_documents_the_created_headers(document: dict[str, Any]) -> None:
    created = document["paths"]["/sim/entities"]["post"]["responses"]["201"]
    assert sorted(created["headers"]) == ["Location", "X-Thing-Instance-Primary-Key"]


def test_post_takes_json_and_xml(document: dict[str, Any]) -> None:
    body = document["paths"]["/sim/entities"]["post"]["requestBody"]["content"]
    assert sorted(body) == ["application/json", "application/xml", "text/xml"]


@pytest.mark.parametrize("status", ["400", "409", "415", "422"])
def test_errors_use_the_shared_error_schema(document: dict[str, Any], status: str) -> None:
    content = document["paths"]["/sim/entities"]["post"]["responses"][status]["content"]
    assert content["application/json"]["schema"]["$ref"] == ERROR_REF
    assert content["application/xml"]["schema"]["$ref"] == ERROR_REF
    assert content["text/plain"]["schema"] == {"type": "string"}


def test_406_is_only_json(document: dict[str, Any]) -> None:
    content = document["paths"]["/sim/entities"]["get"]["responses"]["406"]["content"]
    assert list(content) == ["application/json"]


def test_the_error_schema_is_the_shared_shape(document: dict[str, Any]) -> None:
    schema = document["components"]["schemas"]["ErrorMessages"]
    assert schema["required"] == ["errorMessages"]
    assert schema["properties"]["errorMessages"]["type"] == "array"
    assert schema["xml"] == {"name": "errorMessages"}


def test_the_create_schema_states_the_rules(document: dict[str, Any]) -> None:
    schema = document["components"]["schemas"]["EntityCreate"]
    assert schema["required"] == ["name"]
    assert schema["properties"]["name"]["maxLength"] == 50
    assert schema["properties"]["description"]["maxLength"] == 200
    assert schema["additionalProperties"] is False
    assert schema["xml"] == {"name": "entity"}


def test_item_operations_document_their_teaching_answers(document: dict[str, Any]) -> None:
    item = document["paths"]["/sim/entities/{id}"]
    assert sorted(item["get"]["responses"]) == ["200", "404", "406"]
    assert sorted(item["post"]["responses"]) == ["200", "201", "403", "404", "406"]
    assert sorted(item["put"]["responses"]) == ["200", "201", "403", "404", "406"]
    assert sorted(item["delete"]["responses"]) == ["204", "403", "404", "406"]


def test_there_is_no_format_parameter(document: dict[str, Any]) -> None:
    names = [p["name"] for p in document["paths"]["/sim/entities"]["get"]["parameters"]]
    assert "format" not in names
    assert {"id", "name", "description", "_sortBy", "_limit", "_offset"} <= set(names)


def test_the_main_document_leaves_sim_out(client: Client) -> None:
    response = client.get("/api/schema/", headers={"Accept": "application/vnd.oai.openapi+json"})
    assert response.status_code == 200
    paths = orjson.loads(response.content)["paths"]
    assert not [path for path in paths if path.startswith("/sim")]


def test_swagger_ui_lists_both_documents(client: Client) -> None:
    # The page's start script, served as a file (/docs?script=) for its CSP.
    response = client.get("/docs?script=")
    assert response.status_code == 200
    assert b'"/api/schema/"' in response.content
    assert f'"{SCHEMA_URL}"'.encode() in response.content
    assert b"StandaloneLayout" in response.content


def test_xml_responses_list_the_entity_in_xml_element_order(document: dict[str, Any]) -> None:
    content = document["paths"]["/sim/entities/{id}"]["get"]["responses"]["200"]["content"]
    assert content["application/xml"]["schema"] == {"$ref": "#/components/schemas/EntityXml"}
    entity = document["components"]["schemas"]["EntityXml"]
    assert list(entity["properties"]) == ["name", "description", "id"]
    assert entity["xml"] == {"name": "entity"}


def test_xml_lists_hold_xml_ordered_entities(document: dict[str, Any]) -> None:
    content = document["paths"]["/sim/entities"]["get"]["responses"]["200"]["content"]
    assert content["text/xml"]["schema"] == {"$ref": "#/components/schemas/EntityListXml"}
    listing = document["components"]["schemas"]["EntityListXml"]
    assert listing["properties"]["entities"]["items"] == {"$ref": "#/components/schemas/EntityXml"}


def test_json_responses_keep_the_definition_order(document: dict[str, Any]) -> None:
    content = document["paths"]["/sim/entities/{id}"]["get"]["responses"]["200"]["content"]
    assert content["application/json"]["schema"] == {"$ref": "#/components/schemas/Entity"}
    properties = document["components"]["schemas"]["Entity"]["properties"]
    assert list(properties) == ["id", "name", "description"]
