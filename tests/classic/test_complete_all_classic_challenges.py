"""A diligent student's black-box run in the classic edition: real HTTP against a live
server, on the root paths the classic service had (`/todos`, `/challenger` ...), with the
statuses it answered (validation 400, DELETE 200, the 21st todo 400), until
`GET /challenges` reports every challenge complete: 59 of 59 in multi mode (the last by
restoring the saved progress onto a new GUID), 58 of 58 single-player.
"""

from __future__ import annotations

import uuid

import pytest

from tests.challenges.test_complete_all_challenges import Student, complete_secret_challenges

XML_TODO = b"<todo><title>from xml</title><doneStatus>false</doneStatus></todo>"


def todo_ids(s: Student) -> list[int]:
    # The classic list is never paged: one GET returns every todo.
    return [t["id"] for t in s.send("GET", "/todos").json()["todos"]]


def challenges(s: Student) -> list[dict]:
    return s.send("GET", "/challenges").json()["challenges"]


def incomplete(s: Student) -> list[str]:
    return [c["name"] for c in challenges(s) if not c["status"]]


def start(s: Student) -> None:
    reply = s.send("POST", "/challenger", session=False)
    assert reply.status == 201
    s.guid = reply.headers["x-challenger"]
    assert s.send("GET", "/challenges").status == 200


def complete_reading(s: Student) -> None:
    """GET and HEAD Challenges."""
    assert s.send("GET", "/todos").status == 200
    assert s.send("GET", "/todo").status == 404
    assert s.send("GET", "/todos/1").status == 200
    assert s.send("GET", "/todos/99999").status == 404
    created = s.send("POST", "/todos", {"title": "done fixture", "doneStatus": True})
    assert created.status == 201, created.body
    assert s.send("GET", "/todos?doneStatus=true").status == 200
    assert s.send("HEAD", "/todos").status == 200


def complete_writing(s: Student) -> None:
    """Creation, update and DELETE challenges, with the classic statuses."""
    assert s.send("POST", "/todos", {"title": "x", "doneStatus": "bob"}).status == 400
    assert s.send("POST", "/todos", {"title": "t" * 51}).status == 400
    assert s.send("POST", "/todos", {"title": "t", "description": "d" * 201}).status == 400
    assert s.send("POST", "/todos", {"title": "t" * 50, "description": "d" * 200}).status == 201
    assert s.send("POST", "/todos", {"title": "x", "description": "d" * 5000}).status == 413
    assert s.send("POST", "/todos", {"title": "x", "priority": "high"}).status == 400

    assert s.send("PUT", "/todos/99999", {"title": "x"}).status == 400
    assert s.send("POST", "/todos/1", {"title": "updated"}).status == 200
    assert s.send("POST", "/todos/99999", {"title": "x"}).status == 404
    full = {"title": "full", "doneStatus": False, "description": "replaced"}
    assert s.send("PUT", "/todos/1", full).status == 200
    assert s.send("PUT", "/todos/1", {"title": "only title"}).status == 200
    assert s.send("PUT", "/todos/1", {"description": "no title"}).status == 400
    assert s.send("PUT", "/todos/1", {"id": 2, "title": "x"}).status == 400
    assert s.send("DELETE", "/todos/2").status == 200
    assert s.send("OPTIONS", "/todos").status == 200


def complete_formats(s: Student) -> None:
    """Accept, Content-Type and mixed-format challenges."""
    for accept, status in (
        ("application/xml", 200),
        ("application/json", 200),
        ("*/*", 200),
        ("application/xml, application/json", 200),
        ("application/gzip", 406),
    ):
        assert s.send("GET", "/todos", Accept=accept).status == status, accept
    assert s.send("GET", "/todos").status == 200  # no Accept at all
    xml = "application/xml"
    assert s.send("POST", "/todos", XML_TODO, content_type=xml, Accept=xml).status == 201
    json_todo = {"title": "from json"}
    assert s.send("POST", "/todos", json_todo, Accept="application/json").status == 201
    assert s.send("POST", "/todos", "title=x", content_type="text/plain").status == 415
    reply = s.send("POST", "/todos", XML_TODO, content_type=xml, Accept="application/json")
    assert reply.status == 201
    assert s.send("POST", "/todos", {"title": "json to xml"}, Accept=xml).status == 201


def complete_restoring(s: Student) -> None:
    """Fancy a Break? (all but restoring into a new session)."""
    payload = s.send("GET", f"/challenger/{s.guid}").json()
    assert s.send("PUT", f"/challenger/{s.guid}", payload).status == 200
    database = s.send("GET", f"/challenger/database/{s.guid}")
    assert database.status == 200
    assert s.send("PUT", f"/challenger/database/{s.guid}", database.json()).status == 204


def complete_heartbeat(s: Student) -> None:
    """Status Code and HTTP Method Override challenges."""
    assert s.send("DELETE", "/heartbeat").status == 405
    assert s.send("PATCH", "/heartbeat").status == 500
    assert s.send("TRACE", "/heartbeat").status == 501
    assert s.send("GET", "/heartbeat").status == 204
    for verb, status in (("DELETE", 405), ("PATCH", 500), ("TRACE", 501)):
        assert s.send("POST", "/heartbeat", X_HTTP_Method_Override=verb).status == status, verb


def complete_miscellaneous(s: Student) -> None:
    """Empty the list (each DELETE 200), fill it to 20, and have the 21st refused (400)."""
    for todo_id in todo_ids(s):
        assert s.send("DELETE", f"/todos/{todo_id}").status == 200
    assert todo_ids(s) == []
    for n in range(20):
        assert s.send("POST", "/todos", {"title": f"todo {n}"}).status == 201
    assert s.send("POST", "/todos", {"title": "one too many"}).status == 400


def complete_all_but_the_new_session(s: Student) -> None:
    start(s)
    complete_reading(s)
    complete_writing(s)
    complete_formats(s)
    complete_restoring(s)
    complete_heartbeat(s)
    complete_secret_challenges(s, root="")
    complete_miscellaneous(s)


@pytest.mark.server
def test_a_student_completes_all_59_classic_challenges(live_server) -> None:  # noqa: ANN001
    s = Student(live_server.url)
    complete_all_but_the_new_session(s)
    assert incomplete(s) == ["PUT /challenger/guid CREATE"]

    payload = s.send("GET", f"/challenger/{s.guid}").json()
    s.guid = payload["xChallenger"] = str(uuid.uuid4())
    assert s.send("PUT", f"/challenger/{s.guid}", payload).status == 201

    assert len(challenges(s)) == 59
    assert incomplete(s) == []


@pytest.mark.server
def test_a_single_player_completes_all_58_classic_challenges(live_server, single_mode) -> None:  # noqa: ANN001
    s = Student(live_server.url)
    complete_all_but_the_new_session(s)
    assert s.guid == "rest-api-challenges-single-player"

    assert len(challenges(s)) == 58
    assert incomplete(s) == []
