"""The OpenAPI document at /api/schema/ describes the classic edition when it is served."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client


@pytest.fixture
def document(client: Client, db: None) -> dict[str, Any]:
    response = client.get("/api/schema/", headers={"Accept": "application/vnd.oai.openapi+json"})
    assert response.status_code == 200
    return response.json()


def statuses(document: dict[str, Any], path: str, method: str) -> list[str]:
    return list(document["paths"][path][method]["responses"])


def test_create_documents_400_for_validation_and_the_cap(document: dict[str, Any]) -> None:
    listed = statuses(document, "/api/todos", "post")
    assert "400" in listed
    assert {"409", "422"}.isdisjoint(listed)


@pytest.mark.parametrize("method", ["post", "put"])
def test_amendments_document_400_not_422(document: dict[str, Any], method: str) -> None:
    listed = statuses(document, "/api/todos/{todo_id}", method)
    assert "400" in listed
    assert "422" not in listed


def test_put_to_a_missing_todo_is_documented_as_400(document: dict[str, Any]) -> None:
    assert "404" not in statuses(document, "/api/todos/{todo_id}", "put")


def test_delete_documents_200(document: dict[str, Any]) -> None:
    listed = statuses(document, "/api/todos/{todo_id}", "delete")
    assert "200" in listed
    assert "204" not in listed


def test_the_list_documents_no_paging_parameters(document: dict[str, Any]) -> None:
    names = {p["name"] for p in document["paths"]["/api/todos"]["get"]["parameters"]}
    assert {"_limit", "_offset"}.isdisjoint(names)
    assert "doneStatus" in names


def test_unrouted_verbs_are_not_documented(document: dict[str, Any]) -> None:
    assert "put" not in document["paths"]["/api/todos"]
    assert "patch" not in document["paths"]["/api/todos/{todo_id}"]
    assert "get" not in document["paths"]["/api/secret/token"]


def test_the_secret_note_documents_400_not_422(document: dict[str, Any]) -> None:
    assert "422" not in statuses(document, "/api/secret/note", "post")
