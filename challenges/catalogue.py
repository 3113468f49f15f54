"""The challenge catalogue: sections, challenges, names, texts and completion rules.

This module is the only place that knows challenge names and texts (`challenges.md` §A).
Everything else (the challenges API, the dashboard, the admin, the tracker) asks it.

* Keys (e.g. `GET_TODOS`) are stable and are what progress maps store.
* Display ids (`"01"`…) are positions in the mode's list, so they shift with the mode:
  multi mode offers all 99 challenges, single mode 96 (no session-restore-by-GUID ones).
* Names are exact copies of the reference's names, because client suites assert them.
* Descriptions, hints and section blurbs are written for this project.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any

from challenges import rules
from challenges.exchange import Exchange

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
    key: str
    name: str
    section: Section
    description: str
    hints: tuple[Hint, ...]
    rule: Callable[[Exchange], bool]
    modes: frozenset[str]

    @property
    def routes(self) -> tuple[rules.Route, ...]:
        """(method, route shape) pairs on which the rule can pass (see `rules.route_shape`)."""
        return rules.routes_of(self.rule)

    @cached_property
    def on_arrival(self) -> bool:
        """True for REQ rules that read only the request (see `completed_on_arrival`)."""
        return rules.judged_on_arrival(self.rule)

    @cached_property
    def needs(self) -> frozenset[str]:
        """What a request must carry for the rule to pass (`rules.needs`)."""
        return rules.needs_of(self.rule)


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


def _c(
    key: str,
    name: str,
    section: Section,
    description: str,
    hints: tuple[Hint, ...],
    rule: Callable[[Exchange], bool],
    modes: frozenset[str] = _BOTH,
) -> Challenge:
    return Challenge(key, name, section, description, hints, rule, modes)


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
        rules.create_new_challenger,
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
        rules.get_challenges,
    ),
    # 3 GET Challenges
    _c(
        "GET_TODOS",
        "GET /api/todos (200)",
        GET_SECTION,
        "Read the whole todo collection with a GET on `/api/todos`.",
        (_hint("No query string is needed: just the path and your X-CHALLENGER header."),),
        rules.get_todos,
    ),
    _c(
        "GET_TODOS_NOT_PLURAL_404",
        "GET /api/todo (404) not plural",
        GET_SECTION,
        "GET `/api/todo` (singular). There is no such endpoint, so expect a 404.",
        (_hint("Collections in this API use plural names; the singular path is not routed."),),
        rules.get_todos_not_plural_404,
    ),
    _c(
        "GET_TODO",
        "GET /api/todos/{id} (200)",
        GET_SECTION,
        "Read one todo by adding the id of an existing todo to the path.",
        (_hint("List the todos first to find an id that exists, e.g. `/api/todos/1`."),),
        rules.get_todo,
    ),
    _c(
        "GET_TODO_404",
        "GET /api/todos/{id} (404)",
        GET_SECTION,
        "Ask for a todo id that does not exist and get a 404.",
        (_hint("Pick an id well above the ones in the list, or one you deleted."),),
        rules.get_todo_404,
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
        rules.get_todos_filtered,
    ),
    _c(
        "GET_TODOS_FILTERED_ID_GREATER_THAN",
        "GET /api/todos (200) ?filter id greater than",
        GET_FILTER,
        "Filter on `id` with a greater-than comparison so that some, but not all, todos come back.",
        (_hint("Try `?id>5` (your client may need the `>` encoded as `%3E`).", DOCS),),
        rules.get_todos_filtered_id_greater_than,
    ),
    _c(
        "GET_TODOS_FILTERED_ID_LESS_THAN",
        "GET /api/todos (200) ?filter id less than",
        GET_FILTER,
        "Filter on `id` with a less-than comparison so that some, but not all, todos come back.",
        (_hint("Try `?id<5` (encoded `%3C` if your client insists).", DOCS),),
        rules.get_todos_filtered_id_less_than,
    ),
    _c(
        "GET_TODOS_FILTERED_ID_SINGLE_RESULT",
        "GET /api/todos (200) ?filter id single result",
        GET_FILTER,
        "Filter on an exact `id` so that exactly one todo comes back while the list holds several.",
        (_hint("`?id=3` returns a collection with just that todo in it."),),
        rules.get_todos_filtered_id_single_result,
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
        rules.get_todos_filtered_description_regex,
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
        rules.get_todos_filtered_description_wildcard,
    ),
    # 5 GET Sorted Challenges
    _c(
        "GET_TODOS_SORTED_ASCENDING",
        "GET /api/todos (200) ?_sortBy ascending",
        GET_SORTED,
        "Sort the todos in ascending order of a single field.",
        (_hint("`?_sortBy=title` (or `+title`) sorts A to Z.", DOCS),),
        rules.get_todos_sorted_ascending,
    ),
    _c(
        "GET_TODOS_SORTED_DESCENDING",
        "GET /api/todos (200) ?_sortBy descending",
        GET_SORTED,
        "Sort the todos in descending order of a single field.",
        (_hint("A leading minus reverses the order: `?_sortBy=-id`."),),
        rules.get_todos_sorted_descending,
    ),
    _c(
        "GET_TODOS_SORTED_MULTIPLE_FIELDS",
        "GET /api/todos (200) ?_sortBy multiple",
        GET_SORTED,
        "Sort the todos by two or more fields at once.",
        (_hint("Separate the fields with commas: `?_sortBy=doneStatus,-id`."),),
        rules.get_todos_sorted_multiple_fields,
    ),
    _c(
        "GET_TODOS_FILTERED_AND_SORTED",
        "GET /api/todos (200) ?filter&_sortBy",
        GET_SORTED,
        "Filter and sort in the same request.",
        (_hint("Combine them with `&`: `?doneStatus=false&_sortBy=-id`."),),
        rules.get_todos_filtered_and_sorted,
    ),
    # 6 GET Pagination Challenges
    _c(
        "GET_TODOS_PAGINATED_LIMIT",
        "GET /api/todos (200) ?_limit",
        GET_PAGINATION,
        "Limit the page to 8 todos.",
        (_hint("`?_limit=8`. With fewer than 8 todos you simply get all of them."),),
        rules.get_todos_paginated_limit,
    ),
    _c(
        "GET_TODOS_PAGINATED_LIMIT_OFFSET",
        "GET /api/todos (200) ?_limit&_offset",
        GET_PAGINATION,
        "Fetch 5 todos, skipping the first 5.",
        (_hint("`_offset` counts from zero: `?_limit=5&_offset=5`."),),
        rules.get_todos_paginated_limit_offset,
    ),
    _c(
        "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
        "GET /api/todos (400) ?_limit too high",
        GET_PAGINATION,
        "Ask for a bigger page than the API allows (more than 20) and get a 400.",
        (_hint("`?_limit=21` is one too many; read the error message in the response."),),
        rules.get_todos_paginated_limit_too_high,
    ),
    _c(
        "GET_TODOS_PAGINATED_SORTED",
        "GET /api/todos (200) ?_sortBy&_limit&_offset",
        GET_PAGINATION,
        "Sort by id from highest to lowest and fetch the second page of 5.",
        (_hint("`?_sortBy=-id&_limit=5&_offset=5`."),),
        rules.get_todos_paginated_sorted,
    ),
    _c(
        "GET_TODOS_PAGINATED_FILTERED",
        "GET /api/todos (200) ?filter&_limit&_offset",
        GET_PAGINATION,
        "Filter to the todos that are not done, then fetch 2 of them starting at offset 1.",
        (_hint("`?doneStatus=false&_limit=2&_offset=1`."),),
        rules.get_todos_paginated_filtered,
    ),
    # 7 HEAD Challenges
    _c(
        "GET_HEAD_TODOS",
        "HEAD /api/todos (200)",
        HEAD_SECTION,
        "Send a HEAD request to the todo collection and compare the headers with a GET.",
        (_hint("Some clients hide HEAD in a menu of extra methods; the body will be empty."),),
        rules.get_head_todos,
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
        rules.post_todos,
    ),
    _c(
        "POST_TODOS_BAD_DONE_STATUS",
        "POST /api/todos (422) doneStatus",
        POST_CREATE,
        "Try to create a todo whose `doneStatus` is not a boolean and read the validation error.",
        (_hint('A string such as `"doneStatus": "bob"` is not a boolean.'),),
        rules.post_todos_bad_done_status,
    ),
    _c(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        "POST /api/todos (422) title too long",
        POST_CREATE,
        "Try to create a todo whose title is longer than the 50 characters allowed.",
        (_hint("Count carefully: 51 characters is enough."),),
        rules.post_todos_too_long_title_length,
    ),
    _c(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        "POST /api/todos (422) description too long",
        POST_CREATE,
        "Try to create a todo whose description is longer than the 200 characters allowed.",
        (_hint("A text generator or a repeated word helps to reach 201 characters."),),
        rules.post_todos_too_long_description_length,
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
        rules.post_max_out_title_description_length,
    ),
    _c(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        "POST /api/todos (413) content too long",
        POST_CREATE,
        "Send a request body larger than the 5000 characters the API accepts and get a 413.",
        (_hint("Pad the description with a few thousand characters."),),
        rules.post_todos_too_long_payload_size,
    ),
    _c(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        "POST /api/todos (422) extra",
        POST_CREATE,
        "Try to create a todo with a field the API does not know, such as `priority`.",
        (_hint("The error message names the field it could not find."),),
        rules.post_todos_invalid_extra_field,
    ),
    # 9 Creation Challenges with PUT
    _c(
        "PUT_TODOS_422",
        "PUT /api/todos/{id} (422)",
        PUT_CREATE,
        "Try to create a todo with PUT at an id that does not exist, with an `id` in the body. "
        "The API refuses because it assigns ids itself.",
        (_hint("Use an unused id in the URL and put the same id in the JSON body."),),
        rules.put_todos_422,
    ),
    # 10 Update Challenges with POST
    _c(
        "POST_UPDATE_TODO",
        "POST /api/todos/{id} (200)",
        POST_UPDATE,
        "Change an existing todo by POSTing only the fields you want to change to its URL.",
        (_hint('`{"title": "a better title"}` leaves the other fields as they were.'),),
        rules.post_update_todo,
    ),
    _c(
        "POST_TODOS_404",
        "POST /api/todos/{id} (404)",
        POST_UPDATE,
        "POST an update to a todo id that does not exist and get a 404.",
        (_hint("POST to an item URL amends; it never creates."),),
        rules.post_todos_404,
    ),
    # 11 Update Challenges with PUT
    _c(
        "PUT_TODOS_FULL_200",
        "PUT /api/todos/{id} full (200)",
        PUT_UPDATE,
        "Replace an existing todo with PUT, sending title, description and doneStatus.",
        (_hint("PUT the whole representation, not just the changes."),),
        rules.put_todos_full_200,
    ),
    _c(
        "PUT_TODOS_PARTIAL_200",
        "PUT /api/todos/{id} partial (200)",
        PUT_UPDATE,
        "Replace an existing todo with PUT, sending only the mandatory title.",
        (_hint("Look at what happened to the fields you left out."),),
        rules.put_todos_partial_200,
    ),
    _c(
        "PUT_TODOS_BODY_ID_200",
        "PUT /api/todos body id (200)",
        PUT_UPDATE,
        "Update a todo with a PUT to `/api/todos` (no id in the URL) and the id of an existing "
        "todo in the body.",
        (_hint("The body needs an `id` as well as a `title`."),),
        rules.put_todos_body_id_200,
    ),
    _c(
        "PUT_TODOS_ID_NO_BODY_ID_200",
        "PUT /api/todos/{id} no body id (200)",
        PUT_UPDATE,
        "Update a todo with the id in the URL only, not in the body.",
        (_hint("The URL already says which todo you mean."),),
        rules.put_todos_id_no_body_id_200,
    ),
    _c(
        "PUT_TODOS_MISSING_TITLE_422",
        "PUT /api/todos/{id} no title (422)",
        PUT_UPDATE,
        "PUT a replacement for a todo without a title and read the validation error.",
        (_hint("A full replacement must include every mandatory field."),),
        rules.put_todos_missing_title_422,
    ),
    _c(
        "PUT_TODOS_NO_ID_422",
        "PUT /api/todos no id (422)",
        PUT_UPDATE,
        "PUT to `/api/todos` with no id anywhere, neither in the URL nor in the body.",
        (_hint("Without an id the API cannot tell which todo to replace."),),
        rules.put_todos_no_id_422,
    ),
    _c(
        "PUT_TODOS_ID_NOT_FOUND_404",
        "PUT /api/todos/{id} not found (404)",
        PUT_UPDATE,
        "PUT to a todo id that does not exist, without an id in the body, and get a 404.",
        (_hint("Compare the outcome with the PUT creation challenge, where the body had an id."),),
        rules.put_todos_id_not_found_404,
    ),
    _c(
        "PUT_TODOS_422_NO_AMEND_ID",
        "PUT /api/todos/{id} no amend id (422)",
        PUT_UPDATE,
        "PUT to an existing todo with a different id in the body; ids cannot be changed.",
        (_hint('URL `/api/todos/1` with `"id": 2` in the body.'),),
        rules.put_todos_422_no_amend_id,
    ),
    # 12 DELETE Challenges
    _c(
        "DELETE_A_TODO",
        "DELETE /api/todos/{id} (204)",
        DELETE_SECTION,
        "Delete an existing todo, then check that it has gone.",
        (_hint("A GET on the same URL afterwards should give a 404."),),
        rules.delete_a_todo,
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
        rules.query_todos_filtered,
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
        rules.query_todos_jsonpath_filtered,
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
        rules.query_todos_structured_json_filtered,
    ),
    # 14 PATCH Challenges
    _c(
        "PATCH_TODOS_PARTIAL_200",
        "PATCH /api/todos/{id} (200) partial",
        PATCH_SECTION,
        "PATCH an existing todo with a JSON object holding only the fields to change.",
        (_hint('`Content-Type: application/json` and, say, `{"doneStatus": true}`.'),),
        rules.patch_todos_partial_200,
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
        rules.patch_todos_merge_patch_200,
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
        rules.patch_todos_json_patch_200,
    ),
    # 15 OPTIONS Challenges
    _c(
        "OPTIONS_TODOS",
        "OPTIONS /api/todos (200)",
        OPTIONS_SECTION,
        "Send OPTIONS to `/api/todos` and read the `Allow` header to see which verbs it supports.",
        (_hint("The useful part of this response is in the headers, not the body."),),
        rules.options_todos,
    ),
    # 16 Accept Challenges
    _c(
        "GET_ACCEPT_XML",
        "GET /api/todos (200) XML",
        ACCEPT_SECTION,
        "Ask for the todo list as XML with `Accept: application/xml`.",
        (_hint("Check the response Content-Type as well as the body."),),
        rules.get_accept_xml,
    ),
    _c(
        "GET_ACCEPT_JSON",
        "GET /api/todos (200) JSON",
        ACCEPT_SECTION,
        "Ask for the todo list as JSON with `Accept: application/json`.",
        (_hint("JSON is also the default, but this time say so explicitly."),),
        rules.get_accept_json,
    ),
    _c(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        "GET /api/todos (200) ANY",
        ACCEPT_SECTION,
        "Send `Accept: */*` and see which format the API picks when anything will do.",
        (_hint("The server falls back to its preferred format."),),
        rules.get_accept_any_default_json,
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
        rules.get_accept_xml_preferred,
    ),
    _c(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        "GET /api/todos (200) no accept",
        ACCEPT_SECTION,
        "Send no `Accept` header at all and receive the default format, JSON.",
        (_hint("Many clients add an Accept header on their own; remove or blank it."),),
        rules.get_json_by_default_no_accept,
    ),
    _c(
        "GET_UNSUPPORTED_ACCEPT_406",
        "GET /api/todos (406)",
        ACCEPT_SECTION,
        "Ask for a format the API cannot produce, such as `application/gzip`, and get a 406.",
        (_hint("406 means Not Acceptable: no format in your Accept header is available."),),
        rules.get_unsupported_accept_406,
    ),
    _c(
        "GET_TODO_ACCEPT_TEXT_CALENDAR",
        "GET /api/todos/{id} (200) text/calendar",
        ACCEPT_SECTION,
        "Fetch one existing todo as an iCalendar task with `Accept: text/calendar`.",
        (_hint("Only single todos can be rendered as a calendar entry, not the whole list."),),
        rules.get_todo_accept_text_calendar,
    ),
    # 17 Advanced Accept Challenges
    _c(
        "GET_ACCEPT_XML_Q_PREFERRED",
        "GET /api/todos (200) q XML preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer XML over JSON: "
        "`Accept: application/json;q=0.5, application/xml;q=1`.",
        (_hint("A higher q-value wins, whatever the order in the header."),),
        rules.get_accept_xml_q_preferred,
    ),
    _c(
        "GET_ACCEPT_JSON_Q_PREFERRED",
        "GET /api/todos (200) q JSON preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer JSON over XML: "
        "`Accept: application/xml;q=0.5, application/json;q=1`.",
        (_hint("The header must list exactly these two types with these q-values."),),
        rules.get_accept_json_q_preferred,
    ),
    _c(
        "GET_ACCEPT_Q_REJECTS_ALL_406",
        "GET /api/todos (406) q rejects all",
        ADVANCED_ACCEPT,
        "Give every format the API supports a q-value of 0 and get a 406: "
        "`Accept: application/json;q=0, application/xml;q=0`.",
        (_hint('q=0 means "not acceptable", not "least preferred".'),),
        rules.get_accept_q_rejects_all_406,
    ),
    _c(
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
        "GET /api/todos (406) unsupported +json",
        ADVANCED_ACCEPT,
        "Ask for a structured `+json` type such as `application/problem+json` and get a 406: "
        "it is not plain JSON.",
        (_hint("`application/*+json` counts too."),),
        rules.get_unsupported_structured_json_accept_406,
    ),
    _c(
        "GET_ACCEPT_TEXT_XML",
        "GET /api/todos (200) text/xml",
        ADVANCED_ACCEPT,
        "Ask for `text/xml`, the other common XML media type, and receive XML labelled as such.",
        (_hint("Compare the Content-Type of the response with the application/xml one."),),
        rules.get_accept_text_xml,
    ),
    _c(
        "GET_ACCEPT_VENDOR_XML",
        "GET /api/todos (200) vendor XML",
        ADVANCED_ACCEPT,
        "Ask for the vendor type `application/vnd.apichallenges.todo+xml`; the API honours "
        "types that name the todo model.",
        (_hint("The response Content-Type echoes the vendor type you asked for."),),
        rules.get_accept_vendor_xml,
    ),
    _c(
        "GET_ACCEPT_STRUCTURED_XML_WILDCARD",
        "GET /api/todos (200) structured XML wildcard",
        ADVANCED_ACCEPT,
        "Send `Accept: application/*+xml` and see which structured XML type the API chooses.",
        (_hint("Look at the Content-Type the server picked for you."),),
        rules.get_accept_structured_xml_wildcard,
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
        rules.post_create_xml,
    ),
    _c(
        "POST_CREATE_JSON",
        "POST /api/todos JSON",
        CONTENT_TYPE_SECTION,
        "Create a todo with a JSON body and ask for a JSON response.",
        (_hint("Set both `Content-Type` and `Accept` to `application/json`."),),
        rules.post_create_json,
    ),
    _c(
        "POST_CREATE_VENDOR_XML",
        "POST /api/todos vendor XML",
        CONTENT_TYPE_SECTION,
        "Create a todo with an XML body declared as "
        "`Content-Type: application/vnd.apichallenges.todo+xml`.",
        (_hint("The body is an ordinary `<todo>` document; any response format will do."),),
        rules.post_create_vendor_xml,
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
        rules.post_todos_415,
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
        rules.get_todos_export_csv_content_disposition,
    ),
    _c(
        "GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) HTML download",
        CONTENT_DISPOSITION,
        "Download your todos as an HTML file from `/api/todos/export`.",
        (_hint("`?format=html`."),),
        rules.get_todos_export_html_content_disposition,
    ),
    _c(
        "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) tab-delimited download",
        CONTENT_DISPOSITION,
        "Download your todos as a tab-separated file from `/api/todos/export`.",
        (_hint("`?format=tsv` (or `tab`)."),),
        rules.get_todos_export_tsv_content_disposition,
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
        rules.get_restore_existing_challenger,
        _MULTI_ONLY,
    ),
    _c(
        "POST_RESTORE_EXISTING_CHALLENGER",
        "POST /api/challenger (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Resume an earlier session by POSTing to `/api/challenger` with its GUID in "
        "`X-CHALLENGER`.",
        (_hint("An existing GUID gets a 200 instead of a brand new session."),),
        rules.post_restore_existing_challenger,
        _MULTI_ONLY,
    ),
    _c(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "GET /api/challenger/guid (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Download your own progress: GET `/api/challenger/{guid}` with the same GUID in the "
        "URL and in `X-CHALLENGER`.",
        (_hint("Save the response body: it is what you PUT back to restore progress."),),
        rules.get_restorable_challenger_progress_status,
    ),
    _c(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid RESTORE",
        RESTORE_SECTION,
        "Put saved progress back: PUT the progress document to `/api/challenger/{guid}` for an "
        "existing session.",
        (_hint("Use the body from the progress download unchanged."),),
        rules.put_restorable_challenger_progress_status,
    ),
    _c(
        "PUT_CHALLENGER_GUID_MISMATCH_409",
        "PUT /api/challenger/guid (409) mismatch",
        RESTORE_SECTION,
        "PUT a progress document whose `xChallenger` differs from the GUID in the URL and get "
        "a 409 Conflict.",
        (_hint("Put your own GUID in the body and a different one in the URL."),),
        rules.put_challenger_guid_mismatch_409,
    ),
    _c(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid CREATE",
        RESTORE_SECTION,
        "Create a session from a progress document: PUT it to `/api/challenger/{guid}` for a "
        "GUID the server does not have.",
        (_hint("Use a fresh UUID in both the URL and the body's `xChallenger`; expect 201."),),
        rules.put_new_restored_challenger_progress_status,
        _MULTI_ONLY,
    ),
    _c(
        "GET_RESTORABLE_TODOS",
        "GET /api/challenger/database/guid (200)",
        RESTORE_SECTION,
        "Download a copy of your todos from `/api/challenger/database/{guid}`.",
        (_hint("Save the body: it can be PUT back to restore your todos later."),),
        rules.get_restorable_todos,
    ),
    _c(
        "PUT_RESTORABLE_TODOS",
        "PUT /api/challenger/database/guid (Update)",
        RESTORE_SECTION,
        "Restore your todos by PUTting a saved copy to `/api/challenger/database/{guid}`.",
        (_hint("The upload replaces every todo in the session; success is a 204."),),
        rules.put_restorable_todos,
    ),
    # 21 Mix Accept and Content-Type Challenges
    _c(
        "POST_CREATE_XML_ACCEPT_JSON",
        "POST /api/todos XML to JSON",
        MIXED_FORMATS,
        "Create a todo with an XML body and ask for the response as JSON.",
        (_hint("`Content-Type: application/xml` with `Accept: application/json`."),),
        rules.post_create_xml_accept_json,
    ),
    _c(
        "POST_CREATE_JSON_ACCEPT_XML",
        "POST /api/todos JSON to XML",
        MIXED_FORMATS,
        "Create a todo with a JSON body and ask for the response as XML.",
        (_hint("`Content-Type: application/json` with `Accept: application/xml`."),),
        rules.post_create_json_accept_xml,
    ),
    # 22 Status Code Challenges
    _c(
        "DELETE_HEARTBEAT_405",
        "DELETE /api/heartbeat (405)",
        STATUS_CODES,
        "DELETE the heartbeat endpoint, which does not allow it, and get a 405.",
        (_hint("405 means the resource exists but not for this method."),),
        rules.delete_heartbeat_405,
    ),
    _c(
        "PATCH_HEARTBEAT_500",
        "PATCH /api/heartbeat (500)",
        STATUS_CODES,
        "PATCH the heartbeat endpoint and see a 500 Server Error.",
        (_hint("This server error is deliberate: it is here so you can see one."),),
        rules.patch_heartbeat_500,
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
        rules.trace_heartbeat_501,
    ),
    _c(
        "GET_HEARTBEAT_204",
        "GET /api/heartbeat (204)",
        STATUS_CODES,
        "GET the heartbeat endpoint and get 204 No Content: the server is alive.",
        (_hint("A 204 is a success with an empty body."),),
        rules.get_heartbeat_204,
    ),
    _c(
        "X_CHALLENGER_TOO_LONG_431",
        "GET /api/heartbeat (431) X-CHALLENGER too long",
        STATUS_CODES,
        "GET the heartbeat endpoint with an `X-CHALLENGER` header longer than 100 characters "
        "that starts with your real GUID, and get a 431.",
        (_hint("Append extra characters to your GUID until the value is over 100 long."),),
        rules.x_challenger_too_long_431,
    ),
    # 23 HTTP Method Override Challenges
    _c(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        "POST /api/heartbeat as DELETE (405)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: DELETE` and get the 405 "
        "a DELETE would get.",
        (_hint("The mirror shows which method the server ends up using.", MIRROR),),
        rules.override_delete_heartbeat_405,
    ),
    _c(
        "OVERRIDE_PATCH_HEARTBEAT_500",
        "POST /api/heartbeat as PATCH (500)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: PATCH` and get the 500 "
        "a PATCH would get.",
        (_hint("Only the header changes; the request line still says POST."),),
        rules.override_patch_heartbeat_500,
    ),
    _c(
        "OVERRIDE_TRACE_HEARTBEAT_501",
        "POST /api/heartbeat as Trace (501)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: TRACE` and get the 501 "
        "a TRACE would get.",
        (_hint("Handy when your client cannot send TRACE itself."),),
        rules.override_trace_heartbeat_501,
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
        rules.create_secret_token_401,
    ),
    _c(
        "CREATE_SECRET_TOKEN_201",
        "POST /api/secret/token (201)",
        AUTHENTICATION,
        "POST to `/api/secret/token` with Basic credentials `admin` / `password` and receive "
        "your token in the `X-AUTH-TOKEN` response header.",
        (_hint("Keep the token: the authorization challenges need it."),),
        rules.create_secret_token_201,
    ),
    # 25 Authorization Challenges
    _c(
        "GET_SECRET_NOTE_403",
        "GET /api/secret/note (403)",
        AUTHORIZATION,
        "GET `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token and get a 403.",
        (_hint("403 means the server knows who you claim to be and still says no."),),
        rules.get_secret_note_403,
    ),
    _c(
        "GET_SECRET_NOTE_401",
        "GET /api/secret/note (401)",
        AUTHORIZATION,
        "GET `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (_hint("401 means the server does not know who you are."),),
        rules.get_secret_note_401,
    ),
    _c(
        "GET_SECRET_NOTE_200",
        "GET /api/secret/note (200)",
        AUTHORIZATION,
        "GET `/api/secret/note` with your token in `X-AUTH-TOKEN` and read your note.",
        (_hint("Use the token from the 201 secret token response."),),
        rules.get_secret_note_200,
    ),
    _c(
        "POST_SECRET_NOTE_200",
        "POST /api/secret/note (200)",
        AUTHORIZATION,
        'Store a note by POSTing `{"note": "..."}` to `/api/secret/note` with your token '
        "in `X-AUTH-TOKEN`. Notes keep at most 100 characters.",
        (_hint("Send the note as JSON with `Content-Type: application/json`."),),
        rules.post_secret_note_200,
    ),
    _c(
        "POST_SECRET_NOTE_401",
        "POST /api/secret/note (401)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (_hint("Keep the JSON note body; just leave the token out."),),
        rules.post_secret_note_401,
    ),
    _c(
        "POST_SECRET_NOTE_403",
        "POST /api/secret/note (403)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token "
        "and get a 403.",
        (_hint("Change a character of your token to make it wrong."),),
        rules.post_secret_note_403,
    ),
    _c(
        "GET_SECRET_NOTE_BEARER_200",
        "GET /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Read your note presenting the token as `Authorization: Bearer <token>` instead of "
        "`X-AUTH-TOKEN`.",
        (_hint("Many clients have a Bearer token option under their auth settings."),),
        rules.get_secret_note_bearer_200,
    ),
    _c(
        "POST_SECRET_NOTE_BEARER_200",
        "POST /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Store a JSON note presenting the token as `Authorization: Bearer <token>`.",
        (_hint("Same body as before; only the way you send the token changes."),),
        rules.post_secret_note_bearer_200,
    ),
    # 26 Miscellaneous Challenges
    _c(
        "DELETE_ALL_TODOS",
        "DELETE /api/todos/{id} (204) all",
        MISCELLANEOUS,
        "Delete todos until none are left.",
        (_hint("List the ids and delete them one by one; the last DELETE completes this."),),
        rules.delete_all_todos,
    ),
    _c(
        "POST_ALL_TODOS",
        "POST /api/todos (409) max todos",
        MISCELLANEOUS,
        "Keep creating todos until the list is full (20 todos), then try one more and get a 409.",
        (_hint("A collection runner or a small loop saves a lot of clicking."),),
        rules.post_all_todos,
    ),
)

# Old keys from when these challenges expected 400: saved progress under them still counts.
DEPRECATED_KEYS: dict[str, str] = {
    "PUT_TODOS_400": "PUT_TODOS_422",
    "PUT_TODOS_MISSING_TITLE_400": "PUT_TODOS_MISSING_TITLE_422",
    "PUT_TODOS_400_NO_AMEND_ID": "PUT_TODOS_422_NO_AMEND_ID",
}
_OLD_KEY_FOR = {new: old for old, new in DEPRECATED_KEYS.items()}

_BY_KEY: dict[str, Challenge] = {c.key: c for c in ALL_CHALLENGES}


# --------------------------------------------------------------------------- lookups


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")


@cache
def challenges_for(mode: str) -> tuple[Challenge, ...]:
    """The challenges offered in `mode`, in display order."""
    _check_mode(mode)
    return tuple(c for c in ALL_CHALLENGES if mode in c.modes)


@cache
def _display_ids(mode: str) -> dict[str, str]:
    return {c.key: f"{n:02d}" for n, c in enumerate(challenges_for(mode), start=1)}


def display_id(key: str, mode: str) -> str:
    """Zero-padded position of `key` in `mode`'s list; KeyError if not offered there."""
    return _display_ids(mode)[key]


