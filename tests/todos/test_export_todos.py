"""GET /api/todos/export: the caller's list in ten formats."""

from __future__ import annotations

import pytest
from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY
from tests.todos.support import create, errors, session

UNSUPPORTED = (
    "Unsupported export format. Use one of: "
    "json, xml, text-xml, csv, text, html, ndjson, jsonl, json-seq, tsv"
)


def export(client: Client, guid: str | None, fmt: str | None, **headers: str):  # noqa: ANN201
    path = "/api/todos/export" + (f"?format={fmt}" if fmt is not None else "")
    return client.get(path, headers=session(guid, **headers))


@pytest.mark.parametrize(
    ("fmt", "content_type", "filename"),
    [
        ("json", "application/json", "todos.json"),
        ("xml", "application/xml", "todos.xml"),
        ("text-xml", "text/xml", "todos.xml"),
        ("txml", "text/xml", "todos.xml"),
        ("csv", "text/csv", "todos.csv"),
        ("text", "text/plain", "todos.txt"),
        ("txt", "text/plain", "todos.txt"),
        ("plain", "text/plain", "todos.txt"),
        ("html", "text/html", "todos.html"),
        ("ndjson", "application/x-ndjson", "todos.ndjson"),
        ("jsonl", "application/jsonl", "todos.jsonl"),
        ("json-seq", "application/json-seq", "todos.json-seq"),
        ("jsonseq", "application/json-seq", "todos.json-seq"),
        ("tsv", "text/tab-separated-values", "todos.tsv"),
        ("tab", "text/tab-separated-values", "todos.tsv"),
        ("tabs", "text/tab-separated-values", "todos.tsv"),
        ("tab-delimited", "text/tab-separated-values", "todos.tsv"),
        ("tab-separated", "text/tab-separated-values", "todos.tsv"),
    ],
)
def test_every_format_downloads(
    client: Client, guid: str, fmt: str, content_type: str, filename: str
) -> None:
    response = export(client, guid, fmt)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'


def test_it_sends_accept_query(client: Client, guid: str) -> None:
    assert export(client, guid, "json")["Accept-Query"] == ACCEPT_QUERY


def test_the_body_is_the_collection_rendering(client: Client, guid: str) -> None:
    response = export(client, guid, "csv")
    lines = response.content.decode().split("\n")
    assert lines[0] == "id,title,doneStatus,description"
    assert lines[1] == "1,scan paperwork,false,"
    assert len(lines) == 11


def test_it_exports_the_callers_whole_list_unpaged(client: Client, guid: str) -> None:
    for n in range(5):
        create(client, guid, f"extra {n}")
    client.delete("/api/todos/2", headers=session(guid))
    todos = export(client, guid, "json").json()["todos"]
    assert [t["id"] for t in todos] == [1, *range(3, 16)]


def test_without_a_session_it_exports_the_default_list(client: Client, db: None) -> None:
    todos = export(client, None, "json").json()["todos"]
    assert [t["id"] for t in todos] == list(range(1, 11))


def test_the_format_is_trimmed_and_case_insensitive(client: Client, guid: str) -> None:
    assert export(client, guid, "%20CSV%20")["Content-Type"] == "text/csv"


def test_accept_is_ignored(client: Client, guid: str) -> None:
    response = export(client, guid, "json", Accept="application/gzip")
    assert response.status_code == 200
    response = export(client, guid, "csv", Accept="text/calendar")
    assert response["Content-Type"] == "text/csv"


@pytest.mark.parametrize("fmt", [None, "", "pdf"])
def test_a_missing_or_unknown_format_is_400(client: Client, guid: str, fmt: str | None) -> None:
    response = export(client, guid, fmt)
    assert response.status_code == 400
    assert errors(response) == [UNSUPPORTED]
    assert not response.has_header("Content-Disposition")


def test_the_400_renders_per_accept(client: Client, guid: str) -> None:
    response = export(client, guid, "pdf", Accept="application/xml")
    assert response["Content-Type"] == "application/xml"


def test_the_400_falls_back_to_json(client: Client, guid: str) -> None:
    response = export(client, guid, "pdf", Accept="application/gzip")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"


def test_the_legacy_path_works(client: Client, guid: str) -> None:
    assert client.get("/todos/export?format=json", headers=session(guid)).status_code == 200
