"""The challenge catalogue: sections, challenges, names, texts and their rules, as data.

This module is the only place that knows challenge names and texts (`challenges.md` §A).
Everything else (the challenges API, the dashboard, the admin, the tracker) asks it.

* Keys (e.g. `GET_TODOS`) are stable and are what progress maps store.
* Display ids (`"01"`…) are positions in the mode's list, so they shift with the mode:
  multi mode offers all 99 challenges, single mode 96 (no session-restore-by-GUID ones).
* Names are exact copies of the reference's names, because client suites assert them.
* Descriptions, hints and section blurbs are written for this project.
* Each challenge's rule is two tuples of named conditions (`challenges.conditions`,
  `challenges.rules`): `attempt`, what makes a request an attempt at it, and `credit`,
  what must then hold. The same declaration credits a request and explains a near miss.

A `Catalogue` is built from a tuple of declarations and answers every lookup (modes,
display ids, the route index, the candidates for a request); `CATALOGUE` is this edition's.
"""

from __future__ import annotations

import logging
import operator
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from challenges.conditions import (
    ANY_METHOD,
    REQUEST,
    Condition,
    content_type_in,
    header_absent,
    header_present,
    method_is,
    no_query,
    request_carries,
    response_type,
    route,
    says,
    status,
)
from challenges.exchange import Exchange
from challenges.routes import (
    CHALLENGER,
    CHALLENGER_DATABASE,
    CHALLENGER_GUID,
    CHALLENGES,
    HEARTBEAT,
    OTHER,
    SECRET_NOTE,
    SECRET_TOKEN,
    TODO_ITEM,
    TODO_SINGULAR,
    TODOS,
    TODOS_EXPORT,
    route_shape,
)
from challenges.rules import (
    STRUCTURED_QUERY_TYPES,
    VENDOR_TODO_XML,
    XML_REQUEST_TYPES,
    accept_is,
    accept_unknown,
    accepts_xml,
    all_back_done,
    all_back_not_done,
    asks_for,
    attachment_named,
    auth_token_longer_than,
    auth_token_sent,
    authorization_longer_than,
    authorization_sent,
    bearer_token,
    body_has_id,
    body_has_no_id,
    body_lacks,
    body_mentions,
    created_at_a_maximum,
    created_length,
    descriptions_match,
    descriptions_not_empty,
    exactly_one_back,
    filter_on,
    filters_a_field,
    form_filter_done,
    ids_beyond_filter,
    ids_descending,
    large_body,
    limit_above,
    limit_at_least,
    limit_is,
    list_is_full,
    location_names_the_todo,
    more_than_one_todo,
    no_auth_token,
    no_such_todo,
    note_body,
    offset_given,
    offset_is,
    override_is,
    override_sent,
    page_of,
    param_equals,
    param_given,
    ranks_first,
    restores_the_sent_session,
    says_body_too_large,
    says_max_todos,
    some_but_not_all_back,
    sort_fields_known,
    sorted_by,
    sorted_by_id_descending,
    store_at_most,
    store_has_done_and_not_done,
    store_is_empty,
    structured_filter_done,
    the_id_asked_for,
    todos_back,
    unreadable_content_type,
    url_names_own_session,
    x_challenger_longer_than,
    x_challenger_sent,
    xml_wins_negotiation,
)
from challenges.sessions import MAX_HEADER_LENGTH as MAX_GUID_HEADER
from practiceapi.protocol.messages import (
    AMEND_ID,
    BODY_TOO_LARGE,
    DONE_STATUS_NOT_BOOLEAN,
    GUID_MISMATCH,
    MANDATORY_TITLE,
    PUT_CANNOT_CREATE,
    UNKNOWN_FIELD,
    VALIDATION_PREFIX,
    too_long,
)
from practiceapi.protocol.query import EQUALS, GREATER_THAN, LESS_THAN, MATCHES, WILDCARD

logger = logging.getLogger(__name__)

MULTI = "multi"
SINGLE = "single"
MODES = (MULTI, SINGLE)

_BOTH = frozenset(MODES)
_MULTI_ONLY = frozenset({MULTI})


@dataclass(frozen=True)
class Hint:
    text: str
    link: str | None = None


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    blurb: str


@dataclass(frozen=True)
class Challenge:
    """One challenge: its texts and its rule, declared as named conditions.

    A request is an attempt when every `attempt` condition holds; it completes the
    challenge when every `credit` condition holds too, and is a near miss otherwise.
    Everything the tracker needs besides (the routes to index it under, whether it can be
    judged on arrival, what a request must carry) is derived from the conditions.
    """

    key: str
    name: str
    section: Section
    description: str
    hints: tuple[Hint, ...]
    attempt: tuple[Condition, ...]
    credit: tuple[Condition, ...]
    modes: frozenset[str] = _BOTH

    def __post_init__(self) -> None:
        if not any(c.shapes for c in self.attempt):
            raise ValueError(f"{self.key}: the attempt names no route")

    @cached_property
    def routes(self) -> tuple[tuple[str, str], ...]:
        """(method, route shape) pairs an attempt can have; `ANY_METHOD` when the attempt
        names no method (`Catalogue.route_index`)."""
        shapes = _narrowest(c.shapes for c in self.attempt)
        methods = _narrowest(c.methods for c in self.attempt) or frozenset({ANY_METHOD})
        return tuple(sorted((m, s) for m in methods for s in shapes))

    @cached_property
    def on_arrival(self) -> bool:
        """True when every condition reads only the request: the challenge is judged before
        the view runs, as the reference does (e.g. GET /api/challenges lists itself done)."""
        return all(c.reads == REQUEST for c in (*self.attempt, *self.credit))

    @cached_property
    def needs(self) -> frozenset[str]:
        """What a request must carry to be an attempt (`conditions.QUERY`, header names)."""
        return frozenset().union(*(c.needs for c in self.attempt))

    @cached_property
    def _beyond_route(self) -> tuple[Condition, ...]:
        # The attempt conditions the route index does not already guarantee.
        return tuple(c for c in self.attempt if not c.methods and not c.shapes)

    def judge(self, exchange: Exchange, *, routed: bool = False) -> Verdict:
        """CREDITED, a near miss with the first unmet credit condition, or NOT_AN_ATTEMPT.

        `routed`: the challenge was found through the route index for this exchange, so
        its method and route conditions hold; the tracker skips them.
        """
        for condition in self._beyond_route if routed else self.attempt:
            if not condition.test(exchange):
                return NOT_AN_ATTEMPT
        for condition in self.credit:
            if not condition.test(exchange):
                return Verdict(condition)
        return CREDITED

    def credits(self, exchange: Exchange) -> bool:
        return self.judge(exchange) is CREDITED


@dataclass(frozen=True)
class Verdict:
    """How a request relates to a challenge; `unmet` is the credit condition it failed."""

    unmet: Condition | None = None
    attempt: bool = True

    @property
    def near_miss(self) -> bool:
        return self.unmet is not None

    def reason(self, exchange: Exchange) -> str:
        return self.unmet.explanation(exchange) if self.unmet is not None else ""


CREDITED = Verdict()
NOT_AN_ATTEMPT = Verdict(attempt=False)


def _narrowest(sets: Iterable[frozenset[str]]) -> frozenset[str]:
    """The intersection of the non-empty sets (an empty set admits anything)."""
    found: frozenset[str] | None = None
    for admitted in sets:
        if admitted:
            found = admitted if found is None else found & admitted
    return found or frozenset()


# --------------------------------------------------------------------------- sections


def _section(key: str, title: str, blurb: str) -> Section:
    return Section(key=key, title=title, blurb=blurb)


