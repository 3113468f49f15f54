"""What a request produced reaches the layers around the view as values, once: the
protocol layer declares the structure without naming any app."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.test import Client

from challengers.models import Challenger
from practiceapi.protocol import outcome as outcome_module
from practiceapi.protocol.payloads import Collection, ErrorMessages
from todos.facts import CreatedTodo, StoreFacts

ROOT = Path(__file__).resolve().parents[2]
APPS = ("challengers", "challenges", "todos", "secrets_app", "sim")


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, at any depth (TYPE_CHECKING blocks included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize(
    "module", ["practiceapi/protocol/request.py", "practiceapi/protocol/outcome.py"]
)
def test_the_protocol_request_names_no_app(module: str) -> None:
    path = ROOT / module
    imports = imported_modules(path)
    assert not {name for name in imports if name.split(".")[0] in APPS}
    assert not any(app in path.read_text() for app in ("Challenger", "StoreFacts"))


@pytest.mark.django_db
def test_the_query_is_parsed_once_per_request(
    client: Client, guid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    parse = outcome_module.parse_query_string

    def counted(raw: str) -> object:
        calls.append(raw)
        return parse(raw)

    monkeypatch.setattr(outcome_module, "parse_query_string", counted)
    # Filtering todos and judging the dozens of challenges of GET /todos read one parse.
    response = client.get("/api/todos?doneStatus=false&_sortBy=-id", headers={"X-CHALLENGER": guid})
    assert response.status_code == 200
    assert calls == ["doneStatus=false&_sortBy=-id"]


@pytest.mark.django_db
def test_a_list_leaves_its_payload_and_the_store(client: Client, guid: str) -> None:
    response = client.get("/api/todos", headers={"X-CHALLENGER": guid})
    outcome = response.wsgi_request.outcome
    assert isinstance(outcome.payload, Collection)
    assert len(outcome.payload.rows) == 10
    assert outcome.fact(StoreFacts) == StoreFacts(total=10, done=0)
    assert outcome.error_messages is None


@pytest.mark.django_db
def test_a_create_leaves_the_todo(client: Client, guid: str) -> None:
    response = client.post(
        "/api/todos",
        {"title": "new"},
        content_type="application/json",
        headers={"X-CHALLENGER": guid, "Accept": "application/xml"},
    )
    created = response.wsgi_request.outcome.fact(CreatedTodo)
    assert created is not None and created.row["title"] == "new"


@pytest.mark.django_db
def test_an_error_leaves_its_messages_whatever_the_format(client: Client, guid: str) -> None:
    response = client.get("/api/todos/999", headers={"X-CHALLENGER": guid, "Accept": "text/xml"})
    outcome = response.wsgi_request.outcome
    assert response.status_code == 404
    assert outcome.error_messages == ["Could not find an instance with todos/999"]
    assert isinstance(outcome.payload, ErrorMessages)


@pytest.mark.django_db
def test_a_challenger_route_leaves_the_session_it_answered_about(client: Client, guid: str) -> None:
    response = client.get(f"/api/challenger/{guid}", headers={"X-CHALLENGER": guid})
    assert response.wsgi_request.outcome.fact(Challenger).guid == guid
