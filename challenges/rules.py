"""Completion rules: one small, named predicate per challenge (`challenges.md` §A.3).

A rule answers exactly one question: "does this finished exchange complete challenge K?".
It never decides *whose* session is credited (the tracking middleware credits the session
named in the response `X-CHALLENGER` header) and never touches the database: everything it
needs is on the `Exchange`, including the todo-store facts a view left behind.

REQ rules (credited when the request arrives in the reference) ignore the status; RESP rules
check it. Every rule also checks its own method and path, so it is correct on its own; the
`@on(method, shape)` registrations only let `challenges.catalogue` build an index so the
tracker evaluates the handful of rules that can possibly apply to a request.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from challenges.exchange import Exchange
from practiceapi.protocol import negotiation
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.query import (
    EQUALS,
    GREATER_THAN,
    LESS_THAN,
    MATCHES,
    TODO_FIELDS,
    WILDCARD,
    Filter,
    ParsedQuery,
    parse_query_string,
)

Rule = Callable[[Exchange], bool]
Route = tuple[str, str]  # (effective method or ANY_METHOD, route shape)

ANY_METHOD = "*"

STRUCTURED_QUERY_TYPES = frozenset(
    {"application/vnd.service.query+json", "application/vnd.thingifier.query+json"}
)
XML_REQUEST_TYPES = frozenset({"application/xml", "text/xml"})
VENDOR_TODO_XML = "application/vnd.apichallenges.todo+xml"
# Same value as `challenges.sessions.SINGLE_PLAYER_GUID`; not imported from there because
# that module needs Django, and the rules are plain functions.
SINGLE_PLAYER_GUID = "rest-api-challenges-single-player"

_ROUTES: dict[Rule, tuple[Route, ...]] = {}
_ON_ARRIVAL: set[Rule] = set()


def on(method: str, shape: str) -> Callable[[Rule], Rule]:
    """Declare a (method, route shape) on which a rule can pass; stack for several."""

    def register(rule: Rule) -> Rule:
        _ROUTES[rule] = (*_ROUTES.get(rule, ()), (method, shape))
        return rule

    return register


def routes_of(rule: Rule) -> tuple[Route, ...]:
    return _ROUTES.get(rule, ())


def on_arrival(rule: Rule) -> Rule:
    """Mark a REQ rule that reads nothing but the request.

    The reference credits these before it builds the response, so e.g. the challenge list
    returned by `GET /api/challenges` already shows GET_CHALLENGES as done. Such a rule may
    be evaluated on an Exchange whose response fields are still blank.
    """
    _ON_ARRIVAL.add(rule)
    return rule


def judged_on_arrival(rule: Rule) -> bool:
    return rule in _ON_ARRIVAL


QUERY = "?"  # for `needs`: at least one query parameter (the opposite of `_no_query`)
_NEEDS: dict[Rule, frozenset[str]] = {}


def needs(*what: str) -> Callable[[Rule], Rule]:
    """Declare what a request must carry for the rule to be able to pass: `QUERY` and/or
    request headers by lower-case name (present and not blank).

    The tracker skips the rule for requests that lack one of them, without building an
    Exchange: a plain `GET /todos` then meets none of the twenty filter, sort, paging and
    Accept rules. A declaration that is too strict would make its challenge impossible to
    complete; every challenge's own test (tests/challenges) would fail.
    """

    def register(rule: Rule) -> Rule:
        _NEEDS[rule] = frozenset(what)
        return rule

    return register


def needs_of(rule: Rule) -> frozenset[str]:
    return _NEEDS.get(rule, frozenset())


@cache
def _needed_anywhere() -> frozenset[str]:
    return frozenset().union(*_NEEDS.values())


def request_carries(query_string: str, header: Callable[[str], str | None]) -> frozenset[str]:
    """Which of the things any rule `needs` this request carries."""
    carried = set()
    for what in _needed_anywhere():
        if what == QUERY:
            if any(query_string.split("&")):
                carried.add(what)
        elif (header(what) or "").strip():
            carried.add(what)
    return frozenset(carried)


# Route shapes: what a rule registers for and what the tracker looks up. They separate the
# collection from its items, so e.g. a GET of one todo only meets the few item rules.
TODOS = "todos"
TODO_ITEM = "todos/{id}"
TODOS_EXPORT = "todos/export"
TODO_SINGULAR = "todo"
CHALLENGES = "challenges"
CHALLENGER = "challenger"
CHALLENGER_GUID = "challenger/{guid}"
CHALLENGER_DATABASE = "challenger/database/{guid}"
HEARTBEAT = "heartbeat"
SECRET_TOKEN = "secret/token"
SECRET_NOTE = "secret/note"
OTHER = ""  # no rule applies

_FIXED_SHAPES = frozenset(
    {
        TODOS,
        TODOS_EXPORT,
        TODO_SINGULAR,
        CHALLENGES,
        CHALLENGER,
        HEARTBEAT,
        SECRET_TOKEN,
        SECRET_NOTE,
    }
)


def route_shape(path: str) -> str:
    """The route shape of a normalised path (`OTHER` when no challenge is about it)."""
    path = path.rstrip("/")
    if path in _FIXED_SHAPES:
        return path
    if item_id(path) is not None:
        return TODO_ITEM
    if database_guid(path) is not None:
        return CHALLENGER_DATABASE
    if challenger_guid(path) is not None:
        return CHALLENGER_GUID
    return OTHER


# --------------------------------------------------------------------------- helpers


def _path(x: Exchange) -> str:
    # D2.2: `/api/todos/` is `/api/todos`; the normalised path may still carry the slash.
    return x.path.rstrip("/")


def _is(x: Exchange, method: str, path: str) -> bool:
    return x.method == method and _path(x) == path


def item_id(path: str) -> str | None:
    """The `{x}` of `todos/{x}`: one non-empty segment.

    `export` has its own route registered before the item route, so it is never an id.
    """
    head, sep, rest = path.partition("/")
    if head != "todos" or not sep or not rest or "/" in rest or rest == "export":
        return None
    return rest


def _on_item(x: Exchange, method: str) -> bool:
    return x.method == method and item_id(_path(x)) is not None


def challenger_guid(path: str) -> str | None:
    """The `{g}` of `challenger/{g}` (progress routes)."""
    head, sep, rest = path.partition("/")
    if head != "challenger" or not sep or not rest or "/" in rest:
        return None
    return rest


def database_guid(path: str) -> str | None:
    """The `{g}` of `challenger/database/{g}` (todo-store routes)."""
    prefix = "challenger/database/"
    if not path.startswith(prefix):
        return None
    rest = path[len(prefix) :]
    return rest if rest and "/" not in rest else None


def _no_query(x: Exchange) -> bool:
    # Judged on the raw string: an undecodable query the lenient parser drops is still
    # "a query parameter" from the student's point of view.
    return not any(x.query_string.split("&"))


def _query(x: Exchange) -> ParsedQuery:
    # Up to twenty rules read the same query on GET /todos; parse it once per exchange.
    parsed = x.extra.get("rules.query")
    if not isinstance(parsed, ParsedQuery):
        parsed = parse_query_string(x.query_string)
        x.extra["rules.query"] = parsed
    return parsed


_FIELD_NAMES = {f.name.lower(): f.name for f in TODO_FIELDS}


def _field(name: str) -> str | None:
    """Canonical todo field for a client-sent name (the API matches names ignoring case)."""
    return _FIELD_NAMES.get(name.strip().lower())


def _filters_on(x: Exchange, field_name: str, op: str) -> list[Filter]:
    return [f for f in _query(x).filters if f.op == op and _field(f.name) == field_name]


def _plain_param(x: Exchange, name: str) -> str | None:
    """Value of an exact-name `name=value` parameter (last one wins), else None."""
    value = None
    for f in _query(x).filters:
        if f.op == EQUALS and f.name == name:
            value = f.value
    return value


_INT = re.compile(r"[+-]?[0-9]+")


def _int(text: Any) -> int | None:
    """Integer in Java `parseInt` form (no spaces, no underscores, no fractions)."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    if isinstance(text, str) and _INT.fullmatch(text):
        return int(text)
    return None


