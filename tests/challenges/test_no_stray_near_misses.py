"""A correct walk through every challenge records no near miss on any challenge other than
the one being done: one session, display order, the requests a diligent student sends
(`near_miss_walk`). A near miss is a sign of a try; a student who never tried a challenge
must not find one on it, nor an instructor see its column coloured."""

from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings

from tests.challenges.client_defaults import AXIOS
from tests.challenges.credit_cases import (
    CHALLENGER,
    DATABASE,
    DESCRIBED_TODO,
    DONE_TODO,
    EXPORT,
    FORM,
    HEARTBEAT,
    ITEM,
    JSON,
    JSON_PATCH,
    JSONPATH,
    LONG_ENOUGH,
    MERGE_PATCH,
    MISSING,
    NOTE,
    NOTE_JSON,
    OWN,
    PROGRESS,
    STRUCTURED,
    TODOS,
    TOKEN,
    VENDOR_XML,
    WRONG_TOKEN,
    XML,
    XML_TODO,
    Call,
    basic,
    delete,
    get,
    head,
    options,
    own_payload,
    own_todos,
    patch,
    payload_for_new_guid,
    post,
    put,
    query,
    token,
    trace,
)
from tests.challenges.near_miss_walk import Step, Walker, step, walk, walk_alone

pytestmark = pytest.mark.django_db


def _list(query_string: str) -> Call:
    return get(f"{TODOS}?{query_string}")


def _accept(value: str, path: str = TODOS) -> Call:
    return get(path, Accept=value)


def _delete_every_todo(walker: Walker) -> None:
    for todo in walker.json(f"{TODOS}?_limit=20")["todos"]:
        assert walker.send(delete(f"{TODOS}/{todo['id']}")).status_code == 204


def _fill_to_the_cap_and_one_more(walker: Walker) -> None:
    listed = len(walker.json(f"{TODOS}?_limit=20")["todos"])
    for n in range(listed, 20):
        assert walker.send(post(TODOS, {"title": f"todo {n}"})).status_code == 201
    assert walker.send(post(TODOS, {"title": "one too many"})).status_code == 409


FULL = {"title": "full", "doneStatus": False, "description": "replaced"}

