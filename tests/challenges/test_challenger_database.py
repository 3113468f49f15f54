"""GET/PUT /api/challenger/database/{guid}: save and restore the todo list."""

from __future__ import annotations

import json
import uuid

import pytest

from challengers.models import Challenger

pytestmark = pytest.mark.django_db


def url(guid: str) -> str:
    return f"/api/challenger/database/{guid}"


def test_get_exports_all_todos_with_every_field(client, guid) -> None:
    response = client.get(url(guid))
    assert response.status_code == 200
    todos = response.json()["todos"]
    assert len(todos) == 10
    assert todos[0] == {"id": 1, "title": "scan paperwork", "doneStatus": False, "description": ""}


def test_get_of_an_unknown_session_is_404(client) -> None:
    response = client.get(url(str(uuid.uuid4())))
    assert response.status_code == 404
    assert response.json()["errorMessages"][0].startswith("Challenger not found")


def test_get_with_a_guid_that_is_not_a_uuid_is_400(client) -> None:
    assert client.get(url("bob")).status_code == 400


def test_put_replaces_the_list(client, guid) -> None:
    data = {"todos": [{"id": 4, "title": "kept", "doneStatus": True, "description": "d"}]}
    response = client.put(url(guid), data, content_type="application/json")
    assert response.status_code == 204
    assert response["X-CHALLENGER"] == guid
    assert client.get(url(guid)).json() == data


def test_ids_continue_above_every_id_handed_out(client, guid) -> None:
    data = {"todos": [{"id": 4, "title": "kept"}]}
    client.put(url(guid), data, content_type="application/json")
    assert Challenger.objects.get(pk=guid).next_todo_id == 11


def test_put_for_an_unknown_session_is_404(client) -> None:
    response = client.put(url(str(uuid.uuid4())), {"todos": []}, content_type="application/json")
    assert response.status_code == 404
    assert response.json() == {
        "errorMessages": [
            "Unknown Challenger GUID - have you created or loaded the challenger state"
        ]
    }


@pytest.mark.parametrize(
    "data",
    [
        [1, 2],
        {"todos": "nope"},
        {"projects": []},
        {"todos": [{"title": ""}]},
        {"todos": [{"title": "t" * 51}]},
        {"todos": [{"title": "x", "priority": 1}]},
        {"todos": [{"id": 1, "title": "a"}, {"id": 1, "title": "b"}]},
    ],
)
def test_a_bad_payload_is_400_and_changes_nothing(client, guid, data) -> None:
    before = client.get(url(guid)).json()
    response = client.put(url(guid), data, content_type="application/json")
    assert response.status_code == 400
    assert client.get(url(guid)).json() == before


@pytest.mark.parametrize("content_type", ["text/plain", "", "application/xml"])
def test_put_reads_the_body_as_json_whatever_its_content_type(client, guid, content_type) -> None:
    data = {"todos": [{"id": 4, "title": "kept", "doneStatus": True, "description": "d"}]}
    response = client.generic("PUT", url(guid), json.dumps(data), CONTENT_TYPE=content_type)
    assert response.status_code == 204
    assert client.get(url(guid)).json() == data


def test_put_with_malformed_json_quotes_the_parsers_error(client, guid) -> None:
    response = client.put(url(guid), b"{", content_type="application/json; charset=utf-8")
    assert response.status_code == 400
    assert response.json() == {
        "errorMessages": ["Invalid JSON payload: unexpected end of data: line 1 column 2 (char 1)"]
    }


def test_put_with_an_empty_body_is_400(client, guid) -> None:
    response = client.generic("PUT", url(guid), b"", CONTENT_TYPE="application/json")
    assert response.status_code == 400
    assert response.json() == {
        "errorMessages": ["ERROR: Data is not an object of instantiated entities"]
    }


def test_put_for_an_unknown_session_is_404_before_the_body_is_read(client) -> None:
    response = client.put(url(str(uuid.uuid4())), b"{", content_type="text/plain")
    assert response.status_code == 404
    assert response.json()["errorMessages"][0].startswith("Unknown Challenger GUID")
