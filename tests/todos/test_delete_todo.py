"""DELETE /api/todos/{id}: 204 and the todo is gone; 404 for an unknown id."""

from __future__ import annotations

from django.test import Client

from challengers.models import Challenger
from tests.todos.support import create, errors, get_one, ids, session
from todos.facts import StoreFacts


def test_it_deletes_with_204(client: Client, guid: str) -> None:
    response = client.delete("/api/todos/3", headers=session(guid))
    assert response.status_code == 204
    assert response.content == b""
    assert not response.has_header("Content-Type")


def test_the_todo_is_gone(client: Client, guid: str) -> None:
    client.delete("/api/todos/3", headers=session(guid))
    assert get_one(client, guid, 3).status_code == 404
    assert 3 not in ids(client.get("/api/todos", headers=session(guid)))


def test_a_missing_todo_is_404(client: Client, guid: str) -> None:
    client.delete("/api/todos/3", headers=session(guid))
    response = client.delete("/api/todos/3", headers=session(guid))
    assert response.status_code == 404
    assert errors(response) == ["Could not find any instances with todos/3"]


def test_the_count_follows(client: Client, guid: str) -> None:
    client.delete("/api/todos/3", headers=session(guid))
    client.delete("/api/todos/3", headers=session(guid))
    assert Challenger.objects.get(pk=guid).todo_count == 9


def test_a_freed_place_can_be_used(client: Client, guid: str) -> None:
    for n in range(10):
        create(client, guid, f"t{n}")
    client.delete("/api/todos/1", headers=session(guid))
    assert create(client, guid)["id"] == 21


def test_other_sessions_keep_their_todo(client: Client, guid: str) -> None:
    other = client.post("/api/challenger")["X-CHALLENGER"]
    client.delete("/api/todos/3", headers=session(guid))
    assert get_one(client, other, 3).status_code == 200


def test_deleting_everything_leaves_an_empty_store(client: Client, guid: str) -> None:
    for todo_id in range(1, 11):
        response = client.delete(f"/api/todos/{todo_id}", headers=session(guid))
    facts = response.wsgi_request.outcome.fact(StoreFacts)
    assert (facts.total, facts.done) == (0, 0)
    assert client.get("/api/todos", headers=session(guid)).json() == {"todos": []}


def test_406_applies(client: Client, guid: str) -> None:
    response = client.delete("/api/todos/3", headers=session(guid, Accept="image/png"))
    assert response.status_code == 406


def test_deleting_a_done_todo_updates_the_facts(client: Client, guid: str) -> None:
    create(client, guid, "done", doneStatus=True)
    create(client, guid, "also done", doneStatus=True)
    response = client.delete("/api/todos/11", headers=session(guid))
    facts = response.wsgi_request.outcome.fact(StoreFacts)
    assert (facts.total, facts.done) == (11, 1)


def test_a_missing_todo_changes_no_count(client: Client, guid: str) -> None:
    client.delete("/api/todos/99", headers=session(guid))
    assert Challenger.objects.get(pk=guid).todo_count == 10
