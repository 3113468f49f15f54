"""The table behind `test_challenge_credits.py`: for every challenge, the setup a fresh
session needs, one request that completes the challenge and near misses that must not.

Requests are data (`Call`): paths and header values are templates filled per session
(`{guid}` = the session's GUID, `{new}` = a GUID no session has, `{token}` = the secret
token a setup step obtained). A call is judged on the session the rules credit: usually
the caller's own, for a few challenger-restore calls the one named in the URL or in the
response `X-CHALLENGER` (`judge`).
"""

from __future__ import annotations

import base64
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import orjson
from django.conf import settings
from django.http import HttpResponse

from challengers.models import Challenger
from challengers.sessions import SINGLE_PLAYER_GUID, mode
from challenges.catalogue import keys_for, progress_status
from tests.client import Client

OWN = "{guid}"
NEW = "{new}"
RESPONSE = "response X-CHALLENGER"

TODOS = "/api/todos"
ITEM = "/api/todos/1"
MISSING = "/api/todos/99999"
EXPORT = "/api/todos/export"
HEARTBEAT = "/api/heartbeat"
CHALLENGER = "/api/challenger"
PROGRESS = "/api/challenger/{guid}"
DATABASE = "/api/challenger/database/{guid}"
TOKEN = "/api/secret/token"
NOTE = "/api/secret/note"

XML = "application/xml"
JSON = "application/json"
VENDOR_XML = "application/vnd.apichallenges.todo+xml"
FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED = "application/vnd.service.query+json"
MERGE_PATCH = "application/merge-patch+json"
JSON_PATCH = "application/json-patch+json"

XML_TODO = "<todo><title>from xml</title><doneStatus>false</doneStatus></todo>"
NOTE_JSON = {"note": "my secret"}
NOTE_XML = "<secretnote><note>my secret</note></secretnote>"
WRONG_TOKEN = "not-my-token"
LONG_ENOUGH = "x" * 70  # appended to a 36-character GUID: over the 100-character limit

Body = bytes | str | dict[str, Any] | list[Any] | Callable[["Student"], Any] | None


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


ADMIN = basic("admin", "password")
SHORT_BASIC = basic("a", "b")  # "Basic YTpi": 10 characters, one short of counting


# --------------------------------------------------------------------------- requests


@dataclass(frozen=True)
class Call:
    """One HTTP request as a student's client would send it."""

    method: str
    path: str
    body: Body = None
    content_type: str | None = None
    headers: tuple[tuple[str, str], ...] = ()
    anonymous: bool = False  # True: no X-CHALLENGER header is added
    judge: str = OWN  # whose progress shows the credit: a GUID template or RESPONSE

    def __str__(self) -> str:
        shown = [f"{name}: {value}" for name, value in self.headers]
        if self.content_type:
            shown.append(f"Content-Type: {self.content_type}")
        if self.anonymous:
            shown.append("no X-CHALLENGER")
        return " ".join([self.method, self.path, *(f"[{h}]" for h in shown)])


def request(
    method: str,
    path: str,
    body: Body = None,
    *,
    content_type: str | None = None,
    anonymous: bool = False,
    judge: str = OWN,
    **headers: str,
) -> Call:
    """A Call; header keyword arguments use `_` for `-` (`X_AUTH_TOKEN="{token}"`)."""
    named = tuple((name.replace("_", "-"), value) for name, value in headers.items())
    return Call(method, path, body, content_type, named, anonymous, judge)


get = partial(request, "GET")
head = partial(request, "HEAD")
post = partial(request, "POST")
put = partial(request, "PUT")
patch = partial(request, "PATCH")
delete = partial(request, "DELETE")
options = partial(request, "OPTIONS")
trace = partial(request, "TRACE")
query = partial(request, "QUERY")


@dataclass(frozen=True)
class Unprepared:
    """A near miss sent on a fresh session WITHOUT the row's setup (missing precondition)."""

    call: Call

    def __str__(self) -> str:
        return f"{self.call} (without the setup)"


Step = Call | Callable[["Student"], None]


@dataclass(frozen=True)
class NearMiss:
    """A request that is an attempt at the row's challenge (it meets every attempt
    condition) but fails a credit condition: the session records it with this status and
    reason (`{guid}`, `{new}`, `{token}` filled in)."""

    call: Call
    status: int
    reason: str
    setup: tuple[Step, ...] | None = None  # None: the row's setup

    def __str__(self) -> str:
        return f"{self.call} (near miss)"


def miss(
    call: Call, status: int, reason: str, *, setup: tuple[Step, ...] | None = None
) -> NearMiss:
    return NearMiss(call, status, reason, setup)


@dataclass(frozen=True)
class Row:
    """One challenge: the session's preconditions, the request that completes it, near
    misses (attempts that do not complete it and say why) and requests that look alike but
    are no attempt at it (neither credit nor near miss)."""

    key: str
    setup: tuple[Step, ...]
    credit: Call
    near_miss: tuple[NearMiss, ...]
    neither: tuple[Call | Unprepared, ...]

    @property
    def not_crediting(self) -> tuple[NearMiss | Call | Unprepared, ...]:
        return (*self.near_miss, *self.neither)


def row(
    key: str, credit: Call, *others: NearMiss | Call | Unprepared, setup: tuple[Step, ...] = ()
) -> Row:
    """A Row; `others` are near misses (`miss(...)`) and requests that are neither."""
    misses = tuple(o for o in others if isinstance(o, NearMiss))
    neither = tuple(o for o in others if not isinstance(o, NearMiss))
    return Row(key, setup, credit, misses, neither)


# --------------------------------------------------------------------------- the driver


