"""Every classic challenge through HTTP: on a fresh session (plus its setup), one request
as a student sends it to the root paths completes the challenge, and `GET /challenges`
then lists it as done under its exact classic name.

The table is `CREDITS`; a test id names the challenge key, e.g.
`test_it_credits[PUT_TODOS_400]`. The near misses of the rules that differ from the current
edition's are in `test_classic_rules.py`.
"""

from __future__ import annotations

import pytest

from challenges.catalogue import by_key, keys_for
from tests.challenges.credit_cases import (
    ADMIN,
    NEW,
    NOTE_JSON,
    RESPONSE,
    WRONG_TOKEN,
    XML_TODO,
    Call,
    Step,
    Student,
    basic,
    completed,
    delete,
    describe,
    forgotten,
    full_list,
    get,
    head,
    options,
    own_payload,
    own_todos,
    patch,
    payload_for_new_guid,
    post,
    put,
    token,
    trace,
)

pytestmark = pytest.mark.django_db

TODOS = "/todos"
ITEM = "/todos/1"
MISSING = "/todos/99999"
HEARTBEAT = "/heartbeat"
PROGRESS = "/challenger/{guid}"
TOKEN = "/secret/token"
NOTE = "/secret/note"
XML = "application/xml"
JSON = "application/json"
DONE_TODO = post(TODOS, {"title": "done fixture", "doneStatus": True})
ALL_BUT_THE_LAST_TODO = tuple(delete(f"{TODOS}/{n}") for n in range(1, 10))
BEARER = "Bearer {token}"

