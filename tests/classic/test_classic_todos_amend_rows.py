"""Classic edition: POST and PUT /todos/{id}."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classic.helpers import messages, send_json


def test_row_26_post_todo_amends_only_the_fields_sent(
    client: Client, known: dict[str, str]
) -> None:
    response = send_json(client, "POST", "/todos/1", {"description": "d"}, **known)
    assert response.status_code == 200
    assert response.json() == {
        "id": 1,
        "title": "scan paperwork",
        "doneStatus": False,
        "description": "d",
    }


def test_row_27_post_todo_for_a_missing_id_is_404(client: Client, known: dict[str, str]) -> None:
    response = send_json(client, "POST", "/todos/99", {"title": "x"}, **known)
    assert response.status_code == 404
    assert messages(response) == ["No such todo entity instance with id == 99 found"]


def test_row_28_put_todo_replaces_and_resets_fields_not_sent(
    client: Client, known: dict[str, str]
) -> None:
    send_json(client, "POST", "/todos/1", {"doneStatus": True, "description": "d"}, **known)
    response = send_json(client, "PUT", "/todos/1", {"title": "new"}, **known)
    assert response.status_code == 200
    assert response.json() == {"id": 1, "title": "new", "doneStatus": False, "description": ""}


def test_row_29_put_todo_without_title_is_400(client: Client, known: dict[str, str]) -> None:
    response = send_json(client, "PUT", "/todos/1", {"description": "d"}, **known)
    assert (response.status_code, messages(response)) == (400, ["title : field is mandatory"])


@pytest.mark.parametrize("method", ["PUT", "POST"])
@pytest.mark.parametrize("body_id", [2, 2.0, "2"])
def test_row_30_amending_with_another_id_is_400(
    client: Client, known: dict[str, str], method: str, body_id: object
) -> None:
    response = send_json(client, method, "/todos/1", {"title": "x", "id": body_id}, **known)
    assert (response.status_code, messages(response)) == (400, ["Can not amend id from 1 to 2"])


def test_row_31_put_todo_for_a_missing_id_is_400(client: Client, known: dict[str, str]) -> None:
    response = send_json(client, "PUT", "/todos/99", {"title": "x"}, **known)
    assert response.status_code == 400
    assert messages(response) == ["Cannot create todo with PUT due to Auto fields id"]


@pytest.mark.parametrize("method", ["PUT", "POST"])
def test_row_32_amendments_read_a_done_status_text(
    client: Client, known: dict[str, str], method: str
) -> None:
    response = send_json(client, method, "/todos/1", {"title": "x", "doneStatus": "TRUE"}, **known)
    assert response.status_code == 200
    assert response.json()["doneStatus"] is True


@pytest.mark.parametrize(("value", "shown"), [("bob", "bob"), (1, "1.0")])
def test_row_32_amendments_refuse_a_done_status_that_is_no_boolean_text(
    client: Client, known: dict[str, str], value: object, shown: str
) -> None:
    response = send_json(client, "POST", "/todos/1", {"doneStatus": value}, **known)
    assert response.status_code == 400
    assert messages(response) == [
        f"Failed Validation: doneStatus : {shown} does not match type BOOLEAN (true, false)"
    ]
    assert client.get("/todos/1", **known).json()["todos"][0]["doneStatus"] is False


def test_row_32_amendments_read_a_number_as_its_text(client: Client, known: dict[str, str]) -> None:
    response = send_json(client, "POST", "/todos/1", {"title": 5}, **known)
    assert (response.status_code, response.json()["title"]) == (200, "5.0")