STEPS: tuple[Step, ...] = (
    step("CREATE_NEW_CHALLENGER"),  # the walker's own POST /api/challenger
    step("GET_CHALLENGES", get("/api/challenges")),
    step("GET_TODOS", get(TODOS)),
    step("GET_TODOS_NOT_PLURAL_404", get("/api/todo")),
    step("GET_TODO", get(ITEM)),
    step("GET_TODO_404", get(MISSING)),
    step(
        "GET_TODOS_FILTERED",
        post(TODOS, {"title": "done fixture", "doneStatus": True}),
        _list("doneStatus=true"),
    ),
    step("GET_TODOS_FILTERED_ID_GREATER_THAN", _list("id%3E5")),
    step("GET_TODOS_FILTERED_ID_LESS_THAN", _list("id%3C5")),
    step("GET_TODOS_FILTERED_ID_SINGLE_RESULT", _list("id=3")),
    step(
        "GET_TODOS_FILTERED_DESCRIPTION_REGEX",
        post(TODOS, {"title": "described", "description": "regexfixture wildcardfixture"}),
        _list("description~=.*regexfixture.*"),
    ),
    step(
        "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
        _list("description*=*wildcardfixture*"),
        needs=(DESCRIBED_TODO,),
    ),
    step("GET_TODOS_SORTED_ASCENDING", _list("_sortBy=title")),
    step("GET_TODOS_SORTED_DESCENDING", _list("_sortBy=-title")),
    step("GET_TODOS_SORTED_MULTIPLE_FIELDS", _list("_sortBy=doneStatus,-id")),
    step("GET_TODOS_FILTERED_AND_SORTED", _list("doneStatus=false&_sortBy=-id")),
    step("GET_TODOS_PAGINATED_LIMIT", _list("_limit=8")),
    step("GET_TODOS_PAGINATED_LIMIT_OFFSET", _list("_limit=5&_offset=5")),
    step("GET_TODOS_PAGINATED_LIMIT_TOO_HIGH", _list("_limit=21")),
    step("GET_TODOS_PAGINATED_SORTED", _list("_sortBy=-id&_limit=5&_offset=5")),
    step("GET_TODOS_PAGINATED_FILTERED", _list("doneStatus=false&_limit=2&_offset=1")),
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
    step("PUT_TODOS_422", put(MISSING, {"id": 99999, "title": "x"})),
    step("POST_UPDATE_TODO", post(ITEM, {"title": "updated"})),
    step("POST_TODOS_404", post(MISSING, {"title": "x"})),
    step("PUT_TODOS_FULL_200", put(ITEM, FULL)),
    step("PUT_TODOS_PARTIAL_200", put(ITEM, {"title": "only title"})),
    step("PUT_TODOS_BODY_ID_200", put(TODOS, {"id": 1, "title": "by body id"})),
    step("PUT_TODOS_ID_NO_BODY_ID_200", put(ITEM, {"title": "no body id"})),
    step("PUT_TODOS_MISSING_TITLE_422", put(ITEM, {"description": "no title"})),
    step("PUT_TODOS_NO_ID_422", put(TODOS, {"title": "no id"})),
    step("PUT_TODOS_ID_NOT_FOUND_404", put(MISSING, {"title": "x"})),
    step("PUT_TODOS_422_NO_AMEND_ID", put(ITEM, {"id": 2, "title": "x"})),
    step("DELETE_A_TODO", delete("/api/todos/2")),
    step(
        "QUERY_TODOS_FILTERED",
        query(TODOS, "doneStatus=true", content_type=FORM),
        needs=(DONE_TODO,),
    ),
    step(
        "QUERY_TODOS_JSONPATH_FILTERED",
        query(TODOS, "$.todos[?(@.doneStatus == true)]", content_type=JSONPATH),
        needs=(DONE_TODO,),
    ),
    step(
        "QUERY_TODOS_STRUCTURED_JSON_FILTERED",
        query(TODOS, {"filter": {"doneStatus": True}}, content_type=STRUCTURED),
        needs=(DONE_TODO,),
    ),
    step("PATCH_TODOS_PARTIAL_200", patch(ITEM, {"title": "patched"})),
    step(
        "PATCH_TODOS_MERGE_PATCH_200",
        patch(ITEM, {"description": "merged"}, content_type=MERGE_PATCH),
    ),
    step(
        "PATCH_TODOS_JSON_PATCH_200",
        patch(
            ITEM,
            [{"op": "replace", "path": "/title", "value": "json patched"}],
            content_type=JSON_PATCH,
        ),
    ),
    step("OPTIONS_TODOS", options(TODOS)),
    step("GET_ACCEPT_XML", _accept(XML)),
    step("GET_ACCEPT_JSON", _accept(JSON)),
    step("GET_ACCEPT_ANY_DEFAULT_JSON", _accept("*/*")),
    step("GET_ACCEPT_XML_PREFERRED", _accept("application/xml, application/json")),
    # Blank, as `curl -H "Accept:"` or unticking Postman's Accept sends it.
    step("GET_JSON_BY_DEFAULT_NO_ACCEPT", get(TODOS, Accept="")),
    step("GET_UNSUPPORTED_ACCEPT_406", _accept("application/gzip")),
    step("GET_TODO_ACCEPT_TEXT_CALENDAR", _accept("text/calendar", ITEM)),
    step("GET_ACCEPT_XML_Q_PREFERRED", _accept("application/json;q=0.5, application/xml;q=1")),
    step("GET_ACCEPT_JSON_Q_PREFERRED", _accept("application/xml;q=0.5, application/json;q=1")),
    step("GET_ACCEPT_Q_REJECTS_ALL_406", _accept("application/json;q=0, application/xml;q=0")),
    step("GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406", _accept("application/problem+json")),
    step("GET_ACCEPT_TEXT_XML", _accept("text/xml")),
    step("GET_ACCEPT_VENDOR_XML", _accept(VENDOR_XML)),
    step("GET_ACCEPT_STRUCTURED_XML_WILDCARD", _accept("application/*+xml")),
    step("POST_CREATE_XML", post(TODOS, XML_TODO, content_type=XML, Accept=XML)),
    step("POST_CREATE_JSON", post(TODOS, {"title": "json"}, Accept=JSON)),
    step("POST_CREATE_VENDOR_XML", post(TODOS, XML_TODO, content_type=VENDOR_XML)),
    step("POST_TODOS_415", post(TODOS, "title=x", content_type="text/plain")),
    step("GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION", get(f"{EXPORT}?format=csv")),
    step("GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION", get(f"{EXPORT}?format=html")),
    step("GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION", get(f"{EXPORT}?format=tsv")),
    step("GET_RESTORE_EXISTING_CHALLENGER", get(PROGRESS, anonymous=True)),
    step("POST_RESTORE_EXISTING_CHALLENGER", post(CHALLENGER)),
    step("GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS", get(PROGRESS)),
    step("PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS", put(PROGRESS, own_payload)),
    step("PUT_CHALLENGER_GUID_MISMATCH_409", put("/api/challenger/{new}", own_payload)),
    step(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        put("/api/challenger/{new}", payload_for_new_guid),
    ),
    step("GET_RESTORABLE_TODOS", get(DATABASE)),
    step("PUT_RESTORABLE_TODOS", put(DATABASE, own_todos)),
    step("POST_CREATE_XML_ACCEPT_JSON", post(TODOS, XML_TODO, content_type=XML, Accept=JSON)),
    step("POST_CREATE_JSON_ACCEPT_XML", post(TODOS, {"title": "json to xml"}, Accept=XML)),
    step("DELETE_HEARTBEAT_405", delete(HEARTBEAT)),
    step("PATCH_HEARTBEAT_500", patch(HEARTBEAT)),
    step("TRACE_HEARTBEAT_501", trace(HEARTBEAT)),
    step("GET_HEARTBEAT_204", get(HEARTBEAT)),
    step("X_CHALLENGER_TOO_LONG_431", get(HEARTBEAT, X_CHALLENGER=OWN + LONG_ENOUGH)),
    step("OVERRIDE_DELETE_HEARTBEAT_405", post(HEARTBEAT, X_HTTP_Method_Override="DELETE")),
    step("OVERRIDE_PATCH_HEARTBEAT_500", post(HEARTBEAT, X_HTTP_Method_Override="PATCH")),
    step("OVERRIDE_TRACE_HEARTBEAT_501", post(HEARTBEAT, X_HTTP_Method_Override="TRACE")),
    step("CREATE_SECRET_TOKEN_401", post(TOKEN, Authorization=basic("admin", "wrong"))),
    step("CREATE_SECRET_TOKEN_201", token),
    step("GET_SECRET_NOTE_403", get(NOTE, X_AUTH_TOKEN=WRONG_TOKEN)),
    step("GET_SECRET_NOTE_401", get(NOTE)),
    step("GET_SECRET_NOTE_200", get(NOTE, X_AUTH_TOKEN="{token}"), needs=(token,)),
    step("POST_SECRET_NOTE_200", post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}"), needs=(token,)),
    step("POST_SECRET_NOTE_401", post(NOTE, NOTE_JSON)),
    step("POST_SECRET_NOTE_403", post(NOTE, NOTE_JSON, X_AUTH_TOKEN=WRONG_TOKEN)),
    step("GET_SECRET_NOTE_BEARER_200", get(NOTE, Authorization="Bearer {token}"), needs=(token,)),
    step(
        "POST_SECRET_NOTE_BEARER_200",
        post(NOTE, NOTE_JSON, Authorization="Bearer {token}"),
        needs=(token,),
    ),
    step("DELETE_ALL_TODOS", _delete_every_todo),
    step("POST_ALL_TODOS", _fill_to_the_cap_and_one_more),
)