def _paging(x: Exchange, limit: int, offset: int | None) -> bool:
    """`_limit=limit` (and `_offset=offset` when given) sent with a plain `=`."""
    q = _query(x)
    if q.limit_op != EQUALS or _int(q.limit) != limit:
        return False
    if offset is None:
        return True
    return q.offset_op == EQUALS and _int(q.offset) == offset


def _page_size(available: int, limit: int, offset: int) -> int:
    return max(0, min(limit, available - offset))


def _todo_ids(x: Exchange) -> list[int] | None:
    ids = [_int(t.get("id")) for t in x.response_todos]
    return None if any(i is None for i in ids) else [i for i in ids if i is not None]


def _store_has_done_and_not_done(x: Exchange) -> bool:
    return x.store is not None and x.store.done >= 1 and x.store.not_done >= 1


def _all_done(x: Exchange) -> bool:
    todos = x.response_todos
    return bool(todos) and all(t.get("doneStatus") is True for t in todos)


def _messages(x: Exchange) -> str:
    return " ".join(x.response_messages)


def _says(x: Exchange, text: str) -> bool:
    """The response carries `text`, in its error messages or anywhere in its body."""
    if text in _messages(x):
        return True
    return text in x.response_body.decode("utf-8", errors="replace")


def _body_has_id(x: Exchange) -> bool:
    doc = x.body_json
    return isinstance(doc, dict) and "id" in doc


def _raw_body_lower(x: Exchange) -> str:
    return x.body.decode("utf-8", errors="replace").lower()


def _accept(x: Exchange) -> str:
    return x.header("accept") or ""


def _accept_squashed(x: Exchange) -> str:
    return "".join(_accept(x).split()).lower()


def _guid(value: str | None) -> str:
    # Sessions are stored and looked up by the trimmed, lower-cased GUID.
    return (value or "").strip().lower()


