"""POST /api/todos/{id}: partial amend and its validation."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.todos.support import errors, get_one, send
from todos.facts import StoreFacts


def amend(client: Client, guid: str, todo_id: int | str, body: object, **kwargs: str):  # noqa: ANN201
    return send(client, "POST", f"/api/todos/{todo_id}", body, guid=guid, **kwargs)


def test_only_supplied_fields_change(client: Client, guid: str) -> None:
    response = amend(client, guid, 1, {"doneStatus": True})
    assert response.status_code == 200
    assert response.json() == {
        "id": 1,
        "title": "scan paperwork",
        "doneStatus": True,
        "description": "",
    }


def test_the_change_is_stored(client: Client, guid: str) -> None:
    amend(client, guid, 2, {"description": "stored"})
    assert get_one(client, guid, 2).json()["todos"][0]["description"] == "stored"


def test_an_empty_body_changes_nothing(client: Client, guid: str) -> None:
    response = amend(client, guid, 3, " ")
    assert response.status_code == 200
    assert response.json()["title"] == "process payments"


def test_a_missing_todo_is_404(client: Client, guid: str) -> None:
    response = amend(client, guid, 99, {"title": "x"})
    assert response.status_code == 404
    assert errors(response) == ["No such todo entity instance with id == 99 found"]


def test_an_equal_id_is_ignored(client: Client, guid: str) -> None:
    assert amend(client, guid, 3, {"id": 3, "title": "same"}).status_code == 200
    assert amend(client, guid, 3, {"id": 3.0}).status_code == 200


def test_another_id_is_422(client: Client, guid: str) -> None:
    response = amend(client, guid, 3, {"id": 4})
    assert response.status_code == 422
    assert errors(response) == ["Can not amend id from 3 to 4"]


def test_type_errors_have_no_prefix(client: Client, guid: str) -> None:
    response = amend(client, guid, 1, {"doneStatus": "bob"})
    assert response.status_code == 422
    assert errors(response) == ["doneStatus should be BOOLEAN but was STRING"]


def test_types_are_checked_before_the_todo_is_looked_up(client: Client, guid: str) -> None:
    assert amend(client, guid, 99, {"title": 7}).status_code == 422


def test_field_errors_keep_the_prefix(client: Client, guid: str) -> None:
    assert errors(amend(client, guid, 1, {"priority": 1})) == [
        "Failed Validation: Could not find field: priority"
    ]
    assert errors(amend(client, guid, 1, {"title": "t" * 51})) == [
        "Failed Validation: Maximum allowable length exceeded for title - maximum allowed is 50"
    ]
    assert errors(amend(client, guid, 1, {"title": " "})) == [
        "Failed Validation: title : can not be empty"
    ]


def test_a_rejected_amend_changes_nothing(client: Client, guid: str) -> None:
    amend(client, guid, 1, {"title": "new", "priority": 1})
    assert get_one(client, guid, 1).json()["todos"][0]["title"] == "scan paperwork"


def test_it_amends_from_xml(client: Client, guid: str) -> None:
    body = "<todo><doneStatus>true</doneStatus></todo>"
    response = amend(client, guid, 1, body, content_type="text/xml", Accept="text/xml")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/xml"
    assert b"<doneStatus>true</doneStatus>" in response.content


@pytest.mark.parametrize("path", ["/api/todos/1", "/todos/1"])
def test_it_amends_from_an_xml_fragment(client: Client, guid: str, path: str) -> None:
    body = "<doneStatus>true</doneStatus><description>from a fragment</description>"
    response = send(client, "POST", path, body, guid=guid, content_type="application/xml")
    assert response.status_code == 200
    assert response.json() == {
        "id": 1,
        "title": "scan paperwork",
        "doneStatus": True,
        "description": "from a fragment",
    }
    assert get_one(client, guid, 1).json()["todos"][0]["description"] == "from a fragment"


def test_content_type_is_checked(client: Client, guid: str) -> None:
    assert amend(client, guid, 1, "x", content_type="text/plain").status_code == 415
    assert amend(client, guid, 1, "x", content_type=None).status_code == 400


def test_it_leaves_store_facts(client: Client, guid: str) -> None:
    response = amend(client, guid, 1, {"doneStatus": True})
    facts = response.wsgi_request.outcome.fact(StoreFacts)
    assert (facts.total, facts.done) == (10, 1)
