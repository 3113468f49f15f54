"""Common mistakes, and the one near miss each records: the challenge the student was
aiming at, with the reason that names what was missing, and no other. Beside them, correct
requests for one challenge that record no near miss on its siblings.

Each case runs on a fresh session (all challenges open), so a near miss recorded on a
challenge the request was not meant for would show.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from challengers.models import Challenger
from tests.challenges.credit_cases import (
    DONE_TODO,
    EXPORT,
    FULL_TODO,
    HEARTBEAT,
    ITEM,
    JSON,
    LONG_ENOUGH,
    MISSING,
    NOTE,
    NOTE_JSON,
    NOTE_XML,
    OWN,
    PROGRESS,
    SHORT_BASIC,
    TODOS,
    TOKEN,
    XML,
    XML_TODO,
    Call,
    Step,
    Student,
    basic,
    delete,
    get,
    options,
    own_payload,
    patch,
    post,
    put,
    query,
    token,
)

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"


@dataclass(frozen=True)
class Mistake:
    name: str
    sends: tuple[Call, ...]
    near_miss: str | None  # the one challenge key it records a near miss on; None: none
    reason: str = ""  # a fragment of that near miss's reason
    setup: tuple[Step, ...] = ()


def mistake(
    name: str,
    *sends: Call,
    near_miss: str | None = None,
    reason: str = "",
    setup: tuple[Step, ...] = (),
) -> Mistake:
    return Mistake(name, sends, near_miss, reason, setup)


MISTAKES = (
    mistake(
        "a 4,500-character body aimed at the 413",
        post(TODOS, {"title": "x", "description": "d" * 4480}),
        near_miss="POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        reason="this challenge needs 413",
    ),
    mistake(
        "a 4,500-character body of padding aimed at the 413",
        post(TODOS, '{"title": "x"' + " " * 4500 + "}", content_type=JSON),
        near_miss="POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        reason="the response status was 201; this challenge needs 413",
    ),
    mistake(
        "a filter on a fresh session, whose todos are all not done",
        get(f"{TODOS}?doneStatus=true"),
        near_miss="GET_TODOS_FILTERED",
        reason="your todos include 0 done todos",
    ),
    mistake(
        "a max-out create one character short",
        post(TODOS, {"title": "t" * 49, "description": "d" * 200}),
        near_miss="POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        reason="the title was 49 characters long; this challenge needs exactly 50",
    ),
    mistake(
        "a maxed-out description with a short title",
        post(TODOS, {"title": "x", "description": "d" * 200}),
        near_miss="POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        reason="the title was 1 characters long; this challenge needs exactly 50",
    ),
    mistake(
        "a sort on a field todos do not have",
        get(f"{TODOS}?_sortBy=priority"),
        near_miss="GET_TODOS_SORTED_ASCENDING",
        reason="the sort named `priority`",
    ),
    mistake(
        "an id filter that every todo passes",
        get(f"{TODOS}?id%3E0"),
        near_miss="GET_TODOS_FILTERED_ID_GREATER_THAN",
        reason="10 of your 10 todos came back",
    ),
    mistake(
        "an XML create that forgets to ask for XML",
        post(TODOS, XML_TODO, content_type=XML),
        near_miss="POST_CREATE_XML",
        reason="the response Content-Type was `application/json`",
    ),
    mistake(
        "JSON Patch operations sent as plain JSON",
        patch(ITEM, [{"op": "replace", "path": "/title", "value": "x"}]),
        near_miss="PATCH_TODOS_PARTIAL_200",
        reason="the response status was 400",
    ),
    mistake(
        "a QUERY with the filter in the URL instead of the body",
        query(f"{TODOS}?doneStatus=true", "_sortBy=-id", content_type=FORM),
        near_miss="QUERY_TODOS_FILTERED",
        reason="this challenge needs a body that filters doneStatus=true",
        setup=(DONE_TODO,),
    ),
    mistake(
        "OPTIONS on one todo instead of the list",
        options(ITEM),
        near_miss="OPTIONS_TODOS",
        reason="the request went to /api/todos/1; this challenge needs /api/todos",
    ),
    mistake(
        "POST to the singular path",
        post("/api/todo", {"title": "x"}),
        near_miss="GET_TODOS_NOT_PLURAL_404",
        reason="the method was POST; this challenge needs GET",
    ),
    mistake(
        "text/calendar for a todo that is not there",
        get(MISSING, Accept="text/calendar"),
        near_miss="GET_TODO_ACCEPT_TEXT_CALENDAR",
        reason="the response status was 404",
    ),
    mistake(
        "DELETE of a todo that is not there",
        delete(MISSING),
        near_miss="DELETE_A_TODO",
        reason="the response status was 404",
    ),
    mistake(
        "an over-long X-CHALLENGER sent with POST",
        post(HEARTBEAT, X_CHALLENGER=OWN + LONG_ENOUGH),
        near_miss="X_CHALLENGER_TOO_LONG_431",
        reason="the method was POST; this challenge needs GET",
    ),
    mistake(
        "Basic credentials too short to count",
        post(TOKEN, Authorization=SHORT_BASIC),
        near_miss="CREATE_SECRET_TOKEN_401",
        reason="the Authorization header was 10 characters long",
    ),
    mistake(
        "a one-character token aimed at the 403",
        get(NOTE, X_AUTH_TOKEN="x"),
        near_miss="GET_SECRET_NOTE_403",
        reason="the X-AUTH-TOKEN header was 1 character long",
    ),
    mistake(
        "the note sent as XML",
        post(NOTE, NOTE_XML, content_type=XML, X_AUTH_TOKEN="{token}"),
        near_miss="POST_SECRET_NOTE_200",
        reason='the body had no JSON "note" member',
        setup=(token,),
    ),
    # Correct requests for one challenge: none of its siblings gets a near miss.
    mistake("a doneStatus that is not a boolean", post(TODOS, {"title": "x", "doneStatus": "b"})),
    mistake("a title over 50 characters", post(TODOS, {"title": "t" * 51})),
    mistake("a field todos do not have", post(TODOS, {"title": "x", "priority": "high"})),
    mistake("a full PUT", put(ITEM, FULL_TODO)),
    mistake("a PUT to create with an id", put(MISSING, {"id": 99999, "title": "x"})),
    mistake("a PUT without a title", put(ITEM, {"description": "no title"})),
    mistake("a restore of the session's own progress", put(PROGRESS, own_payload)),
    mistake("DELETE /heartbeat", delete(HEARTBEAT)),
    mistake("POST /heartbeat as DELETE", post(HEARTBEAT, X_HTTP_Method_Override="DELETE")),
    mistake("the CSV export", get(f"{EXPORT}?format=csv")),
    mistake("a JSON create asking for JSON", post(TODOS, {"title": "x"}, Accept=JSON)),
    mistake("a JSON create accepting anything", post(TODOS, {"title": "x"}, Accept="*/*")),
    mistake("an XML create asking for XML", post(TODOS, XML_TODO, content_type=XML, Accept=XML)),
    mistake("a 401 on the secret token", post(TOKEN, Authorization=basic("admin", "wrong"))),
    mistake("the secret note with a wrong token", get(NOTE, X_AUTH_TOKEN="not-my-token")),
    mistake(
        "the secret note with your token",
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}"),
        setup=(token,),
    ),
    mistake("an ordinary todo with a long title", post(TODOS, {"title": "t" * 45})),
    mistake("a page of 20, the largest allowed", get(f"{TODOS}?_limit=20")),
    mistake("a todo that is there", get(ITEM)),
    mistake("a todo that is not there", get(MISSING)),
)


def recorded(guid: str) -> dict:
    return Challenger.objects.get(pk=guid).near_misses


@pytest.mark.parametrize("case", MISTAKES, ids=lambda case: case.name)
def test_a_mistake_records_the_near_miss_of_what_it_aimed_at_and_no_other(case: Mistake) -> None:
    student = Student()
    student.prepare(case.setup)
    for call in case.sends:
        student.send(call)
    found = recorded(student.guid)
    assert sorted(found) == ([case.near_miss] if case.near_miss else [])
    if case.near_miss:
        assert case.reason in found[case.near_miss]["reason"]


def test_a_request_showing_two_intents_records_near_misses_on_those_two_only() -> None:
    # A title-only PUT without a body id is both the partial PUT's and the no-body-id PUT's
    # try; its too-long title fails both.
    student = Student()
    student.send(put(ITEM, {"title": "t" * 51}))
    found = recorded(student.guid)
    assert sorted(found) == ["PUT_TODOS_ID_NO_BODY_ID_200", "PUT_TODOS_PARTIAL_200"]
    assert all("this challenge needs 200" in entry["reason"] for entry in found.values())