def _response_x_challenger(x: Exchange) -> str:
    return _guid(x.response_headers.get("x-challenger"))


def _request_x_challenger(x: Exchange) -> str:
    return _guid(x.header("x-challenger"))


def _note_body(x: Exchange) -> bool:
    # The reference looks for the quoted JSON member name, so XML note bodies never count.
    return b'"note"' in x.body


def _has_auth_token(x: Exchange, min_length: int = 0) -> bool:
    # An empty X-AUTH-TOKEN counts as absent: the note endpoint treats it as "no token" too.
    token = x.header("x-auth-token")
    return token is not None and len(token) > min_length


def _valid_bearer(x: Exchange) -> bool:
    parts = (x.header("authorization") or "").split()
    return len(parts) >= 2 and parts[0].lower() == "bearer" and bool(parts[1])


def _long_authorization(x: Exchange) -> bool:
    return len(x.header("authorization") or "") > 10


def _override_is(x: Exchange, verb: str) -> bool:
    return (x.header("x-http-method-override") or "").strip().lower() == verb


# ------------------------------------------------------------- 1-2 getting started


@on("POST", CHALLENGER)
def create_new_challenger(x: Exchange) -> bool:
    return _is(x, "POST", CHALLENGER) and x.status == 201


@on_arrival
@on("GET", CHALLENGES)
def get_challenges(x: Exchange) -> bool:
    return _is(x, "GET", CHALLENGES)  # REQ


# ------------------------------------------------------------------- 3 GET


@on_arrival
@on("GET", TODOS)
def get_todos(x: Exchange) -> bool:
    return _is(x, "GET", TODOS) and _no_query(x)  # REQ: a 406 still counts


@on("GET", TODO_SINGULAR)
def get_todos_not_plural_404(x: Exchange) -> bool:
    return _is(x, "GET", TODO_SINGULAR) and x.status == 404


@on("GET", TODO_ITEM)
def get_todo(x: Exchange) -> bool:
    return _on_item(x, "GET") and x.status == 200


@on("GET", TODO_ITEM)
def get_todo_404(x: Exchange) -> bool:
    return _on_item(x, "GET") and x.status == 404


# ------------------------------------------------------------------- 4 filters


def _get_todos_200(x: Exchange) -> bool:
    return _is(x, "GET", TODOS) and x.status == 200


@needs(QUERY)
@on("GET", TODOS)
def get_todos_filtered(x: Exchange) -> bool:
    return (
        _get_todos_200(x)
        and _plain_param(x, "doneStatus") == "true"
        and _store_has_done_and_not_done(x)
    )


def _id_compare_subset(x: Exchange, op: str, keep: Callable[[int, int], bool]) -> bool:
    """Some but not all todos came back, and every id is on the right side of N."""
    if not _get_todos_200(x) or x.store is None:
        return False
    ids = _todo_ids(x)
    if not ids or len(ids) >= x.store.total:
        return False
    for f in _filters_on(x, "id", op):
        bound = _int(f.value)
        if bound is not None and all(keep(i, bound) for i in ids):
            return True
    return False


@needs(QUERY)
@on("GET", TODOS)
def get_todos_filtered_id_greater_than(x: Exchange) -> bool:
    return _id_compare_subset(x, GREATER_THAN, lambda i, n: i > n)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_filtered_id_less_than(x: Exchange) -> bool:
    return _id_compare_subset(x, LESS_THAN, lambda i, n: i < n)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_filtered_id_single_result(x: Exchange) -> bool:
    if not _get_todos_200(x) or x.store is None or x.store.total <= 1:
        return False
    ids = _todo_ids(x)
    if ids is None or len(ids) != 1:
        return False
    return any(_int(f.value) == ids[0] for f in _filters_on(x, "id", EQUALS))


def _descriptions_fully_match(x: Exchange, pattern: re.Pattern[str]) -> bool:
    todos = x.response_todos
    if not todos:
        return False
    for todo in todos:
        description = todo.get("description")
        if not isinstance(description, str) or not description:
            return False
        if pattern.fullmatch(description) is None:
            return False
    return True


@needs(QUERY)
@on("GET", TODOS)
def get_todos_filtered_description_regex(x: Exchange) -> bool:
    if not _get_todos_200(x):
        return False
    for f in _filters_on(x, "description", MATCHES):
        try:
            pattern = re.compile(f.value)
        except re.error:
            continue
        if _descriptions_fully_match(x, pattern):
            return True
    return False


def wildcard_pattern(wildcard: str) -> re.Pattern[str]:
    """`*` = any run, `?` = one character, everything else literal (rule of #12)."""
    parts = (".*" if ch == "*" else "." if ch == "?" else re.escape(ch) for ch in wildcard)
    return re.compile("".join(parts), re.DOTALL)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_filtered_description_wildcard(x: Exchange) -> bool:
    if not _get_todos_200(x):
        return False
    return any(
        _descriptions_fully_match(x, wildcard_pattern(f.value))
        for f in _filters_on(x, "description", WILDCARD)
    )