class Student:
    """A fresh session, created with POST /api/challenger, driven through the test client."""

    def __init__(self) -> None:
        if mode() == "single":
            # One session serves everybody; start it afresh, as a restarted server would.
            Challenger.objects.filter(pk=SINGLE_PLAYER_GUID).delete()
        self.client = Client()
        reply = self.client.post(CHALLENGER)
        assert reply.status_code == 201, reply.content
        self.guid = reply["X-CHALLENGER"]
        self.new_guid = str(uuid.uuid4())
        self.token = ""

    def fill(self, template: str) -> str:
        return template.format(guid=self.guid, new=self.new_guid, token=self.token)

    def send(self, call: Call) -> HttpResponse:
        headers = {name: self.fill(value) for name, value in call.headers}
        if not call.anonymous and "x-challenger" not in {n.lower() for n in headers}:
            headers["X-CHALLENGER"] = self.guid
        body = call.body(self) if callable(call.body) else call.body
        content_type = call.content_type
        if isinstance(body, dict | list):
            body, content_type = orjson.dumps(body), content_type or JSON
        payload: dict[str, Any] = {}
        if body:
            payload = {"data": body, "content_type": content_type}
        return self.client.generic(call.method, self.fill(call.path), headers=headers, **payload)

    def prepare(self, steps: tuple[Step, ...]) -> None:
        for step in steps:
            if isinstance(step, Call):
                reply = self.send(step)
                assert reply.status_code < 300, f"setup {step} -> {reply.status_code}"
            else:
                step(self)

    def judged_guid(self, call: Call, reply: HttpResponse | None = None) -> str | None:
        """The session whose progress decides; None while RESPONSE has no response yet."""
        if call.judge == RESPONSE:
            return reply["X-CHALLENGER"] if reply is not None else None
        return self.fill(call.judge)

    def json(self, path: str) -> Any:
        reply = self.client.get(self.fill(path), headers={"X-CHALLENGER": self.guid})
        assert reply.status_code == 200, f"GET {path} -> {reply.status_code}"
        return reply.json()


def completed(guid: str | None, key: str) -> bool:
    """Read straight from the database: fetching the challenge list would itself complete
    GET_CHALLENGES, so it cannot be the witness of a near miss."""
    challenger = Challenger.objects.filter(pk=(guid or "").strip().lower()).first()
    return challenger is not None and progress_status(challenger.progress, mode())[key]


def describe(call: Call | Unprepared | NearMiss, reply: HttpResponse) -> str:
    return f"{call} -> {reply.status_code} {reply.content[:300]!r}"


# --------------------------------------------------------------------------- setup steps

DONE_TODO = post(TODOS, {"title": "done fixture", "doneStatus": True})
DESCRIBED_TODO = post(TODOS, {"title": "described", "description": "regexfixture wildcardfixture"})


def token(student: Student) -> None:
    reply = student.send(post(TOKEN, Authorization=ADMIN))
    assert reply.status_code == 201, f"setup POST {TOKEN} -> {reply.status_code}"
    student.token = reply["X-AUTH-TOKEN"]


SEEDED = 10  # every new session starts with todos 1-10
ONLY_THE_LAST_TODO_LEFT = tuple(delete(f"{TODOS}/{n}") for n in range(1, SEEDED))


def full_list(student: Student) -> None:
    """Adds todos up to the cap (APICHALLENGES_MAX_TODOS), one short of the 409."""
    count = settings.APICHALLENGES_MAX_TODOS - SEEDED
    student.prepare(tuple(post(TODOS, {"title": f"filler {n}"}) for n in range(count)))


def forgotten(key: str) -> Step:
    """Restores the session's progress with `key` marked not done."""

    def forget(student: Student) -> None:
        payload = student.json(PROGRESS)
        payload["challengeStatus"][key] = False
        student.prepare((put(PROGRESS, payload),))

    return forget


# --------------------------------------------------------------------------- bodies


def own_payload(student: Student) -> Any:
    return student.json(PROGRESS)


def payload_for_new_guid(student: Student) -> Any:
    return own_payload(student) | {"xChallenger": student.new_guid}


def broken_payload(student: Student) -> Any:
    """The session's progress with its challenge map replaced by text."""
    return own_payload(student) | {"challengeStatus": "not a map"}


def own_todos(student: Student) -> Any:
    return student.json(DATABASE)


def _todos(query_string: str, **headers: str) -> Call:
    return get(f"{TODOS}?{query_string}", **headers)


def _accept(value: str, path: str = TODOS) -> Call:
    return get(path, Accept=value)


def _export(fmt: str, method: str = "GET") -> Call:
    return request(method, f"{EXPORT}?format={fmt}")


def _new_todo(title: str = "x", **fields: Any) -> Call:
    return post(TODOS, {"title": title, **fields})


FULL_TODO = {"title": "full", "doneStatus": False, "description": "replaced"}
DONE_FILTER_FORM = "doneStatus=true"
DONE_JSONPATH = "$.todos[?(@.doneStatus == true)]"
DONE_FIRST_ONLY = {"sort": [{"field": "doneStatus", "direction": "desc"}], "limit": 1}
REPLACE_TITLE_OPS = [{"op": "replace", "path": "/title", "value": "json patched"}]


# --------------------------------------------------------------------------- the table
# Rows follow the catalogue order ; the numbers are multi-mode ids.


def needs(status: int, wanted: str) -> str:
    return f"the response status was {status}; this challenge needs {wanted}"


def said(text: str, wanted: str) -> str:
    return f"the response said “{text}”; this challenge needs an error saying “{wanted}”"


def with_query(query_string: str) -> str:
    return (
        f"the request had the query `?{query_string}`; this challenge needs the list without a "
        "query"
    )


def method_needed(method: str, wanted: str) -> str:
    return f"the method was {method}; this challenge needs {wanted}"


NOT_BOTH = "this challenge needs at least one done and one not done"
NO_DONE = f"your todos include 0 done todos; {NOT_BOTH}"
SOME_NOT_ALL = "this challenge needs some, but not all, of them"
EMPTY_DESCRIPTIONS = (
    "10 todos that came back had an empty description; this challenge needs todos with "
    "descriptions (give some todos a description first)"
)
NONE_BACK = "no todos came back; this challenge needs at least one"
UNKNOWN_SORT = (
    "the sort named `priority`, which is not a todo field; this challenge needs todo fields "
    "(id, title, doneStatus, description)"
)
TITLE_TOO_LONG = (
    "Failed Validation: Maximum allowable length exceeded for title - maximum allowed is 50"
)
DONE_STATUS_STRING = "Failed Validation: doneStatus should be BOOLEAN but was STRING"
NOT_FOUND_99999 = "No such todo entity instance with id == 99999"
NO_JSON_NOTE = 'the body had no JSON "note" member; this challenge needs {"note": "..."} as JSON'
BAD_TOKEN = "Invalid token: it is not the secret token of the X-CHALLENGER session"
LIST_QUERY = "_limit=5"
LONG_TITLE_XML = f"<todo><title>{'t' * 51}</title></todo>"
SECRET_NOT_ACCEPTABLE = "Unrecognised Accept Type"
BROKEN_PAYLOAD = "Invalid Payload: challengeStatus must map challenge keys to booleans"