# key -> (setup, the request that completes it)
CREDITS: dict[str, tuple[tuple[Step, ...], Call]] = {
    "CREATE_NEW_CHALLENGER": (
        (forgotten("CREATE_NEW_CHALLENGER"),),
        post("/challenger", anonymous=True, judge=RESPONSE),
    ),
    "GET_CHALLENGES": ((), get("/challenges")),
    "GET_TODOS": ((), get(TODOS)),
    "GET_TODOS_NOT_PLURAL_404": ((), get("/todo")),
    "GET_TODO": ((), get(ITEM)),
    "GET_TODO_404": ((), get(MISSING)),
    "GET_TODOS_FILTERED": ((DONE_TODO,), get(f"{TODOS}?doneStatus=true")),
    "GET_HEAD_TODOS": ((), head(TODOS)),
    "POST_TODOS": ((), post(TODOS, {"title": "a todo"})),
    "POST_TODOS_BAD_DONE_STATUS": ((), post(TODOS, {"title": "x", "doneStatus": "bob"})),
    "POST_TODOS_TOO_LONG_TITLE_LENGTH": ((), post(TODOS, {"title": "t" * 51})),
    "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH": (
        (),
        post(TODOS, {"title": "t", "description": "d" * 201}),
    ),
    "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH": (
        (),
        post(TODOS, {"title": "t" * 50, "description": "d" * 200}),
    ),
    "POST_TODOS_TOO_LONG_PAYLOAD_SIZE": (
        (),
        post(TODOS, {"title": "x", "description": "d" * 5000}),
    ),
    "POST_TODOS_INVALID_EXTRA_FIELD": ((), post(TODOS, {"title": "x", "priority": "high"})),
    "PUT_TODOS_400": ((), put(MISSING, {"title": "x"})),
    "POST_UPDATE_TODO": ((), post(ITEM, {"title": "updated"})),
    "POST_TODOS_404": ((), post(MISSING, {"title": "x"})),
    "PUT_TODOS_FULL_200": (
        (),
        put(ITEM, {"title": "full", "doneStatus": False, "description": "replaced"}),
    ),
    "PUT_TODOS_PARTIAL_200": ((), put(ITEM, {"title": "only title"})),
    "PUT_TODOS_MISSING_TITLE_400": ((), put(ITEM, {"description": "no title"})),
    "PUT_TODOS_400_NO_AMEND_ID": ((), put(ITEM, {"id": 2, "title": "x"})),
    "DELETE_A_TODO": ((), delete(ITEM)),
    "OPTIONS_TODOS": ((), options(TODOS)),
    "GET_ACCEPT_XML": ((), get(TODOS, Accept=XML)),
    "GET_ACCEPT_JSON": ((), get(TODOS, Accept=JSON)),
    "GET_ACCEPT_ANY_DEFAULT_JSON": ((), get(TODOS, Accept="*/*")),
    "GET_ACCEPT_XML_PREFERRED": ((), get(TODOS, Accept="application/xml, application/json")),
    "GET_JSON_BY_DEFAULT_NO_ACCEPT": ((), get(TODOS)),
    "GET_UNSUPPORTED_ACCEPT_406": ((), get(TODOS, Accept="application/gzip")),
    "POST_CREATE_XML": ((), post(TODOS, XML_TODO, content_type=XML, Accept=XML)),
    "POST_CREATE_JSON": ((), post(TODOS, {"title": "json"}, Accept=JSON)),
    "POST_TODOS_415": ((), post(TODOS, "title=x", content_type="text/plain")),
    "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS": ((), get(PROGRESS)),
    "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS": ((), put(PROGRESS, own_payload)),
    "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS": (
        (),
        put("/challenger/{new}", payload_for_new_guid, judge=NEW),
    ),
    "GET_RESTORABLE_TODOS": ((), get("/challenger/database/{guid}")),
    "PUT_RESTORABLE_TODOS": ((), put("/challenger/database/{guid}", own_todos)),
    "POST_CREATE_XML_ACCEPT_JSON": ((), post(TODOS, XML_TODO, content_type=XML, Accept=JSON)),
    "POST_CREATE_JSON_ACCEPT_XML": ((), post(TODOS, {"title": "json"}, Accept=XML)),
    "DELETE_HEARTBEAT_405": ((), delete(HEARTBEAT)),
    "PATCH_HEARTBEAT_500": ((), patch(HEARTBEAT)),
    "TRACE_HEARTBEAT_501": ((), trace(HEARTBEAT)),
    "GET_HEARTBEAT_204": ((), get(HEARTBEAT)),
    "OVERRIDE_DELETE_HEARTBEAT_405": ((), post(HEARTBEAT, X_HTTP_Method_Override="DELETE")),
    "OVERRIDE_PATCH_HEARTBEAT_500": ((), post(HEARTBEAT, X_HTTP_Method_Override="PATCH")),
    "OVERRIDE_TRACE_HEARTBEAT_501": ((), post(HEARTBEAT, X_HTTP_Method_Override="TRACE")),
    "CREATE_SECRET_TOKEN_401": ((), post(TOKEN, Authorization=basic("admin", "wrong"))),
    "CREATE_SECRET_TOKEN_201": ((), post(TOKEN, Authorization=ADMIN)),
    "GET_SECRET_NOTE_403": ((token,), get(NOTE, X_AUTH_TOKEN=WRONG_TOKEN)),
    "GET_SECRET_NOTE_401": ((token,), get(NOTE)),
    "GET_SECRET_NOTE_200": ((token,), get(NOTE, X_AUTH_TOKEN="{token}")),
    "POST_SECRET_NOTE_200": ((token,), post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}")),
    "POST_SECRET_NOTE_401": ((token,), post(NOTE, NOTE_JSON)),
    "POST_SECRET_NOTE_403": ((token,), post(NOTE, NOTE_JSON, X_AUTH_TOKEN=WRONG_TOKEN)),
    "GET_SECRET_NOTE_BEARER_200": ((token,), get(NOTE, Authorization=BEARER)),
    "POST_SECRET_NOTE_BEARER_200": ((token,), post(NOTE, NOTE_JSON, Authorization=BEARER)),
    "DELETE_ALL_TODOS": (ALL_BUT_THE_LAST_TODO, delete(f"{TODOS}/10")),
    "POST_ALL_TODOS": ((full_list,), post(TODOS, {"title": "one too many"})),
}


def listed_as_done(student: Student, guid: str, key: str) -> bool:
    reply = student.client.get("/challenges", headers={"X-CHALLENGER": guid})
    found = [c for c in reply.json()["challenges"] if c["name"] == by_key(key).name]
    assert len(found) == 1, f"{by_key(key).name!r} listed {len(found)} times"
    return found[0]["status"] is True


def test_the_table_has_one_row_per_classic_challenge_in_order() -> None:
    assert list(CREDITS) == list(keys_for("multi"))


@pytest.mark.parametrize("key", list(CREDITS))
def test_it_credits(key: str) -> None:
    setup, call = CREDITS[key]
    student = Student()
    student.prepare(setup)
    assert not completed(student.judged_guid(call), key), "completed by the setup alone"
    reply = student.send(call)
    guid = student.judged_guid(call, reply)
    assert completed(guid, key), describe(call, reply)
    assert listed_as_done(student, guid, key)