# ------------------------------------------------------------------- 5 sorting


def _sort_fields_known(x: Exchange) -> bool:
    return all(_field(k.name) is not None for k in _query(x).sort)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_sorted_ascending(x: Exchange) -> bool:
    sort = _query(x).sort
    return _get_todos_200(x) and len(sort) == 1 and not sort[0].descending and _sort_fields_known(x)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_sorted_descending(x: Exchange) -> bool:
    sort = _query(x).sort
    return _get_todos_200(x) and len(sort) == 1 and sort[0].descending and _sort_fields_known(x)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_sorted_multiple_fields(x: Exchange) -> bool:
    return _get_todos_200(x) and len(_query(x).sort) >= 2 and _sort_fields_known(x)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_filtered_and_sorted(x: Exchange) -> bool:
    q = _query(x)
    filtered = any(_field(f.name) is not None for f in q.filters)
    return _get_todos_200(x) and filtered and bool(q.sort) and _sort_fields_known(x)


# ------------------------------------------------------------------- 6 pagination


@needs(QUERY)
@on("GET", TODOS)
def get_todos_paginated_limit(x: Exchange) -> bool:
    if not _get_todos_200(x) or x.store is None or not _paging(x, 8, None):
        return False
    return len(x.response_todos) == _page_size(x.store.total, 8, 0)


@needs(QUERY)
@on("GET", TODOS)
def get_todos_paginated_limit_offset(x: Exchange) -> bool:
    if not _get_todos_200(x) or x.store is None or not _paging(x, 5, 5):
        return False
    return len(x.response_todos) == _page_size(x.store.total, 5, 5)


@needs(QUERY)
@on_arrival
@on("GET", TODOS)
def get_todos_paginated_limit_too_high(x: Exchange) -> bool:
    q = _query(x)
    limit = _int(q.limit) if q.limit_op == EQUALS else None
    return _is(x, "GET", TODOS) and limit is not None and limit > 20  # REQ


@needs(QUERY)
@on("GET", TODOS)
def get_todos_paginated_sorted(x: Exchange) -> bool:
    if not _get_todos_200(x) or x.store is None or not _paging(x, 5, 5):
        return False
    sort = _query(x).sort
    if len(sort) != 1 or not sort[0].descending or _field(sort[0].name) != "id":
        return False
    ids = _todo_ids(x)
    if ids is None or len(ids) != _page_size(x.store.total, 5, 5):
        return False
    return all(a >= b for a, b in zip(ids, ids[1:], strict=False))


@needs(QUERY)
@on("GET", TODOS)
def get_todos_paginated_filtered(x: Exchange) -> bool:
    if not _get_todos_200(x) or x.store is None or not _paging(x, 2, 1):
        return False
    if _plain_param(x, "doneStatus") != "false":
        return False
    todos = x.response_todos
    if len(todos) != _page_size(x.store.not_done, 2, 1):
        return False
    return all(t.get("doneStatus") is False for t in todos)


# ------------------------------------------------------------------- 7 HEAD


@on_arrival
@on("HEAD", TODOS)
def get_head_todos(x: Exchange) -> bool:
    return _is(x, "HEAD", TODOS) and _no_query(x)  # REQ


# ------------------------------------------------------------------- 8 POST create


def _post_todos(x: Exchange, status: int) -> bool:
    return _is(x, "POST", TODOS) and x.status == status


@on("POST", TODOS)
def post_todos(x: Exchange) -> bool:
    return _post_todos(x, 201)


@on("POST", TODOS)
def post_todos_bad_done_status(x: Exchange) -> bool:
    return _post_todos(x, 422) and (
        "Failed Validation: doneStatus should be BOOLEAN" in _messages(x)
    )


def _post_todo_any_422(x: Exchange, message: str) -> bool:
    # Any path starting "todo": an amend (POST /todos/{id}) with a long field counts too.
    return (
        x.method == "POST"
        and _path(x).startswith("todo")
        and x.status == 422
        and (message in _messages(x))
    )


@on("POST", TODOS)
@on("POST", TODO_ITEM)
def post_todos_too_long_title_length(x: Exchange) -> bool:
    return _post_todo_any_422(
        x, "Failed Validation: Maximum allowable length exceeded for title - maximum allowed is 50"
    )


@on("POST", TODOS)
@on("POST", TODO_ITEM)
def post_todos_too_long_description_length(x: Exchange) -> bool:
    return _post_todo_any_422(
        x,
        "Failed Validation: Maximum allowable length exceeded for description"
        " - maximum allowed is 200",
    )


def _location_id(x: Exchange) -> int | None:
    location = (x.response_headers.get("location") or "").rstrip("/")
    return _int(location.rsplit("/", 1)[-1]) if location else None


@on("POST", TODOS)
def post_max_out_title_description_length(x: Exchange) -> bool:
    if not _post_todos(x, 201) or _location_id(x) is None:
        return False
    todo = x.created if x.created is not None else x.response_json
    if not isinstance(todo, dict):
        return False
    title, description = todo.get("title"), todo.get("description")
    return (
        isinstance(title, str)
        and isinstance(description, str)
        and len(title) == 50
        and len(description) == 200
    )