GETTING_STARTED = _section(
    "getting-started",
    "Getting Started",
    "In a shared classroom server every student needs a session of their own. Create one "
    "first, then send its id with every request so the server can record your progress.",
)
FIRST_REAL = _section(
    "first-real-challenge",
    "First Real Challenge",
    "Fetch the list of challenges. It shows which ones you have completed, so you can follow "
    "your progress from your API client as well as from the dashboard.",
)
GET_SECTION = _section(
    "get",
    "GET Challenges",
    "GET reads data without changing it. Start by reading the todo list and single todos.",
)
GET_FILTER = _section(
    "get-filter",
    "GET Filter Challenges",
    "Query parameters can narrow a collection down to the items you care about.",
)
GET_SORTED = _section(
    "get-sorted",
    "GET Sorted Challenges",
    "The `_sortBy` query parameter controls the order in which the todos come back.",
)
GET_PAGINATION = _section(
    "get-pagination",
    "GET Pagination Challenges",
    "Large collections come back a page at a time. Use `_limit` and `_offset` on their own "
    "and together with filters and sorting.",
)
HEAD_SECTION = _section(
    "head",
    "HEAD Challenges",
    "HEAD asks for exactly what GET would return, minus the body: handy for checking "
    "headers cheaply.",
)
POST_CREATE = _section(
    "post-create",
    "Creation Challenges with POST",
    "POST to a collection creates a new item. These challenges cover success and the "
    "validation errors you can provoke.",
)
PUT_CREATE = _section(
    "put-create",
    "Creation Challenges with PUT",
    "This API generates todo ids itself, so a client cannot choose one: PUT cannot be used "
    "to create a todo.",
)
POST_UPDATE = _section(
    "post-update",
    "Update Challenges with POST",
    "POST to an existing item changes only the fields you send.",
)
PUT_UPDATE = _section(
    "put-update",
    "Update Challenges with PUT",
    "PUT replaces an item with the representation you send, and sending it twice has the "
    "same effect as sending it once.",
)
DELETE_SECTION = _section(
    "delete",
    "DELETE Challenges",
    "DELETE removes an item. Real APIs usually protect it; here todos can be deleted freely.",
)
QUERY_SECTION = _section(
    "query",
    "QUERY Challenges",
    "QUERY is a safe, read-only method like GET, but the query travels in the request body, "
    "in one of several formats.",
)
PATCH_SECTION = _section(
    "patch",
    "PATCH Challenges",
    "PATCH applies a partial change. The Content-Type says how to read the change: a plain "
    "partial object, a JSON Merge Patch or a list of JSON Patch operations.",
)
OPTIONS_SECTION = _section(
    "options",
    "OPTIONS Challenges",
    "OPTIONS asks the server what an endpoint supports; the answer is in the `Allow` header.",
)
ACCEPT_SECTION = _section(
    "accept",
    "Accept Challenges",
    "The `Accept` request header tells the server which response format you want.",
)
ADVANCED_ACCEPT = _section(
    "advanced-accept",
    "Advanced Accept Challenges",
    "`Accept` can rank formats with q-values and name structured or vendor media types. "
    "See how the server weighs them.",
)
CONTENT_TYPE_SECTION = _section(
    "content-type",
    "Content-Type Challenges",
    "The `Content-Type` request header tells the server how to read the body you send.",
)
CONTENT_DISPOSITION = _section(
    "content-disposition",
    "Content-Disposition Challenges",
    "A `Content-Disposition: attachment` response asks the client to save the body as a file.",
)
RESTORE_SECTION = _section(
    "restore",
    "Fancy a Break? Restore your session",
    "Your progress and todos can be downloaded and put back later. The server keeps your "
    "session, and the dashboard can also keep a copy in your browser's storage.",
)
MIXED_FORMATS = _section(
    "mixed-formats",
    "Mix Accept and Content-Type Challenges",
    "The format you send and the format you receive are independent: send one, ask for another.",
)
STATUS_CODES = _section(
    "status-codes",
    "Status Code Challenges",
    "Provoke a range of less common status codes from the heartbeat endpoint.",
)
METHOD_OVERRIDE = _section(
    "method-override",
    "HTTP Method Override Challenges",
    "Some clients and proxies only allow GET and POST. The `X-HTTP-Method-Override` header "
    "lets a POST stand in for another verb.",
)
AUTHENTICATION = _section(
    "authentication",
    "Authentication Challenges",
    "Prove who you are with Basic authentication and receive a token for the secret area.",
)
AUTHORIZATION = _section(
    "authorization",
    "Authorization Challenges",
    "Use the token to read and write your secret note, as an `X-AUTH-TOKEN` header or as a "
    "Bearer token in `Authorization`.",
)
MISCELLANEOUS = _section(
    "miscellaneous",
    "Miscellaneous Challenges",
    "A few odd ones kept for the end.",
)

SECTIONS: tuple[Section, ...] = (
    GETTING_STARTED,
    FIRST_REAL,
    GET_SECTION,
    GET_FILTER,
    GET_SORTED,
    GET_PAGINATION,
    HEAD_SECTION,
    POST_CREATE,
    PUT_CREATE,
    POST_UPDATE,
    PUT_UPDATE,
    DELETE_SECTION,
    QUERY_SECTION,
    PATCH_SECTION,
    OPTIONS_SECTION,
    ACCEPT_SECTION,
    ADVANCED_ACCEPT,
    CONTENT_TYPE_SECTION,
    CONTENT_DISPOSITION,
    RESTORE_SECTION,
    MIXED_FORMATS,
    STATUS_CODES,
    METHOD_OVERRIDE,
    AUTHENTICATION,
    AUTHORIZATION,
    MISCELLANEOUS,
)


# --------------------------------------------------------------------------- challenges

DOCS = "/docs"
MIRROR = "/mirror/request"
DASHBOARD = "/gui/challenges"
SIM = "/sim/entities"


def _hint(text: str, link: str | None = None) -> Hint:
    return Hint(text=text, link=link)


# The lengths the length challenges name; `todos.models` enforces the same (tested).
TITLE_MAX = 50
DESCRIPTION_MAX = 200
FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
XML = "application/xml"
JSONPATH = "application/jsonpath"
MERGE_PATCH = "application/merge-patch+json"
JSON_PATCH = "application/json-patch+json"
CALENDAR = "text/calendar"


def _c(
    key: str,
    name: str,
    section: Section,
    description: str,
    hints: tuple[Hint, ...],
    *,
    attempt: tuple[Condition, ...],
    credit: tuple[Condition, ...],
    modes: frozenset[str] = _BOTH,
) -> Challenge:
    return Challenge(key, name, section, description, hints, attempt, credit, modes)


