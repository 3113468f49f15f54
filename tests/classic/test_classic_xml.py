"""Classic edition, section 4 item 12: XML as org.json wrote it."""

from __future__ import annotations

from django.test import Client

from tests.classic.helpers import send_json

XML = {"HTTP_ACCEPT": "application/xml"}


def test_a_single_todo_reads_as_a_collection_with_hash_ordered_children(
    client: Client, known: dict[str, str]
) -> None:
    response = client.get("/todos/1", **XML, **known)
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        b"<todos><todo><doneStatus>false</doneStatus><description/><id>1</id>"
        b"<title>scan paperwork</title></todo></todos>"
    )


def test_a_created_todo_is_one_todo_element(client: Client, known: dict[str, str]) -> None:
    response = send_json(client, "POST", "/todos", {"title": "x"}, **XML, **known)
    assert response.content == (
        b"<todo><doneStatus>false</doneStatus><description/><id>11</id><title>x</title></todo>"
    )


def test_an_empty_list_is_an_empty_todos_element(client: Client, known: dict[str, str]) -> None:
    for todo_id in range(1, 11):
        client.delete(f"/todos/{todo_id}", **known)
    assert client.get("/todos", **XML, **known).content == b"<todos></todos>"


def test_errors_are_error_message_elements(client: Client, known: dict[str, str]) -> None:
    response = client.get("/todos/99", **XML, **known)
    assert response.content == (
        b"<errorMessages><errorMessage>Could not find an instance with todos/99"
        b"</errorMessage></errorMessages>"
    )