@on("POST", TODOS)
def post_todos_too_long_payload_size(x: Exchange) -> bool:
    return _post_todos(x, 413) and "request body too large" in _messages(x).lower()


@on("POST", TODOS)
def post_todos_invalid_extra_field(x: Exchange) -> bool:
    return _post_todos(x, 422) and "Could not find field:" in _messages(x)


# ------------------------------------------------------------------- 9 PUT create


@on("PUT", TODO_ITEM)
def put_todos_422(x: Exchange) -> bool:
    return (
        _on_item(x, "PUT")
        and x.status == 422
        and _says(x, "Cannot create todo with PUT due to Auto fields id")
    )


# ------------------------------------------------------------------- 10 POST update


@on("POST", TODO_ITEM)
def post_update_todo(x: Exchange) -> bool:
    return _on_item(x, "POST") and x.status == 200


@on("POST", TODO_ITEM)
def post_todos_404(x: Exchange) -> bool:
    return (
        _on_item(x, "POST")
        and x.status == 404
        and any(
            m.startswith("No such todo entity instance with id ==") for m in x.response_messages
        )
    )


# ------------------------------------------------------------------- 11 PUT update


@on("PUT", TODO_ITEM)
def put_todos_full_200(x: Exchange) -> bool:
    body = _raw_body_lower(x)
    return _on_item(x, "PUT") and x.status == 200 and "donestatus" in body and "description" in body


@on("PUT", TODO_ITEM)
def put_todos_partial_200(x: Exchange) -> bool:
    body = _raw_body_lower(x)
    return (
        _on_item(x, "PUT")
        and x.status == 200
        and "donestatus" not in body
        and "description" not in body
    )


@on("PUT", TODOS)
def put_todos_body_id_200(x: Exchange) -> bool:
    return _is(x, "PUT", TODOS) and x.status == 200 and _body_has_id(x)


@on("PUT", TODO_ITEM)
def put_todos_id_no_body_id_200(x: Exchange) -> bool:
    return _on_item(x, "PUT") and x.status == 200 and not _body_has_id(x)


@on("PUT", TODO_ITEM)
def put_todos_missing_title_422(x: Exchange) -> bool:
    return _on_item(x, "PUT") and x.status == 422 and _says(x, "title : field is mandatory")


@on("PUT", TODOS)
def put_todos_no_id_422(x: Exchange) -> bool:
    return _is(x, "PUT", TODOS) and x.status == 422 and not _body_has_id(x)


@on("PUT", TODO_ITEM)
def put_todos_id_not_found_404(x: Exchange) -> bool:
    # The view turns "PUT to a missing id without body id" into 404 (B.2), so 404 suffices.
    return _on_item(x, "PUT") and x.status == 404 and not _body_has_id(x)


@on("PUT", TODO_ITEM)
def put_todos_422_no_amend_id(x: Exchange) -> bool:
    return _on_item(x, "PUT") and x.status == 422 and _says(x, "Can not amend id from")


# ------------------------------------------------------------------- 12 DELETE


@on("DELETE", TODO_ITEM)
def delete_a_todo(x: Exchange) -> bool:
    return _on_item(x, "DELETE") and x.status == 204


# ------------------------------------------------------------------- 13 QUERY


def _query_todos_200(x: Exchange) -> bool:
    return _is(x, "QUERY", TODOS) and x.status == 200 and _store_has_done_and_not_done(x)


@on("QUERY", TODOS)
def query_todos_filtered(x: Exchange) -> bool:
    if not _query_todos_200(x) or x.content_type != "application/x-www-form-urlencoded":
        return False
    try:
        form = parse_query_string(x.body.decode("utf-8"), strict=True)
    except (ApiError, UnicodeDecodeError):
        return False
    return any(
        f.op == EQUALS and _field(f.name) == "doneStatus" and f.value.strip().lower() == "true"
        for f in form.filters
    )


@on("QUERY", TODOS)
def query_todos_jsonpath_filtered(x: Exchange) -> bool:
    body = _raw_body_lower(x)
    return (
        _query_todos_200(x)
        and x.content_type == "application/jsonpath"
        and "donestatus" in body
        and "true" in body
        and _all_done(x)
    )


@on("QUERY", TODOS)
def query_todos_structured_json_filtered(x: Exchange) -> bool:
    if not _query_todos_200(x) or x.content_type not in STRUCTURED_QUERY_TYPES:
        return False
    doc = x.body_json
    criteria = doc.get("filter") if isinstance(doc, dict) else None
    if not isinstance(criteria, dict) or criteria.get("doneStatus") is not True:
        return False
    return _all_done(x)


# ------------------------------------------------------------------- 14 PATCH


def _patch_200_as(x: Exchange, media_type: str) -> bool:
    return _on_item(x, "PATCH") and x.status == 200 and x.content_type == media_type