def by_key(key: str) -> Challenge:
    """The challenge with this key (any mode); KeyError if there is none."""
    return _BY_KEY[key]


def keys_for(mode: str) -> tuple[str, ...]:
    return tuple(c.key for c in challenges_for(mode))


RouteIndex = dict[tuple[str, str], tuple[Challenge, ...]]


@cache
def rules_by_route(mode: str) -> RouteIndex:
    """(method, route shape) → challenges whose rule can pass there, in display order.

    Shapes distinguish `todos`, `todos/{id}`, `todos/export`, `challenger/{guid}` and so
    on (`rules.route_shape`), so a request meets only the rules of its own route. Method
    `rules.ANY_METHOD` holds the rules that ignore the method (override headers). A request
    costs one shape classification, two dict look-ups and the rules of its route.
    """
    index: dict[tuple[str, str], list[Challenge]] = {}
    for challenge in challenges_for(mode):
        for route in challenge.routes:
            index.setdefault(route, []).append(challenge)
    return {route: tuple(found) for route, found in index.items()}


def candidates(exchange: Exchange) -> tuple[Challenge, ...]:
    """The challenges worth evaluating for this exchange."""
    return route_candidates(exchange.mode, exchange.method, exchange.path)


def route_candidates(mode: str, method: str, path: str) -> tuple[Challenge, ...]:
    """The challenges whose rules can pass for a request of `method` on `path`."""
    return _shape_candidates(mode, method, rules.route_shape(path))


