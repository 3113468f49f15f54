"""GET /api/todos query strings: filters, sorting, paging and their errors."""

from __future__ import annotations

from django.test import Client

from tests.todos.support import create, errors, ids, session


def test_it_filters_by_done_status(client: Client, guid: str) -> None:
    create(client, guid, "done", doneStatus=True)
    response = client.get("/api/todos?doneStatus=true", headers=session(guid))
    assert ids(response) == [11]


def test_boolean_filters_ignore_case(client: Client, guid: str) -> None:
    create(client, guid, "done", doneStatus=True)
    assert ids(client.get("/api/todos?doneStatus=TRUE", headers=session(guid))) == [11]


def test_it_filters_by_id_comparison(client: Client, guid: str) -> None:
    response = client.get("/api/todos?id%3E7", headers=session(guid))
    assert ids(response) == [8, 9, 10]


def test_filters_combine_with_and(client: Client, guid: str) -> None:
    response = client.get("/api/todos?id%3E2&id%3C6", headers=session(guid))
    assert ids(response) == [3, 4, 5]


def test_regex_and_later_filters_all_apply(client: Client, guid: str) -> None:
    response = client.get("/api/todos?title~=.*paper.*&id=2", headers=session(guid))
    assert ids(response) == [2]


def test_it_sorts_descending(client: Client, guid: str) -> None:
    response = client.get("/api/todos?_sortBy=-id", headers=session(guid))
    assert ids(response) == list(range(10, 0, -1))


def test_it_pages_with_limit_and_offset(client: Client, guid: str) -> None:
    response = client.get("/api/todos?_limit=5&_offset=5", headers=session(guid))
    assert ids(response) == [6, 7, 8, 9, 10]


def test_limit_zero_is_an_empty_collection(client: Client, guid: str) -> None:
    response = client.get("/api/todos?_limit=0", headers=session(guid))
    assert response.json() == {"todos": []}


def test_limit_20_shows_more_than_ten(client: Client, guid: str) -> None:
    for n in range(5):
        create(client, guid, f"extra {n}")
    assert len(ids(client.get("/api/todos?_limit=20", headers=session(guid)))) == 15


def test_limit_over_20_is_400(client: Client, guid: str) -> None:
    response = client.get("/api/todos?_limit=21", headers=session(guid))
    assert response.status_code == 400
    assert errors(response) == ["_limit must be no more than 20"]


def test_the_limit_guard_runs_before_accept_is_checked(client: Client, guid: str) -> None:
    response = client.get("/api/todos?_limit=25", headers=session(guid, Accept="application/gzip"))
    assert response.status_code == 400
    assert errors(response) == ["_limit must be no more than 20"]


def test_the_limit_guard_renders_per_accept(client: Client, guid: str) -> None:
    response = client.get("/api/todos?_limit=25", headers=session(guid, Accept="application/xml"))
    assert response.status_code == 400
    assert response.content == (
        b"<errorMessages><errorMessage>_limit must be no more than 20</errorMessage>"
        b"</errorMessages>"
    )


def test_a_bad_limit_is_400(client: Client, guid: str) -> None:
    response = client.get("/api/todos?_limit=abc", headers=session(guid))
    assert response.status_code == 400
    assert errors(response) == ["_limit must be a non-negative integer"]


def test_a_bad_boolean_filter_is_400(client: Client, guid: str) -> None:
    response = client.get("/api/todos?doneStatus=yes", headers=session(guid))
    assert response.status_code == 400
    assert errors(response) == ["yes is not boolean"]


def test_filter_errors_render_in_the_negotiated_type(client: Client, guid: str) -> None:
    response = client.get("/api/todos?id=abc", headers=session(guid, Accept="application/xml"))
    assert response.status_code == 400
    assert response["Content-Type"] == "application/xml"


def test_unknown_filter_names_are_ignored(client: Client, guid: str) -> None:
    assert ids(client.get("/api/todos?priority=high", headers=session(guid))) == list(range(1, 11))


def test_an_undecodable_query_string_gives_the_default_page(client: Client, guid: str) -> None:
    response = client.get("/api/todos?title%=x&id=3", headers=session(guid))
    assert response.status_code == 200
    assert ids(response) == list(range(1, 11))