ALL_CHALLENGES: tuple[Challenge, ...] = (
    # 1 Getting Started
    _c(
        "CREATE_NEW_CHALLENGER",
        "POST /api/challenger (201)",
        GETTING_STARTED,
        "Start a session of your own: POST to `/api/challenger` without a body, then send the "
        "`X-CHALLENGER` value from the response on every later request.",
        (
            _hint("Send no X-CHALLENGER header on this request; the 201 response gives you one."),
            _hint("Your progress page is linked from the response's Location header.", DASHBOARD),
        ),
        attempt=(method_is("POST"), route(CHALLENGER)),
        credit=(status(201),),
    ),
    # 2 First Real Challenge
    _c(
        "GET_CHALLENGES",
        "GET /api/challenges (200)",
        FIRST_REAL,
        "Fetch `/api/challenges` to see every challenge and whether you have completed it.",
        (
            _hint("Remember the X-CHALLENGER header, or the list will not be yours."),
            _hint("The same progress is shown on the dashboard.", DASHBOARD),
        ),
        attempt=(route(CHALLENGES),),
        credit=(method_is("GET"),),
    ),
    # 3 GET Challenges
    _c(
        "GET_TODOS",
        "GET /api/todos (200)",
        GET_SECTION,
        "Read the whole todo collection with a GET on `/api/todos`.",
        (_hint("No query string is needed: just the path and your X-CHALLENGER header."),),
        attempt=(method_is("GET"), route(TODOS)),
        credit=(no_query(),),
    ),
    _c(
        "GET_TODOS_NOT_PLURAL_404",
        "GET /api/todo (404) not plural",
        GET_SECTION,
        "GET `/api/todo` (singular). There is no such endpoint, so expect a 404.",
        (_hint("Collections in this API use plural names; the singular path is not routed."),),
        attempt=(route(TODO_SINGULAR),),
        credit=(method_is("GET"), status(404)),
    ),
    _c(
        "GET_TODO",
        "GET /api/todos/{id} (200)",
        GET_SECTION,
        "Read one todo by adding the id of an existing todo to the path.",
        (_hint("List the todos first to find an id that exists, e.g. `/api/todos/1`."),),
        attempt=(method_is("GET"), route(TODO_ITEM)),
        credit=(status(200),),
    ),
    _c(
        "GET_TODO_404",
        "GET /api/todos/{id} (404)",
        GET_SECTION,
        "Ask for a todo id that does not exist and get a 404.",
        (_hint("Pick an id well above the ones in the list, or one you deleted."),),
        attempt=(method_is("GET"), route(TODO_ITEM)),
        credit=(status(404),),
    ),
    # 4 GET Filter Challenges
    _c(
        "GET_TODOS_FILTERED",
        "GET /api/todos (200) ?filter",
        GET_FILTER,
        "Filter the list to the todos that are done, asking for JSON. Your list must hold both "
        "done and not-done todos for the filter to show anything.",
        (
            _hint("Mark a todo as done first (POST or PUT with doneStatus true)."),
            _hint("Then use the query string `?doneStatus=true`.", DOCS),
        ),
        attempt=(method_is("GET"), route(TODOS), param_equals("doneStatus", "true")),
        credit=(status(200), store_has_done_and_not_done()),
    ),
    _c(
        "GET_TODOS_FILTERED_ID_GREATER_THAN",
        "GET /api/todos (200) ?filter id greater than",
        GET_FILTER,
        "Filter on `id` with a greater-than comparison so that some, but not all, todos come back.",
        (_hint("Try `?id>5` (your client may need the `>` encoded as `%3E`).", DOCS),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", GREATER_THAN, ">")),
        credit=(
            status(200),
            some_but_not_all_back(),
            ids_beyond_filter(GREATER_THAN, operator.gt, "above"),
        ),
    ),
    _c(
        "GET_TODOS_FILTERED_ID_LESS_THAN",
        "GET /api/todos (200) ?filter id less than",
        GET_FILTER,
        "Filter on `id` with a less-than comparison so that some, but not all, todos come back.",
        (_hint("Try `?id<5` (encoded `%3C` if your client insists).", DOCS),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", LESS_THAN, "<")),
        credit=(
            status(200),
            some_but_not_all_back(),
            ids_beyond_filter(LESS_THAN, operator.lt, "below"),
        ),
    ),
    _c(
        "GET_TODOS_FILTERED_ID_SINGLE_RESULT",
        "GET /api/todos (200) ?filter id single result",
        GET_FILTER,
        "Filter on an exact `id` so that exactly one todo comes back while the list holds several.",
        (_hint("`?id=3` returns a collection with just that todo in it."),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", EQUALS, "=")),
        credit=(status(200), more_than_one_todo(), exactly_one_back(), the_id_asked_for()),
    ),
    _c(
        "GET_TODOS_FILTERED_DESCRIPTION_REGEX",
        "GET /api/todos (200) ?filter description regex",
        GET_FILTER,
        "Use a regular-expression filter on `description` that returns todos with non-empty "
        "descriptions.",
        (
            _hint("The default todos have empty descriptions: give some a description first."),
            _hint(
                "The `~=` operator takes a regex that must match the whole value, e.g. "
                "`?description~=.*meeting.*`.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), filter_on("description", MATCHES, "~=")),
        credit=(status(200), todos_back(), descriptions_not_empty(), descriptions_match(MATCHES)),
    ),
    _c(
        "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
        "GET /api/todos (200) ?filter description wildcard",
        GET_FILTER,
        "Use a wildcard filter on `description` that returns todos with non-empty descriptions.",
        (
            _hint(
                "With `*=`, `*` stands for any run of characters and `?` for exactly one, "
                "e.g. `?description*=*pay*`.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), filter_on("description", WILDCARD, "*=")),
        credit=(status(200), todos_back(), descriptions_not_empty(), descriptions_match(WILDCARD)),
    ),
    # 5 GET Sorted Challenges
    _c(
        "GET_TODOS_SORTED_ASCENDING",
        "GET /api/todos (200) ?_sortBy ascending",
        GET_SORTED,
        "Sort the todos in ascending order of a single field.",
        (_hint("`?_sortBy=title` (or `+title`) sorts A to Z.", DOCS),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("one", "ascending")),
        credit=(sort_fields_known(), status(200)),
    ),
    _c(
        "GET_TODOS_SORTED_DESCENDING",
        "GET /api/todos (200) ?_sortBy descending",
        GET_SORTED,
        "Sort the todos in descending order of a single field.",
        (_hint("A leading minus reverses the order: `?_sortBy=-id`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("one", "descending")),
        credit=(sort_fields_known(), status(200)),
    ),
    _c(
        "GET_TODOS_SORTED_MULTIPLE_FIELDS",
        "GET /api/todos (200) ?_sortBy multiple",
        GET_SORTED,
        "Sort the todos by two or more fields at once.",
        (_hint("Separate the fields with commas: `?_sortBy=doneStatus,-id`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("several")),
        credit=(sort_fields_known(), status(200)),
    ),
    _c(
        "GET_TODOS_FILTERED_AND_SORTED",
        "GET /api/todos (200) ?filter&_sortBy",
        GET_SORTED,
        "Filter and sort in the same request.",
        (_hint("Combine them with `&`: `?doneStatus=false&_sortBy=-id`."),),
        attempt=(method_is("GET"), route(TODOS), filters_a_field(), sorted_by()),
        credit=(sort_fields_known(), status(200)),
    ),
    # 6 GET Pagination Challenges
    _c(
        "GET_TODOS_PAGINATED_LIMIT",
        "GET /api/todos (200) ?_limit",
        GET_PAGINATION,
        "Limit the page to 8 todos.",
        (_hint("`?_limit=8`. With fewer than 8 todos you simply get all of them."),),
        attempt=(method_is("GET"), route(TODOS), limit_is(8)),
        credit=(status(200), page_of(8, 0)),
    ),
    _c(
        "GET_TODOS_PAGINATED_LIMIT_OFFSET",
        "GET /api/todos (200) ?_limit&_offset",
        GET_PAGINATION,
        "Fetch 5 todos, skipping the first 5.",
        (_hint("`_offset` counts from zero: `?_limit=5&_offset=5`."),),
        attempt=(method_is("GET"), route(TODOS), limit_is(5), offset_given()),
        credit=(offset_is(5), status(200), page_of(5, 5)),
    ),
    _c(
        "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
        "GET /api/todos (400) ?_limit too high",
        GET_PAGINATION,
        "Ask for a bigger page than the API allows (more than 20) and get a 400.",
        (_hint("`?_limit=21` is one too many; read the error message in the response."),),
        # A page of 20 is the nearest miss; smaller pages are other challenges' attempts.
        attempt=(method_is("GET"), route(TODOS), limit_at_least(20)),
        credit=(limit_above(20),),
    ),
    _c(
        "GET_TODOS_PAGINATED_SORTED",
        "GET /api/todos (200) ?_sortBy&_limit&_offset",
        GET_PAGINATION,
        "Sort by id from highest to lowest and fetch the second page of 5.",
        (_hint("`?_sortBy=-id&_limit=5&_offset=5`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by(), limit_is(5), offset_given()),
        credit=(
            sorted_by_id_descending(),
            offset_is(5),
            status(200),
            page_of(5, 5),
            ids_descending(),
        ),
    ),
    _c(
        "GET_TODOS_PAGINATED_FILTERED",
        "GET /api/todos (200) ?filter&_limit&_offset",
        GET_PAGINATION,
        "Filter to the todos that are not done, then fetch 2 of them starting at offset 1.",
        (_hint("`?doneStatus=false&_limit=2&_offset=1`."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            param_given("doneStatus"),
            limit_is(2),
            offset_given(),
        ),
        credit=(
            param_equals("doneStatus", "false"),
            offset_is(1),
            status(200),
            page_of(2, 1, among="not_done"),
            all_back_not_done(),
        ),
    ),
    # 7 HEAD Challenges
    _c(
        "GET_HEAD_TODOS",
        "HEAD /api/todos (200)",
        HEAD_SECTION,
        "Send a HEAD request to the todo collection and compare the headers with a GET.",
        (_hint("Some clients hide HEAD in a menu of extra methods; the body will be empty."),),
        attempt=(method_is("HEAD"), route(TODOS)),
        credit=(no_query(),),
    ),
    # 8 Creation Challenges with POST
    _c(
        "POST_TODOS",
        "POST /api/todos (201)",
        POST_CREATE,
        "Create a todo by POSTing a body with at least a title to `/api/todos`.",
        (
            _hint(
                'For example `{"title": "learn HTTP"}` with `Content-Type: application/json`.', DOCS
            ),
        ),
        attempt=(method_is("POST"), route(TODOS)),
        credit=(status(201),),
    ),
    _c(
        "POST_TODOS_BAD_DONE_STATUS",
        "POST /api/todos (422) doneStatus",
        POST_CREATE,
        "Try to create a todo whose `doneStatus` is not a boolean and read the validation error.",
        (_hint('A string such as `"doneStatus": "bob"` is not a boolean.'),),
        attempt=(method_is("POST"), route(TODOS), status(422)),
        credit=(says(DONE_STATUS_NOT_BOOLEAN),),
    ),
    _c(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        "POST /api/todos (422) title too long",
        POST_CREATE,
        "Try to create a todo whose title is longer than the 50 characters allowed.",
        (_hint("Count carefully: 51 characters is enough."),),
        attempt=(method_is("POST"), route(TODOS, TODO_ITEM), status(422)),
        credit=(says(VALIDATION_PREFIX + too_long("title", TITLE_MAX)),),
    ),
    _c(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        "POST /api/todos (422) description too long",
        POST_CREATE,
        "Try to create a todo whose description is longer than the 200 characters allowed.",
        (_hint("A text generator or a repeated word helps to reach 201 characters."),),
        attempt=(method_is("POST"), route(TODOS, TODO_ITEM), status(422)),
        credit=(says(VALIDATION_PREFIX + too_long("description", DESCRIPTION_MAX)),),
    ),
    _c(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        "POST /api/todos (201) max out content",
        POST_CREATE,
        "Create a todo whose title and description are both exactly as long as allowed: 50 "
        "and 200 characters.",
        (
            _hint(
                "Boundary values are where bugs hide: test the exact maximum, not just beyond it."
            ),
        ),
        attempt=(
            method_is("POST"),
            route(TODOS),
            status(201),
            created_at_a_maximum(TITLE_MAX, DESCRIPTION_MAX),
        ),
        credit=(
            created_length("title", TITLE_MAX),
            created_length("description", DESCRIPTION_MAX),
            location_names_the_todo(),
        ),
    ),
    _c(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        "POST /api/todos (413) content too long",
        POST_CREATE,
        "Send a request body larger than the 5000 characters the API accepts and get a 413.",
        (_hint("Pad the description with a few thousand characters."),),
        attempt=(method_is("POST"), route(TODOS), large_body(4000)),
        credit=(status(413), says_body_too_large(BODY_TOO_LARGE)),
    ),
    _c(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        "POST /api/todos (422) extra",
        POST_CREATE,
        "Try to create a todo with a field the API does not know, such as `priority`.",
        (_hint("The error message names the field it could not find."),),
        attempt=(method_is("POST"), route(TODOS), status(422)),
        credit=(says(UNKNOWN_FIELD),),
    ),
    # 9 Creation Challenges with PUT
    _c(
        "PUT_TODOS_422",
        "PUT /api/todos/{id} (422)",
        PUT_CREATE,
        "Try to create a todo with PUT at an id that does not exist, with an `id` in the body. "
        "The API refuses because it assigns ids itself.",
        (_hint("Use an unused id in the URL and put the same id in the JSON body."),),
        # A refused PUT (404 or 422) is an attempt at each of the PUT refusals.
        attempt=(method_is("PUT"), route(TODO_ITEM), status(404, 422)),
        credit=(status(422), says(PUT_CANNOT_CREATE)),
    ),
    # 10 Update Challenges with POST
    _c(
        "POST_UPDATE_TODO",
        "POST /api/todos/{id} (200)",
        POST_UPDATE,
        "Change an existing todo by POSTing only the fields you want to change to its URL.",
        (_hint('`{"title": "a better title"}` leaves the other fields as they were.'),),
        attempt=(method_is("POST"), route(TODO_ITEM)),
        credit=(status(200),),
    ),
    _c(
        "POST_TODOS_404",
        "POST /api/todos/{id} (404)",
        POST_UPDATE,
        "POST an update to a todo id that does not exist and get a 404.",
        (_hint("POST to an item URL amends; it never creates."),),
        attempt=(method_is("POST"), route(TODO_ITEM), status(404, 422)),
        credit=(status(404), no_such_todo()),
    ),
    # 11 Update Challenges with PUT
    _c(
        "PUT_TODOS_FULL_200",
        "PUT /api/todos/{id} full (200)",
        PUT_UPDATE,
        "Replace an existing todo with PUT, sending title, description and doneStatus.",
        (_hint("PUT the whole representation, not just the changes."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), status(200)),
        credit=(body_mentions("doneStatus", "description"),),
    ),
    _c(
        "PUT_TODOS_PARTIAL_200",
        "PUT /api/todos/{id} partial (200)",
        PUT_UPDATE,
        "Replace an existing todo with PUT, sending only the mandatory title.",
        (_hint("Look at what happened to the fields you left out."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), status(200)),
        credit=(body_lacks("doneStatus"), body_lacks("description")),
    ),
    _c(
        "PUT_TODOS_BODY_ID_200",
        "PUT /api/todos body id (200)",
        PUT_UPDATE,
        "Update a todo with a PUT to `/api/todos` (no id in the URL) and the id of an existing "
        "todo in the body.",
        (_hint("The body needs an `id` as well as a `title`."),),
        attempt=(method_is("PUT"), route(TODOS)),
        credit=(body_has_id(), status(200)),
    ),
    _c(
        "PUT_TODOS_ID_NO_BODY_ID_200",
        "PUT /api/todos/{id} no body id (200)",
        PUT_UPDATE,
        "Update a todo with the id in the URL only, not in the body.",
        (_hint("The URL already says which todo you mean."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), status(200)),
        credit=(body_has_no_id(),),
    ),
    _c(
        "PUT_TODOS_MISSING_TITLE_422",
        "PUT /api/todos/{id} no title (422)",
        PUT_UPDATE,
        "PUT a replacement for a todo without a title and read the validation error.",
        (_hint("A full replacement must include every mandatory field."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), status(404, 422)),
        credit=(status(422), says(MANDATORY_TITLE)),
    ),
    _c(
        "PUT_TODOS_NO_ID_422",
        "PUT /api/todos no id (422)",
        PUT_UPDATE,
        "PUT to `/api/todos` with no id anywhere, neither in the URL nor in the body.",
        (_hint("Without an id the API cannot tell which todo to replace."),),
        attempt=(method_is("PUT"), route(TODOS)),
        credit=(body_has_no_id(), status(422)),
    ),
    _c(
        "PUT_TODOS_ID_NOT_FOUND_404",
        "PUT /api/todos/{id} not found (404)",
        PUT_UPDATE,
        "PUT to a todo id that does not exist, without an id in the body, and get a 404.",
        (_hint("Compare the outcome with the PUT creation challenge, where the body had an id."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), status(404, 422)),
        credit=(body_has_no_id(), status(404)),
    ),
    _c(
        "PUT_TODOS_422_NO_AMEND_ID",
        "PUT /api/todos/{id} no amend id (422)",
        PUT_UPDATE,
        "PUT to an existing todo with a different id in the body; ids cannot be changed.",
        (_hint('URL `/api/todos/1` with `"id": 2` in the body.'),),
        attempt=(method_is("PUT"), route(TODO_ITEM), status(404, 422)),
        credit=(status(422), says(AMEND_ID)),
    ),
    # 12 DELETE Challenges
    _c(
        "DELETE_A_TODO",
        "DELETE /api/todos/{id} (204)",
        DELETE_SECTION,
        "Delete an existing todo, then check that it has gone.",
        (_hint("A GET on the same URL afterwards should give a 404."),),
        attempt=(method_is("DELETE"), route(TODO_ITEM)),
        credit=(status(204),),
    ),
    # 13 QUERY Challenges
    _c(
        "QUERY_TODOS_FILTERED",
        "QUERY /api/todos (200)",
        QUERY_SECTION,
        "Send a QUERY request whose form-encoded body selects the todos that are done. Your "
        "list must hold both done and not-done todos.",
        (
            _hint(
                "`Content-Type: application/x-www-form-urlencoded` with the body "
                "`doneStatus=true`.",
                DOCS,
            ),
            _hint("Query parameters in the URL do not count here: the body must carry them."),
        ),
        attempt=(method_is("QUERY"), route(TODOS), content_type_in(FORM)),
        credit=(form_filter_done(), status(200), store_has_done_and_not_done()),
    ),
    _c(
        "QUERY_TODOS_JSONPATH_FILTERED",
        "QUERY /api/todos (200) JSONPath",
        QUERY_SECTION,
        "Send a QUERY request with a JSONPath expression that selects only the done todos.",
        (
            _hint(
                "`Content-Type: application/jsonpath` with a body such as "
                "`$.todos[?(@.doneStatus == true)]`.",
                DOCS,
            ),
        ),
        attempt=(method_is("QUERY"), route(TODOS), content_type_in(JSONPATH)),
        credit=(
            body_mentions("doneStatus", "true"),
            status(200),
            store_has_done_and_not_done(),
            all_back_done(),
        ),
    ),
    _c(
        "QUERY_TODOS_STRUCTURED_JSON_FILTERED",
        "QUERY /api/todos (200) Structured JSON",
        QUERY_SECTION,
        "Send a QUERY request with a structured JSON query document that selects only the done "
        "todos.",
        (
            _hint(
                "`Content-Type: application/vnd.service.query+json` with "
                '`{"filter": {"doneStatus": true}}`.',
                DOCS,
            ),
        ),
        attempt=(method_is("QUERY"), route(TODOS), content_type_in(*STRUCTURED_QUERY_TYPES)),
        credit=(
            structured_filter_done(),
            status(200),
            store_has_done_and_not_done(),
            all_back_done(),
        ),
    ),
    # 14 PATCH Challenges
    _c(
        "PATCH_TODOS_PARTIAL_200",
        "PATCH /api/todos/{id} (200) partial",
        PATCH_SECTION,
        "PATCH an existing todo with a JSON object holding only the fields to change.",
        (_hint('`Content-Type: application/json` and, say, `{"doneStatus": true}`.'),),
        attempt=(method_is("PATCH"), route(TODO_ITEM), content_type_in(JSON)),
        credit=(status(200),),
    ),
    _c(
        "PATCH_TODOS_MERGE_PATCH_200",
        "PATCH /api/todos/{id} (200) merge-patch",
        PATCH_SECTION,
        "PATCH an existing todo with a JSON Merge Patch document (RFC 7396).",
        (
            _hint(
                "`Content-Type: application/merge-patch+json`; the body looks like the partial "
                "object."
            ),
        ),
        attempt=(method_is("PATCH"), route(TODO_ITEM), content_type_in(MERGE_PATCH)),
        credit=(status(200),),
    ),
    _c(
        "PATCH_TODOS_JSON_PATCH_200",
        "PATCH /api/todos/{id} (200) json-patch",
        PATCH_SECTION,
        "PATCH an existing todo with a list of JSON Patch operations (RFC 6902).",
        (
            _hint(
                "`Content-Type: application/json-patch+json` with "
                '`[{"op": "replace", "path": "/title", "value": "new"}]`.'
            ),
        ),
        attempt=(method_is("PATCH"), route(TODO_ITEM), content_type_in(JSON_PATCH)),
        credit=(status(200),),
    ),
    # 15 OPTIONS Challenges
    _c(
        "OPTIONS_TODOS",
        "OPTIONS /api/todos (200)",
        OPTIONS_SECTION,
        "Send OPTIONS to `/api/todos` and read the `Allow` header to see which verbs it supports.",
        (_hint("The useful part of this response is in the headers, not the body."),),
        attempt=(method_is("OPTIONS"), route(TODOS, TODO_ITEM)),
        credit=(route(TODOS), status(200)),
    ),
    # 16 Accept Challenges
    _c(
        "GET_ACCEPT_XML",
        "GET /api/todos (200) XML",
        ACCEPT_SECTION,
        "Ask for the todo list as XML with `Accept: application/xml`.",
        (_hint("Check the response Content-Type as well as the body."),),
        # `*/*` (curl's and Postman's default) allows XML too: only an XML answer makes a
        # plain list read an attempt here, so those clients' reads record nothing.
        attempt=(method_is("GET"), route(TODOS), accepts_xml(), response_type(XML)),
        credit=(no_query(), status(200)),
    ),
    _c(
        "GET_ACCEPT_JSON",
        "GET /api/todos (200) JSON",
        ACCEPT_SECTION,
        "Ask for the todo list as JSON with `Accept: application/json`.",
        (_hint("JSON is also the default, but this time say so explicitly."),),
        attempt=(method_is("GET"), route(TODOS), asks_for(JSON)),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    _c(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        "GET /api/todos (200) ANY",
        ACCEPT_SECTION,
        "Send `Accept: */*` and see which format the API picks when anything will do.",
        (_hint("The server falls back to its preferred format."),),
        attempt=(method_is("GET"), route(TODOS), asks_for("*/*")),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    _c(
        "GET_ACCEPT_XML_PREFERRED",
        "GET /api/todos (200) XML pref",
        ACCEPT_SECTION,
        "List both XML and JSON in `Accept`, XML first, and receive XML.",
        (
            _hint(
                "`Accept: application/xml, application/json`: with equal q-values the first "
                "listed wins."
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), accepts_xml(), asks_for(JSON)),
        credit=(no_query(), xml_wins_negotiation(), status(200), response_type(XML)),
    ),
    _c(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        "GET /api/todos (200) no accept",
        ACCEPT_SECTION,
        "Send no `Accept` header at all and receive the default format, JSON.",
        (_hint("Many clients add an Accept header on their own; remove or blank it."),),
        attempt=(method_is("GET"), route(TODOS), header_absent("Accept")),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    _c(
        "GET_UNSUPPORTED_ACCEPT_406",
        "GET /api/todos (406)",
        ACCEPT_SECTION,
        "Ask for a format the API cannot produce, such as `application/gzip`, and get a 406.",
        (_hint("406 means Not Acceptable: no format in your Accept header is available."),),
        attempt=(method_is("GET"), route(TODOS), accept_unknown()),
        credit=(no_query(), status(406)),
    ),
    _c(
        "GET_TODO_ACCEPT_TEXT_CALENDAR",
        "GET /api/todos/{id} (200) text/calendar",
        ACCEPT_SECTION,
        "Fetch one existing todo as an iCalendar task with `Accept: text/calendar`.",
        (_hint("Only single todos can be rendered as a calendar entry, not the whole list."),),
        attempt=(method_is("GET"), route(TODO_ITEM), asks_for(CALENDAR)),
        credit=(ranks_first(CALENDAR), status(200), response_type(CALENDAR)),
    ),
    # 17 Advanced Accept Challenges
    _c(
        "GET_ACCEPT_XML_Q_PREFERRED",
        "GET /api/todos (200) q XML preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer XML over JSON: "
        "`Accept: application/json;q=0.5, application/xml;q=1`.",
        (_hint("A higher q-value wins, whatever the order in the header."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/json;q=0.5, application/xml;q=1"),
        ),
        credit=(no_query(), status(200), response_type(XML)),
    ),
    _c(
        "GET_ACCEPT_JSON_Q_PREFERRED",
        "GET /api/todos (200) q JSON preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer JSON over XML: "
        "`Accept: application/xml;q=0.5, application/json;q=1`.",
        (_hint("The header must list exactly these two types with these q-values."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/xml;q=0.5, application/json;q=1"),
        ),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    _c(
        "GET_ACCEPT_Q_REJECTS_ALL_406",
        "GET /api/todos (406) q rejects all",
        ADVANCED_ACCEPT,
        "Give every format the API supports a q-value of 0 and get a 406: "
        "`Accept: application/json;q=0, application/xml;q=0`.",
        (_hint('q=0 means "not acceptable", not "least preferred".'),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/json;q=0, application/xml;q=0"),
        ),
        credit=(no_query(), status(406)),
    ),
    _c(
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
        "GET /api/todos (406) unsupported +json",
        ADVANCED_ACCEPT,
        "Ask for a structured `+json` type such as `application/problem+json` and get a 406: "
        "it is not plain JSON.",
        (_hint("`application/*+json` counts too."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/problem+json", "application/*+json"),
        ),
        credit=(no_query(), status(406)),
    ),
    _c(
        "GET_ACCEPT_TEXT_XML",
        "GET /api/todos (200) text/xml",
        ADVANCED_ACCEPT,
        "Ask for `text/xml`, the other common XML media type, and receive XML labelled as such.",
        (_hint("Compare the Content-Type of the response with the application/xml one."),),
        attempt=(method_is("GET"), route(TODOS), accept_is("text/xml")),
        credit=(no_query(), status(200), response_type("text/xml")),
    ),
    _c(
        "GET_ACCEPT_VENDOR_XML",
        "GET /api/todos (200) vendor XML",
        ADVANCED_ACCEPT,
        "Ask for the vendor type `application/vnd.apichallenges.todo+xml`; the API honours "
        "types that name the todo model.",
        (_hint("The response Content-Type echoes the vendor type you asked for."),),
        attempt=(method_is("GET"), route(TODOS), accept_is(VENDOR_TODO_XML)),
        credit=(no_query(), status(200), response_type(VENDOR_TODO_XML)),
    ),
    _c(
        "GET_ACCEPT_STRUCTURED_XML_WILDCARD",
        "GET /api/todos (200) structured XML wildcard",
        ADVANCED_ACCEPT,
        "Send `Accept: application/*+xml` and see which structured XML type the API chooses.",
        (_hint("Look at the Content-Type the server picked for you."),),
        attempt=(method_is("GET"), route(TODOS), accept_is("application/*+xml")),
        credit=(no_query(), status(200), response_type("application/todo+xml")),
    ),
    # 18 Content-Type Challenges
    _c(
        "POST_CREATE_XML",
        "POST /api/todos XML",
        CONTENT_TYPE_SECTION,
        "Create a todo with an XML body and ask for an XML response.",
        (
            _hint(
                "`Content-Type: application/xml`, `Accept: application/xml` and a body like "
                "`<todo><title>from xml</title></todo>`."
            ),
        ),
        attempt=(method_is("POST"), route(TODOS), content_type_in(*XML_REQUEST_TYPES)),
        credit=(status(201), response_type(XML)),
    ),
    _c(
        "POST_CREATE_JSON",
        "POST /api/todos JSON",
        CONTENT_TYPE_SECTION,
        "Create a todo with a JSON body and ask for a JSON response.",
        (_hint("Set both `Content-Type` and `Accept` to `application/json`."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(JSON), asks_for(JSON)),
        credit=(status(201), response_type(JSON)),
    ),
    _c(
        "POST_CREATE_VENDOR_XML",
        "POST /api/todos vendor XML",
        CONTENT_TYPE_SECTION,
        "Create a todo with an XML body declared as "
        "`Content-Type: application/vnd.apichallenges.todo+xml`.",
        (_hint("The body is an ordinary `<todo>` document; any response format will do."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(VENDOR_TODO_XML)),
        credit=(status(201),),
    ),
    _c(
        "POST_TODOS_415",
        "POST /api/todos (415)",
        CONTENT_TYPE_SECTION,
        "Create a todo with a Content-Type the API cannot read, such as `text/plain`, and get "
        "a 415.",
        (
            _hint(
                "415 means Unsupported Media Type: it is about what you sent, not what you "
                "asked for."
            ),
        ),
        attempt=(method_is("POST"), route(TODOS), unreadable_content_type()),
        credit=(status(415),),
    ),
    # 19 Content-Disposition Challenges
    _c(
        "GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) CSV download",
        CONTENT_DISPOSITION,
        "Download your todos as a CSV file from `/api/todos/export`.",
        (
            _hint(
                "Choose the format with `?format=csv` and read the Content-Disposition header.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS_EXPORT)),
        credit=(status(200), attachment_named("todos.csv")),
    ),
    _c(
        "GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) HTML download",
        CONTENT_DISPOSITION,
        "Download your todos as an HTML file from `/api/todos/export`.",
        (_hint("`?format=html`."),),
        attempt=(method_is("GET"), route(TODOS_EXPORT)),
        credit=(status(200), attachment_named("todos.html")),
    ),
    _c(
        "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) tab-delimited download",
        CONTENT_DISPOSITION,
        "Download your todos as a tab-separated file from `/api/todos/export`.",
        (_hint("`?format=tsv` (or `tab`)."),),
        attempt=(method_is("GET"), route(TODOS_EXPORT)),
        credit=(status(200), attachment_named("todos.tsv")),
    ),
    # 20 Fancy a Break? Restore your session
    _c(
        "GET_RESTORE_EXISTING_CHALLENGER",
        "GET /api/challenger/guid (200)",
        RESTORE_SECTION,
        "Come back to an earlier session by fetching `/api/challenger/{guid}` with its GUID.",
        (
            _hint(
                "Keep your GUID somewhere safe; any session the server still holds can be fetched.",
                DASHBOARD,
            ),
        ),
        attempt=(method_is("GET", "HEAD"), route(CHALLENGER_GUID, CHALLENGER_DATABASE)),
        credit=(method_is("GET"), status(200)),
        modes=_MULTI_ONLY,
    ),
    _c(
        "POST_RESTORE_EXISTING_CHALLENGER",
        "POST /api/challenger (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Resume an earlier session by POSTing to `/api/challenger` with its GUID in "
        "`X-CHALLENGER`.",
        (_hint("An existing GUID gets a 200 instead of a brand new session."),),
        attempt=(method_is("POST"), route(CHALLENGER), x_challenger_sent()),
        credit=(status(200), restores_the_sent_session()),
        modes=_MULTI_ONLY,
    ),
    _c(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "GET /api/challenger/guid (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Download your own progress: GET `/api/challenger/{guid}` with the same GUID in the "
        "URL and in `X-CHALLENGER`.",
        (_hint("Save the response body: it is what you PUT back to restore progress."),),
        attempt=(method_is("GET"), route(CHALLENGER_GUID)),
        credit=(url_names_own_session(),),
    ),
    _c(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid RESTORE",
        RESTORE_SECTION,
        "Put saved progress back: PUT the progress document to `/api/challenger/{guid}` for an "
        "existing session.",
        (_hint("Use the body from the progress download unchanged."),),
        attempt=(method_is("PUT"), route(CHALLENGER_GUID)),
        credit=(status(200),),
    ),
    _c(
        "PUT_CHALLENGER_GUID_MISMATCH_409",
        "PUT /api/challenger/guid (409) mismatch",
        RESTORE_SECTION,
        "PUT a progress document whose `xChallenger` differs from the GUID in the URL and get "
        "a 409 Conflict.",
        (_hint("Put your own GUID in the body and a different one in the URL."),),
        attempt=(method_is("PUT"), route(CHALLENGER_GUID)),
        credit=(status(409), says(GUID_MISMATCH)),
    ),
    _c(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid CREATE",
        RESTORE_SECTION,
        "Create a session from a progress document: PUT it to `/api/challenger/{guid}` for a "
        "GUID the server does not have.",
        (_hint("Use a fresh UUID in both the URL and the body's `xChallenger`; expect 201."),),
        attempt=(method_is("PUT"), route(CHALLENGER_GUID)),
        credit=(status(201),),
        modes=_MULTI_ONLY,
    ),
    _c(
        "GET_RESTORABLE_TODOS",
        "GET /api/challenger/database/guid (200)",
        RESTORE_SECTION,
        "Download a copy of your todos from `/api/challenger/database/{guid}`.",
        (_hint("Save the body: it can be PUT back to restore your todos later."),),
        attempt=(method_is("GET", "HEAD"), route(CHALLENGER_DATABASE)),
        credit=(method_is("GET"), status(200)),
    ),
    _c(
        "PUT_RESTORABLE_TODOS",
        "PUT /api/challenger/database/guid (Update)",
        RESTORE_SECTION,
        "Restore your todos by PUTting a saved copy to `/api/challenger/database/{guid}`.",
        (_hint("The upload replaces every todo in the session; success is a 204."),),
        attempt=(method_is("PUT"), route(CHALLENGER_DATABASE)),
        credit=(status(204),),
    ),
    # 21 Mix Accept and Content-Type Challenges
    _c(
        "POST_CREATE_XML_ACCEPT_JSON",
        "POST /api/todos XML to JSON",
        MIXED_FORMATS,
        "Create a todo with an XML body and ask for the response as JSON.",
        (_hint("`Content-Type: application/xml` with `Accept: application/json`."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(*XML_REQUEST_TYPES)),
        credit=(asks_for(JSON), status(201), response_type(JSON)),
    ),
    _c(
        "POST_CREATE_JSON_ACCEPT_XML",
        "POST /api/todos JSON to XML",
        MIXED_FORMATS,
        "Create a todo with a JSON body and ask for the response as XML.",
        (_hint("`Content-Type: application/json` with `Accept: application/xml`."),),
        # Without an Accept header the answer is JSON: such a create is no attempt here.
        attempt=(method_is("POST"), route(TODOS), content_type_in(JSON), header_present("Accept")),
        credit=(status(201), response_type(XML)),
    ),
    # 22 Status Code Challenges
    _c(
        "DELETE_HEARTBEAT_405",
        "DELETE /api/heartbeat (405)",
        STATUS_CODES,
        "DELETE the heartbeat endpoint, which does not allow it, and get a 405.",
        (_hint("405 means the resource exists but not for this method."),),
        # Any method on the heartbeat tries one of its status codes; the method decides.
        attempt=(route(HEARTBEAT),),
        credit=(method_is("DELETE"),),
    ),
    _c(
        "PATCH_HEARTBEAT_500",
        "PATCH /api/heartbeat (500)",
        STATUS_CODES,
        "PATCH the heartbeat endpoint and see a 500 Server Error.",
        (_hint("This server error is deliberate: it is here so you can see one."),),
        attempt=(route(HEARTBEAT),),
        credit=(method_is("PATCH"),),
    ),
    _c(
        "TRACE_HEARTBEAT_501",
        "TRACE /api/heartbeat (501)",
        STATUS_CODES,
        "Send TRACE to the heartbeat endpoint and get 501 Not Implemented.",
        (
            _hint(
                "Not every client offers TRACE; a command-line client such as curl does "
                "(`-X TRACE`)."
            ),
        ),
        attempt=(route(HEARTBEAT),),
        credit=(method_is("TRACE"),),
    ),
    _c(
        "GET_HEARTBEAT_204",
        "GET /api/heartbeat (204)",
        STATUS_CODES,
        "GET the heartbeat endpoint and get 204 No Content: the server is alive.",
        (_hint("A 204 is a success with an empty body."),),
        attempt=(route(HEARTBEAT),),
        credit=(method_is("GET"),),
    ),
    _c(
        "X_CHALLENGER_TOO_LONG_431",
        "GET /api/heartbeat (431) X-CHALLENGER too long",
        STATUS_CODES,
        "GET the heartbeat endpoint with an `X-CHALLENGER` header longer than 100 characters "
        "that starts with your real GUID, and get a 431.",
        (_hint("Append extra characters to your GUID until the value is over 100 long."),),
        attempt=(route(HEARTBEAT), x_challenger_longer_than(MAX_GUID_HEADER)),
        credit=(method_is("GET"), status(431)),
    ),
    # 23 HTTP Method Override Challenges
    _c(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        "POST /api/heartbeat as DELETE (405)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: DELETE` and get the 405 "
        "a DELETE would get.",
        (_hint("The mirror shows which method the server ends up using.", MIRROR),),
        attempt=(route(HEARTBEAT), override_sent()),
        credit=(override_is("DELETE"),),
    ),
    _c(
        "OVERRIDE_PATCH_HEARTBEAT_500",
        "POST /api/heartbeat as PATCH (500)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: PATCH` and get the 500 "
        "a PATCH would get.",
        (_hint("Only the header changes; the request line still says POST."),),
        attempt=(route(HEARTBEAT), override_sent()),
        credit=(override_is("PATCH"),),
    ),
    _c(
        "OVERRIDE_TRACE_HEARTBEAT_501",
        "POST /api/heartbeat as Trace (501)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: TRACE` and get the 501 "
        "a TRACE would get.",
        (_hint("Handy when your client cannot send TRACE itself."),),
        attempt=(route(HEARTBEAT), override_sent()),
        credit=(override_is("TRACE"),),
    ),
    # 24 Authentication Challenges
    _c(
        "CREATE_SECRET_TOKEN_401",
        "POST /api/secret/token (401)",
        AUTHENTICATION,
        "POST to `/api/secret/token` with Basic credentials that are wrong and get a 401.",
        (
            _hint(
                "Most clients have a Basic auth option; any username and password other than "
                "the right ones will do."
            ),
        ),
        attempt=(method_is("POST"), route(SECRET_TOKEN), authorization_sent()),
        credit=(authorization_longer_than(10), status(401)),
    ),
    _c(
        "CREATE_SECRET_TOKEN_201",
        "POST /api/secret/token (201)",
        AUTHENTICATION,
        "POST to `/api/secret/token` with Basic credentials `admin` / `password` and receive "
        "your token in the `X-AUTH-TOKEN` response header.",
        (_hint("Keep the token: the authorization challenges need it."),),
        attempt=(method_is("POST"), route(SECRET_TOKEN), authorization_sent()),
        credit=(authorization_longer_than(10), status(201)),
    ),
    # 25 Authorization Challenges
    _c(
        "GET_SECRET_NOTE_403",
        "GET /api/secret/note (403)",
        AUTHORIZATION,
        "GET `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token and get a 403.",
        (_hint("403 means the server knows who you claim to be and still says no."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), auth_token_sent()),
        credit=(auth_token_longer_than(1), status(403)),
    ),
    _c(
        "GET_SECRET_NOTE_401",
        "GET /api/secret/note (401)",
        AUTHORIZATION,
        "GET `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (_hint("401 means the server does not know who you are."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), no_auth_token()),
        credit=(status(401),),
    ),
    _c(
        "GET_SECRET_NOTE_200",
        "GET /api/secret/note (200)",
        AUTHORIZATION,
        "GET `/api/secret/note` with your token in `X-AUTH-TOKEN` and read your note.",
        (_hint("Use the token from the 201 secret token response."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), auth_token_sent()),
        credit=(status(200),),
    ),
    _c(
        "POST_SECRET_NOTE_200",
        "POST /api/secret/note (200)",
        AUTHORIZATION,
        'Store a note by POSTing `{"note": "..."}` to `/api/secret/note` with your token '
        "in `X-AUTH-TOKEN`. Notes keep at most 100 characters.",
        (_hint("Send the note as JSON with `Content-Type: application/json`."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), auth_token_sent()),
        credit=(note_body(), status(200)),
    ),
    _c(
        "POST_SECRET_NOTE_401",
        "POST /api/secret/note (401)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (_hint("Keep the JSON note body; just leave the token out."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), no_auth_token()),
        credit=(note_body(), status(401)),
    ),
    _c(
        "POST_SECRET_NOTE_403",
        "POST /api/secret/note (403)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token "
        "and get a 403.",
        (_hint("Change a character of your token to make it wrong."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), auth_token_sent()),
        credit=(auth_token_longer_than(1), note_body(), status(403)),
    ),
    _c(
        "GET_SECRET_NOTE_BEARER_200",
        "GET /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Read your note presenting the token as `Authorization: Bearer <token>` instead of "
        "`X-AUTH-TOKEN`.",
        (_hint("Many clients have a Bearer token option under their auth settings."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), status(200)),
    ),
    _c(
        "POST_SECRET_NOTE_BEARER_200",
        "POST /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Store a JSON note presenting the token as `Authorization: Bearer <token>`.",
        (_hint("Same body as before; only the way you send the token changes."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), note_body(), status(200)),
    ),
    # 26 Miscellaneous Challenges
    _c(
        "DELETE_ALL_TODOS",
        "DELETE /api/todos/{id} (204) all",
        MISCELLANEOUS,
        "Delete todos until none are left.",
        (_hint("List the ids and delete them one by one; the last DELETE completes this."),),
        # Only the last deletes are attempts: deleting one todo of ten is DELETE_A_TODO.
        attempt=(method_is("DELETE"), route(TODO_ITEM), status(204), store_at_most(3)),
        credit=(store_is_empty(),),
    ),
    _c(
        "POST_ALL_TODOS",
        "POST /api/todos (409) max todos",
        MISCELLANEOUS,
        "Keep creating todos until the list is full (20 todos), then try one more and get a 409.",
        (_hint("A collection runner or a small loop saves a lot of clicking."),),
        attempt=(method_is("POST"), route(TODOS), list_is_full()),
        credit=(status(409), says_max_todos()),
    ),
)
# Old keys from when these challenges expected 400: saved progress under them still counts.
DEPRECATED_KEYS: dict[str, str] = {
    "PUT_TODOS_400": "PUT_TODOS_422",
    "PUT_TODOS_MISSING_TITLE_400": "PUT_TODOS_MISSING_TITLE_422",
    "PUT_TODOS_400_NO_AMEND_ID": "PUT_TODOS_422_NO_AMEND_ID",
}


# --------------------------------------------------------------------------- lookups


@dataclass
class Judgement:
    """What one exchange did to a set of challenges: keys credited, and near misses
    (key → the first unmet credit condition's explanation)."""

    credited: set[str] = field(default_factory=set)
    near_misses: dict[str, str] = field(default_factory=dict)


RouteIndex = dict[tuple[str, str], tuple[Challenge, ...]]


class Catalogue:
    """A tuple of challenge declarations and every lookup on it.

    The route index maps (method, route shape) to the challenges an attempt on that route
    can be at (`ANY_METHOD` holds those whose attempt names no method), so a request costs
    one shape classification, two dict look-ups and the conditions of its route's
    challenges. `open_candidates` also drops those the request cannot attempt because it
    lacks what they need (a query, an Accept header ...), without building an Exchange.
    """

    def __init__(
        self, challenges: tuple[Challenge, ...], deprecated_keys: Mapping[str, str] | None = None
    ) -> None:
        self.challenges = challenges
        self.deprecated_keys = dict(deprecated_keys or {})
        self._old_key_for = {new: old for old, new in self.deprecated_keys.items()}
        self._by_key = {c.key: c for c in challenges}
        if len(self._by_key) != len(challenges):
            raise ValueError("two challenges share a key")
        self._needed = frozenset().union(*(c.needs for c in challenges))
        self._for_mode: dict[str, tuple[Challenge, ...]] = {}
        self._display_ids: dict[str, dict[str, str]] = {}
        self._indexes: dict[str, RouteIndex] = {}
        # Methods are whatever clients send: bounded, not unbounded.
        self._carried_candidates = lru_cache(maxsize=1024)(self._find_carried_candidates)

    # ------------------------------------------------------------------- modes and keys

    def challenges_for(self, mode: str) -> tuple[Challenge, ...]:
        """The challenges offered in `mode`, in display order."""
        found = self._for_mode.get(mode)
        if found is None:
            if mode not in MODES:
                raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")
            found = tuple(c for c in self.challenges if mode in c.modes)
            self._for_mode[mode] = found
        return found

    def display_id(self, key: str, mode: str) -> str:
        """Zero-padded position of `key` in `mode`'s list; KeyError if not offered there."""
        ids = self._display_ids.get(mode)
        if ids is None:
            ids = {c.key: f"{n:02d}" for n, c in enumerate(self.challenges_for(mode), start=1)}
            self._display_ids[mode] = ids
        return ids[key]

    def by_key(self, key: str) -> Challenge:
        """The challenge with this key (any mode); KeyError if there is none."""
        return self._by_key[key]

    def keys_for(self, mode: str) -> tuple[str, ...]:
        return tuple(c.key for c in self.challenges_for(mode))

    def progress_status(self, progress: Mapping[str, Any], mode: str) -> dict[str, bool]:
        """Challenge key → done, for every challenge of `mode`, in display order.

        A key missing from `progress` falls back to its deprecated predecessor (A.5), so
        progress saved before those challenges moved from 400 to 422 still counts.
        """
        status_of: dict[str, bool] = {}
        for key in self.keys_for(mode):
            if key in progress:
                status_of[key] = is_done(progress[key])
            else:
                old = self._old_key_for.get(key)
                status_of[key] = old is not None and is_done(progress.get(old))
        return status_of

    # ------------------------------------------------------------------- the route index

    def route_index(self, mode: str) -> RouteIndex:
        """(method, route shape) → challenges an attempt there can be at, in display order."""
        index = self._indexes.get(mode)
        if index is None:
            found: dict[tuple[str, str], list[Challenge]] = {}
            for challenge in self.challenges_for(mode):
                for where in challenge.routes:
                    found.setdefault(where, []).append(challenge)
            index = {where: tuple(them) for where, them in found.items()}
            self._indexes[mode] = index
        return index

    def candidates(self, exchange: Exchange) -> tuple[Challenge, ...]:
        """The challenges worth judging for this exchange."""
        return self._shape_candidates(exchange.mode, exchange.method, exchange.shape)

    def route_candidates(self, mode: str, method: str, path: str) -> tuple[Challenge, ...]:
        """The challenges a request of `method` on `path` can be an attempt at."""
        return self._shape_candidates(mode, method, route_shape(path))

    def _shape_candidates(self, mode: str, method: str, shape: str) -> tuple[Challenge, ...]:
        if shape == OTHER:
            return ()
        index = self.route_index(mode)
        return index.get((method, shape), ()) + index.get((ANY_METHOD, shape), ())

    def carries(self, query_string: str, header: Any) -> frozenset[str]:
        """Which of the things any attempt needs this request carries."""
        return request_carries(query_string, header, self._needed)

    def open_candidates(
        self,
        mode: str,
        method: str,
        path: str,
        done: Container[str],
        carried: frozenset[str],
        *,
        on_arrival: bool = False,
    ) -> tuple[Challenge, ...]:
        """Candidates this session has not completed yet that this request can attempt: it
        carries what they need (`carries`). Only `on_arrival` ones if asked.

        Most requests of a practising student attempt nothing open; then the tracker need
        not even build an Exchange.
        """
        return tuple(
            c
            for c in self._carried_candidates(mode, method, route_shape(path), carried)
            if c.key not in done and (c.on_arrival or not on_arrival)
        )

    def _find_carried_candidates(
        self, mode: str, method: str, shape: str, carried: frozenset[str]
    ) -> tuple[Challenge, ...]:
        return tuple(c for c in self._shape_candidates(mode, method, shape) if c.needs <= carried)

    # ------------------------------------------------------------------- judging

    def judge(self, exchange: Exchange, challenges: Iterable[Challenge]) -> Judgement:
        """Which of `challenges` (candidates of this exchange's route: `candidates`,
        `open_candidates`) this exchange credits, and which it nearly misses."""
        judgement = Judgement()
        for challenge in challenges:
            try:
                verdict = challenge.judge(exchange, routed=True)
                if verdict is CREDITED:
                    judgement.credited.add(challenge.key)
                elif verdict.unmet is not None:
                    judgement.near_misses[challenge.key] = verdict.reason(exchange)
            except Exception:
                # A faulty condition must never turn a student's request into a 500.
                logger.exception("conditions of %s failed", challenge.key)
        return judgement

    def completed_keys(self, exchange: Exchange) -> set[str]:
        """Keys of every challenge of `exchange.mode` that this exchange completes."""
        return self.judge(exchange, self.candidates(exchange)).credited

    def completed_on_arrival(self, exchange: Exchange) -> set[str]:
        """Keys completed by the request alone, for crediting before the response is built.

        Only challenges judged on arrival are evaluated, so the exchange's response fields
        may be blank (status 0, no body). `completed_keys` reports the same keys again once
        the response exists; crediting is idempotent.
        """
        arriving = tuple(c for c in self.candidates(exchange) if c.on_arrival)
        return self.judge(exchange, arriving).credited


def is_done(value: Any) -> bool:
    # Progress values are completion timestamps in the database and booleans in progress
    # payloads; a blank or "false" value means not done.
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        return bool(text) and text != "false"
    return value is not None and bool(value)


CATALOGUE = Catalogue(ALL_CHALLENGES, DEPRECATED_KEYS)

# This edition's lookups, by name, for the views, the admin and the tracker.
challenges_for = CATALOGUE.challenges_for
display_id = CATALOGUE.display_id
by_key = CATALOGUE.by_key
keys_for = CATALOGUE.keys_for
progress_status = CATALOGUE.progress_status
rules_by_route = CATALOGUE.route_index
candidates = CATALOGUE.candidates
route_candidates = CATALOGUE.route_candidates
open_candidates = CATALOGUE.open_candidates
completed_keys = CATALOGUE.completed_keys
completed_on_arrival = CATALOGUE.completed_on_arrival
judge = CATALOGUE.judge
carries = CATALOGUE.carries