def _shape_candidates(mode: str, method: str, shape: str) -> tuple[Challenge, ...]:
    if shape == rules.OTHER:
        return ()
    index = rules_by_route(mode)
    return index.get((method, shape), ()) + index.get((rules.ANY_METHOD, shape), ())


def open_candidates(
    mode: str,
    method: str,
    path: str,
    done: Container[str],
    carried: frozenset[str],
    *,
    on_arrival: bool = False,
) -> tuple[Challenge, ...]:
    """Candidates this session has not completed yet and this request can pass: it carries
    what they need (`rules.request_carries`). Only `on_arrival` ones if asked.

    Most requests of a practising student complete nothing new; with nothing open the
    tracker need not even build an Exchange.
    """
    return tuple(
        c
        for c in _carried_candidates(mode, method, rules.route_shape(path), carried)
        if c.key not in done and (c.on_arrival or not on_arrival)
    )


@lru_cache(maxsize=1024)  # methods are whatever clients send: bounded, not @cache
def _carried_candidates(
    mode: str, method: str, shape: str, carried: frozenset[str]
) -> tuple[Challenge, ...]:
    return tuple(c for c in _shape_candidates(mode, method, shape) if c.needs <= carried)


def passing(exchange: Exchange, challenges: tuple[Challenge, ...]) -> set[str]:
    """Keys of those `challenges` whose rule passes for `exchange`."""
    return _passing(exchange, challenges)


