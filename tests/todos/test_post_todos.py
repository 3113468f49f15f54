"""POST /api/todos: creating todos, ids, the cap, formats."""

from __future__ import annotations

import pytest
from django.test import Client

from challengers.models import Challenger
from tests.todos.support import create, errors, get_one, ids, send, session
from todos.facts import CreatedTodo, StoreFacts


def test_it_creates_a_todo(client: Client, guid: str) -> None:
    response = send(client, "POST", "/api/todos", {"title": "new"}, guid=guid)
    assert response.status_code == 201
    assert response.json() == {"id": 11, "title": "new", "doneStatus": False, "description": ""}


def test_it_names_the_todo_in_location(client: Client, guid: str) -> None:
    response = send(client, "POST", "/api/todos", {"title": "new"}, guid=guid)
    assert response["Location"] == "/api/todos/11"


def test_the_legacy_path_gets_a_legacy_location(client: Client, guid: str) -> None:
    response = send(client, "POST", "/todos", {"title": "new"}, guid=guid)
    assert response["Location"] == "/todos/11"


def test_the_todo_is_stored(client: Client, guid: str) -> None:
    create(client, guid, "kept", doneStatus=True, description="d")
    assert get_one(client, guid, 11).json()["todos"] == [
        {"id": 11, "title": "kept", "doneStatus": True, "description": "d"}
    ]


def test_field_names_are_case_insensitive(client: Client, guid: str) -> None:
    todo = create(client, guid, **{"Title": "cased", "DONESTATUS": True})  # type: ignore[arg-type]
    assert todo == {"id": 11, "title": "cased", "doneStatus": True, "description": ""}


def test_ids_are_never_reused(client: Client, guid: str) -> None:
    create(client, guid, "eleven")
    client.delete("/api/todos/11", headers=session(guid))
    assert create(client, guid, "twelve")["id"] == 12


def test_a_failed_create_consumes_no_id(client: Client, guid: str) -> None:
    send(client, "POST", "/api/todos", {"title": ""}, guid=guid)
    send(client, "POST", "/api/todos", {"doneStatus": "bob"}, guid=guid)
    assert create(client, guid)["id"] == 11


def test_it_keeps_the_session_counters(client: Client, guid: str) -> None:
    create(client, guid)
    create(client, guid)
    session_row = Challenger.objects.get(pk=guid)
    assert (session_row.todo_count, session_row.next_todo_id) == (12, 13)


def test_sessions_count_ids_independently(client: Client, guid: str) -> None:
    other = client.post("/api/challenger")["X-CHALLENGER"]
    create(client, guid)
    assert create(client, other)["id"] == 11


def test_the_21st_todo_is_409(client: Client, guid: str) -> None:
    for n in range(10):
        create(client, guid, f"t{n}")
    response = send(client, "POST", "/api/todos", {"title": "one too many"}, guid=guid)
    assert response.status_code == 409
    assert errors(response) == ["ERROR: Cannot add instance, maximum limit of 20 reached"]


def test_a_refused_create_changes_nothing(client: Client, guid: str) -> None:
    for n in range(10):
        create(client, guid, f"t{n}")
    send(client, "POST", "/api/todos", {"title": "one too many"}, guid=guid)
    client.delete("/api/todos/20", headers=session(guid))
    assert create(client, guid)["id"] == 21


