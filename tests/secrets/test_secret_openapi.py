"""The OpenAPI description of the secret area says what the views do."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def operation(schema: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    matches = [item for name, item in schema["paths"].items() if name.rstrip("/") == path]
    assert matches, f"{path} is not documented"
    return matches[0][method]


def header_names(op: dict[str, Any]) -> set[str]:
    return {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}


def test_the_token_post_documents_its_statuses_and_headers(schema: dict[str, Any]) -> None:
    op = operation(schema, "/api/secret/token", "post")
    assert set(op["responses"]) == {"201", "401"}
    assert "X-AUTH-TOKEN" in op["responses"]["201"]["headers"]
    assert "WWW-Authenticate" in op["responses"]["401"]["headers"]
    assert op["security"] == [{"xChallenger": [], "secretBasic": []}, {"secretBasic": []}]


def test_basic_and_bearer_are_security_schemes(schema: dict[str, Any]) -> None:
    schemes = schema["components"]["securitySchemes"]
    assert schemes["secretBasic"] == {"type": "http", "scheme": "basic"}
    assert schemes["secretBearer"] == {"type": "http", "scheme": "bearer"}


def test_the_note_get_documents_its_statuses(schema: dict[str, Any]) -> None:
    op = operation(schema, "/api/secret/note", "get")
    assert set(op["responses"]) == {"200", "401", "403", "406"}
    assert set(op["responses"]["200"]["content"]) == {
        "application/json",
        "application/xml",
        "text/xml",
    }
    assert "X-AUTH-TOKEN" in header_names(op)
    assert {"xChallenger": [], "secretBearer": []} in op["security"]


def test_the_note_post_documents_its_body_and_errors(schema: dict[str, Any]) -> None:
    op = operation(schema, "/api/secret/note", "post")
    assert set(op["responses"]) == {"200", "400", "401", "403", "406", "415", "422"}
    body = op["requestBody"]["content"]["application/json"]["schema"]
    assert set(body["properties"]) == {"note"}
    assert body["properties"]["note"]["type"] == "string"
    assert body["additionalProperties"] is False
    assert body["required"] == ["note"]
    error = op["responses"]["422"]["content"]["application/json"]["schema"]
    assert error["properties"]["errorMessages"]["type"] == "array"


def test_no_format_query_parameter_is_claimed(schema: dict[str, Any]) -> None:
    for method in ("get", "post"):
        op = operation(schema, "/api/secret/note", method)
        assert not [p for p in op.get("parameters", []) if p["in"] == "query"]
