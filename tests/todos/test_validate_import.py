"""`todos.validation.validate_import`: the todo-store import of PUT
/api/challenger/database/{guid}, checked whole before anything changes."""

from __future__ import annotations

import pytest
from django.test import Client

from practiceapi.protocol.errors import ApiError
from tests.todos.support import ids, session
from todos.validation import validate_import


def reason(doc: object) -> str:
    with pytest.raises(ApiError) as caught:
        validate_import(doc)
    assert caught.value.status == 400
    return caught.value.messages[0]


def test_it_returns_normalised_rows() -> None:
    rows = validate_import(
        {"todos": [{"id": 4, "Title": "a", "doneStatus": True}, {"title": "b", "description": "d"}]}
    )
    assert rows == [
        {"id": 4, "title": "a", "doneStatus": True, "description": ""},
        {"title": "b", "doneStatus": False, "description": "d"},
    ]


def test_an_empty_list_is_allowed() -> None:
    assert validate_import({"todos": []}) == []


@pytest.mark.parametrize("doc", [None, [], "todos", 5])
def test_it_needs_an_object(doc: object) -> None:
    assert reason(doc) == "ERROR: Data is not an object of instantiated entities"


def test_it_names_an_unknown_entity() -> None:
    assert reason({"projects": []}) == "ERROR: Unknown entity found: projects"


def test_it_needs_an_array() -> None:
    assert reason({"todos": {}}) == "ERROR: Expected array of instances as todos value"


def test_it_needs_objects_in_the_array() -> None:
    assert reason({"todos": [1]}) == "ERROR: Expected array of todos to contain objects"


def test_it_names_an_unknown_property() -> None:
    assert reason({"todos": [{"title": "x", "priority": 1}]}) == (
        "ERROR: Unknown property priority for todo"
    )


@pytest.mark.parametrize(
    ("todo", "problem"),
    [
        ({}, "title : field is mandatory"),
        ({"title": ""}, "title : can not be empty"),
        (
            {"title": "t" * 51},
            "Maximum allowable length exceeded for title - maximum allowed is 50",
        ),
        (
            {"title": "x", "description": "d" * 201},
            "Maximum allowable length exceeded for description - maximum allowed is 200",
        ),
        ({"title": "x", "doneStatus": "true"}, "doneStatus should be BOOLEAN but was STRING"),
    ],
)
def test_it_checks_every_field(todo: dict, problem: str) -> None:
    assert reason({"todos": [{"title": "fine"}, todo]}) == f"ERROR: todo 2 of todos: {problem}"


@pytest.mark.parametrize("bad_id", [0, -1, 1.5, "3", True, 2_147_483_647])
def test_ids_must_be_positive_integers(bad_id: object) -> None:
    assert "id must be a positive integer" in reason({"todos": [{"id": bad_id, "title": "x"}]})


def test_ids_must_be_unique() -> None:
    doc = {"todos": [{"id": 3, "title": "a"}, {"id": 3, "title": "b"}]}
    assert reason(doc) == "ERROR: Duplicate todo id 3"


def test_it_holds_the_cap(settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_MAX_TODOS = 2
    doc = {"todos": [{"title": "a"}, {"title": "b"}, {"title": "c"}]}
    assert reason(doc) == "ERROR: Cannot import 3 todos, maximum limit of 2 reached"


def test_unlimited_has_no_cap(settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_MAX_TODOS = 0
    assert len(validate_import({"todos": [{"title": "x"}] * 30})) == 30


def test_a_restored_list_is_served(client: Client, guid: str) -> None:
    doc = '{"todos":[{"id":7,"title":"seven"},{"title":"new"}]}'
    response = client.put(
        f"/api/challenger/database/{guid}", data=doc, content_type="application/json"
    )
    assert response.status_code == 204
    listed = client.get("/api/todos", headers=session(guid))
    assert ids(listed) == [7, 11]


def test_a_bad_import_changes_nothing(client: Client, guid: str) -> None:
    doc = '{"todos":[{"title":"ok"},{"title":""}]}'
    response = client.put(
        f"/api/challenger/database/{guid}", data=doc, content_type="application/json"
    )
    assert response.status_code == 400
    assert ids(client.get("/api/todos", headers=session(guid))) == list(range(1, 11))


def test_creates_continue_above_restored_ids(client: Client, guid: str) -> None:
    doc = '{"todos":[{"id":15,"title":"fifteen"}]}'
    client.put(f"/api/challenger/database/{guid}", data=doc, content_type="application/json")
    response = client.post(
        "/api/todos", data='{"title":"x"}', content_type="application/json", headers=session(guid)
    )
    assert response.json()["id"] == 16
