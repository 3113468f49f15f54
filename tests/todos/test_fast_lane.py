"""GET /api/todos through the fast lane (todos/middleware.py) answers exactly as the view.

Each request shape is sent twice, with the lane on and off, and the two answers must be
equal: status, every header, body. A spy on the lane shows which shapes it takes, so a
change that widens or narrows it is seen here too.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.http import HttpResponse
from django.test import Client

from challenges.models import Challenger
from tests.todos.support import SEED_TITLES, send
from todos import middleware
from todos.models import Todo

TAKEN = "taken"
LEFT = "left to the view"

# (path, extra request headers, taken?)
SHAPES = [
    ("/api/todos", {}, TAKEN),
    ("/api/todos", {"Accept": "*/*"}, TAKEN),
    ("/api/todos", {"Accept": "application/json"}, TAKEN),
    ("/api/todos", {"Accept": " application/json "}, TAKEN),
    ("/todos", {}, TAKEN),
    ("/api/todos/", {}, LEFT),
    ("/api/todos", {"Cookie": "sessionid=abc; csrftoken=bad"}, LEFT),
    ("/api/todos?doneStatus=true", {}, LEFT),
    ("/api/todos?", {}, TAKEN),
    ("/api/todos", {"Accept": "application/xml"}, LEFT),
    ("/api/todos", {"Accept": "application/json, application/xml;q=0.5"}, LEFT),
    ("/api/todos", {"Accept": "text/csv"}, LEFT),
    ("/api/todos", {"Accept": "image/png"}, LEFT),
]


def answer(response: HttpResponse) -> tuple[int, dict[str, str], bytes]:
    return response.status_code, dict(response.items()), response.content


@pytest.fixture
def lane_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = middleware.plain_list

    def spy(request):  # noqa: ANN001, ANN202 - same signature as plain_list
        calls.append(request.path)
        return real(request)

    monkeypatch.setattr(middleware, "plain_list", spy)
    return calls


@pytest.fixture
def varied_guid(client: Client, guid: str) -> str:
    """A session whose list is not the seed: one todo done, one deleted, three added (more
    than the default page of ten)."""
    send(client, "POST", "/api/todos/2", {"doneStatus": True}, guid=guid)
    send(client, "DELETE", "/api/todos/4", guid=guid, content_type=None)
    for n in range(2):
        send(client, "POST", "/api/todos", {"title": f"extra {n}"}, guid=guid)
    created = send(
        client,
        "POST",
        "/api/todos",
        {"title": 'Ünïcode "quotes" <tags> & ✓', "description": "line\nbreak\ttab"},
        guid=guid,
    )
    assert created.status_code == 201
    return guid


@pytest.mark.parametrize(("path", "headers", "taken"), SHAPES)
def test_the_lane_answers_exactly_as_the_view(
    client: Client,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
    varied_guid: str,
    lane_calls: list[str],
    path: str,
    headers: dict[str, str],
    taken: str,
) -> None:
    request_headers = {"X-CHALLENGER": varied_guid, **headers}
    settings.APICHALLENGES_FAST_LANE = False
    by_view = answer(client.get(path, headers=request_headers))
    assert lane_calls == []
    settings.APICHALLENGES_FAST_LANE = True
    by_lane = answer(client.get(path, headers=request_headers))
    assert (TAKEN if lane_calls else LEFT) == taken
    assert by_lane == by_view


@pytest.mark.parametrize("path_info", ["//api/todos", "//todos", "///api/todos"])
def test_the_lane_leaves_paths_the_routes_do_not_match_to_them(
    client: Client,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
    guid: str,
    lane_calls: list[str],
    path_info: str,
) -> None:
    # A doubled slash (base URL ending in "/" + "/api/todos") is a 404, not the list.
    # PATH_INFO is set directly: the test client would read "//api" as a host name.
    headers = {"X-CHALLENGER": guid}
    settings.APICHALLENGES_FAST_LANE = False
    by_view = answer(client.get("/", headers=headers, PATH_INFO=path_info))
    settings.APICHALLENGES_FAST_LANE = True
    by_lane = answer(client.get("/", headers=headers, PATH_INFO=path_info))
    assert lane_calls == []
    assert by_view[0] == 404
    assert by_lane == by_view


def test_the_lane_lists_the_sessions_current_todos(
    client: Client, varied_guid: str, lane_calls: list[str]
) -> None:
    listed = client.get("/api/todos", headers={"X-CHALLENGER": varied_guid}).json()["todos"]
    assert lane_calls == ["/api/todos"]
    assert [t["id"] for t in listed] == [1, 2, 3, 5, 6, 7, 8, 9, 10, 11]
    assert listed[1]["doneStatus"] is True
    everything = client.get("/api/todos?_limit=20", headers={"X-CHALLENGER": varied_guid})
    assert everything.json()["todos"][-1]["title"] == 'Ünïcode "quotes" <tags> & ✓'


def test_the_lane_leaves_requests_without_a_session_to_the_view(
    client: Client, db: None, lane_calls: list[str]
) -> None:
    assert client.get("/api/todos").status_code == 200
    assert lane_calls == []


def test_the_lane_leaves_a_get_with_a_body_to_the_view(
    client: Client, guid: str, lane_calls: list[str]
) -> None:
    assert send(client, "GET", "/api/todos", {"x": 1}, guid=guid).status_code == 200
    assert lane_calls == []


def test_the_lane_leaves_an_overridden_post_to_the_view(
    client: Client, guid: str, lane_calls: list[str]
) -> None:
    response = client.post(
        "/api/todos", headers={"X-CHALLENGER": guid, "X-HTTP-Method-Override": "GET"}
    )
    assert response.status_code == 200
    assert lane_calls == []


def test_a_request_through_the_lane_still_completes_its_challenges(
    client: Client, guid: str, lane_calls: list[str]
) -> None:
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    progress = client.get(f"/api/challenger/{guid}", headers={"X-CHALLENGER": guid}).json()
    assert lane_calls == ["/api/todos"]
    assert progress["challengeStatus"]["GET_TODOS"] is True
    assert progress["challengeStatus"]["GET_JSON_BY_DEFAULT_NO_ACCEPT"] is True


# Every way a session's todos change, each followed by a read of the list.
WRITES = {
    "POST create": lambda c, g: send(c, "POST", "/api/todos", {"title": "new"}, guid=g),
    "POST amend": lambda c, g: send(c, "POST", "/api/todos/3", {"title": "amended"}, guid=g),
    "PUT": lambda c, g: send(
        c, "PUT", "/api/todos/3", {"title": "put", "doneStatus": True}, guid=g
    ),
    "PATCH": lambda c, g: send(c, "PATCH", "/api/todos/3", {"doneStatus": True}, guid=g),
    "DELETE": lambda c, g: send(c, "DELETE", "/api/todos/3", guid=g, content_type=None),
    "restore": lambda c, g: send(
        c, "PUT", f"/api/challenger/database/{g}", {"todos": [{"id": 3, "title": "restored"}]}
    ),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_list_read_again_after_a_write_shows_the_write(
    client: Client,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
    guid: str,
    lane_calls: list[str],
    write: Callable[[Client, str], object],
) -> None:
    headers = {"X-CHALLENGER": guid}
    send(client, "DELETE", "/api/todos/10", guid=guid, content_type=None)  # room for one more
    before = answer(client.get("/api/todos", headers=headers))
    write(client, guid)
    by_lane = answer(client.get("/api/todos", headers=headers))
    settings.APICHALLENGES_FAST_LANE = False
    by_view = answer(client.get("/api/todos", headers=headers))
    assert lane_calls == ["/api/todos", "/api/todos"]
    assert by_lane == by_view
    assert by_lane[2] != before[2]


def test_a_list_served_again_unchanged_answers_exactly_as_the_view(
    client: Client,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
    varied_guid: str,
    lane_calls: list[str],
) -> None:
    headers = {"X-CHALLENGER": varied_guid}
    client.get("/api/todos", headers=headers)  # rendered and kept
    served_again = answer(client.get("/api/todos", headers=headers))
    settings.APICHALLENGES_FAST_LANE = False
    assert served_again == answer(client.get("/api/todos", headers=headers))
    assert lane_calls == ["/api/todos", "/api/todos"]


def test_a_list_served_again_still_completes_its_challenges(
    client: Client, guid: str, lane_calls: list[str]
) -> None:
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    Challenger.objects.filter(pk=guid).update(progress={})  # forget, keep the list token
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    progress = client.get(f"/api/challenger/{guid}", headers={"X-CHALLENGER": guid}).json()
    assert lane_calls == ["/api/todos", "/api/todos"]
    assert progress["challengeStatus"]["GET_TODOS"] is True


def test_a_list_put_back_with_its_old_token_is_listed_as_put_back(
    client: Client, guid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A write lands between a request's session read and its rows read; later the
    # database goes back to the state before it (a backup restored), old token included.
    # What the lane kept must belong to the token read with the rows, not the earlier one.
    headers = {"X-CHALLENGER": guid}
    old_token = Challenger.objects.get(pk=guid).list_token
    real = middleware.todo_rows_with_token

    def write_first(challenger: Challenger):  # noqa: ANN202 - as todo_rows_with_token
        send(client, "POST", "/api/todos/3", {"title": "written meanwhile"}, guid=guid)
        return real(challenger)

    monkeypatch.setattr(middleware, "todo_rows_with_token", write_first)
    client.get("/api/todos", headers=headers)
    monkeypatch.setattr(middleware, "todo_rows_with_token", real)
    Todo.objects.filter(challenger_id=guid, todo_id=3).update(title=SEED_TITLES[2])
    Challenger.objects.filter(pk=guid).update(list_token=old_token)
    listed = client.get("/api/todos", headers=headers).json()["todos"]
    assert listed[2]["title"] == SEED_TITLES[2]