@on("PATCH", TODO_ITEM)
def patch_todos_partial_200(x: Exchange) -> bool:
    return _patch_200_as(x, "application/json")


@on("PATCH", TODO_ITEM)
def patch_todos_merge_patch_200(x: Exchange) -> bool:
    return _patch_200_as(x, "application/merge-patch+json")


@on("PATCH", TODO_ITEM)
def patch_todos_json_patch_200(x: Exchange) -> bool:
    return _patch_200_as(x, "application/json-patch+json")


# ------------------------------------------------------------------- 15 OPTIONS


@on("OPTIONS", TODOS)
def options_todos(x: Exchange) -> bool:
    return _is(x, "OPTIONS", TODOS) and x.status == 200


# ------------------------------------------------------------------- 16 Accept


def _plain_get_todos(x: Exchange, status: int, response_type: str | None) -> bool:
    """GET /todos without query parameters answered `status` (and `response_type`)."""
    if not (_is(x, "GET", TODOS) and _no_query(x) and x.status == status):
        return False
    return response_type is None or x.response_media_type == response_type


def _accept_matches_xml(accept: str) -> bool:
    return negotiation.accept_matches(accept, "application/xml") or negotiation.accept_matches(
        accept, "text/xml"
    )


@needs("accept")
@on("GET", TODOS)
def get_accept_xml(x: Exchange) -> bool:
    return _plain_get_todos(x, 200, "application/xml") and _accept_matches_xml(_accept(x))


@needs("accept")
@on("GET", TODOS)
def get_accept_json(x: Exchange) -> bool:
    return _plain_get_todos(x, 200, "application/json") and negotiation.accept_asks_for(
        _accept(x), "application/json"
    )


@needs("accept")
@on("GET", TODOS)
def get_accept_any_default_json(x: Exchange) -> bool:
    return _plain_get_todos(x, 200, "application/json") and negotiation.accept_asks_for(
        _accept(x), "*/*"
    )


@needs("accept")
@on("GET", TODOS)
def get_accept_xml_preferred(x: Exchange) -> bool:
    accept = _accept(x)
    if not _plain_get_todos(x, 200, "application/xml") or not _accept_matches_xml(accept):
        return False
    if not negotiation.accept_asks_for(accept, "application/json"):
        return False
    try:
        chosen = negotiation.select_media_type(accept, structured_xml=True)
    except ApiError:
        return False
    return negotiation.is_xml_type(chosen)


@on("GET", TODOS)
def get_json_by_default_no_accept(x: Exchange) -> bool:
    return _plain_get_todos(x, 200, "application/json") and not _accept(x).strip()


@needs("accept")
@on("GET", TODOS)
def get_unsupported_accept_406(x: Exchange) -> bool:
    accept = _accept(x)
    return (
        _plain_get_todos(x, 406, None)
        and bool(accept.strip())
        and not negotiation.accept_recognises_any(accept)
    )


@needs("accept")
@on("GET", TODO_ITEM)
def get_todo_accept_text_calendar(x: Exchange) -> bool:
    return (
        _on_item(x, "GET")
        and x.status == 200
        and x.response_media_type == "text/calendar"
        and negotiation.top_ranked_range(_accept(x)) == "text/calendar"
    )


# ------------------------------------------------------------------- 17 advanced Accept


def _squashed(*values: str) -> frozenset[str]:
    return frozenset("".join(v.split()).lower() for v in values)


def _exact_accept(x: Exchange, accepted: frozenset[str], status: int, rtype: str | None) -> bool:
    return _plain_get_todos(x, status, rtype) and _accept_squashed(x) in accepted


_Q_XML = _squashed("application/json;q=0.5, application/xml;q=1")
_Q_JSON = _squashed("application/xml;q=0.5, application/json;q=1")
_Q_NONE = _squashed("application/json;q=0, application/xml;q=0")
_PLUS_JSON = _squashed("application/problem+json", "application/*+json")


@needs("accept")
@on("GET", TODOS)
def get_accept_xml_q_preferred(x: Exchange) -> bool:
    return _exact_accept(x, _Q_XML, 200, "application/xml")


@needs("accept")
@on("GET", TODOS)
def get_accept_json_q_preferred(x: Exchange) -> bool:
    return _exact_accept(x, _Q_JSON, 200, "application/json")


@needs("accept")
@on("GET", TODOS)
def get_accept_q_rejects_all_406(x: Exchange) -> bool:
    return _exact_accept(x, _Q_NONE, 406, None)


@needs("accept")
@on("GET", TODOS)
def get_unsupported_structured_json_accept_406(x: Exchange) -> bool:
    return _exact_accept(x, _PLUS_JSON, 406, None)


@needs("accept")
@on("GET", TODOS)
def get_accept_text_xml(x: Exchange) -> bool:
    return _exact_accept(x, _squashed("text/xml"), 200, "text/xml")


@needs("accept")
@on("GET", TODOS)
def get_accept_vendor_xml(x: Exchange) -> bool:
    return _exact_accept(x, _squashed(VENDOR_TODO_XML), 200, VENDOR_TODO_XML)


