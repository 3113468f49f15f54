"""Classic edition: POST /todos and its 400s."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classic.helpers import fill_to, messages, send_json


def create(client: Client, known: dict[str, str], body: object):  # noqa: ANN201
    return send_json(client, "POST", "/todos", body, **known)


def test_row_18_post_todos_creates_and_locates_the_todo(
    client: Client, known: dict[str, str]
) -> None:
    body = {"title": "a", "doneStatus": True, "description": "d"}
    response = create(client, known, body)
    assert response.status_code == 201
    assert response.json() == {"id": 11, **body}
    assert response["Location"] == "/todos/11"


def test_row_19_post_todos_without_title_is_400(client: Client, known: dict[str, str]) -> None:
    response = create(client, known, {"doneStatus": True})
    assert (response.status_code, messages(response)) == (400, ["title : field is mandatory"])


@pytest.mark.parametrize("title", ["", "   "])
def test_row_20_post_todos_with_an_empty_title_is_400(
    client: Client, known: dict[str, str], title: str
) -> None:
    response = create(client, known, {"title": title})
    assert response.status_code == 400
    assert messages(response) == ["Failed Validation: title : can not be empty"]


@pytest.mark.parametrize(
    ("value", "sent"),
    [
        ("true", "STRING"),
        (1, "NUMERIC"),
        (1.5, "NUMERIC"),
        (None, "Something Else"),
        ([], "Something Else"),
    ],
)
def test_row_21_post_todos_with_a_done_status_of_wrong_type_is_400(
    client: Client, known: dict[str, str], value: object, sent: str
) -> None:
    # Only the boolean field is type-checked, before lengths and unknown fields.
    response = create(client, known, {"title": "x" * 60, "doneStatus": value, "bob": 1})
    assert response.status_code == 400
    assert messages(response) == [f"Failed Validation: doneStatus should be BOOLEAN but was {sent}"]


@pytest.mark.parametrize(("field", "limit"), [("title", 50), ("description", 200)])
def test_row_22_post_todos_with_a_too_long_field_is_400(
    client: Client, known: dict[str, str], field: str, limit: int
) -> None:
    body = {"title": "t", field: "x" * (limit + 1)}
    response = create(client, known, body)
    assert response.status_code == 400
    assert messages(response) == [
        f"Failed Validation: Maximum allowable length exceeded for {field} - maximum allowed is {limit}"
    ]


def test_row_23_post_todos_with_an_unknown_field_names_its_first_segment(
    client: Client, known: dict[str, str]
) -> None:
    response = create(client, known, {"title": "t", "tags": {"a": 1}})
    assert (response.status_code, messages(response)) == (400, ["Could not find field: tags"])


def test_row_24_post_todos_with_an_id_is_400(client: Client, known: dict[str, str]) -> None:
    response = create(client, known, {"title": "t", "id": 30})
    assert response.status_code == 400
    assert messages(response) == [
        "Invalid Creation: Failed Validation: Not allowed to create with id"
    ]


def test_row_25_post_todos_when_twenty_exist_is_400(client: Client, known: dict[str, str]) -> None:
    fill_to(client, known, 20)
    response = create(client, known, {"title": "the 21st"})
    assert response.status_code == 400
    assert messages(response) == ["ERROR: Cannot add instance, maximum limit of 20 reached"]
    assert len(client.get("/todos", **known).json()["todos"]) == 20


def test_row_25_validation_errors_take_precedence_over_the_cap(
    client: Client, known: dict[str, str]
) -> None:
    fill_to(client, known, 20)
    response = create(client, known, {"description": "no title"})
    assert (response.status_code, messages(response)) == (400, ["title : field is mandatory"])
