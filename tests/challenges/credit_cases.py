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
from django.test import Client

from challenges.catalogue import keys_for, progress_status
from challenges.models import Challenger
from challenges.sessions import SINGLE_PLAYER_GUID, mode

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
class Row:
    """One challenge: the session's preconditions, the request that completes it and the
    requests that look alike but must not."""

    key: str
    setup: tuple[Step, ...]
    credit: Call
    near_miss: tuple[Call | Unprepared, ...]


def row(key: str, credit: Call, *near_miss: Call | Unprepared, setup: tuple[Step, ...] = ()) -> Row:
    return Row(key, setup, credit, near_miss)


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


def describe(call: Call | Unprepared, reply: HttpResponse) -> str:
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
# Rows follow the catalogue order (challenges.md §A.3); the numbers are multi-mode ids.

ROWS: tuple[Row, ...] = (
    # 01-02 getting started
    row(
        "CREATE_NEW_CHALLENGER",
        post(CHALLENGER, anonymous=True, judge=RESPONSE),
        post(CHALLENGER),  # sending your own X-CHALLENGER restores (200), it creates nothing
        setup=(forgotten("CREATE_NEW_CHALLENGER"),),
    ),
    row("GET_CHALLENGES", get("/api/challenges"), head("/api/challenges")),
    # 03-06 GET
    row("GET_TODOS", get(TODOS), _todos("_limit=5"), head(TODOS)),
    row("GET_TODOS_NOT_PLURAL_404", get("/api/todo"), post("/api/todo", {"title": "x"})),
    row("GET_TODO", get(ITEM), head(ITEM), get(MISSING)),
    row("GET_TODO_404", get(MISSING), head(MISSING), get(ITEM)),
    # 07-12 filters
    row(
        "GET_TODOS_FILTERED",
        _todos("doneStatus=true"),
        Unprepared(_todos("doneStatus=true")),  # every todo is not done yet
        _todos("doneStatus=false"),
        setup=(DONE_TODO,),
    ),
    row(
        "GET_TODOS_FILTERED_ID_GREATER_THAN",
        _todos("id%3E5"),
        _todos("id%3E10"),  # nothing comes back
        _todos("id%3E0"),  # everything comes back
    ),
    row("GET_TODOS_FILTERED_ID_LESS_THAN", _todos("id%3C5"), _todos("id%3C1"), _todos("id%3C11")),
    row(
        "GET_TODOS_FILTERED_ID_SINGLE_RESULT",
        _todos("id=3"),
        _todos("id=99"),
        _todos("id%3E9"),  # one result, but not by equality
    ),
    row(
        "GET_TODOS_FILTERED_DESCRIPTION_REGEX",
        _todos("description~=.*fixture.*"),
        Unprepared(_todos("description~=.*")),  # only empty descriptions
        _todos("description~=fixture"),  # does not match the whole description
        setup=(DESCRIBED_TODO,),
    ),
    row(
        "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
        _todos("description*=*wildcard*"),
        Unprepared(_todos("description*=*")),
        _todos("description*=wildcard"),
        setup=(DESCRIBED_TODO,),
    ),
    # 13-16 sorting
    row(
        "GET_TODOS_SORTED_ASCENDING",
        _todos("_sortBy=title"),
        _todos("_sortBy=-title"),
        _todos("_sortBy=title,id"),
    ),
    row(
        "GET_TODOS_SORTED_DESCENDING",
        _todos("_sortBy=-id"),
        _todos("_sortBy=id"),
        _todos("_sortBy=-id,title"),
    ),
    row(
        "GET_TODOS_SORTED_MULTIPLE_FIELDS",
        _todos("_sortBy=doneStatus,-id"),
        _todos("_sortBy=-id"),
        _todos("_sortBy=-id,priority"),  # not a todo field
    ),
    row(
        "GET_TODOS_FILTERED_AND_SORTED",
        _todos("doneStatus=false&_sortBy=-id"),
        _todos("_sortBy=-id"),
        _todos("doneStatus=false"),
    ),
    # 17-21 pagination
    row("GET_TODOS_PAGINATED_LIMIT", _todos("_limit=8"), _todos("_limit=7")),
    row(
        "GET_TODOS_PAGINATED_LIMIT_OFFSET",
        _todos("_limit=5&_offset=5"),
        _todos("_limit=5&_offset=4"),
        _todos("_limit=5"),
    ),
    row(
        "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
        _todos("_limit=21"),
        _todos("_limit=20"),
        head(f"{TODOS}?_limit=21"),
    ),
    row(
        "GET_TODOS_PAGINATED_SORTED",
        _todos("_sortBy=-id&_limit=5&_offset=5"),
        _todos("_sortBy=id&_limit=5&_offset=5"),
        _todos("_sortBy=-id&_limit=5"),
    ),
    row(
        "GET_TODOS_PAGINATED_FILTERED",
        _todos("doneStatus=false&_limit=2&_offset=1"),
        _todos("doneStatus=true&_limit=2&_offset=1"),
        _todos("doneStatus=false&_limit=2"),
    ),
    # 22 HEAD
    row("GET_HEAD_TODOS", head(TODOS), get(TODOS), head(f"{TODOS}?_limit=5")),
    # 23-29 POST create
    row("POST_TODOS", _new_todo(), _new_todo(doneStatus="bob")),
    row("POST_TODOS_BAD_DONE_STATUS", _new_todo(doneStatus="bob"), _new_todo(doneStatus=True)),
    row("POST_TODOS_TOO_LONG_TITLE_LENGTH", _new_todo("t" * 51), _new_todo("t" * 50)),
    row(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        _new_todo(description="d" * 201),
        _new_todo(description="d" * 200),
    ),
    row(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        _new_todo("t" * 50, description="d" * 200),
        _new_todo("t" * 49, description="d" * 200),
    ),
    row(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        _new_todo(description="d" * 5000),
        _new_todo(description="d" * 4900),  # too long a description (422), not a 413
    ),
    row("POST_TODOS_INVALID_EXTRA_FIELD", _new_todo(priority="high"), _new_todo()),
    # 30 PUT create
    row(
        "PUT_TODOS_422",
        put(MISSING, {"id": 99999, "title": "x"}),
        put(MISSING, {"title": "x"}),  # no body id: a 404
    ),
    # 31-32 POST update
    row(
        "POST_UPDATE_TODO",
        post(ITEM, {"title": "updated"}),
        post(MISSING, {"title": "x"}),
        put(ITEM, {"title": "updated"}),
    ),
    row(
        "POST_TODOS_404",
        post(MISSING, {"title": "x"}),
        post(ITEM, {"title": "x"}),
        put(MISSING, {"title": "x"}),
    ),
    # 33-40 PUT update
    row(
        "PUT_TODOS_FULL_200",
        put(ITEM, FULL_TODO),
        put(ITEM, {"title": "full", "description": "no status"}),
        post(ITEM, FULL_TODO),
    ),
    row(
        "PUT_TODOS_PARTIAL_200",
        put(ITEM, {"title": "only title"}),
        put(ITEM, {"title": "and status", "doneStatus": False}),
    ),
    row(
        "PUT_TODOS_BODY_ID_200",
        put(TODOS, {"id": 1, "title": "by body id"}),
        put(ITEM, {"id": 1, "title": "id in the URL too"}),
        put(TODOS, {"id": 99999, "title": "unknown id"}),
    ),
    row(
        "PUT_TODOS_ID_NO_BODY_ID_200",
        put(ITEM, {"title": "x"}),
        put(ITEM, {"id": 1, "title": "x"}),
    ),
    row(
        "PUT_TODOS_MISSING_TITLE_422",
        put(ITEM, {"description": "no title"}),
        put(ITEM, {"title": "t"}),
        post(ITEM, {"description": "no title"}),
    ),
    row(
        "PUT_TODOS_NO_ID_422",
        put(TODOS, {"title": "no id"}),
        put(TODOS, {"id": 99999, "title": "unknown id"}),
    ),
    row(
        "PUT_TODOS_ID_NOT_FOUND_404",
        put(MISSING, {"title": "x"}),
        put(MISSING, {"id": 99999, "title": "x"}),
    ),
    row(
        "PUT_TODOS_422_NO_AMEND_ID",
        put(ITEM, {"id": 2, "title": "x"}),
        put(ITEM, {"id": 1, "title": "x"}),
    ),
    # 41 DELETE
    row("DELETE_A_TODO", delete("/api/todos/2"), delete(MISSING), get("/api/todos/2")),
    # 42-44 QUERY
    row(
        "QUERY_TODOS_FILTERED",
        query(TODOS, DONE_FILTER_FORM, content_type=FORM),
        Unprepared(query(TODOS, DONE_FILTER_FORM, content_type=FORM)),
        query(TODOS, "doneStatus=false", content_type=FORM),
        # The filter in the URL, not the body: the right todos, but not by a QUERY body.
        query(f"{TODOS}?{DONE_FILTER_FORM}", "_sortBy=-id", content_type=FORM),
        setup=(DONE_TODO,),
    ),
    row(
        "QUERY_TODOS_JSONPATH_FILTERED",
        query(TODOS, DONE_JSONPATH, content_type=JSONPATH),
        Unprepared(query(TODOS, DONE_JSONPATH, content_type=JSONPATH)),
        query(TODOS, "$.todos[?(@.doneStatus == false)]", content_type=JSONPATH),
        setup=(DONE_TODO,),
    ),
    row(
        "QUERY_TODOS_STRUCTURED_JSON_FILTERED",
        query(TODOS, {"filter": {"doneStatus": True}}, content_type=STRUCTURED),
        Unprepared(query(TODOS, {"filter": {"doneStatus": True}}, content_type=STRUCTURED)),
        query(TODOS, {"filter": {"doneStatus": "true"}}, content_type=STRUCTURED),
        query(TODOS, DONE_FIRST_ONLY, content_type=STRUCTURED),  # done todos, but no filter
        setup=(DONE_TODO,),
    ),
    # 45-47 PATCH
    row(
        "PATCH_TODOS_PARTIAL_200",
        patch(ITEM, {"title": "patched"}),
        patch(ITEM, {"title": "patched"}, content_type=MERGE_PATCH),
        patch(MISSING, {"title": "patched"}),
    ),
    row(
        "PATCH_TODOS_MERGE_PATCH_200",
        patch(ITEM, {"description": "merged"}, content_type=MERGE_PATCH),
        patch(ITEM, {"description": "merged"}),
        patch(MISSING, {"description": "merged"}, content_type=MERGE_PATCH),
    ),
    row(
        "PATCH_TODOS_JSON_PATCH_200",
        patch(ITEM, REPLACE_TITLE_OPS, content_type=JSON_PATCH),
        patch(ITEM, REPLACE_TITLE_OPS),  # an operation list sent as plain JSON
        patch(MISSING, REPLACE_TITLE_OPS, content_type=JSON_PATCH),
    ),
    # 48 OPTIONS
    row("OPTIONS_TODOS", options(TODOS), options(ITEM)),
    # 49-55 Accept
    row(
        "GET_ACCEPT_XML",
        _accept(XML),
        _todos("_limit=5", Accept=XML),
        _accept(JSON),
    ),
    row("GET_ACCEPT_JSON", _accept(JSON), _todos("_limit=5", Accept=JSON), _accept("*/*")),
    row("GET_ACCEPT_ANY_DEFAULT_JSON", _accept("*/*"), get(TODOS), _accept(JSON)),
    row(
        "GET_ACCEPT_XML_PREFERRED",
        _accept("application/xml, application/json"),
        _accept("application/json, application/xml"),
    ),
    row("GET_JSON_BY_DEFAULT_NO_ACCEPT", get(TODOS), _accept(JSON), _todos("_limit=5")),
    row(
        "GET_UNSUPPORTED_ACCEPT_406",
        _accept("application/gzip"),
        _accept("application/gzip, application/json"),
    ),
    row(
        "GET_TODO_ACCEPT_TEXT_CALENDAR",
        _accept("text/calendar", ITEM),
        _accept("text/calendar", MISSING),
        _accept("application/json, text/calendar", ITEM),
    ),
    # 56-62 advanced Accept
    row(
        "GET_ACCEPT_XML_Q_PREFERRED",
        _accept("application/json;q=0.5, application/xml;q=1"),
        _accept("application/json;q=0.5, application/xml;q=0.9"),
    ),
    row(
        "GET_ACCEPT_JSON_Q_PREFERRED",
        _accept("application/xml;q=0.5, application/json;q=1"),
        _accept("application/xml;q=0.5, application/json;q=0.9"),
    ),
    row(
        "GET_ACCEPT_Q_REJECTS_ALL_406",
        _accept("application/json;q=0, application/xml;q=0"),
        _accept("application/json;q=0, application/xml;q=0.1"),
    ),
    row(
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
        _accept("application/problem+json"),
        _accept("application/problem+json, application/json"),
    ),
    row("GET_ACCEPT_TEXT_XML", _accept("text/xml"), _accept(XML)),
    row(
        "GET_ACCEPT_VENDOR_XML",
        _accept(VENDOR_XML),
        _accept("application/vnd.apichallenges.todo+json"),
        _accept(XML),
    ),
    row(
        "GET_ACCEPT_STRUCTURED_XML_WILDCARD", _accept("application/*+xml"), _accept("application/*")
    ),
    # 63-66 Content-Type
    row(
        "POST_CREATE_XML",
        post(TODOS, XML_TODO, content_type=XML, Accept=XML),
        post(TODOS, XML_TODO, content_type=XML, Accept=JSON),
        post(TODOS, XML_TODO, content_type=VENDOR_XML, Accept=XML),
    ),
    row(
        "POST_CREATE_JSON",
        post(TODOS, {"title": "json"}, Accept=JSON),
        post(TODOS, {"title": "json"}),  # JSON back by default, but not asked for
    ),
    row(
        "POST_CREATE_VENDOR_XML",
        post(TODOS, XML_TODO, content_type=VENDOR_XML),
        post(TODOS, XML_TODO, content_type=XML),
    ),
    row(
        "POST_TODOS_415",
        post(TODOS, "title=x", content_type="text/plain"),
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
        head(PROGRESS, anonymous=True),
        get("/api/challenger/{new}"),  # unknown: nothing restored
    ),
    row(
        "POST_RESTORE_EXISTING_CHALLENGER",
        post(CHALLENGER),
        post(CHALLENGER, anonymous=True),  # without the header: a new session instead
    ),
    row(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        get(PROGRESS),
        get(PROGRESS, anonymous=True),
    ),
    row(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        put(PROGRESS, own_payload),
        put("/api/challenger/{new}", own_payload),  # 409: the payload names another GUID
    ),
    row(
        "PUT_CHALLENGER_GUID_MISMATCH_409",
        put("/api/challenger/{new}", own_payload),
        put(PROGRESS, own_payload),
    ),
    row(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        put("/api/challenger/{new}", payload_for_new_guid, judge=NEW),
        put(PROGRESS, own_payload),  # restores the existing session (200), creates nothing
    ),
    row(
        "GET_RESTORABLE_TODOS",
        get(DATABASE),
        head(DATABASE),
        get("/api/challenger/database/{new}"),
    ),
    row(
        "PUT_RESTORABLE_TODOS",
        put(DATABASE, own_todos),
        put(DATABASE, {"todos": "not a list"}),
        put("/api/challenger/database/{new}", own_todos),
    ),
    # 78-79 mixed formats
    row(
        "POST_CREATE_XML_ACCEPT_JSON",
        post(TODOS, XML_TODO, content_type=XML, Accept=JSON),
        post(TODOS, XML_TODO, content_type=XML, Accept=XML),
        post(TODOS, XML_TODO, content_type=VENDOR_XML, Accept=JSON),
    ),
    row(
        "POST_CREATE_JSON_ACCEPT_XML",
        post(TODOS, {"title": "json to xml"}, Accept=XML),
        post(TODOS, {"title": "json to json"}, Accept=JSON),
        post(TODOS, XML_TODO, content_type=XML, Accept=XML),
    ),
    # 80-84 status codes
    row("DELETE_HEARTBEAT_405", delete(HEARTBEAT), put(HEARTBEAT)),
    row("PATCH_HEARTBEAT_500", patch(HEARTBEAT), post(HEARTBEAT)),
    row("TRACE_HEARTBEAT_501", trace(HEARTBEAT), options(HEARTBEAT)),
    row("GET_HEARTBEAT_204", get(HEARTBEAT), head(HEARTBEAT)),
    row(
        "X_CHALLENGER_TOO_LONG_431",
        get(HEARTBEAT, X_CHALLENGER=OWN + LONG_ENOUGH),
        get(TODOS, X_CHALLENGER=OWN + LONG_ENOUGH),  # a 431 too, but not on the heartbeat
        get(HEARTBEAT, X_CHALLENGER=OWN + LONG_ENOUGH[:-6]),  # exactly 100: allowed
    ),
    # 85-87 method override
    row(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        post(HEARTBEAT, X_HTTP_Method_Override="DELETE"),
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
        post(TOKEN, Authorization=SHORT_BASIC),  # a 401, but the header is too short
        post(TOKEN),
    ),
    row(
        "CREATE_SECRET_TOKEN_201",
        post(TOKEN, Authorization=ADMIN),
        post(TOKEN, Authorization=basic("admin", "wrong")),
    ),
    # 90-97 authorization
    row(
        "GET_SECRET_NOTE_403",
        get(NOTE, X_AUTH_TOKEN=WRONG_TOKEN),
        get(NOTE, X_AUTH_TOKEN="x"),  # a one-character token is too short to count
        head(NOTE, X_AUTH_TOKEN=WRONG_TOKEN),
        setup=(token,),
    ),
    row(
        "GET_SECRET_NOTE_401",
        get(NOTE),
        head(NOTE),
        get(NOTE, X_AUTH_TOKEN=WRONG_TOKEN),
        setup=(token,),
    ),
    row(
        "GET_SECRET_NOTE_200",
        get(NOTE, X_AUTH_TOKEN="{token}"),
        head(NOTE, X_AUTH_TOKEN="{token}"),
        get(NOTE, X_AUTH_TOKEN="{token}x"),
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_200",
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}"),
        post(NOTE, NOTE_XML, content_type=XML, X_AUTH_TOKEN="{token}"),
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN="{token}x"),
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_401",
        post(NOTE, NOTE_JSON),
        post(NOTE, NOTE_XML, content_type=XML),
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_403",
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN=WRONG_TOKEN),
        post(NOTE, NOTE_JSON, X_AUTH_TOKEN="x"),
        post(NOTE, NOTE_XML, content_type=XML, X_AUTH_TOKEN=WRONG_TOKEN),
        setup=(token,),
    ),
    row(
        "GET_SECRET_NOTE_BEARER_200",
        get(NOTE, Authorization="Bearer {token}"),
        get(NOTE, Authorization="{token}"),  # no scheme
        head(NOTE, Authorization="Bearer {token}"),
        setup=(token,),
    ),
    row(
        "POST_SECRET_NOTE_BEARER_200",
        post(NOTE, NOTE_JSON, Authorization="Bearer {token}"),
        post(NOTE, NOTE_XML, content_type=XML, Authorization="Bearer {token}"),
        post(NOTE, NOTE_JSON, Authorization="Bearer {token}x"),
        setup=(token,),
    ),
    # 98-99 miscellaneous
    row(
        "DELETE_ALL_TODOS",
        delete(f"{TODOS}/{SEEDED}"),
        Unprepared(delete(f"{TODOS}/{SEEDED}")),  # nine todos are still there
        delete(MISSING),
        setup=ONLY_THE_LAST_TODO_LEFT,
    ),
    row(
        "POST_ALL_TODOS",
        _new_todo("one too many"),
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
        get("/api/challenger/{new}", X_CHALLENGER=NEW),
    ),
}


def rows_for(mode_name: str) -> tuple[Row, ...]:
    """The table for a mode ("multi" or "single"), in catalogue order."""
    overrides = SINGLE_MODE_ROWS if mode_name == "single" else {}
    keys = keys_for(mode_name)
    return tuple(overrides.get(r.key, r) for r in ROWS if r.key in keys)


def near_miss_plan(row: Row, miss: Call | Unprepared) -> tuple[tuple[Step, ...], Call]:
    """(the setup, the call) for one near miss of `row`."""
    if isinstance(miss, Unprepared):
        return (), miss.call
    return row.setup, miss