@needs("accept")
@on("GET", TODOS)
def get_accept_structured_xml_wildcard(x: Exchange) -> bool:
    return _exact_accept(x, _squashed("application/*+xml"), 200, "application/todo+xml")


# ------------------------------------------------------------------- 18 Content-Type


@on("POST", TODOS)
def post_create_xml(x: Exchange) -> bool:
    return (
        _post_todos(x, 201)
        and x.content_type in XML_REQUEST_TYPES
        and x.response_media_type == "application/xml"
    )


@on("POST", TODOS)
def post_create_json(x: Exchange) -> bool:
    return (
        _post_todos(x, 201)
        and x.content_type == "application/json"
        and negotiation.accept_asks_for(_accept(x), "application/json")
        and x.response_media_type == "application/json"
    )


@on("POST", TODOS)
def post_create_vendor_xml(x: Exchange) -> bool:
    return _post_todos(x, 201) and x.content_type == VENDOR_TODO_XML


@on("POST", TODOS)
def post_todos_415(x: Exchange) -> bool:
    return _post_todos(x, 415)


# ------------------------------------------------------------------- 19 Content-Disposition


def _export_download(x: Exchange, filename: str) -> bool:
    if not (_is(x, "GET", TODOS_EXPORT) and x.status == 200):
        return False
    disposition = x.response_headers.get("content-disposition") or ""
    return "attachment" in disposition and f'filename="{filename}"' in disposition


@on("GET", TODOS_EXPORT)
def get_todos_export_csv_content_disposition(x: Exchange) -> bool:
    return _export_download(x, "todos.csv")


@on("GET", TODOS_EXPORT)
def get_todos_export_html_content_disposition(x: Exchange) -> bool:
    return _export_download(x, "todos.html")


@on("GET", TODOS_EXPORT)
def get_todos_export_tsv_content_disposition(x: Exchange) -> bool:
    return _export_download(x, "todos.tsv")


# ------------------------------------------------------------------- 20 restore
# D1.4: sessions live in the database, so "restorable" means "exists"; there is no
# "loaded from persistence" state to inspect.


@on("GET", CHALLENGER_GUID)
@on("GET", CHALLENGER_DATABASE)
def get_restore_existing_challenger(x: Exchange) -> bool:
    on_guid = challenger_guid(_path(x)) is not None or database_guid(_path(x)) is not None
    return x.method == "GET" and on_guid and x.status == 200


@on("POST", CHALLENGER)
def post_restore_existing_challenger(x: Exchange) -> bool:
    sent = _request_x_challenger(x)
    return (
        _is(x, "POST", CHALLENGER)
        and x.status == 200
        and bool(sent)
        and sent == _response_x_challenger(x)
    )


@on_arrival
@on("GET", CHALLENGER_GUID)
def get_restorable_challenger_progress_status(x: Exchange) -> bool:
    """REQ: the URL names the caller's own session.

    Multi mode: the request `X-CHALLENGER` names the URL's session (whether that session
    exists is settled by who gets credited). Single mode ignores the header, so the URL
    must name the single-player session.
    """
    guid = _guid(challenger_guid(_path(x)))
    if x.method != "GET" or not guid:
        return False
    if x.mode == "single":
        return guid == SINGLE_PLAYER_GUID
    return _request_x_challenger(x) == guid


@on("PUT", CHALLENGER_GUID)
def put_restorable_challenger_progress_status(x: Exchange) -> bool:
    return x.method == "PUT" and challenger_guid(_path(x)) is not None and x.status == 200


@on("PUT", CHALLENGER_GUID)
def put_challenger_guid_mismatch_409(x: Exchange) -> bool:
    return (
        x.method == "PUT"
        and challenger_guid(_path(x)) is not None
        and x.status == 409
        and _says(x, "URL GUID does not match payload X-CHALLENGER")
    )


@on("PUT", CHALLENGER_GUID)
def put_new_restored_challenger_progress_status(x: Exchange) -> bool:
    return x.method == "PUT" and challenger_guid(_path(x)) is not None and x.status == 201


@on("GET", CHALLENGER_DATABASE)
def get_restorable_todos(x: Exchange) -> bool:
    return x.method == "GET" and database_guid(_path(x)) is not None and x.status == 200


@on("PUT", CHALLENGER_DATABASE)
def put_restorable_todos(x: Exchange) -> bool:
    return x.method == "PUT" and database_guid(_path(x)) is not None and x.status == 204


# ------------------------------------------------------------------- 21 mixed formats


@on("POST", TODOS)
def post_create_xml_accept_json(x: Exchange) -> bool:
    return (
        _post_todos(x, 201)
        and x.content_type in XML_REQUEST_TYPES
        and negotiation.accept_asks_for(_accept(x), "application/json")
        and x.response_media_type == "application/json"
    )


@on("POST", TODOS)
def post_create_json_accept_xml(x: Exchange) -> bool:
    return (
        _post_todos(x, 201)
        and x.content_type == "application/json"
        and x.response_media_type == "application/xml"
    )


