"""The conditions the challenges of this API are declared with (`challenges.catalogue`).

Each function here returns a named, explained `Condition` (`challenges.conditions`) about
one thing a challenge looks at: a query parameter, the Accept header, the todos that came
back, the session's todo store, a secret token... A condition never decides whose
session is credited (the tracker credits the session named in the response
`X-CHALLENGER`) and never touches the database: everything it reads is on the `Exchange`,
including what the view produced and the todo-store facts it left behind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from django.conf import settings

from challengers.sessions import SINGLE_PLAYER_GUID, InvalidGuid, parse_guid
from challenges.conditions import (
    QUERY,
    Condition,
    on_body,
    on_request,
    on_response,
    query_param,
    says,
)
from challenges.exchange import Exchange
from challenges.routes import challenger_guid
from practiceapi.editions import served
from practiceapi.protocol import negotiation
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.formats import EXPORT_FORMATS
from practiceapi.protocol.numbers import saturated_int
from practiceapi.protocol.patterns import compile_pattern
from practiceapi.protocol.query import (
    EQUALS,
    LIMIT,
    MATCHES,
    OFFSET,
    SORT_BY,
    Filter,
    parse_query_string,
    wildcard_match,
)
from secrets_app.auth import credentials_match, parse_basic, presented_token
from todos.messages import MAX_TODOS_REACHED, NO_SUCH_TODO, PUT_CANNOT_CREATE
from todos.resource import TODO_FIELDS, TODO_XML
from todos.values import id_key

STRUCTURED_QUERY_TYPES = (
    "application/vnd.service.query+json",
    "application/vnd.thingifier.query+json",
)
XML_REQUEST_TYPES = ("application/xml", "text/xml")
VENDOR_TODO_XML = "application/vnd.apichallenges.todo+xml"


# --------------------------------------------------------------------------- reading a query


_FIELD_NAMES = {f.name.lower(): f.name for f in TODO_FIELDS}


def _field(name: str) -> str | None:
    """Canonical todo field for a client-sent name (the API matches names ignoring case)."""
    return _FIELD_NAMES.get(name.strip().lower())


def _filters_on(x: Exchange, field_name: str, op: str) -> list[Filter]:
    return [f for f in x.query.filters if f.op == op and _field(f.name) == field_name]


def _plain_param(x: Exchange, name: str) -> str | None:
    """Value of an exact-name `name=value` parameter (last one wins), else None."""
    value = None
    for f in x.query.filters:
        if f.op == EQUALS and f.name == name:
            value = f.value
    return value


def _int(text: Any) -> int | None:
    """Integer in Java `parseInt` form (no spaces, no underscores, no fractions).

    Text of any length is read without converting it whole: past 18 digits it reads as
    one number beyond every id and page size (numbers.saturated_int), which is all the
    conditions compare it with.
    """
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    if isinstance(text, str):
        return saturated_int(text)
    return None


def _limit(x: Exchange) -> int | None:
    q = x.query
    return _int(q.limit) if q.limit_op == EQUALS else None


def _offset(x: Exchange) -> int | None:
    q = x.query
    return _int(q.offset) if q.offset_op == EQUALS else None


def _shown_sort(x: Exchange) -> str:
    return ",".join(("-" if k.descending else "") + k.name for k in x.query.sort)


def _todo_ids(x: Exchange) -> list[int] | None:
    ids = [_int(t.get("id")) for t in x.response_todos]
    return None if any(i is None for i in ids) else [i for i in ids if i is not None]


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


# --------------------------------------------------------------------------- query conditions


def param_equals(name: str, value: str) -> Condition:
    """`name=value` in the query string, name exactly as given."""
    return on_request(
        f"query {name}={value}",
        lambda x: _plain_param(x, name) == value,
        f"the query asked for {name}={{seen}}; this challenge needs {name}={value}",
        lambda x: _plain_param(x, name),
        needs=(query_param(name),),
        looks_at=(QUERY,),
    )


def param_given(name: str) -> Condition:
    """A `name=...` parameter in the query string (any value)."""
    return on_request(
        f"query has {name}",
        lambda x: _plain_param(x, name) is not None,
        f"the query had no {name}; this challenge needs one",
        needs=(query_param(name),),
        looks_at=(QUERY,),
    )


def filter_on(field_name: str, op: str, shown: str) -> Condition:
    """A filter on `field_name` with operator `op` (`>`, `~=` ...), field name in any case."""
    return on_request(
        f"filters {field_name} with {shown}",
        lambda x: bool(_filters_on(x, field_name, op)),
        f"the query had no {field_name}{shown} filter; this challenge needs one",
        needs=(query_param(field_name),),
        looks_at=(QUERY,),
    )


def filters_a_field() -> Condition:
    return on_request(
        "filters on a todo field",
        lambda x: any(_field(f.name) is not None for f in x.query.filters),
        "the query filtered on no todo field; this challenge needs a filter such as doneStatus=false",
        needs=(QUERY,),
        looks_at=(QUERY,),
    )


def sorted_by(count: str = "any", direction: str = "any") -> Condition:
    """A `_sortBy`: `count` "any", "one" or "several" fields; `direction` of a single field."""

    def test(x: Exchange) -> bool:
        sort = x.query.sort
        if count == "one" and len(sort) != 1:
            return False
        if count == "several" and len(sort) < 2:
            return False
        if direction != "any":
            return bool(sort) and sort[0].descending == (direction == "descending")
        return bool(sort)

    words = {
        "any": "a _sortBy",
        "one": "a _sortBy on one field",
        "several": "a _sortBy on two or more fields",
    }
    name = words[count] + ("" if direction == "any" else f", {direction}")
    return on_request(
        name,
        test,
        f"the sort was `{{seen}}`; this challenge needs {name}",
        _shown_sort,
        needs=(query_param(SORT_BY),),
        looks_at=(QUERY,),
    )


def sort_fields_known() -> Condition:
    def unknown(x: Exchange) -> str:
        return ", ".join(k.name for k in x.query.sort if _field(k.name) is None)

    return on_request(
        "sorts on todo fields",
        lambda x: all(_field(k.name) is not None for k in x.query.sort),
        "the sort named `{seen}`, which is not a todo field; this challenge needs todo fields "
        "(id, title, doneStatus, description)",
        unknown,
        looks_at=(QUERY,),
    )


def _limit_condition(name: str, test: Callable[[int], bool], wanted: str) -> Condition:
    """A test of a plain `_limit=N` (an integer); the explanation shows the limit sent."""
    return on_request(
        name,
        lambda x: (limit := _limit(x)) is not None and test(limit),
        f"the query asked for _limit={{seen}}; this challenge needs {wanted}",
        lambda x: x.query.limit,
        needs=(query_param(LIMIT),),
        looks_at=(QUERY,),
    )


def limit_is(limit: int) -> Condition:
    return _limit_condition(f"_limit={limit}", lambda n: n == limit, f"_limit={limit}")


def limit_at_least(limit: int) -> Condition:
    return _limit_condition(f"_limit of {limit} or more", lambda n: n >= limit, f"at least {limit}")


def limit_above(limit: int) -> Condition:
    return _limit_condition(
        f"_limit above {limit}",
        lambda n: n > limit,
        f"more than {limit}, the most the API allows",
    )


def offset_given() -> Condition:
    return on_request(
        "an _offset",
        lambda x: x.query.offset_op is not None,
        "the query had no _offset; this challenge needs one",
        needs=(query_param(OFFSET),),
        looks_at=(QUERY,),
    )


def offset_is(offset: int) -> Condition:
    return on_request(
        f"_offset={offset}",
        lambda x: _offset(x) == offset,
        f"the query asked for _offset={{seen}}; this challenge needs _offset={offset}",
        lambda x: x.query.offset,
        looks_at=(QUERY,),
    )


def sorted_by_id_descending() -> Condition:
    def test(x: Exchange) -> bool:
        sort = x.query.sort
        return len(sort) == 1 and sort[0].descending and _field(sort[0].name) == "id"

    return on_request(
        "_sortBy=-id",
        test,
        "the sort was `{seen}`; this challenge needs `-id` alone",
        _shown_sort,
        looks_at=(QUERY,),
    )


# --------------------------------------------------------------------------- todos and store


def store_has_done_and_not_done() -> Condition:
    def seen(x: Exchange) -> str:
        if x.store is None:
            return "no todos we could count"
        if x.store.done == 0:
            return "0 done todos"
        return "0 not-done todos"

    return on_response(
        "your todos include done and not-done ones",
        lambda x: x.store is not None and x.store.done >= 1 and x.store.not_done >= 1,
        "your todos include {seen}; this challenge needs at least one done and one not done",
        seen,
    )


def store_is_empty() -> Condition:
    def seen(x: Exchange) -> str:
        return "todos we could not count" if x.store is None else _count(x.store.total, "todo")

    return on_response(
        "your todo list is empty",
        lambda x: x.store is not None and x.store.total == 0,
        "your list still holds {seen}; this challenge needs every todo deleted",
        seen,
    )


def store_at_most(count: int) -> Condition:
    """The session holds at most `count` todos after this request."""
    return on_response(
        f"{count} or fewer todos left",
        lambda x: x.store is not None and x.store.total <= count,
        f"your list holds {{seen}}; this challenge needs {count} or fewer",
        lambda x: _count(x.store.total, "todo") if x.store else "todos we could not count",
    )


def _says_list_is_full(x: Exchange) -> bool:
    return MAX_TODOS_REACHED.search(" ".join(x.response_messages)) is not None


def list_is_full() -> Condition:
    """The list is at the cap after this request, or the API said so: with its 409, or
    (classic edition, whose refusal is a 400 like any validation error) in its message."""

    def full(x: Exchange) -> bool:
        # Every create is judged on this: the counts first, the messages only when needed.
        cap = int(settings.APICHALLENGES_MAX_TODOS)
        if x.status == 409 or (x.store is not None and cap > 0 and x.store.total >= cap):
            return True
        return _says_list_is_full(x)

    return on_response(
        "your list is full",
        full,
        "your list holds {seen}; this challenge needs it full",
        lambda x: _count(x.store.total, "todo") if x.store else "todos we could not count",
    )


def some_but_not_all_back() -> Condition:
    """Todos came back, all with integer ids, fewer than the session holds."""

    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        return x.store is not None and ids is not None and 0 < len(ids) < x.store.total

    def seen(x: Exchange) -> str:
        back = len(x.response_todos)
        total = "?" if x.store is None else x.store.total
        return f"{back} of your {total} todos came back"

    return on_response(
        "some, but not all, todos came back",
        test,
        "{seen}; this challenge needs some, but not all, of them",
        seen,
    )


def ids_beyond_filter(op: str, keep: Callable[[int, int], bool], side: str) -> Condition:
    """Every todo that came back has an id on the right side of some `id<op>N` filter."""

    def test(x: Exchange) -> bool:
        ids = _todo_ids(x) or []
        for f in _filters_on(x, "id", op):
            bound = _int(f.value)
            if bound is not None and all(keep(i, bound) for i in ids):
                return True
        return False

    return on_response(
        f"every id returned is {side} the filter's",
        test,
        f"the ids that came back were {{seen}}; this challenge needs every one {side} the "
        "number in your filter",
        lambda x: ", ".join(str(i) for i in (_todo_ids(x) or [])),
    )


def more_than_one_todo() -> Condition:
    return on_response(
        "your list holds more than one todo",
        lambda x: x.store is not None and x.store.total > 1,
        "your list holds {seen}; this challenge needs more than one",
        lambda x: _count(x.store.total, "todo") if x.store else "todos we could not count",
    )


def exactly_one_back() -> Condition:
    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        return ids is not None and len(ids) == 1

    return on_response(
        "exactly one todo came back",
        test,
        "{seen} came back; this challenge needs exactly one",
        lambda x: _count(len(x.response_todos), "todo"),
    )


def the_id_asked_for() -> Condition:
    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        first = ids[0] if ids else None
        return any(_int(f.value) == first for f in _filters_on(x, "id", EQUALS))

    return on_response(
        "the todo returned has the id asked for",
        test,
        "the todo that came back has id {seen}, not the id in your filter",
        lambda x: ids[0] if (ids := _todo_ids(x)) else "?",
    )


def todos_back() -> Condition:
    return on_response(
        "todos came back",
        lambda x: bool(x.response_todos),
        "no todos came back; this challenge needs at least one",
    )


def descriptions_not_empty() -> Condition:
    def test(x: Exchange) -> bool:
        return all(
            isinstance(t.get("description"), str) and t["description"] for t in x.response_todos
        )

    return on_response(
        "every todo returned has a description",
        test,
        "{seen} that came back had an empty description; this challenge needs todos with "
        "descriptions (give some todos a description first)",
        lambda x: _count(sum(1 for t in x.response_todos if not t.get("description")), "todo"),
    )


def _every_description_matches(x: Exchange, matches: Callable[[str], bool]) -> bool:
    return all(
        isinstance(t.get("description"), str) and matches(t["description"])
        for t in x.response_todos
    )


def _regex(value: str) -> Callable[[str], bool] | None:
    """A student's regex filter as the API ran it: through the same engine and budget, so
    a pattern that is cheap for the API is cheap here too (a backtracking engine would
    spend exponential time on what RE2 answered at once). None when it was refused."""
    try:
        return compile_pattern(value).fullmatch
    except ApiError:
        return None


def _wildcard(value: str) -> Callable[[str], bool]:
    """`*` = any run, `?` = one character, everything else literal (rule of #12)."""
    return lambda text: wildcard_match(value, text)


def descriptions_match(op: str) -> Condition:
    """Every description that came back fully matches the `description<op>` filter."""
    compile_ = _regex if op == MATCHES else _wildcard

    def test(x: Exchange) -> bool:
        for f in _filters_on(x, "description", op):
            matches = compile_(f.value)
            try:
                if matches is not None and _every_description_matches(x, matches):
                    return True
            except ApiError:  # the request's regex work ran out: not this challenge
                return False
        return False

    return on_response(
        "every description returned matches the filter",
        test,
        "a description that came back does not match your whole filter; this challenge needs "
        "a pattern that matches each description from start to end",
    )


def page_of(limit: int, offset: int, among: str = "total") -> Condition:
    """As many todos came back as a page of `limit` from `offset` holds (of the session's
    todos, or of its not-done ones)."""

    def expected(x: Exchange) -> int | None:
        if x.store is None:
            return None
        available = x.store.not_done if among == "not_done" else x.store.total
        return max(0, min(limit, available - offset))

    def test(x: Exchange) -> bool:
        wanted = expected(x)
        return wanted is not None and len(x.response_todos) == wanted

    def seen(x: Exchange) -> str:
        return f"{_count(len(x.response_todos), 'todo')} came back"

    return on_response(
        f"a full page of {limit} from offset {offset}",
        test,
        f"{{seen}}; this challenge needs the whole page: {limit} todos from offset {offset}, or "
        "as many as your todos allow",
        seen,
    )


def ids_descending() -> Condition:
    def test(x: Exchange) -> bool:
        ids = _todo_ids(x)
        return ids is not None and all(a >= b for a, b in zip(ids, ids[1:], strict=False))

    return on_response(
        "ids come back highest first",
        test,
        "the ids came back as {seen}; this challenge needs them highest first",
        lambda x: ", ".join(str(i) for i in (_todo_ids(x) or [])),
    )


def all_back_not_done() -> Condition:
    return on_response(
        "every todo returned is not done",
        lambda x: all(t.get("doneStatus") is False for t in x.response_todos),
        "a todo that came back is done; this challenge needs only not-done todos",
    )


def all_back_done() -> Condition:
    def test(x: Exchange) -> bool:
        todos = x.response_todos
        return bool(todos) and all(t.get("doneStatus") is True for t in todos)

    return on_response(
        "only done todos came back",
        test,
        "{seen}; this challenge needs only done todos, at least one",
        lambda x: (
            f"{sum(1 for t in x.response_todos if t.get('doneStatus') is not True)} "
            f"of {len(x.response_todos)} todos that came back were not done"
        ),
    )


# --------------------------------------------------------------------------- request bodies


def _body_lower(x: Exchange) -> str:
    return x.body.decode("utf-8", errors="replace").lower()


def _body_has_id(x: Exchange) -> bool:
    doc = x.body_json
    return isinstance(doc, dict) and "id" in doc


def body_mentions(*words: str) -> Condition:
    """The raw body names each of `words` (case ignored), as the reference checks."""
    shown = " and ".join(words)

    def missing(x: Exchange) -> str:
        body = _body_lower(x)
        return " and ".join(w for w in words if w.lower() not in body)

    return on_body(
        f"body includes {shown}",
        lambda x: not missing(x),
        f"the body left out {{seen}}; this challenge needs {shown} in the body",
        missing,
    )


def body_lacks(word: str) -> Condition:
    return on_body(
        f"body leaves out {word}",
        lambda x: word.lower() not in _body_lower(x),
        f"the body included {word}; this challenge needs the title only",
    )


def body_has_id() -> Condition:
    return on_body(
        "the body has an id",
        _body_has_id,
        "the body had no id; this challenge needs the id of an existing todo in the body",
    )


def body_has_no_id() -> Condition:
    return on_body(
        "the body has no id",
        lambda x: not _body_has_id(x),
        "the body had an id ({seen}); this challenge needs no id in the body",
        lambda x: x.body_json.get("id") if isinstance(x.body_json, dict) else "?",
    )


def large_body(characters: int) -> Condition:
    # The 413 can come before the body is read (a Content-Length over the limit), hence
    # the status as well as the length.
    return on_response(
        f"a body over {characters} characters",
        lambda x: x.status == 413 or len(x.body) > characters,
        "the body was {seen} characters long; this challenge needs a bigger one",
        lambda x: len(x.body),
    )


def unreadable_content_type() -> Condition:
    """A Content-Type the todo API does not read (neither JSON nor XML)."""

    def test(x: Exchange) -> bool:
        ct = x.content_type
        return bool(ct) and ct != "application/json" and not negotiation.is_xml_type(ct, TODO_XML)

    return on_request(
        "a Content-Type the API cannot read",
        test,
        "the Content-Type was `{seen}`",
        lambda x: x.content_type,
        looks_at=("content-type",),
    )


def form_filter_done() -> Condition:
    """A form-encoded QUERY body that filters on `doneStatus=true`."""

    def test(x: Exchange) -> bool:
        try:
            form = parse_query_string(x.body.decode("utf-8"), strict=True)
        except (ApiError, UnicodeDecodeError):
            return False
        return any(
            f.op == EQUALS and _field(f.name) == "doneStatus" and f.value.strip().lower() == "true"
            for f in form.filters
        )

    return on_body(
        "the body filters doneStatus=true",
        test,
        "the body was `{seen}`; this challenge needs a body that filters doneStatus=true",
        lambda x: x.body.decode("utf-8", errors="replace")[:80],
    )


def structured_filter_done() -> Condition:
    def test(x: Exchange) -> bool:
        doc = x.body_json
        criteria = doc.get("filter") if isinstance(doc, dict) else None
        return isinstance(criteria, dict) and criteria.get("doneStatus") is True

    return on_body(
        'the body filters {"doneStatus": true}',
        test,
        'the body\'s "filter" was {seen}; this challenge needs {"doneStatus": true} (a JSON '
        "boolean)",
        lambda x: (
            orjson.dumps(x.body_json.get("filter")).decode()
            if isinstance(x.body_json, dict) and "filter" in x.body_json
            else "missing"
        ),
    )


def note_body() -> Condition:
    # The reference looks for the quoted JSON member name, so XML note bodies never count.
    return on_body(
        'a JSON body with "note"',
        lambda x: b'"note"' in x.body,
        'the body had no JSON "note" member; this challenge needs {"note": "..."} as JSON',
    )


# --------------------------------------------------------------------------- the created todo


def _created(x: Exchange) -> dict[str, Any]:
    todo = x.created if x.created is not None else x.response_object
    return todo if isinstance(todo, dict) else {}


def _length(x: Exchange, name: str) -> int | None:
    value = _created(x).get(name)
    return len(value) if isinstance(value, str) else None


def created_length(name: str, length: int) -> Condition:
    return on_response(
        f"the new todo's {name} is {length} characters",
        lambda x: _length(x, name) == length,
        f"the {name} was {{seen}} characters long; this challenge needs exactly {length}",
        lambda x: _length(x, name),
    )


def location_names_the_todo() -> Condition:
    def location_id(x: Exchange) -> int | None:
        location = (x.response_headers.get("location") or "").rstrip("/")
        return _int(location.rsplit("/", 1)[-1]) if location else None

    return on_response(
        "a Location header naming the new todo",
        lambda x: location_id(x) is not None,
        "the response had no Location header naming the new todo",
    )


# --------------------------------------------------------------------------- responses


def no_such_todo() -> Condition:
    return on_response(
        "says the todo does not exist",
        lambda x: any(m.startswith(NO_SUCH_TODO) for m in x.response_messages),
        f"the response did not say “{NO_SUCH_TODO} …”; this challenge needs that 404",
    )


def says_max_todos() -> Condition:
    return on_response(
        "says the list is full",
        _says_list_is_full,
        "the response did not say the list is full",
    )


def says_body_too_large(text: str) -> Condition:
    return on_response(
        "says the body is too large",
        lambda x: text in " ".join(x.response_messages).lower(),
        f"the response did not say “{text}”",
    )


def attachment_named(filename: str) -> Condition:
    def test(x: Exchange) -> bool:
        disposition = x.response_headers.get("content-disposition") or ""
        return "attachment" in disposition and f'filename="{filename}"' in disposition

    return on_response(
        f"downloads as {filename}",
        test,
        f"the Content-Disposition was `{{seen}}`; this challenge needs an attachment named {filename}",
        lambda x: x.response_headers.get("content-disposition") or "(none)",
    )


# --------------------------------------------------------------------------- Accept


def _accept(x: Exchange) -> str:
    return x.accept


def _squash(value: str) -> str:
    return "".join(value.split()).lower()


def _accept_matches_xml(accept: str) -> bool:
    return negotiation.accept_matches(accept, "application/xml") or negotiation.accept_matches(
        accept, "text/xml"
    )


def accept_condition(name: str, test: Callable[[str], bool], needs_text: str) -> Condition:
    """A test of the Accept header; the explanation shows the header as sent."""
    return on_request(
        name,
        lambda x: test(_accept(x)),
        f"the Accept header was `{{seen}}`; this challenge needs {needs_text}",
        lambda x: _accept(x) or "(none)",
        needs=("accept",),
        looks_at=("accept",),
    )


def accepts_xml() -> Condition:
    return accept_condition("Accept allows XML", _accept_matches_xml, "XML")


def asks_for(media_type: str) -> Condition:
    return accept_condition(
        f"Accept names {media_type}",
        lambda accept: negotiation.accept_asks_for(accept, media_type),
        f"it to name {media_type}",
    )


def accept_is(*values: str) -> Condition:
    """The Accept header is exactly one of `values` (whitespace and case ignored)."""
    wanted = frozenset(_squash(v) for v in values)
    return accept_condition(
        f"Accept is {' or '.join(values)}",
        lambda accept: _squash(accept) in wanted,
        "exactly " + " or ".join(f"`{v}`" for v in values),
    )


def accept_unknown() -> Condition:
    return accept_condition(
        "Accept names only formats the API cannot produce",
        lambda accept: bool(accept.strip()) and not negotiation.accept_recognises_any(accept),
        "only formats the API cannot produce",
    )


def xml_wins_negotiation() -> Condition:
    def test(x: Exchange) -> bool:
        try:
            chosen = negotiation.select_media_type(_accept(x), structured_xml=TODO_XML)
        except ApiError:
            return False
        return negotiation.is_xml_type(chosen, TODO_XML)

    return on_request(
        "XML is preferred",
        test,
        "the Accept header `{seen}` prefers JSON; this challenge needs XML listed first",
        _accept,
        looks_at=("accept",),
    )


def ranks_first(media_type: str) -> Condition:
    return accept_condition(
        f"Accept ranks {media_type} first",
        lambda accept: negotiation.top_ranked_range(accept) == media_type,
        f"{media_type} ranked first",
    )


# --------------------------------------------------------------------------- sessions, headers


def _guid(value: str | None) -> str:
    # Sessions are stored and looked up by the trimmed, lower-cased GUID.
    return (value or "").strip().lower()


def x_challenger_sent() -> Condition:
    return on_request(
        "X-CHALLENGER sent",
        lambda x: bool(_guid(x.header("x-challenger"))),
        "the request had no X-CHALLENGER header",
        needs=("x-challenger",),
        looks_at=("x-challenger",),
        per_client=True,
    )


def restores_the_sent_session() -> Condition:
    return on_response(
        "the response names the session sent",
        lambda x: _guid(x.header("x-challenger")) == _guid(x.response_headers.get("x-challenger")),
        "the response named session {seen}, not the one in your X-CHALLENGER header",
        lambda x: x.response_headers.get("x-challenger"),
    )


def url_names_own_session() -> Condition:
    """Multi mode: the request `X-CHALLENGER` names the URL's session (whether it exists is
    settled by who gets credited). Single mode ignores the header, so the URL must name the
    single-player session."""

    def test(x: Exchange) -> bool:
        guid = _guid(challenger_guid(x.path.rstrip("/")))
        if not guid:
            return False
        if x.mode == "single":
            return guid == SINGLE_PLAYER_GUID
        return _guid(x.header("x-challenger")) == guid

    def seen(x: Exchange) -> str:
        if x.mode == "single":
            return (
                f"the URL named `{challenger_guid(x.path.rstrip('/'))}`; in single-player mode "
                f"this challenge needs /api/challenger/{SINGLE_PLAYER_GUID}"
            )
        if not _guid(x.header("x-challenger")):
            problem = "the request had no X-CHALLENGER header"
        else:
            problem = "the X-CHALLENGER header named another session than the URL"
        return f"{problem}; this challenge needs your own GUID in the URL and in X-CHALLENGER"

    return on_request("the URL names your own session", test, "{seen}", seen)


def x_challenger_longer_than(length: int) -> Condition:
    return on_request(
        f"X-CHALLENGER longer than {length} characters",
        lambda x: len(x.header("x-challenger") or "") > length,
        f"the X-CHALLENGER header was {{seen}} characters long; this challenge needs more than {length}",
        lambda x: len(x.header("x-challenger") or ""),
        needs=("x-challenger",),
        looks_at=("x-challenger",),
        per_client=True,
    )


def override_is(verb: str) -> Condition:
    return on_request(
        f"X-HTTP-Method-Override: {verb}",
        lambda x: (x.header("x-http-method-override") or "").strip().lower() == verb.lower(),
        f"the X-HTTP-Method-Override header was `{{seen}}`; this challenge needs {verb}",
        lambda x: (x.header("x-http-method-override") or "").strip(),
        needs=("x-http-method-override",),
        looks_at=("x-http-method-override",),
    )


def authorization_sent() -> Condition:
    return on_request(
        "Authorization sent",
        lambda x: x.header("authorization") is not None,
        "the request had no Authorization header",
        looks_at=("authorization",),
        per_client=True,
    )


def authorization_longer_than(length: int) -> Condition:
    return on_request(
        f"Authorization longer than {length} characters",
        lambda x: len(x.header("authorization") or "") > length,
        f"the Authorization header was {{seen}} characters long; this challenge needs more than "
        f"{length} (Basic credentials)",
        lambda x: len(x.header("authorization") or ""),
        looks_at=("authorization",),
        per_client=True,
    )


def bearer_token() -> Condition:
    def test(x: Exchange) -> bool:
        parts = (x.header("authorization") or "").split()
        return len(parts) >= 2 and parts[0].lower() == "bearer" and bool(parts[1])

    return on_request(
        "Authorization: Bearer <token>",
        test,
        "the Authorization header was not `Bearer ` followed by a token; this challenge needs "
        "`Authorization: Bearer <your token>`",
        looks_at=("authorization",),
        per_client=True,
    )


def auth_token_sent() -> Condition:
    # An empty X-AUTH-TOKEN counts as absent: the note endpoint treats it as "no token" too.
    return on_request(
        "X-AUTH-TOKEN sent",
        lambda x: len(x.header("x-auth-token") or "") > 0,
        "the request had no X-AUTH-TOKEN header",
        looks_at=("x-auth-token",),
        per_client=True,
    )


def auth_token_longer_than(length: int) -> Condition:
    return on_request(
        f"X-AUTH-TOKEN longer than {length} character",
        lambda x: len(x.header("x-auth-token") or "") > length,
        f"the X-AUTH-TOKEN header was {{seen}} long; this challenge needs more than {length}",
        lambda x: _count(len(x.header("x-auth-token") or ""), "character"),
        looks_at=("x-auth-token",),
        per_client=True,
    )


# --------------------------------------------------------------------------- intent
# What a request shows of the challenge it is meant for, beyond its method and route: the
# attempt conditions that tell a challenge from its siblings on the same route. Each holds
# for every request that can complete its challenge (a request the API answers as the
# challenge needs always shows its intent), so crediting is unchanged; what changes is
# which failed requests are near misses, and on which challenges.

_KNOWN_FIELDS = frozenset(name.lower() for name in _FIELD_NAMES)


def _intent(name: str, test: Callable[[Exchange], bool], **reading: Any) -> Condition:
    """An attempt condition of the request alone (`reading`: `on_request`'s `looks_at`,
    `needs`, `per_client`)."""
    return on_request(name, test, f"the request did not show {name}", **reading)


def _from_body(name: str, test: Callable[[Exchange], bool]) -> Condition:
    """An attempt condition on the request body (`conditions.BODY`)."""
    return on_body(name, test, f"the request did not show {name}")


def _answered(name: str, test: Callable[[Exchange], bool]) -> Condition:
    """An attempt condition that needs the API's answer: what only the server knows (which
    todos a list holds, a session's token), read from how it answered."""
    return on_response(name, test, f"the request did not show {name}")


def _sent(x: Exchange, name: str) -> Any:
    fields = x.todo_fields
    return None if fields is None else fields.get(name.lower())


def _longer_than(x: Exchange, name: str, limit: int) -> bool:
    value = _sent(x, name)
    return isinstance(value, str) and len(value) > limit


def _done_status_not_boolean(x: Exchange) -> bool:
    fields = x.todo_fields
    return (
        fields is not None and "donestatus" in fields and not isinstance(fields["donestatus"], bool)
    )


def _unknown_field(x: Exchange) -> bool:
    fields = x.todo_fields
    return fields is not None and any(name not in _KNOWN_FIELDS for name in fields)


def sends_too_long(name: str, limit: int) -> Condition:
    """The body's `name` is a text over `limit` characters."""
    return _from_body(f"a {name} over {limit} characters", lambda x: _longer_than(x, name, limit))


def sends_done_status_not_boolean() -> Condition:
    return _from_body("a doneStatus that is not true or false", _done_status_not_boolean)


def sends_unknown_field() -> Condition:
    return _from_body("a field todos do not have", _unknown_field)


def _near(value: Any, limit: int, within: int) -> bool:
    return isinstance(value, str) and limit - within <= len(value) <= limit


def sends_near_maximum(title: int, description: int) -> Condition:
    """A title or description at its maximum or within 5 % short of it (a todo written for
    its content rarely comes that close), and neither over it (that is the too-long
    challenges' intent)."""

    def test(x: Exchange) -> bool:
        if _longer_than(x, "title", title) or _longer_than(x, "description", description):
            return False
        return _near(_sent(x, "title"), title, title // 20) or _near(
            _sent(x, "description"), description, description // 20
        )

    return _from_body("a title or description at its maximum length", test)


def _over_limit(x: Exchange, characters: int) -> bool:
    if x.status == 413:
        return True
    return len(x.body) > characters and len(x.body.decode("utf-8", errors="replace")) > characters


def plain_create(body_limit: int, title: int, description: int) -> Condition:
    """A create showing none of the create errors' intents: a Content-Type the API reads,
    a body within `body_limit` characters, no field too long, of the wrong type or
    unknown. A body that cannot be read shows none either: the failed create is a near
    miss here."""
    unreadable = unreadable_content_type()

    def test(x: Exchange) -> bool:
        if unreadable.test(x) or _over_limit(x, body_limit):
            return False
        return not (
            _longer_than(x, "title", title)
            or _longer_than(x, "description", description)
            or _done_status_not_boolean(x)
            or _unknown_field(x)
        )

    return _answered("a create with nothing wrong on purpose", test)


def _path_todo_id(x: Exchange) -> int | None:
    return _int(x.path.rstrip("/").rsplit("/", 1)[-1])


def _body_id(x: Exchange) -> tuple[bool, Any]:
    fields = x.todo_fields
    if fields is None or "id" not in fields:
        return False, None
    return True, fields["id"]


def sends_an_id() -> Condition:
    return _from_body("an id in the body", lambda x: _body_id(x)[0])


def sends_no_id() -> Condition:
    """No id in the body (a body that cannot be read counts as none)."""
    return _from_body("no id in the body", lambda x: not _body_id(x)[0])


def sends_another_id() -> Condition:
    """An id in the body that is not the one in the URL."""

    def test(x: Exchange) -> bool:
        present, value = _body_id(x)
        return present and id_key(value) != _path_todo_id(x)

    return _from_body("an id in the body other than the URL's", test)


def sends_no_title() -> Condition:
    return _from_body(
        "no title in the body",
        lambda x: x.todo_fields is not None and "title" not in x.todo_fields,
    )


def sends_a_title() -> Condition:
    """A title in the body, or a body that cannot be read (it may hold one)."""
    return _from_body(
        "a title in the body",
        lambda x: x.todo_fields is None or "title" in x.todo_fields,
    )


_REFUSES_PUT_CREATE = says(PUT_CANNOT_CREATE)


def _todo_missing(x: Exchange) -> bool:
    # Only the API knows which ids a session's list holds, so this is read from its
    # answer: the 404 of a todo that is not there, or its refusal to create one by PUT.
    return x.status == 404 or (x.status in (400, 422) and _REFUSES_PUT_CREATE.holds(x))


def todo_missing() -> Condition:
    """The URL (or a PUT body's id) names a todo that is not in the session's list."""
    return _answered("a todo that is not in your list", _todo_missing)


def todo_not_missing() -> Condition:
    """The todo named is in the session's list, or the API did not get as far as looking."""
    return _answered("a todo in your list", lambda x: not _todo_missing(x))


def export_format(extension: str) -> Condition:
    """`?format=` names the export format whose files end in `extension`."""

    def test(x: Exchange) -> bool:
        # The last `format` wins, as the export reads it.
        named = _plain_param(x, "format")
        chosen = None if named is None else EXPORT_FORMATS.get(named.strip().lower())
        return chosen is not None and chosen.extension == extension

    return _intent(
        f"asks for the {extension} export",
        test,
        looks_at=(QUERY,),
        needs=(query_param("format"),),
    )


def starts_a_session() -> Condition:
    """No X-CHALLENGER (or a blank one): the request asks for a new session. Single mode
    ignores the header: every POST /api/challenger is this."""
    return _intent(
        "no X-CHALLENGER",
        lambda x: x.mode == "single" or not _guid(x.header("x-challenger")),
        looks_at=("x-challenger",),
        per_client=True,
    )


def names_a_session() -> Condition:
    """An X-CHALLENGER is sent; single mode ignores it, so there every request names the
    one session."""
    return _intent(
        "X-CHALLENGER sent",
        lambda x: x.mode == "single" or bool(_guid(x.header("x-challenger"))),
        looks_at=("x-challenger",),
        per_client=True,
    )


def _payload_guid(x: Exchange) -> str | None:
    doc = x.body_json
    named = doc.get("xChallenger") if isinstance(doc, dict) else None
    return None if named is None else str(named).strip().lower()


def _url_session(x: Exchange) -> str:
    raw = challenger_guid(x.path.rstrip("/")) or ""
    try:
        return parse_guid(raw).strip().lower()
    except InvalidGuid:
        return raw.strip().lower()


def payload_names_url_session() -> Condition:
    """The progress payload's xChallenger is the GUID in the URL (or cannot be read)."""

    def test(x: Exchange) -> bool:
        named = _payload_guid(x)
        return named is None or named == _url_session(x)

    return _from_body("the payload's xChallenger is the URL's GUID", test)


def payload_names_another_session() -> Condition:
    def test(x: Exchange) -> bool:
        named = _payload_guid(x)
        return named is not None and named != _url_session(x)

    return _from_body("the payload's xChallenger is not the URL's GUID", test)


def restores_an_existing_session() -> Condition:
    """The GUID names a session the server has: it is restored, not created (only the
    server knows, so this is read from its answer: 201 is a session made)."""
    return _answered("a session that exists", lambda x: x.status != 201)


def restores_a_new_session() -> Condition:
    return _answered("a session that does not exist yet", lambda x: x.status == 201)


def _admin(x: Exchange) -> bool:
    return credentials_match(
        parse_basic(x.header("authorization")),
        settings.APICHALLENGES_ADMIN_USER,
        settings.APICHALLENGES_ADMIN_PASSWORD,
    )


def admin_credentials() -> Condition:
    return _intent(
        "the admin credentials",
        _admin,
        looks_at=("authorization",),
        per_client=True,
    )


def other_credentials() -> Condition:
    return _intent(
        "credentials other than the admin's",
        lambda x: x.header("authorization") is not None and not _admin(x),
        looks_at=("authorization",),
        per_client=True,
    )


def no_token_presented() -> Condition:
    """Neither a Bearer token nor an X-AUTH-TOKEN, as the note routes read them."""
    return _intent(
        "no token",
        lambda x: presented_token(x.header("authorization"), x.header("x-auth-token")) is None,
        looks_at=("authorization", "x-auth-token"),
        per_client=True,
    )


def token_refused() -> Condition:
    """The token presented is not the session's (only the server knows the session's
    token: read from its answer, the 403 of a wrong token)."""
    return _answered("a token that is not yours", lambda x: x.status == 403)


def token_not_refused() -> Condition:
    return _answered("your own token", lambda x: x.status != 403)


def _answers_xml(accept: str) -> bool:
    # As the served edition reads Accept on the todo routes (the classic one by header
    # order), so that every request answered in XML shows this intent.
    try:
        chosen = served().accept_reading.media_type(accept, negotiation.PRODUCIBLE, TODO_XML)
    except ApiError:
        return False
    return negotiation.is_xml_type(chosen, TODO_XML)


def asks_for_xml() -> Condition:
    """Accept makes the API answer XML."""
    return _intent(
        "an Accept the API answers in XML",
        lambda x: _answers_xml(_accept(x)),
        looks_at=("accept",),
        needs=("accept",),
    )


def asks_for_xml_or_nothing() -> Condition:
    """Accept makes the API answer XML, or there is none (the answer is then JSON: a near
    miss for a student who forgot to ask)."""

    def test(x: Exchange) -> bool:
        accept = _accept(x)
        return not accept.strip() or _answers_xml(accept)

    return _intent("an Accept the API answers in XML, or none", test, looks_at=("accept",))