# How a client's requests carry Accept when the student sets none (`client_defaults`):
# not at all (a plain HTTP library, Java's HttpClient), `*/*` (curl, Postman, most
# others) or axios's own. (The JDK's HttpURLConnection ranks HTML first, and gets its
# lists as HTML: its students set an Accept before any list challenge can count.)
CLIENTS = {"no Accept": None, "Accept */*": "*/*", "axios": AXIOS.accept}


@pytest.mark.parametrize("accept", CLIENTS.values(), ids=CLIENTS.keys())
@pytest.mark.parametrize("mode", ["multi", "single"])
def test_a_correct_walk_leaves_no_near_miss_on_another_challenge(
    settings: Settings,
    mode: str,
    accept: str | None,
) -> None:
    settings.APICHALLENGES_MODE = mode
    strays, undone = walk(STEPS, accept=accept)
    assert undone == [], "steps that did not complete their challenge"
    assert [str(s) for s in strays] == []


# How many todos a walk in some order may find the list holding at a step: as many as a
# new session's, or one short of full, so that the step's create is the one that fills it.
LISTED = {"10 todos": 10, "19 todos": 19}


@pytest.mark.parametrize("listed", LISTED.values(), ids=LISTED.keys())
@pytest.mark.parametrize("accept", CLIENTS.values(), ids=CLIENTS.keys())
def test_a_correct_walk_in_any_order_leaves_no_near_miss_on_another_challenge(
    accept: str | None, listed: int
) -> None:
    strays, undone = walk_alone(STEPS, accept=accept, listed=listed)
    assert undone == [], "steps that did not complete their challenge"
    assert [str(s) for s in strays] == []