def test_the_cap_comes_from_the_setting(client: Client, guid: str, settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_MAX_TODOS = 11
    create(client, guid)
    response = send(client, "POST", "/api/todos", {"title": "x"}, guid=guid)
    assert errors(response) == ["ERROR: Cannot add instance, maximum limit of 11 reached"]


def test_zero_means_unlimited(client: Client, guid: str, settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_MAX_TODOS = 0
    for n in range(15):
        create(client, guid, f"t{n}")
    response = client.get("/api/todos?_limit=20&_offset=20", headers=session(guid))
    assert ids(response) == [21, 22, 23, 24, 25]


def test_a_full_list_is_checked_before_the_missing_title(client: Client, guid: str) -> None:
    for n in range(10):
        create(client, guid, f"t{n}")
    response = send(client, "POST", "/api/todos", {"description": "no title"}, guid=guid)
    assert response.status_code == 409


def test_it_creates_from_xml(client: Client, guid: str) -> None:
    body = "<todo><title>from xml</title><doneStatus>TRUE</doneStatus></todo>"
    response = send(client, "POST", "/api/todos", body, guid=guid, content_type="application/xml")
    assert response.status_code == 201
    assert response.json() == {"id": 11, "title": "from xml", "doneStatus": True, "description": ""}


@pytest.mark.parametrize(
    "content_type", ["text/xml", "application/vnd.apichallenges.todo+xml", "application/xml; x=1"]
)
def test_every_xml_type_is_parsed(client: Client, guid: str, content_type: str) -> None:
    body = "<todos><title>x</title></todos>"
    response = send(client, "POST", "/api/todos", body, guid=guid, content_type=content_type)
    assert response.status_code == 201


def test_numeric_xml_text_stays_a_string(client: Client, guid: str) -> None:
    body = "<todo><title>123</title><description>4.5</description></todo>"
    response = send(client, "POST", "/api/todos", body, guid=guid, content_type="application/xml")
    assert response.status_code == 201
    assert response.json()["title"] == "123"


FRAGMENT = "<title>file paperwork</title><doneStatus>true</doneStatus><description>x</description>"


@pytest.mark.parametrize("path", ["/api/todos", "/todos"])
def test_it_creates_from_an_xml_fragment(client: Client, guid: str, path: str) -> None:
    response = send(client, "POST", path, FRAGMENT, guid=guid, content_type="application/xml")
    assert response.status_code == 201
    assert response.json() == {
        "id": 11,
        "title": "file paperwork",
        "doneStatus": True,
        "description": "x",
    }


def test_an_xml_fragment_is_stored(client: Client, guid: str) -> None:
    send(client, "POST", "/api/todos", FRAGMENT, guid=guid, content_type="application/xml")
    assert get_one(client, guid, 11).json()["todos"][0]["title"] == "file paperwork"


def test_an_xml_fragment_may_have_white_space_around_it(client: Client, guid: str) -> None:
    body = f"\n  {FRAGMENT}\n"
    response = send(client, "POST", "/api/todos", body, guid=guid, content_type="text/xml")
    assert response.status_code == 201


def test_a_malformed_xml_fragment_is_400_and_creates_nothing(client: Client, guid: str) -> None:
    body = "<title>x</title><description>y</title>"
    response = send(client, "POST", "/api/todos", body, guid=guid, content_type="application/xml")
    assert response.status_code == 400
    assert errors(response) == ["Invalid XML Payload: mismatched tag: line 1, column 32"]
    assert get_one(client, guid, 11).status_code == 404


def test_it_answers_in_the_accepted_type(client: Client, guid: str) -> None:
    response = send(
        client, "POST", "/api/todos", {"title": "x"}, guid=guid, Accept="application/xml"
    )
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        b"<todo><doneStatus>false</doneStatus><description/><id>11</id><title>x</title></todo>"
    )


def test_json_with_charset_is_json(client: Client, guid: str) -> None:
    response = send(
        client,
        "POST",
        "/api/todos",
        {"title": "x"},
        guid=guid,
        content_type="application/json; charset=utf-8",
    )
    assert response.status_code == 201


def test_it_leaves_the_created_todo_for_tracking(client: Client, guid: str) -> None:
    response = send(client, "POST", "/api/todos", {"title": "x", "doneStatus": True}, guid=guid)
    request = response.wsgi_request
    assert request.outcome.fact(CreatedTodo).row == response.json()
    store = request.outcome.fact(StoreFacts)
    assert (store.total, store.done) == (11, 1)


def test_single_mode_creates_without_a_header(client: Client, single_mode: None, db: None) -> None:
    response = send(client, "POST", "/api/todos", {"title": "solo"})
    assert response.status_code == 201
    assert response.json()["id"] == 11
