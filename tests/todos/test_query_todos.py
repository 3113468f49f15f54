"""QUERY /api/todos: form, JSONPath and structured bodies."""

from __future__ import annotations

import pytest
from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY
from tests.todos.support import create, errors, ids, send
from todos.facts import StoreFacts


def query(client: Client, guid: str | None, body: str, content_type: str | None, **headers: str):  # noqa: ANN201
    return send(
        client, "QUERY", "/api/todos", body, guid=guid, content_type=content_type, **headers
    )


def test_a_form_body_filters(client: Client, guid: str) -> None:
    create(client, guid, "done", doneStatus=True)
    response = query(client, guid, "doneStatus=true", "application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert ids(response) == [11]
    assert response["Accept-Query"] == ACCEPT_QUERY


def test_a_jsonpath_body_filters(client: Client, guid: str) -> None:
    create(client, guid, "done", doneStatus=True)
    response = query(client, guid, "$.todos[?(@.doneStatus == true)]", "application/jsonpath")
    assert ids(response) == [11]


@pytest.mark.parametrize(
    "content_type",
    ["application/vnd.service.query+json", "application/vnd.thingifier.query+json"],
)
def test_a_structured_body_filters(client: Client, guid: str, content_type: str) -> None:
    body = '{"filter": {"id": {"greaterThan": 7}}, "sort": [{"field": "id", "direction": "desc"}]}'
    assert ids(query(client, guid, body, content_type)) == [10, 9, 8]


def test_the_url_query_also_applies(client: Client, guid: str) -> None:
    response = send(
        client,
        "QUERY",
        "/api/todos?id%3C4",
        "_sortBy=-id",
        guid=guid,
        content_type="application/x-www-form-urlencoded",
    )
    assert ids(response) == [3, 2, 1]


def test_a_limit_over_20_is_clamped(client: Client, guid: str) -> None:
    response = query(client, guid, "_limit=50", "application/x-www-form-urlencoded")
    assert response.status_code == 200


def test_it_renders_in_the_accepted_type(client: Client, guid: str) -> None:
    response = query(client, guid, "id=1", "application/x-www-form-urlencoded", Accept="text/csv")
    assert response.content == b"id,title,doneStatus,description\n1,scan paperwork,false,"


def test_a_missing_content_type_is_400(client: Client, guid: str) -> None:
    response = query(client, guid, "id=1", None)
    assert response.status_code == 400
    assert errors(response) == ["Missing Content-Type for QUERY request"]
    assert response["Accept-Query"] == ACCEPT_QUERY


def test_an_unsupported_content_type_is_415(client: Client, guid: str) -> None:
    response = query(client, guid, "{}", "application/json")
    assert response.status_code == 415
    assert errors(response) == ["Unsupported QUERY Content Type - application/json"]
    assert response["Accept-Query"] == ACCEPT_QUERY


def test_a_structured_error_is_422(client: Client, guid: str) -> None:
    response = query(
        client, guid, '{"filter": {"priority": 1}}', "application/vnd.service.query+json"
    )
    assert response.status_code == 422
    assert errors(response) == ["Unknown query filter field priority"]


def test_406_comes_first(client: Client, guid: str) -> None:
    response = query(client, guid, "id=1", None, Accept="image/png")
    assert response.status_code == 406


def test_a_body_over_5000_characters_is_413(client: Client, guid: str) -> None:
    response = query(client, guid, "x" * 5001, "application/x-www-form-urlencoded")
    assert response.status_code == 413


def test_it_reads_the_default_list_without_a_session(client: Client, db: None) -> None:
    response = query(client, None, "id=10", "application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert response.json()["todos"][0]["title"] == "install webcam"


def test_it_leaves_store_facts(client: Client, guid: str) -> None:
    create(client, guid, "done", doneStatus=True)
    response = query(client, guid, "doneStatus=true", "application/x-www-form-urlencoded")
    facts = response.wsgi_request.outcome.fact(StoreFacts)
    assert (facts.total, facts.done) == (11, 1)