ROWS: tuple[Row, ...] = (
    # 01-02 getting started
    row(
        "CREATE_NEW_CHALLENGER",
        post(CHALLENGER, anonymous=True, judge=RESPONSE),
        # Sending your own X-CHALLENGER restores (200): the restore's intent, not this one's.
        post(CHALLENGER),
        get(CHALLENGER),
        setup=(forgotten("CREATE_NEW_CHALLENGER"),),
    ),
    row(
        "GET_CHALLENGES",
        get("/api/challenges"),
        miss(head("/api/challenges"), 200, method_needed("HEAD", "GET")),
        get("/api/challenge"),
    ),
    # 03-06 GET
    row(
        "GET_TODOS",
        get(TODOS),
        _todos(LIST_QUERY),  # a query is another challenge's intent
        head(TODOS),
    ),
    row(
        "GET_TODOS_NOT_PLURAL_404",
        get("/api/todo"),
        miss(post("/api/todo", {"title": "x"}), 404, method_needed("POST", "GET")),
        get(TODOS),
    ),
    row(
        "GET_TODO",
        get(ITEM),
        head(ITEM),
        get(MISSING),  # a todo that is not there: GET_TODO_404's intent
        miss(
            get(ITEM, Accept="application/gzip"),
            406,
            needs("406 (Unrecognised Accept Type)", "200"),
        ),
    ),
    row(
        "GET_TODO_404",
        get(MISSING),
        head(MISSING),
        get(ITEM),  # a todo that is there: GET_TODO's intent
    ),
    # 07-12 filters
    row(
        "GET_TODOS_FILTERED",
        _todos("doneStatus=true"),
        miss(_todos("doneStatus=true"), 200, NO_DONE, setup=()),  # every todo is not done yet
        _todos("doneStatus=false"),
        setup=(DONE_TODO,),
    ),
    row(
        "GET_TODOS_FILTERED_ID_GREATER_THAN",
        _todos("id%3E5"),
        miss(_todos("id%3E10"), 200, f"0 of your 10 todos came back; {SOME_NOT_ALL}"),
        miss(_todos("id%3E0"), 200, f"10 of your 10 todos came back; {SOME_NOT_ALL}"),
        _todos("id%3C5"),
    ),
    row(
        "GET_TODOS_FILTERED_ID_LESS_THAN",
        _todos("id%3C5"),
        miss(_todos("id%3C1"), 200, f"0 of your 10 todos came back; {SOME_NOT_ALL}"),
        miss(_todos("id%3C11"), 200, f"10 of your 10 todos came back; {SOME_NOT_ALL}"),
        _todos("id%3E5"),
    ),
    row(
        "GET_TODOS_FILTERED_ID_SINGLE_RESULT",
        _todos("id=3"),
        miss(_todos("id=99"), 200, "0 todos came back; this challenge needs exactly one"),
        _todos("id%3E9"),  # one result, but not by equality
    ),
    row(
        "GET_TODOS_FILTERED_DESCRIPTION_REGEX",
        _todos("description~=.*fixture.*"),
        miss(_todos("description~=.*"), 200, EMPTY_DESCRIPTIONS, setup=()),
        # Does not match the whole description.
        miss(_todos("description~=fixture"), 200, NONE_BACK),
        _todos("description*=*fixture*"),
        setup=(DESCRIBED_TODO,),
    ),
    row(
        "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
        _todos("description*=*wildcard*"),
        miss(_todos("description*=*"), 200, EMPTY_DESCRIPTIONS, setup=()),
        miss(_todos("description*=wildcard"), 200, NONE_BACK),
        _todos("description~=.*wildcard.*"),
        setup=(DESCRIBED_TODO,),
    ),
    # 13-16 sorting
    row(
        "GET_TODOS_SORTED_ASCENDING",
        _todos("_sortBy=title"),
        miss(_todos("_sortBy=priority"), 200, UNKNOWN_SORT),
        _todos("_sortBy=-title"),
        _todos("_sortBy=title,id"),
    ),
    row(
        "GET_TODOS_SORTED_DESCENDING",
        _todos("_sortBy=-id"),
        miss(_todos("_sortBy=-priority"), 200, UNKNOWN_SORT),
        _todos("_sortBy=id"),
        _todos("_sortBy=-id,title"),
    ),
    row(
        "GET_TODOS_SORTED_MULTIPLE_FIELDS",
        _todos("_sortBy=doneStatus,-id"),
        _todos("_sortBy=-id"),
        miss(_todos("_sortBy=-id,priority"), 200, UNKNOWN_SORT),  # not a todo field
    ),
    row(
        "GET_TODOS_FILTERED_AND_SORTED",
        _todos("doneStatus=false&_sortBy=-id"),
        miss(_todos("doneStatus=false&_sortBy=priority"), 200, UNKNOWN_SORT),
        _todos("_sortBy=-id"),
        _todos("doneStatus=false"),
    ),
    # 17-21 pagination
    row(
        "GET_TODOS_PAGINATED_LIMIT",
        _todos("_limit=8"),
        miss(
            _todos("_limit=8&_offset=5"),
            200,
            "5 todos came back; this challenge needs the whole page: 8 todos from offset 0, or "
            "as many as your todos allow",
        ),
        _todos("_limit=7"),
    ),
    row(
        "GET_TODOS_PAGINATED_LIMIT_OFFSET",
        _todos("_limit=5&_offset=5"),
        miss(
            _todos("_limit=5&_offset=4"),
            200,
            "the query asked for _offset=4; this challenge needs _offset=5",
        ),
        _todos("_limit=5"),
    ),
    row(
        "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
        _todos("_limit=21"),
        _todos("_limit=20"),  # the largest page allowed: a student reading every todo
        head(f"{TODOS}?_limit=21"),
    ),
    row(
        "GET_TODOS_PAGINATED_SORTED",
        _todos("_sortBy=-id&_limit=5&_offset=5"),
        miss(
            _todos("_sortBy=id&_limit=5&_offset=5"),
            200,
            "the sort was `id`; this challenge needs `-id` alone",
        ),
        _todos("_sortBy=-id&_limit=5"),
    ),
    row(
        "GET_TODOS_PAGINATED_FILTERED",
        _todos("doneStatus=false&_limit=2&_offset=1"),
        miss(
            _todos("doneStatus=true&_limit=2&_offset=1"),
            200,
            "the query asked for doneStatus=true; this challenge needs doneStatus=false",
        ),
        _todos("doneStatus=false&_limit=2"),
    ),
    # 22 HEAD
    row(
        "GET_HEAD_TODOS",
        head(TODOS),
        get(TODOS),
        miss(head(f"{TODOS}?{LIST_QUERY}"), 200, with_query(LIST_QUERY)),
    ),
    # 23-29 POST create
    row(
        "POST_TODOS",
        _new_todo(),
        miss(
            post(TODOS, {"description": "no title"}),
            422,
            needs("422 (title : field is mandatory)", "201"),
        ),
        _new_todo(doneStatus="bob"),  # POST_TODOS_BAD_DONE_STATUS's intent
        _new_todo(description="d" * 4500),  # the 413's and the long description's
        post(ITEM, {"title": "an amend"}),
    ),
    row(
        "POST_TODOS_BAD_DONE_STATUS",
        _new_todo(doneStatus="bob"),
        _new_todo("t" * 51),  # a long title is another challenge's intent
        _new_todo(doneStatus=True),
    ),
    row(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        _new_todo("t" * 51),
        miss(_new_todo("t" * 51, doneStatus="bob"), 422, said(DONE_STATUS_STRING, TITLE_TOO_LONG)),
        _new_todo("t" * 50),
    ),
    row(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        _new_todo(description="d" * 201),
        miss(
            _new_todo("t" * 51, description="d" * 201),
            422,
            said(
                TITLE_TOO_LONG,
                "Failed Validation: Maximum allowable length exceeded for description - maximum "
                "allowed is 200",
            ),
        ),
        _new_todo(description="d" * 200),
    ),
    row(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        _new_todo("t" * 50, description="d" * 200),
        miss(
            _new_todo("t" * 49, description="d" * 200),
            201,
            "the title was 49 characters long; this challenge needs exactly 50",
        ),
        _new_todo(),
    ),
    row(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        _new_todo(description="d" * 5000),
        # Too long a description (422), not a 413.
        miss(
            _new_todo(description="d" * 4900),
            422,
            needs(
                "422 (Failed Validation: Maximum allowable length exceeded for description - "
                "maximum allowed is 200)",
                "413",
            ),
        ),
        _new_todo(),
    ),
    row(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        _new_todo(priority="high"),
        miss(
            _new_todo(doneStatus="bob", priority="high"),
            422,
            said(DONE_STATUS_STRING, "Could not find field:"),
        ),
        _new_todo(),
    ),
    # 30 PUT create
    row(
        "PUT_TODOS_422",
        put(MISSING, {"id": 99999, "title": "x"}),
        put(MISSING, {"title": "x"}),  # no id in the body: PUT_TODOS_ID_NOT_FOUND_404's intent
        put(ITEM, {"title": "x"}),
    ),
    # 31-32 POST update
    row(
        "POST_UPDATE_TODO",
        post(ITEM, {"title": "updated"}),
        miss(post(ITEM, {"title": "t" * 51}), 422, needs(f"422 ({TITLE_TOO_LONG})", "200")),
        post(MISSING, {"title": "x"}),  # a todo that is not there: POST_TODOS_404's intent
        put(ITEM, {"title": "updated"}),
    ),
    row(
        "POST_TODOS_404",
        post(MISSING, {"title": "x"}),
        post(ITEM, {"title": "t" * 51}),  # a todo that is there
        post(ITEM, {"title": "x"}),
        put(MISSING, {"title": "x"}),
    ),
    # 33-40 PUT update
    row(
        "PUT_TODOS_FULL_200",
        put(ITEM, FULL_TODO),
        miss(
            put(ITEM, FULL_TODO | {"title": "t" * 51}),
            422,
            needs(f"422 ({TITLE_TOO_LONG})", "200"),
        ),
        put(ITEM, {"title": "full", "description": "no status"}),  # not every field
        post(ITEM, FULL_TODO),
    ),
    row(
        "PUT_TODOS_PARTIAL_200",
        put(ITEM, {"title": "only title"}),
        miss(put(ITEM, {"title": "t" * 51}), 422, needs(f"422 ({TITLE_TOO_LONG})", "200")),
        put(ITEM, {"title": "and status", "doneStatus": False}),  # more than the title
        put(MISSING, {"title": "only title"}),
    ),
    row(
        "PUT_TODOS_BODY_ID_200",
        put(TODOS, {"id": 1, "title": "by body id"}),
        put(ITEM, {"id": 1, "title": "id in the URL too"}),
        miss(
            put(TODOS, {"id": 99999, "title": "unknown id"}),
            422,
            needs("422 (Cannot create todo with PUT due to Auto fields id)", "200"),
        ),
    ),
    row(
        "PUT_TODOS_ID_NO_BODY_ID_200",
        put(ITEM, {"title": "x"}),
        miss(put(ITEM, {"title": "t" * 51}), 422, needs(f"422 ({TITLE_TOO_LONG})", "200")),
        put(ITEM, {"id": 1, "title": "x"}),  # an id in the body
        put(MISSING, {"title": "x"}),
    ),
    row(
        "PUT_TODOS_MISSING_TITLE_422",
        put(ITEM, {"description": "no title"}),
        miss(
            put(ITEM, {"id": 2, "description": "no title"}),
            422,
            said("Can not amend id from 1 to 2", "title : field is mandatory"),
        ),
        put(ITEM, {"title": "t"}),
        post(ITEM, {"description": "no title"}),
    ),
    row(
        "PUT_TODOS_NO_ID_422",
        put(TODOS, {"title": "no id"}),
        put(TODOS, {"id": 99999, "title": "unknown id"}),  # an id: PUT_TODOS_BODY_ID_200's
        put(ITEM, {"title": "no id"}),
    ),
    row(
        "PUT_TODOS_ID_NOT_FOUND_404",
        put(MISSING, {"title": "x"}),
        put(MISSING, {"id": 99999, "title": "x"}),  # an id: PUT_TODOS_422's intent
        put(ITEM, {"title": "x"}),
    ),
    row(
        "PUT_TODOS_422_NO_AMEND_ID",
        put(ITEM, {"id": 2, "title": "x"}),
        # Another id, but the wrong doneStatus is refused first.
        miss(
            put(ITEM, {"id": 2, "title": "x", "doneStatus": "bob"}),
            422,
            said("doneStatus should be BOOLEAN but was STRING", "Can not amend id from"),
        ),
        put(ITEM, {"description": "no title"}),  # no other id
        put(ITEM, {"id": 1, "title": "x"}),
    ),
    # 41 DELETE
    row(
        "DELETE_A_TODO",
        delete("/api/todos/2"),
        miss(
            delete(MISSING),
            404,
            needs("404 (Could not find any instances with todos/99999)", "204"),
        ),
        get("/api/todos/2"),
    ),
    # 42-44 QUERY
    row(
        "QUERY_TODOS_FILTERED",
        query(TODOS, DONE_FILTER_FORM, content_type=FORM),
        miss(query(TODOS, DONE_FILTER_FORM, content_type=FORM), 200, NO_DONE, setup=()),
        miss(
            query(TODOS, "doneStatus=false", content_type=FORM),
            200,
            "the body was `doneStatus=false`; this challenge needs a body that filters "
            "doneStatus=true",
        ),
        # The filter in the URL, not the body: the right todos, but not by a QUERY body.
        miss(
            query(f"{TODOS}?{DONE_FILTER_FORM}", "_sortBy=-id", content_type=FORM),
            200,
            "the body was `_sortBy=-id`; this challenge needs a body that filters doneStatus=true",
        ),
        query(TODOS, DONE_JSONPATH, content_type=JSONPATH),
        setup=(DONE_TODO,),
    ),
    row(
        "QUERY_TODOS_JSONPATH_FILTERED",
        query(TODOS, DONE_JSONPATH, content_type=JSONPATH),
        miss(query(TODOS, DONE_JSONPATH, content_type=JSONPATH), 200, NO_DONE, setup=()),
        miss(
            query(TODOS, "$.todos[?(@.doneStatus == false)]", content_type=JSONPATH),
            200,
            "the body left out true; this challenge needs doneStatus and true in the body",
        ),
        query(TODOS, DONE_FILTER_FORM, content_type=FORM),
        setup=(DONE_TODO,),
    ),
    row(
        "QUERY_TODOS_STRUCTURED_JSON_FILTERED",
        query(TODOS, {"filter": {"doneStatus": True}}, content_type=STRUCTURED),
        miss(
            query(TODOS, {"filter": {"doneStatus": True}}, content_type=STRUCTURED),
            200,
            NO_DONE,
            setup=(),
        ),
        miss(
            query(TODOS, {"filter": {"doneStatus": "true"}}, content_type=STRUCTURED),
            422,
            'the body\'s "filter" was {"doneStatus":"true"}; this challenge needs '
            '{"doneStatus": true} (a JSON boolean)',
        ),
        # Done todos, but no filter.
        miss(
            query(TODOS, DONE_FIRST_ONLY, content_type=STRUCTURED),
            200,
            'the body\'s "filter" was missing; this challenge needs {"doneStatus": true} (a JSON '
            "boolean)",
        ),
        query(TODOS, DONE_FILTER_FORM, content_type=FORM),
        setup=(DONE_TODO,),
    ),
    # 45-47 PATCH
    row(
        "PATCH_TODOS_PARTIAL_200",
        patch(ITEM, {"title": "patched"}),
        patch(ITEM, {"title": "patched"}, content_type=MERGE_PATCH),
        miss(
            patch(MISSING, {"title": "patched"}),
            404,
            needs(f"404 ({NOT_FOUND_99999} found)", "200"),
        ),
    ),
    row(
        "PATCH_TODOS_MERGE_PATCH_200",
        patch(ITEM, {"description": "merged"}, content_type=MERGE_PATCH),
        patch(ITEM, {"description": "merged"}),
        miss(
            patch(MISSING, {"description": "merged"}, content_type=MERGE_PATCH),
            404,
            needs(f"404 ({NOT_FOUND_99999} found)", "200"),
        ),
    ),
    row(
        "PATCH_TODOS_JSON_PATCH_200",
        patch(ITEM, REPLACE_TITLE_OPS, content_type=JSON_PATCH),
        patch(ITEM, REPLACE_TITLE_OPS),  # an operation list sent as plain JSON
        miss(
            patch(MISSING, REPLACE_TITLE_OPS, content_type=JSON_PATCH),
            404,
            needs(f"404 ({NOT_FOUND_99999} found)", "200"),
        ),
    ),
    # 48 OPTIONS
    row(
        "OPTIONS_TODOS",
        options(TODOS),
        miss(
            options(ITEM),
            204,
            "the request went to /api/todos/1; this challenge needs /api/todos",
        ),
        options(HEARTBEAT),
    ),
    # 49-55 Accept
    row(
        "GET_ACCEPT_XML",
        _accept(XML),
        miss(_todos(LIST_QUERY, Accept=XML), 200, with_query(LIST_QUERY)),
        _accept(JSON),
    ),
    row(
        "GET_ACCEPT_JSON",
        _accept(JSON),
        miss(_todos(LIST_QUERY, Accept=JSON), 200, with_query(LIST_QUERY)),
        _accept("*/*"),
    ),
    row(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        _accept("*/*"),
        _todos(LIST_QUERY, Accept="*/*"),  # curl's and Postman's default, on a query's read
        get(TODOS),
        _accept(JSON),
    ),
    row(
        "GET_ACCEPT_XML_PREFERRED",
        _accept("application/xml, application/json"),
        miss(
            _accept("application/json, application/xml"),
            200,
            "the Accept header `application/json, application/xml` prefers JSON; this "
            "challenge needs XML listed first",
        ),
        _accept(XML),
    ),
    row(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        get(TODOS),
        _accept(JSON),
        _todos(LIST_QUERY),  # no Accept, on a query's read
    ),
    row(
        "GET_UNSUPPORTED_ACCEPT_406",
        _accept("application/gzip"),
        miss(_todos(LIST_QUERY, Accept="application/gzip"), 406, with_query(LIST_QUERY)),
        _accept("application/gzip, application/json"),
    ),
    row(
        "GET_TODO_ACCEPT_TEXT_CALENDAR",
        _accept("text/calendar", ITEM),
        miss(
            _accept("text/calendar", MISSING),
            404,
            needs(f"404 ({NOT_FOUND_99999})", "200"),
        ),
        miss(
            _accept("application/json, text/calendar", ITEM),
            200,
            "the Accept header was `application/json, text/calendar`; this challenge needs "
            "text/calendar ranked first",
        ),
        _accept(JSON, ITEM),
    ),
    # 56-62 advanced Accept
    row(
        "GET_ACCEPT_XML_Q_PREFERRED",
        _accept("application/json;q=0.5, application/xml;q=1"),
        miss(
            _todos(LIST_QUERY, Accept="application/json;q=0.5, application/xml;q=1"),
            200,
            with_query(LIST_QUERY),
        ),
        _accept("application/json;q=0.5, application/xml;q=0.9"),
    ),
    row(
        "GET_ACCEPT_JSON_Q_PREFERRED",
        _accept("application/xml;q=0.5, application/json;q=1"),
        miss(
            _todos(LIST_QUERY, Accept="application/xml;q=0.5, application/json;q=1"),
            200,
            with_query(LIST_QUERY),
        ),
        _accept("application/xml;q=0.5, application/json;q=0.9"),
    ),
    row(
        "GET_ACCEPT_Q_REJECTS_ALL_406",
        _accept("application/json;q=0, application/xml;q=0"),
        miss(
            _todos(LIST_QUERY, Accept="application/json;q=0, application/xml;q=0"),
            406,
            with_query(LIST_QUERY),
        ),
        _accept("application/json;q=0, application/xml;q=0.1"),
    ),
    row(
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
        _accept("application/problem+json"),
        miss(_todos(LIST_QUERY, Accept="application/problem+json"), 406, with_query(LIST_QUERY)),
        _accept("application/problem+json, application/json"),
    ),
    row(
        "GET_ACCEPT_TEXT_XML",
        _accept("text/xml"),
        miss(_todos(LIST_QUERY, Accept="text/xml"), 200, with_query(LIST_QUERY)),
        _accept(XML),
    ),
    row(
        "GET_ACCEPT_VENDOR_XML",
        _accept(VENDOR_XML),
        miss(_todos(LIST_QUERY, Accept=VENDOR_XML), 200, with_query(LIST_QUERY)),
        _accept("application/vnd.apichallenges.todo+json"),
        _accept(XML),
    ),
    row(
        "GET_ACCEPT_STRUCTURED_XML_WILDCARD",
        _accept("application/*+xml"),
        miss(_todos(LIST_QUERY, Accept="application/*+xml"), 200, with_query(LIST_QUERY)),
        _accept("application/*"),
    ),
    # 63-66 Content-Type
    row(
        "POST_CREATE_XML",
        post(TODOS, XML_TODO, content_type=XML, Accept=XML),
        # No Accept: the answer is JSON.
        miss(
            post(TODOS, XML_TODO, content_type=XML),
            201,
            "the response Content-Type was `application/json`; this challenge needs "
            "application/xml",
        ),
        post(TODOS, XML_TODO, content_type=XML, Accept=JSON),  # POST_CREATE_XML_ACCEPT_JSON's
        post(TODOS, XML_TODO, content_type=VENDOR_XML, Accept=XML),
    ),
    row(
        "POST_CREATE_JSON",
        post(TODOS, {"title": "json"}, Accept=JSON),
        miss(
            post(TODOS, {"title": "t" * 51}, Accept=JSON),
            422,
            needs(f"422 ({TITLE_TOO_LONG})", "201"),
        ),
        post(TODOS, {"title": "json"}),  # JSON back by default, but not asked for
    ),
    row(
        "POST_CREATE_VENDOR_XML",
        post(TODOS, XML_TODO, content_type=VENDOR_XML),
        miss(
            post(TODOS, f"<todo><title>{'t' * 51}</title></todo>", content_type=VENDOR_XML),
            422,
            needs(f"422 ({TITLE_TOO_LONG})", "201"),
        ),
        post(TODOS, XML_TODO, content_type=XML),
    ),
    row(
        "POST_TODOS_415",
        post(TODOS, "title=x", content_type="text/plain"),
        # Accept is checked before the body: a 406 first.
        miss(
            post(TODOS, "title=x", content_type="text/plain", Accept="application/gzip"),
            406,
            needs("406 (Unrecognised Accept Type)", "415"),
        ),
        post(ITEM, "title=x", content_type="text/plain"),
        post(TODOS, {"title": "x"}),
    ),
    # 67-69 Content-Disposition
    row(
        "GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION",
        _export("csv"),
        _export("tsv"),
        _export("csv", "HEAD"),
    ),
    row(
        "GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION",
        _export("html"),
        _export("json"),
        _export("html", "HEAD"),
    ),
    row(
        "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
        _export("tsv"),
        _export("csv"),
        _export("tsv", "HEAD"),
    ),
    # 70-77 restore
    row(
        "GET_RESTORE_EXISTING_CHALLENGER",
        get(PROGRESS, anonymous=True),
        miss(head(PROGRESS, anonymous=True), 200, method_needed("HEAD", "GET")),
        get("/api/challenger/{new}"),  # unknown: nothing restored
        put(PROGRESS, own_payload),
    ),
    row(
        "POST_RESTORE_EXISTING_CHALLENGER",
        post(CHALLENGER),
        # The session is found from the first 36 characters, but the answer is a 431.
        miss(
            post(CHALLENGER, X_CHALLENGER=OWN + LONG_ENOUGH),
            431,
            needs(
                "431 (X-CHALLENGER header is too large, maximum allowed is 100 characters)", "200"
            ),
        ),
        post(CHALLENGER, anonymous=True),  # without the header: a new session instead
    ),
    row(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        get(PROGRESS),
        miss(
            get(PROGRESS, X_CHALLENGER=NEW),
            200,
            "the X-CHALLENGER header named another session than the URL; this challenge needs "
            "your own GUID in the URL and in X-CHALLENGER",
        ),
        get(PROGRESS, anonymous=True),  # no session named: GET_RESTORE_EXISTING_CHALLENGER's
        get(DATABASE),
    ),
    row(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        put(PROGRESS, own_payload),
        miss(
            put(PROGRESS, broken_payload),
            400,
            needs(f"400 ({BROKEN_PAYLOAD})", "200"),
        ),
        put("/api/challenger/{new}", own_payload),  # another GUID: the 409's intent
        get(PROGRESS),
    ),
    row(
        "PUT_CHALLENGER_GUID_MISMATCH_409",
        put("/api/challenger/{new}", own_payload),
        miss(
            put("/api/challenger/not-a-guid", own_payload),
            400,
            needs("400 (Invalid Challenger GUID Invalid UUID string: not-a-guid)", "409"),
        ),
        put(PROGRESS, own_payload),  # the same GUID: a restore
        get(PROGRESS),
    ),
    row(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        put("/api/challenger/{new}", payload_for_new_guid, judge=NEW),
        put(PROGRESS, own_payload),  # restores the existing session: the restore's intent
        get(PROGRESS),
    ),
    row(
        "GET_RESTORABLE_TODOS",
        get(DATABASE),
        miss(head(DATABASE), 200, method_needed("HEAD", "GET")),
        get("/api/challenger/database/{new}"),
    ),
    row(
        "PUT_RESTORABLE_TODOS",
        put(DATABASE, own_todos),
        miss(
            put(DATABASE, {"todos": "not a list"}),
            400,
            needs("400 (ERROR: Expected array of instances as todos value)", "204"),
        ),
        put("/api/challenger/database/{new}", own_todos),
    ),
    # 78-79 mixed formats
    row(
        "POST_CREATE_XML_ACCEPT_JSON",
        post(TODOS, XML_TODO, content_type=XML, Accept=JSON),
        miss(
            post(TODOS, LONG_TITLE_XML, content_type=XML, Accept=JSON),
            422,
            needs(f"422 ({TITLE_TOO_LONG})", "201"),
        ),
        post(TODOS, XML_TODO, content_type=XML, Accept=XML),  # POST_CREATE_XML's intent
        post(TODOS, XML_TODO, content_type=VENDOR_XML, Accept=JSON),
    ),
    row(
        "POST_CREATE_JSON_ACCEPT_XML",
        post(TODOS, {"title": "json to xml"}, Accept=XML),
        miss(
            post(TODOS, {"title": "t" * 51}, Accept=XML),
            422,
            needs(f"422 ({TITLE_TOO_LONG})", "201"),
        ),
        post(TODOS, {"title": "json to json"}, Accept=JSON),  # POST_CREATE_JSON's intent
        post(TODOS, {"title": "json to any"}, Accept="*/*"),
        post(TODOS, XML_TODO, content_type=XML, Accept=XML),
    ),
    # 80-84 status codes
    row(
        "DELETE_HEARTBEAT_405",
        delete(HEARTBEAT),
        put(HEARTBEAT),  # a 405 too, but not by DELETE
        delete(f"{HEARTBEAT}/now"),
    ),
    row(
        "PATCH_HEARTBEAT_500",
        patch(HEARTBEAT),
        post(HEARTBEAT),
        delete(HEARTBEAT),
        patch(f"{HEARTBEAT}/now"),
    ),
    row(
        "TRACE_HEARTBEAT_501",
        trace(HEARTBEAT),
        options(HEARTBEAT),
        trace(f"{HEARTBEAT}/now"),
    ),
    row(
        "GET_HEARTBEAT_204",
        get(HEARTBEAT),
        head(HEARTBEAT),
        get(f"{HEARTBEAT}/now"),
    ),
    row(
        "X_CHALLENGER_TOO_LONG_431",
        get(HEARTBEAT, X_CHALLENGER=OWN + LONG_ENOUGH),
        miss(post(HEARTBEAT, X_CHALLENGER=OWN + LONG_ENOUGH), 431, method_needed("POST", "GET")),
        get(TODOS, X_CHALLENGER=OWN + LONG_ENOUGH),  # a 431 too, but not on the heartbeat
        get(HEARTBEAT, X_CHALLENGER=OWN + LONG_ENOUGH[:-6]),  # exactly 100: allowed
    ),
    # 85-87 method override
    row(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        post(HEARTBEAT, X_HTTP_Method_Override="DELETE"),
        post(HEARTBEAT, X_HTTP_Method_Override="PATCH"),
        delete(HEARTBEAT),
        post(TODOS, X_HTTP_Method_Override="DELETE"),
    ),
    row(
        "OVERRIDE_PATCH_HEARTBEAT_500",
        post(HEARTBEAT, X_HTTP_Method_Override="PATCH"),
        patch(HEARTBEAT),
        post(HEARTBEAT, X_HTTP_Method_Override="PUT"),
    ),
    row(
        "OVERRIDE_TRACE_HEARTBEAT_501",
        post(HEARTBEAT, X_HTTP_Method_Override="TRACE"),
        trace(HEARTBEAT),
        post(HEARTBEAT, X_HTTP_Method_Override="OPTIONS"),
    ),
    # 88-89 authentication
    row(
        "CREATE_SECRET_TOKEN_401",
        post(TOKEN, Authorization=basic("admin", "wrong")),
        # A 401, but the header is too short.
        miss(
            post(TOKEN, Authorization=SHORT_BASIC),
            401,
            "the Authorization header was 10 characters long; this challenge needs more than 10 "
            "(Basic credentials)",
        ),
        post(TOKEN),
    ),
    row(
        "CREATE_SECRET_TOKEN_201",
        post(TOKEN, Authorization=ADMIN),
        post(TOKEN, Authorization=basic("admin", "wrong")),  # the 401's intent
        post(TOKEN),
    ),
    # 90-97 authorization
    row(
        "GET_SECRET_NOTE_403",
        get(NOTE, X_AUTH_TOKEN=WRONG_TOKEN),
        # A one-character token is too short to count.
        miss(
            get(NOTE, X_AUTH_TOKEN="x"),
            403,
            "the X-AUTH-TOKEN header was 1 character long; this challenge needs more than 1",
        ),
        head(NOTE, X_AUTH_TOKEN=WRONG_TOKEN),
        setup=(token,),
    ),
    row(
        "GET_SECRET_NOTE_401",
        get(NOTE),
        head(NOTE),
        get(NOTE, X_AUTH_TOKEN=WRONG_TOKEN),
        get(NOTE, Authorization="Bearer {token}"),  # a token, as Bearer
        setup=(token,),
    ),
    row(
        "GET_SECRET_NOTE_200",
        get(NOTE, X_AUTH_TOKEN="{token}"),
        head(NOTE, X_AUTH_TOKEN="{token}"),
        miss(
            get(NOTE, X_AUTH_TOKEN="{token}", Accept="application/gzip"),
            406,
            needs(f"406 ({SECRET_NOT_ACCEPTABLE})", "200"),
        ),
        get(NOTE, X_AUTH_TOKEN="{token}x"),  # not your token: the 403's intent
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_200",
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}"),
        miss(post(NOTE, NOTE_XML, content_type=XML, X_AUTH_TOKEN="{token}"), 200, NO_JSON_NOTE),
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}x"),  # not your token: the 403's intent
        post(NOTE, NOTE_JSON, Authorization="Bearer {token}"),
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_401",
        post(NOTE, NOTE_JSON),
        miss(post(NOTE, NOTE_XML, content_type=XML), 401, NO_JSON_NOTE),
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN=WRONG_TOKEN),
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_403",
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN=WRONG_TOKEN),
        miss(
            post(NOTE, NOTE_JSON, X_AUTH_TOKEN="x"),
            403,
            "the X-AUTH-TOKEN header was 1 character long; this challenge needs more than 1",
        ),
        miss(post(NOTE, NOTE_XML, content_type=XML, X_AUTH_TOKEN=WRONG_TOKEN), 403, NO_JSON_NOTE),
        post(NOTE, NOTE_JSON),
        setup=(token,),
    ),
    row(
        "GET_SECRET_NOTE_BEARER_200",
        get(NOTE, Authorization="Bearer {token}"),
        miss(
            get(NOTE, Authorization="{token}"),  # no scheme
            401,
            "the Authorization header was not `Bearer ` followed by a token; this challenge "
            "needs `Authorization: Bearer <your token>`",
        ),
        head(NOTE, Authorization="Bearer {token}"),
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_BEARER_200",
        post(NOTE, NOTE_JSON, Authorization="Bearer {token}"),
        miss(
            post(NOTE, NOTE_XML, content_type=XML, Authorization="Bearer {token}"),
            200,
            NO_JSON_NOTE,
        ),
        miss(
            post(NOTE, NOTE_JSON, Authorization="Bearer {token}x"),
            403,
            needs(f"403 ({BAD_TOKEN})", "200"),
        ),
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}"),
        setup=(token,),
    ),
    # 98-99 miscellaneous
    row(
        "DELETE_ALL_TODOS",
        delete(f"{TODOS}/{SEEDED}"),
        miss(
            delete(f"{TODOS}/{SEEDED - 1}"),
            204,
            "your list still holds 1 todo; this challenge needs every todo deleted",
            setup=ONLY_THE_LAST_TODO_LEFT[:-1],
        ),
        Unprepared(delete(f"{TODOS}/{SEEDED}")),  # nine todos are still there
        delete(MISSING),
        setup=ONLY_THE_LAST_TODO_LEFT,
    ),
    row(
        "POST_ALL_TODOS",
        _new_todo("one too many"),
        _new_todo("t" * 51),  # refused for its title before the list is counted
        Unprepared(_new_todo("room for this one")),
        post(ITEM, {"title": "an amend is not an add"}),
        setup=(full_list,),
    ),
)