def completed_keys(exchange: Exchange) -> set[str]:
    """Keys of every challenge of `exchange.mode` that this exchange completes."""
    return _passing(exchange, candidates(exchange))


def completed_on_arrival(exchange: Exchange) -> set[str]:
    """Keys completed by the request alone, for crediting before the response is built.

    Only rules marked `rules.on_arrival` are evaluated, so the exchange's response fields
    may be blank (status 0, no body). `completed_keys` reports the same keys again once
    the response exists; crediting is idempotent.
    """
    return _passing(exchange, tuple(c for c in candidates(exchange) if c.on_arrival))


def _passing(exchange: Exchange, challenges: tuple[Challenge, ...]) -> set[str]:
    done: set[str] = set()
    for challenge in challenges:
        try:
            passed = challenge.rule(exchange)
        except Exception:
            # A faulty rule must never turn a student's successful request into a 500.
            logger.exception("completion rule for %s failed", challenge.key)
            continue
        if passed:
            done.add(challenge.key)
    return done


def is_done(value: Any) -> bool:
    # Progress values are completion timestamps in the database and booleans in progress
    # payloads; a blank or "false" value means not done.
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        return bool(text) and text != "false"
    return value is not None and bool(value)


def progress_status(progress: Mapping[str, Any], mode: str) -> dict[str, bool]:
    """Challenge key → done, for every challenge of `mode`, in display order.

    A key missing from `progress` falls back to its deprecated predecessor (A.5), so
    progress saved before those challenges moved from 400 to 422 still counts.
    """
    status: dict[str, bool] = {}
    for key in keys_for(mode):
        if key in progress:
            status[key] = is_done(progress[key])
        else:
            old = _OLD_KEY_FOR.get(key)
            status[key] = old is not None and is_done(progress.get(old))
    return status
