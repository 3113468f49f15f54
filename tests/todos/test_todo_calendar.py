"""GET /api/todos/{id} with Accept: text/calendar."""

from __future__ import annotations

from django.test import Client

from tests.todos.support import create, errors, session


def calendar(client: Client, guid: str | None, todo_id: int, accept: str = "text/calendar"):  # noqa: ANN201
    return client.get(f"/api/todos/{todo_id}", headers=session(guid, Accept=accept))


def test_it_renders_a_vtodo(client: Client, guid: str) -> None:
    response = calendar(client, guid, 1)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar"
    assert response.content == (
        b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//EvilTester//API Challenges//EN\r\n"
        b"BEGIN:VTODO\r\nUID:todo-1@apichallenges\r\nSUMMARY:scan paperwork\r\n"
        b"DESCRIPTION:\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR"
    )


def test_a_done_todo_is_completed_and_text_is_escaped(client: Client, guid: str) -> None:
    create(client, guid, "a,b;c", doneStatus=True, description="line\nnext\\")
    body = calendar(client, guid, 11).content.decode()
    assert "SUMMARY:a\\,b\\;c\r\n" in body
    assert "DESCRIPTION:line\\nnext\\\\\r\n" in body
    assert "STATUS:COMPLETED" in body


def test_it_needs_text_calendar_ranked_first(client: Client, guid: str) -> None:
    response = calendar(client, guid, 1, "application/json, text/calendar")
    assert response["Content-Type"] == "application/json"
    response = calendar(client, guid, 1, "application/json;q=0.5, text/calendar")
    assert response["Content-Type"] == "text/calendar"


def test_a_missing_todo_is_a_json_404(client: Client, guid: str) -> None:
    response = calendar(client, guid, 99)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert errors(response) == ["No such todo entity instance with id == 99"]


def test_without_a_session_it_is_406(client: Client, db: None) -> None:
    assert calendar(client, None, 1).status_code == 406


def test_single_mode_renders_it(client: Client, single_mode: None, db: None) -> None:
    assert calendar(client, None, 1).status_code == 200


def test_head_is_not_a_calendar(client: Client, guid: str) -> None:
    response = client.head("/api/todos/1", headers=session(guid, Accept="text/calendar"))
    assert response.status_code == 406


def test_other_errors_answer_json(client: Client, guid: str) -> None:
    response = client.generic(
        "GET",
        "/api/todos/1",
        data="x" * 5001,
        content_type="text/plain",
        headers=session(guid, Accept="text/calendar"),
    )
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
