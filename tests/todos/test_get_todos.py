"""GET /api/todos: the session's list, its formats, headers and checks."""

from __future__ import annotations

from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY
from tests.todos.support import SEED_TITLES, create, ids, session, todos
from todos.facts import StoreFacts


def test_it_lists_the_seeded_todos_in_id_order(client: Client, guid: str) -> None:
    response = client.get("/api/todos", headers=session(guid))
    assert response.status_code == 200
    assert [t["title"] for t in todos(response)] == SEED_TITLES
    assert ids(response) == list(range(1, 11))


def test_it_renders_exact_compact_json(client: Client, guid: str) -> None:
    response = client.get("/api/todos?id=1", headers=session(guid))
    assert response["Content-Type"] == "application/json"
    assert response.content == (
        b'{"todos":[{"id":1,"title":"scan paperwork","doneStatus":false,"description":""}]}'
    )


def test_it_sends_accept_query(client: Client, guid: str) -> None:
    response = client.get("/api/todos", headers=session(guid))
    assert response["Accept-Query"] == ACCEPT_QUERY
    assert ACCEPT_QUERY.startswith(
        "application/x-www-form-urlencoded, application/jsonpath, "
        "application/vnd.service.query+json"
    )


def test_it_echoes_the_session(client: Client, guid: str) -> None:
    assert client.get("/api/todos", headers=session(guid))["X-CHALLENGER"] == guid


def test_it_pages_ten_by_default(client: Client, guid: str) -> None:
    for n in range(3):
        create(client, guid, f"extra {n}")
    response = client.get("/api/todos", headers=session(guid))
    assert ids(response) == list(range(1, 11))


def test_it_shows_the_sessions_own_todos(client: Client, guid: str) -> None:
    create(client, guid, "mine")
    other = client.post("/api/challenger")["X-CHALLENGER"]
    mine = client.get("/api/todos?title=mine", headers=session(guid))
    theirs = client.get("/api/todos?title=mine", headers=session(other))
    assert ids(mine) == [11]
    assert todos(theirs) == []


def test_it_answers_xml(client: Client, guid: str) -> None:
    response = client.get("/api/todos?id=1", headers=session(guid, Accept="application/xml"))
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        b"<todos><todo><doneStatus>false</doneStatus><description/><id>1</id>"
        b"<title>scan paperwork</title></todo></todos>"
    )


def test_it_echoes_a_structured_xml_type(client: Client, guid: str) -> None:
    accept = "application/vnd.apichallenges.todo+xml"
    response = client.get("/api/todos", headers=session(guid, Accept=accept))
    assert response.status_code == 200
    assert response["Content-Type"] == accept


def test_text_wildcard_negotiates_csv(client: Client, guid: str) -> None:
    response = client.get("/api/todos?id=2", headers=session(guid, Accept="text/*"))
    assert response["Content-Type"] == "text/csv"
    assert response.content == b"id,title,doneStatus,description\n2,file paperwork,false,"


def test_q_values_decide(client: Client, guid: str) -> None:
    accept = "application/json;q=0.5, application/xml;q=1"
    response = client.get("/api/todos", headers=session(guid, Accept=accept))
    assert response["Content-Type"] == "application/xml"


def test_it_rejects_an_unknown_accept(client: Client, guid: str) -> None:
    response = client.get("/api/todos", headers=session(guid, Accept="application/gzip"))
    assert response.status_code == 406
    assert response.json() == {"errorMessages": ["Unrecognised Accept Type"]}


def test_it_rejects_accept_with_only_zero_q(client: Client, guid: str) -> None:
    accept = "application/json;q=0, application/xml;q=0"
    response = client.get("/api/todos", headers=session(guid, Accept=accept))
    assert response.status_code == 406
    assert response.json() == {"errorMessages": ["No acceptable response type supported"]}


def test_text_calendar_is_not_acceptable_on_the_collection(client: Client, guid: str) -> None:
    response = client.get("/api/todos", headers=session(guid, Accept="text/calendar"))
    assert response.status_code == 406


def test_a_body_over_5000_characters_is_413_even_on_get(client: Client, guid: str) -> None:
    response = client.generic(
        "GET", "/api/todos", data="x" * 5001, content_type="text/plain", headers=session(guid)
    )
    assert response.status_code == 413
    assert response.json() == {
        "errorMessages": ["Error: request body too large, max allowed is 5000 bytes"]
    }


def test_406_comes_before_413(client: Client, guid: str) -> None:
    response = client.generic(
        "GET",
        "/api/todos",
        data="x" * 5001,
        content_type="text/plain",
        headers=session(guid, Accept="application/gzip"),
    )
    assert response.status_code == 406


def test_the_legacy_path_works(client: Client, guid: str) -> None:
    response = client.get("/todos", headers=session(guid))
    assert response.status_code == 200
    assert ids(response) == list(range(1, 11))


def test_a_trailing_slash_is_tolerated(client: Client, guid: str) -> None:
    assert client.get("/api/todos/", headers=session(guid)).status_code == 200


def test_the_singular_path_is_not_routed(client: Client, guid: str) -> None:
    assert client.get("/api/todo", headers=session(guid)).status_code == 404


def test_it_leaves_store_facts_for_tracking(client: Client, guid: str) -> None:
    create(client, guid, "done one", doneStatus=True)
    response = client.get("/api/todos?_limit=1", headers=session(guid))
    facts = response.wsgi_request.outcome.fact(StoreFacts)
    assert (facts.total, facts.done) == (11, 1)


def test_single_mode_needs_no_header(client: Client, single_mode: None, db: None) -> None:
    response = client.get("/api/todos")
    assert response.status_code == 200
    assert ids(response) == list(range(1, 11))
    assert response["X-CHALLENGER"] == "rest-api-challenges-single-player"