# Where single mode (one shared session, X-CHALLENGER ignored) changes a row.
SINGLE_MODE_ROWS: dict[str, Row] = {
    # Every POST /api/challenger answers 201 and credits the one session ("simulated").
    "CREATE_NEW_CHALLENGER": row(
        "CREATE_NEW_CHALLENGER",
        post(CHALLENGER, X_CHALLENGER=NEW),
        get(CHALLENGER),
        setup=(forgotten("CREATE_NEW_CHALLENGER"),),
    ),
    # The header is ignored: only the single-player GUID in the URL counts.
    "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS": row(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        get(PROGRESS, anonymous=True),
        miss(
            get("/api/challenger/{new}", X_CHALLENGER=NEW),
            200,
            "the URL named `{new}`; in single-player mode this challenge needs "
            "/api/challenger/rest-api-challenges-single-player",
        ),
        get(DATABASE),
    ),
}


def rows_for(mode_name: str) -> tuple[Row, ...]:
    """The table for a mode ("multi" or "single"), in catalogue order."""
    overrides = SINGLE_MODE_ROWS if mode_name == "single" else {}
    keys = keys_for(mode_name)
    return tuple(overrides.get(r.key, r) for r in ROWS if r.key in keys)


def near_miss_plan(row: Row, other: NearMiss | Call | Unprepared) -> tuple[tuple[Step, ...], Call]:
    """(the setup, the call) for one near miss, or one request that is neither, of `row`."""
    if isinstance(other, NearMiss):
        return (row.setup if other.setup is None else other.setup), other.call
    if isinstance(other, Unprepared):
        return (), other.call
    return row.setup, other


def request_line(student: Student, call: Call) -> str:
    """The request line a near miss records: the effective method (a POST's
    X-HTTP-Method-Override) and the path as sent."""
    method = call.method
    for name, value in call.headers:
        if name.lower() == "x-http-method-override" and method == "POST":
            method = value.strip().upper()
    return f"{method} {student.fill(call.path)}"


def filled_reason(student: Student, reason: str) -> str:
    for name, value in (("{guid}", student.guid), ("{new}", student.new_guid)):
        reason = reason.replace(name, value)
    return reason