# ------------------------------------------------------------------- 22 status codes
# REQ rules on the effective method: POST + override PATCH is a PATCH here, so it also
# completes PATCH_HEARTBEAT_500 (the reference router sees the overridden verb too).


@on_arrival
@on("DELETE", HEARTBEAT)
def delete_heartbeat_405(x: Exchange) -> bool:
    return _is(x, "DELETE", HEARTBEAT)


@on_arrival
@on("PATCH", HEARTBEAT)
def patch_heartbeat_500(x: Exchange) -> bool:
    return _is(x, "PATCH", HEARTBEAT)


@on_arrival
@on("TRACE", HEARTBEAT)
def trace_heartbeat_501(x: Exchange) -> bool:
    return _is(x, "TRACE", HEARTBEAT)


@on_arrival
@on("GET", HEARTBEAT)
def get_heartbeat_204(x: Exchange) -> bool:
    return _is(x, "GET", HEARTBEAT)


@on("GET", HEARTBEAT)
def x_challenger_too_long_431(x: Exchange) -> bool:
    # Whose GUID the first 36 characters name is the middleware's business (it credits
    # the session it echoes); here only the shape of the request and the 431 matter.
    too_long = len(x.header("x-challenger") or "") > 100
    return _is(x, "GET", HEARTBEAT) and too_long and x.status == 431


# ------------------------------------------------------------------- 23 method override
# REQ and method-agnostic in the reference: the override header alone decides.


@on_arrival
@on(ANY_METHOD, HEARTBEAT)
def override_delete_heartbeat_405(x: Exchange) -> bool:
    return _path(x) == HEARTBEAT and _override_is(x, "delete")


@on_arrival
@on(ANY_METHOD, HEARTBEAT)
def override_patch_heartbeat_500(x: Exchange) -> bool:
    return _path(x) == HEARTBEAT and _override_is(x, "patch")


@on_arrival
@on(ANY_METHOD, HEARTBEAT)
def override_trace_heartbeat_501(x: Exchange) -> bool:
    return _path(x) == HEARTBEAT and _override_is(x, "trace")


# ------------------------------------------------------------------- 24 authentication


@on("POST", SECRET_TOKEN)
def create_secret_token_401(x: Exchange) -> bool:
    return _is(x, "POST", SECRET_TOKEN) and _long_authorization(x) and x.status == 401


@on("POST", SECRET_TOKEN)
def create_secret_token_201(x: Exchange) -> bool:
    return _is(x, "POST", SECRET_TOKEN) and _long_authorization(x) and x.status == 201


# ------------------------------------------------------------------- 25 authorization


@on("GET", SECRET_NOTE)
def get_secret_note_403(x: Exchange) -> bool:
    return _is(x, "GET", SECRET_NOTE) and _has_auth_token(x, 1) and x.status == 403


@on("GET", SECRET_NOTE)
def get_secret_note_401(x: Exchange) -> bool:
    return _is(x, "GET", SECRET_NOTE) and not _has_auth_token(x) and x.status == 401


@on("GET", SECRET_NOTE)
def get_secret_note_200(x: Exchange) -> bool:
    return _is(x, "GET", SECRET_NOTE) and _has_auth_token(x) and x.status == 200


@on("POST", SECRET_NOTE)
def post_secret_note_200(x: Exchange) -> bool:
    return _is(x, "POST", SECRET_NOTE) and _has_auth_token(x) and _note_body(x) and x.status == 200


@on("POST", SECRET_NOTE)
def post_secret_note_401(x: Exchange) -> bool:
    return (
        _is(x, "POST", SECRET_NOTE) and not _has_auth_token(x) and _note_body(x) and x.status == 401
    )


@on("POST", SECRET_NOTE)
def post_secret_note_403(x: Exchange) -> bool:
    return (
        _is(x, "POST", SECRET_NOTE) and _has_auth_token(x, 1) and _note_body(x) and x.status == 403
    )


@on("GET", SECRET_NOTE)
def get_secret_note_bearer_200(x: Exchange) -> bool:
    return _is(x, "GET", SECRET_NOTE) and _valid_bearer(x) and x.status == 200


@on("POST", SECRET_NOTE)
def post_secret_note_bearer_200(x: Exchange) -> bool:
    return _is(x, "POST", SECRET_NOTE) and _valid_bearer(x) and _note_body(x) and x.status == 200


# ------------------------------------------------------------------- 26 miscellaneous


@on("DELETE", TODO_ITEM)
def delete_all_todos(x: Exchange) -> bool:
    return (
        _on_item(x, "DELETE") and x.status == 204 and x.store is not None and (x.store.total == 0)
    )


# The cap is configurable (D3.13), so accept the message for whatever limit is in force.
_MAX_TODOS_MESSAGE = re.compile(r"ERROR: Cannot add instance, maximum limit of \d+ reached")


@on("POST", TODOS)
def post_all_todos(x: Exchange) -> bool:
    return _post_todos(x, 409) and _MAX_TODOS_MESSAGE.search(_messages(x)) is not None
