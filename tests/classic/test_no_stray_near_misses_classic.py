"""The classic edition's correct walk through every challenge records no near miss on any
challenge other than the one being done: one session, display order, the root paths and
statuses of the classic service (`tests/challenges/near_miss_walk`)."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_django.fixtures import Settings

from tests.challenges.credit_cases import (
    JSON,
    NOTE_JSON,
    WRONG_TOKEN,
    XML,
    XML_TODO,
    Student,
    basic,
    delete,
    get,
    head,
    options,
    patch,
    post,
    put,
    trace,
)
from tests.challenges.near_miss_walk import Step, Walker, step, walk, walk_alone
from tests.challenges.test_no_stray_near_misses import CLIENTS, LISTED

pytestmark = pytest.mark.django_db

TODOS = "/todos"
ITEM = "/todos/1"
MISSING = "/todos/99999"
HEARTBEAT = "/heartbeat"
PROGRESS = "/challenger/{guid}"
DATABASE = "/challenger/database/{guid}"
NOTE = "/secret/note"
TOKEN = "/secret/token"
FULL = {"title": "full", "doneStatus": False, "description": "replaced"}


def _payload(walker: Student) -> Any:
    return walker.json(PROGRESS)


def _payload_for_new_guid(walker: Student) -> Any:
    payload = walker.json(PROGRESS)
    assert isinstance(payload, dict)
    return payload | {"xChallenger": walker.new_guid}


def _todos(walker: Student) -> Any:
    return walker.json(DATABASE)


def _token(walker: Walker) -> None:
    reply = walker.send(post(TOKEN, Authorization=basic("admin", "password")))
    assert reply.status_code == 201
    walker.token = reply["X-AUTH-TOKEN"]


def _delete_every_todo(walker: Walker) -> None:
    for todo in walker.json(TODOS)["todos"]:
        assert walker.send(delete(f"{TODOS}/{todo['id']}")).status_code == 200


def _fill_to_the_cap_and_one_more(walker: Walker) -> None:
    for n in range(len(walker.json(TODOS)["todos"]), 20):
        assert walker.send(post(TODOS, {"title": f"todo {n}"})).status_code == 201
    assert walker.send(post(TODOS, {"title": "one too many"})).status_code == 400


STEPS: tuple[Step, ...] = (
    step("CREATE_NEW_CHALLENGER"),  # the walker's own POST /challenger
    step("GET_CHALLENGES", get("/challenges")),
    step("GET_TODOS", get(TODOS)),
    step("GET_TODOS_NOT_PLURAL_404", get("/todo")),
    step("GET_TODO", get(ITEM)),
    step("GET_TODO_404", get(MISSING)),
    step(
        "GET_TODOS_FILTERED",
        post(TODOS, {"title": "done fixture", "doneStatus": True}),
        get(f"{TODOS}?doneStatus=true"),
    ),
    step("GET_HEAD_TODOS", head(TODOS)),
    step("POST_TODOS", post(TODOS, {"title": "a new todo"})),
    step("POST_TODOS_BAD_DONE_STATUS", post(TODOS, {"title": "x", "doneStatus": "bob"})),
    step("POST_TODOS_TOO_LONG_TITLE_LENGTH", post(TODOS, {"title": "t" * 51})),
    step(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        post(TODOS, {"title": "t", "description": "d" * 201}),
    ),
    step(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        post(TODOS, {"title": "t" * 50, "description": "d" * 200}),
    ),
    step(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE", post(TODOS, {"title": "x", "description": "d" * 5000})
    ),
    step("POST_TODOS_INVALID_EXTRA_FIELD", post(TODOS, {"title": "x", "priority": "high"})),
    step("PUT_TODOS_400", put(MISSING, {"title": "x"})),
    step("POST_UPDATE_TODO", post(ITEM, {"title": "updated"})),
    step("POST_TODOS_404", post(MISSING, {"title": "x"})),
    step("PUT_TODOS_FULL_200", put(ITEM, FULL)),
    step("PUT_TODOS_PARTIAL_200", put(ITEM, {"title": "only title"})),
    step("PUT_TODOS_MISSING_TITLE_400", put(ITEM, {"description": "no title"})),
    step("PUT_TODOS_400_NO_AMEND_ID", put(ITEM, {"id": 2, "title": "x"})),
    step("DELETE_A_TODO", delete("/todos/2")),
    step("OPTIONS_TODOS", options(TODOS)),
    step("GET_ACCEPT_XML", get(TODOS, Accept=XML)),
    step("GET_ACCEPT_JSON", get(TODOS, Accept=JSON)),
    step("GET_ACCEPT_ANY_DEFAULT_JSON", get(TODOS, Accept="*/*")),
    step("GET_ACCEPT_XML_PREFERRED", get(TODOS, Accept="application/xml, application/json")),
    # Blank, as `curl -H "Accept:"` or unticking Postman's Accept sends it.
    step("GET_JSON_BY_DEFAULT_NO_ACCEPT", get(TODOS, Accept="")),
    step("GET_UNSUPPORTED_ACCEPT_406", get(TODOS, Accept="application/gzip")),
    step("POST_CREATE_XML", post(TODOS, XML_TODO, content_type=XML, Accept=XML)),
    step("POST_CREATE_JSON", post(TODOS, {"title": "json"}, Accept=JSON)),
    step("POST_TODOS_415", post(TODOS, "title=x", content_type="text/plain")),
    step("GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS", get(PROGRESS)),
    step("PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS", put(PROGRESS, _payload)),
    step(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        put("/challenger/{new}", _payload_for_new_guid),
    ),
    step("GET_RESTORABLE_TODOS", get(DATABASE)),
    step("PUT_RESTORABLE_TODOS", put(DATABASE, _todos)),
    step("POST_CREATE_XML_ACCEPT_JSON", post(TODOS, XML_TODO, content_type=XML, Accept=JSON)),
    step("POST_CREATE_JSON_ACCEPT_XML", post(TODOS, {"title": "json to xml"}, Accept=XML)),
    step("DELETE_HEARTBEAT_405", delete(HEARTBEAT)),
    step("PATCH_HEARTBEAT_500", patch(HEARTBEAT)),
    step("TRACE_HEARTBEAT_501", trace(HEARTBEAT)),
    step("GET_HEARTBEAT_204", get(HEARTBEAT)),
    step("OVERRIDE_DELETE_HEARTBEAT_405", post(HEARTBEAT, X_HTTP_Method_Override="DELETE")),
    step("OVERRIDE_PATCH_HEARTBEAT_500", post(HEARTBEAT, X_HTTP_Method_Override="PATCH")),
    step("OVERRIDE_TRACE_HEARTBEAT_501", post(HEARTBEAT, X_HTTP_Method_Override="TRACE")),
    step("CREATE_SECRET_TOKEN_401", post(TOKEN, Authorization=basic("admin", "wrong"))),
    step("CREATE_SECRET_TOKEN_201", _token),
    step("GET_SECRET_NOTE_403", get(NOTE, X_AUTH_TOKEN=WRONG_TOKEN)),
    step("GET_SECRET_NOTE_401", get(NOTE)),
    step("GET_SECRET_NOTE_200", get(NOTE, X_AUTH_TOKEN="{token}"), needs=(_token,)),
    step("POST_SECRET_NOTE_200", post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}"), needs=(_token,)),
    step("POST_SECRET_NOTE_401", post(NOTE, NOTE_JSON)),
    step("POST_SECRET_NOTE_403", post(NOTE, NOTE_JSON, X_AUTH_TOKEN=WRONG_TOKEN)),
    step("GET_SECRET_NOTE_BEARER_200", get(NOTE, Authorization="Bearer {token}"), needs=(_token,)),
    step(
        "POST_SECRET_NOTE_BEARER_200",
        post(NOTE, NOTE_JSON, Authorization="Bearer {token}"),
        needs=(_token,),
    ),
    step("DELETE_ALL_TODOS", _delete_every_todo),
    step("POST_ALL_TODOS", _fill_to_the_cap_and_one_more),
)


@pytest.mark.parametrize("accept", CLIENTS.values(), ids=CLIENTS.keys())
@pytest.mark.parametrize("mode", ["multi", "single"])
def test_a_correct_classic_walk_leaves_no_near_miss_on_another_challenge(
    settings: Settings,
    mode: str,
    accept: str | None,
) -> None:
    settings.APICHALLENGES_MODE = mode
    strays, undone = walk(STEPS, root="", accept=accept)
    assert undone == [], "steps that did not complete their challenge"
    assert [str(s) for s in strays] == []


@pytest.mark.parametrize("listed", LISTED.values(), ids=LISTED.keys())
@pytest.mark.parametrize("accept", CLIENTS.values(), ids=CLIENTS.keys())
def test_a_correct_classic_walk_in_any_order_leaves_no_near_miss_on_another_challenge(
    accept: str | None, listed: int
) -> None:
    strays, undone = walk_alone(STEPS, root="", accept=accept, listed=listed)
    assert undone == [], "steps that did not complete their challenge"
    assert [str(s) for s in strays] == []
