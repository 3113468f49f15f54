"""The challenge catalogues of both editions, and which one is served.

The current edition's catalogue is declared here; the classic one is
derived from it in `challenges.classic`, which declares only what differs; both with the types of `challenges.declarations`. `active()` is the
catalogue of the edition being served (`practiceapi.editions`), and the lookups below ask it: the challenges
API, the progress payload, the dashboard, the admin and the tracker all read the catalogue
through them and never name a challenge themselves.

* Names are exact copies of the public service's names, because client suites assert them.
* Descriptions, hints and section blurbs are written for this project.
* Current edition: multi mode offers all 99 challenges, single mode 96 (no
  session-restore-by-GUID ones).
* `Condition`, `CREDITED` and `NOT_AN_ATTEMPT` are re-exported (`X as X`) so that a
  declaration's vocabulary and verdicts can be named from here.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from challengers.sessions import MAX_HEADER_LENGTH as MAX_GUID_HEADER
from challenges import classic
from challenges.conditions import Condition as Condition
from challenges.conditions import (
    content_type_in,
    header_absent,
    method_is,
    no_query,
    response_type,
    route,
    says,
    status,
)
from challenges.declarations import CREDITED as CREDITED
from challenges.declarations import (
    DASHBOARD,
    DOCS,
    JSON,
    MIRROR,
    MULTI_ONLY,
    XML,
    Catalogue,
    Challenge,
    Judgement,
    Section,
    declare,
    hint,
    section,
)
from challenges.declarations import NOT_AN_ATTEMPT as NOT_AN_ATTEMPT
from challenges.exchange import Exchange
from challenges.messages import GUID_MISMATCH
from challenges.routes import (
    CHALLENGER,
    CHALLENGER_DATABASE,
    CHALLENGER_GUID,
    CHALLENGES,
    HEARTBEAT,
    SECRET_NOTE,
    SECRET_TOKEN,
    TODO_ITEM,
    TODO_SINGULAR,
    TODOS,
    TODOS_EXPORT,
)
from challenges.rules import (
    STRUCTURED_QUERY_TYPES,
    VENDOR_TODO_XML,
    XML_REQUEST_TYPES,
    accept_is,
    accept_unknown,
    accepts_xml,
    admin_credentials,
    all_back_done,
    all_back_not_done,
    asks_for,
    asks_for_xml,
    asks_for_xml_or_nothing,
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
    created_length,
    descriptions_match,
    descriptions_not_empty,
    exactly_one_back,
    export_format,
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
    names_a_session,
    no_such_todo,
    no_token_presented,
    note_body,
    offset_given,
    offset_is,
    other_credentials,
    override_is,
    page_of,
    param_equals,
    param_given,
    payload_names_another_session,
    payload_names_url_session,
    plain_create,
    ranks_first,
    restores_a_new_session,
    restores_an_existing_session,
    restores_the_sent_session,
    says_body_too_large,
    says_max_todos,
    sends_a_title,
    sends_an_id,
    sends_another_id,
    sends_done_status_not_boolean,
    sends_near_maximum,
    sends_no_id,
    sends_no_title,
    sends_too_long,
    sends_unknown_field,
    some_but_not_all_back,
    sort_fields_known,
    sorted_by,
    sorted_by_id_descending,
    starts_a_session,
    store_at_most,
    store_has_done_and_not_done,
    store_is_empty,
    structured_filter_done,
    the_id_asked_for,
    todo_missing,
    todo_not_missing,
    todos_back,
    token_not_refused,
    token_refused,
    unreadable_content_type,
    url_names_own_session,
    x_challenger_longer_than,
    x_challenger_sent,
    xml_wins_negotiation,
)
from practiceapi.editions import PerEdition
from practiceapi.protocol.messages import BODY_TOO_LARGE, UNKNOWN_FIELD, VALIDATION_PREFIX, too_long
from practiceapi.protocol.query import (
    EQUALS,
    GREATER_THAN,
    LESS_THAN,
    MATCHES,
    WILDCARD,
)
from todos.messages import AMEND_ID, DONE_STATUS_NOT_BOOLEAN, MANDATORY_TITLE, PUT_CANNOT_CREATE
from todos.resource import DESCRIPTION_MAX, TITLE_MAX, TODO_BODY_MAX_CHARACTERS

# --------------------------------------------------------------------------- sections


GETTING_STARTED = section(
    "getting-started",
    "Getting Started",
    "In a shared classroom server every student needs a session of their own. Create one "
    "first, then send its id with every request so the server can record your progress.",
)
FIRST_REAL = section(
    "first-real-challenge",
    "First Real Challenge",
    "Fetch the list of challenges. It shows which ones you have completed, so you can follow "
    "your progress from your API client as well as from the dashboard.",
)
GET_SECTION = section(
    "get",
    "GET Challenges",
    "GET reads data without changing it. Start by reading the todo list and single todos.",
)
GET_FILTER = section(
    "get-filter",
    "GET Filter Challenges",
    "Query parameters can narrow a collection down to the items you care about.",
)
GET_SORTED = section(
    "get-sorted",
    "GET Sorted Challenges",
    "The `_sortBy` query parameter controls the order in which the todos come back.",
)
GET_PAGINATION = section(
    "get-pagination",
    "GET Pagination Challenges",
    "Large collections come back a page at a time. Use `_limit` and `_offset` on their own "
    "and together with filters and sorting.",
)
HEAD_SECTION = section(
    "head",
    "HEAD Challenges",
    "HEAD asks for exactly what GET would return, minus the body: handy for checking "
    "headers cheaply.",
)
POST_CREATE = section(
    "post-create",
    "Creation Challenges with POST",
    "POST to a collection creates a new item. These challenges cover success and the "
    "validation errors you can provoke.",
)
PUT_CREATE = section(
    "put-create",
    "Creation Challenges with PUT",
    "This API generates todo ids itself, so a client cannot choose one: PUT cannot be used "
    "to create a todo.",
)
POST_UPDATE = section(
    "post-update",
    "Update Challenges with POST",
    "POST to an existing item changes only the fields you send.",
)
PUT_UPDATE = section(
    "put-update",
    "Update Challenges with PUT",
    "PUT replaces an item with the representation you send, and sending it twice has the "
    "same effect as sending it once.",
)
DELETE_SECTION = section(
    "delete",
    "DELETE Challenges",
    "DELETE removes an item. Real APIs usually protect it; here todos can be deleted freely.",
)
QUERY_SECTION = section(
    "query",
    "QUERY Challenges",
    "QUERY is a safe, read-only method like GET, but the query travels in the request body, "
    "in one of several formats.",
)
PATCH_SECTION = section(
    "patch",
    "PATCH Challenges",
    "PATCH applies a partial change. The Content-Type says how to read the change: a plain "
    "partial object, a JSON Merge Patch or a list of JSON Patch operations.",
)
OPTIONS_SECTION = section(
    "options",
    "OPTIONS Challenges",
    "OPTIONS asks the server what an endpoint supports; the answer is in the `Allow` header.",
)
ACCEPT_SECTION = section(
    "accept",
    "Accept Challenges",
    "The `Accept` request header tells the server which response format you want.",
)
ADVANCED_ACCEPT = section(
    "advanced-accept",
    "Advanced Accept Challenges",
    "`Accept` can rank formats with q-values and name structured or vendor media types. "
    "See how the server weighs them.",
)
CONTENT_TYPE_SECTION = section(
    "content-type",
    "Content-Type Challenges",
    "The `Content-Type` request header tells the server how to read the body you send.",
)
CONTENT_DISPOSITION = section(
    "content-disposition",
    "Content-Disposition Challenges",
    "A `Content-Disposition: attachment` response asks the client to save the body as a file.",
)
RESTORE_SECTION = section(
    "restore",
    "Fancy a Break? Restore your session",
    "Your progress and todos can be downloaded and put back later. The server keeps your "
    "session, and the dashboard can also keep a copy in your browser's storage.",
)
MIXED_FORMATS = section(
    "mixed-formats",
    "Mix Accept and Content-Type Challenges",
    "The format you send and the format you receive are independent: send one, ask for another.",
)
STATUS_CODES = section(
    "status-codes",
    "Status Code Challenges",
    "Provoke a range of less common status codes from the heartbeat endpoint.",
)
METHOD_OVERRIDE = section(
    "method-override",
    "HTTP Method Override Challenges",
    "Some clients and proxies only allow GET and POST. The `X-HTTP-Method-Override` header "
    "lets a POST stand in for another verb.",
)
AUTHENTICATION = section(
    "authentication",
    "Authentication Challenges",
    "Prove who you are with Basic authentication and receive a token for the secret area.",
)
AUTHORIZATION = section(
    "authorization",
    "Authorization Challenges",
    "Use the token to read and write your secret note, as an `X-AUTH-TOKEN` header or as a "
    "Bearer token in `Authorization`.",
)
MISCELLANEOUS = section(
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

SIM = "/sim/entities"
FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
MERGE_PATCH = "application/merge-patch+json"
JSON_PATCH = "application/json-patch+json"
CALENDAR = "text/calendar"


ALL_CHALLENGES: tuple[Challenge, ...] = (
    # 1 Getting Started
    declare(
        "CREATE_NEW_CHALLENGER",
        "POST /api/challenger (201)",
        GETTING_STARTED,
        "Start a session of your own: POST to `/api/challenger` without a body, then send the "
        "`X-CHALLENGER` value from the response on every later request.",
        (
            hint("Send no X-CHALLENGER header on this request; the 201 response gives you one."),
            hint("Your progress page is linked from the response's Location header.", DASHBOARD),
        ),
        attempt=(method_is("POST"), route(CHALLENGER), starts_a_session()),
        credit=(status(201),),
    ),
    # 2 First Real Challenge
    declare(
        "GET_CHALLENGES",
        "GET /api/challenges (200)",
        FIRST_REAL,
        "Fetch `/api/challenges` to see every challenge and whether you have completed it.",
        (
            hint("Remember the X-CHALLENGER header, or the list will not be yours."),
            hint("The same progress is shown on the dashboard.", DASHBOARD),
        ),
        attempt=(route(CHALLENGES),),
        credit=(method_is("GET"),),
    ),
    # 3 GET Challenges
    declare(
        "GET_TODOS",
        "GET /api/todos (200)",
        GET_SECTION,
        "Read the whole todo collection with a GET on `/api/todos`.",
        (hint("No query string is needed: just the path and your X-CHALLENGER header."),),
        # Any read of the whole list counts, whatever the answer.
        attempt=(method_is("GET"), route(TODOS), no_query()),
        credit=(),
    ),
    declare(
        "GET_TODOS_NOT_PLURAL_404",
        "GET /api/todo (404) not plural",
        GET_SECTION,
        "GET `/api/todo` (singular). There is no such endpoint, so expect a 404.",
        (hint("Collections in this API use plural names; the singular path is not routed."),),
        attempt=(route(TODO_SINGULAR),),
        credit=(method_is("GET"), status(404)),
    ),
    declare(
        "GET_TODO",
        "GET /api/todos/{id} (200)",
        GET_SECTION,
        "Read one todo by adding the id of an existing todo to the path.",
        (hint("List the todos first to find an id that exists, e.g. `/api/todos/1`."),),
        attempt=(method_is("GET"), route(TODO_ITEM), todo_not_missing()),
        credit=(status(200),),
    ),
    declare(
        "GET_TODO_404",
        "GET /api/todos/{id} (404)",
        GET_SECTION,
        "Ask for a todo id that does not exist and get a 404.",
        (hint("Pick an id well above the ones in the list, or one you deleted."),),
        attempt=(method_is("GET"), route(TODO_ITEM), todo_missing()),
        credit=(status(404),),
    ),
    # 4 GET Filter Challenges
    declare(
        "GET_TODOS_FILTERED",
        "GET /api/todos (200) ?filter",
        GET_FILTER,
        "Filter the list to the todos that are done, asking for JSON. Your list must hold both "
        "done and not-done todos for the filter to show anything.",
        (
            hint("Mark a todo as done first (POST or PUT with doneStatus true)."),
            hint("Then use the query string `?doneStatus=true`.", DOCS),
        ),
        attempt=(method_is("GET"), route(TODOS), param_equals("doneStatus", "true")),
        credit=(status(200), store_has_done_and_not_done()),
    ),
    declare(
        "GET_TODOS_FILTERED_ID_GREATER_THAN",
        "GET /api/todos (200) ?filter id greater than",
        GET_FILTER,
        "Filter on `id` with a greater-than comparison so that some, but not all, todos come back.",
        (hint("Try `?id>5` (your client may need the `>` encoded as `%3E`).", DOCS),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", GREATER_THAN, ">")),
        credit=(
            status(200),
            some_but_not_all_back(),
            ids_beyond_filter(GREATER_THAN, operator.gt, "above"),
        ),
    ),
    declare(
        "GET_TODOS_FILTERED_ID_LESS_THAN",
        "GET /api/todos (200) ?filter id less than",
        GET_FILTER,
        "Filter on `id` with a less-than comparison so that some, but not all, todos come back.",
        (hint("Try `?id<5` (encoded `%3C` if your client insists).", DOCS),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", LESS_THAN, "<")),
        credit=(
            status(200),
            some_but_not_all_back(),
            ids_beyond_filter(LESS_THAN, operator.lt, "below"),
        ),
    ),
    declare(
        "GET_TODOS_FILTERED_ID_SINGLE_RESULT",
        "GET /api/todos (200) ?filter id single result",
        GET_FILTER,
        "Filter on an exact `id` so that exactly one todo comes back while the list holds several.",
        (hint("`?id=3` returns a collection with just that todo in it."),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", EQUALS, "=")),
        credit=(status(200), more_than_one_todo(), exactly_one_back(), the_id_asked_for()),
    ),
    declare(
        "GET_TODOS_FILTERED_DESCRIPTION_REGEX",
        "GET /api/todos (200) ?filter description regex",
        GET_FILTER,
        "Use a regular-expression filter on `description` that returns todos with non-empty "
        "descriptions.",
        (
            hint("The default todos have empty descriptions: give some a description first."),
            hint(
                "The `~=` operator takes a regex that must match the whole value, e.g. "
                "`?description~=.*meeting.*`.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), filter_on("description", MATCHES, "~=")),
        credit=(status(200), todos_back(), descriptions_not_empty(), descriptions_match(MATCHES)),
    ),
    declare(
        "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
        "GET /api/todos (200) ?filter description wildcard",
        GET_FILTER,
        "Use a wildcard filter on `description` that returns todos with non-empty descriptions.",
        (
            hint(
                "With `*=`, `*` stands for any run of characters and `?` for exactly one, "
                "e.g. `?description*=*pay*`.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), filter_on("description", WILDCARD, "*=")),
        credit=(status(200), todos_back(), descriptions_not_empty(), descriptions_match(WILDCARD)),
    ),
    # 5 GET Sorted Challenges
    declare(
        "GET_TODOS_SORTED_ASCENDING",
        "GET /api/todos (200) ?_sortBy ascending",
        GET_SORTED,
        "Sort the todos in ascending order of a single field.",
        (hint("`?_sortBy=title` (or `+title`) sorts A to Z.", DOCS),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("one", "ascending")),
        credit=(sort_fields_known(), status(200)),
    ),
    declare(
        "GET_TODOS_SORTED_DESCENDING",
        "GET /api/todos (200) ?_sortBy descending",
        GET_SORTED,
        "Sort the todos in descending order of a single field.",
        (hint("A leading minus reverses the order: `?_sortBy=-id`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("one", "descending")),
        credit=(sort_fields_known(), status(200)),
    ),
    declare(
        "GET_TODOS_SORTED_MULTIPLE_FIELDS",
        "GET /api/todos (200) ?_sortBy multiple",
        GET_SORTED,
        "Sort the todos by two or more fields at once.",
        (hint("Separate the fields with commas: `?_sortBy=doneStatus,-id`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("several")),
        credit=(sort_fields_known(), status(200)),
    ),
    declare(
        "GET_TODOS_FILTERED_AND_SORTED",
        "GET /api/todos (200) ?filter&_sortBy",
        GET_SORTED,
        "Filter and sort in the same request.",
        (hint("Combine them with `&`: `?doneStatus=false&_sortBy=-id`."),),
        attempt=(method_is("GET"), route(TODOS), filters_a_field(), sorted_by()),
        credit=(sort_fields_known(), status(200)),
    ),
    # 6 GET Pagination Challenges
    declare(
        "GET_TODOS_PAGINATED_LIMIT",
        "GET /api/todos (200) ?_limit",
        GET_PAGINATION,
        "Limit the page to 8 todos.",
        (hint("`?_limit=8`. With fewer than 8 todos you simply get all of them."),),
        attempt=(method_is("GET"), route(TODOS), limit_is(8)),
        credit=(status(200), page_of(8, 0)),
    ),
    declare(
        "GET_TODOS_PAGINATED_LIMIT_OFFSET",
        "GET /api/todos (200) ?_limit&_offset",
        GET_PAGINATION,
        "Fetch 5 todos, skipping the first 5.",
        (hint("`_offset` counts from zero: `?_limit=5&_offset=5`."),),
        attempt=(method_is("GET"), route(TODOS), limit_is(5), offset_given()),
        credit=(offset_is(5), status(200), page_of(5, 5)),
    ),
    declare(
        "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
        "GET /api/todos (400) ?_limit too high",
        GET_PAGINATION,
        "Ask for a bigger page than the API allows (more than 20) and get a 400.",
        (hint("`?_limit=21` is one too many; read the error message in the response."),),
        # A page of 20 is the nearest miss; smaller pages are other challenges' attempts.
        attempt=(method_is("GET"), route(TODOS), limit_at_least(20)),
        credit=(limit_above(20),),
    ),
    declare(
        "GET_TODOS_PAGINATED_SORTED",
        "GET /api/todos (200) ?_sortBy&_limit&_offset",
        GET_PAGINATION,
        "Sort by id from highest to lowest and fetch the second page of 5.",
        (hint("`?_sortBy=-id&_limit=5&_offset=5`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by(), limit_is(5), offset_given()),
        credit=(
            sorted_by_id_descending(),
            offset_is(5),
            status(200),
            page_of(5, 5),
            ids_descending(),
        ),
    ),
    declare(
        "GET_TODOS_PAGINATED_FILTERED",
        "GET /api/todos (200) ?filter&_limit&_offset",
        GET_PAGINATION,
        "Filter to the todos that are not done, then fetch 2 of them starting at offset 1.",
        (hint("`?doneStatus=false&_limit=2&_offset=1`."),),
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
    declare(
        "GET_HEAD_TODOS",
        "HEAD /api/todos (200)",
        HEAD_SECTION,
        "Send a HEAD request to the todo collection and compare the headers with a GET.",
        (hint("Some clients hide HEAD in a menu of extra methods; the body will be empty."),),
        attempt=(method_is("HEAD"), route(TODOS)),
        credit=(no_query(),),
    ),
    # 8 Creation Challenges with POST
    declare(
        "POST_TODOS",
        "POST /api/todos (201)",
        POST_CREATE,
        "Create a todo by POSTing a body with at least a title to `/api/todos`.",
        (
            hint(
                'For example `{"title": "learn HTTP"}` with `Content-Type: application/json`.', DOCS
            ),
        ),
        attempt=(
            method_is("POST"),
            route(TODOS),
            plain_create(TODO_BODY_MAX_CHARACTERS, TITLE_MAX, DESCRIPTION_MAX),
        ),
        credit=(status(201),),
    ),
    declare(
        "POST_TODOS_BAD_DONE_STATUS",
        "POST /api/todos (422) doneStatus",
        POST_CREATE,
        "Try to create a todo whose `doneStatus` is not a boolean and read the validation error.",
        (hint('A string such as `"doneStatus": "bob"` is not a boolean.'),),
        attempt=(method_is("POST"), route(TODOS), sends_done_status_not_boolean()),
        credit=(status(422), says(DONE_STATUS_NOT_BOOLEAN)),
    ),
    declare(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        "POST /api/todos (422) title too long",
        POST_CREATE,
        "Try to create a todo whose title is longer than the 50 characters allowed.",
        (hint("Count carefully: 51 characters is enough."),),
        attempt=(method_is("POST"), route(TODOS, TODO_ITEM), sends_too_long("title", TITLE_MAX)),
        credit=(status(422), says(VALIDATION_PREFIX + too_long("title", TITLE_MAX))),
    ),
    declare(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        "POST /api/todos (422) description too long",
        POST_CREATE,
        "Try to create a todo whose description is longer than the 200 characters allowed.",
        (hint("A text generator or a repeated word helps to reach 201 characters."),),
        attempt=(
            method_is("POST"),
            route(TODOS, TODO_ITEM),
            sends_too_long("description", DESCRIPTION_MAX),
        ),
        credit=(status(422), says(VALIDATION_PREFIX + too_long("description", DESCRIPTION_MAX))),
    ),
    declare(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        "POST /api/todos (201) max out content",
        POST_CREATE,
        "Create a todo whose title and description are both exactly as long as allowed: 50 "
        "and 200 characters.",
        (hint("Boundary values are where bugs hide: test the exact maximum, not just beyond it."),),
        attempt=(method_is("POST"), route(TODOS), sends_near_maximum(TITLE_MAX, DESCRIPTION_MAX)),
        credit=(
            status(201),
            created_length("title", TITLE_MAX),
            created_length("description", DESCRIPTION_MAX),
            location_names_the_todo(),
        ),
    ),
    declare(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        "POST /api/todos (413) content too long",
        POST_CREATE,
        "Send a request body larger than the 5000 characters the API accepts and get a 413.",
        (hint("Pad the description with a few thousand characters."),),
        attempt=(method_is("POST"), route(TODOS), large_body(4000)),
        credit=(status(413), says_body_too_large(BODY_TOO_LARGE)),
    ),
    declare(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        "POST /api/todos (422) extra",
        POST_CREATE,
        "Try to create a todo with a field the API does not know, such as `priority`.",
        (hint("The error message names the field it could not find."),),
        attempt=(method_is("POST"), route(TODOS), sends_unknown_field()),
        credit=(status(422), says(UNKNOWN_FIELD)),
    ),
    # 9 Creation Challenges with PUT
    declare(
        "PUT_TODOS_422",
        "PUT /api/todos/{id} (422)",
        PUT_CREATE,
        "Try to create a todo with PUT at an id that does not exist, with an `id` in the body. "
        "The API refuses because it assigns ids itself.",
        (hint("Use an unused id in the URL and put the same id in the JSON body."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), sends_an_id(), todo_missing()),
        credit=(status(422), says(PUT_CANNOT_CREATE)),
    ),
    # 10 Update Challenges with POST
    declare(
        "POST_UPDATE_TODO",
        "POST /api/todos/{id} (200)",
        POST_UPDATE,
        "Change an existing todo by POSTing only the fields you want to change to its URL.",
        (hint('`{"title": "a better title"}` leaves the other fields as they were.'),),
        attempt=(method_is("POST"), route(TODO_ITEM), todo_not_missing()),
        credit=(status(200),),
    ),
    declare(
        "POST_TODOS_404",
        "POST /api/todos/{id} (404)",
        POST_UPDATE,
        "POST an update to a todo id that does not exist and get a 404.",
        (hint("POST to an item URL amends; it never creates."),),
        attempt=(method_is("POST"), route(TODO_ITEM), todo_missing()),
        credit=(status(404), no_such_todo()),
    ),
    # 11 Update Challenges with PUT
    declare(
        "PUT_TODOS_FULL_200",
        "PUT /api/todos/{id} full (200)",
        PUT_UPDATE,
        "Replace an existing todo with PUT, sending title, description and doneStatus.",
        (hint("PUT the whole representation, not just the changes."),),
        attempt=(
            method_is("PUT"),
            route(TODO_ITEM),
            body_mentions("doneStatus", "description"),
            sends_a_title(),
            todo_not_missing(),
        ),
        credit=(status(200),),
    ),
    declare(
        "PUT_TODOS_PARTIAL_200",
        "PUT /api/todos/{id} partial (200)",
        PUT_UPDATE,
        "Replace an existing todo with PUT, sending only the mandatory title.",
        (hint("Look at what happened to the fields you left out."),),
        attempt=(
            method_is("PUT"),
            route(TODO_ITEM),
            body_lacks("doneStatus"),
            body_lacks("description"),
            sends_a_title(),
            todo_not_missing(),
        ),
        credit=(status(200),),
    ),
    declare(
        "PUT_TODOS_BODY_ID_200",
        "PUT /api/todos body id (200)",
        PUT_UPDATE,
        "Update a todo with a PUT to `/api/todos` (no id in the URL) and the id of an existing "
        "todo in the body.",
        (hint("The body needs an `id` as well as a `title`."),),
        attempt=(method_is("PUT"), route(TODOS), body_has_id()),
        credit=(status(200),),
    ),
    declare(
        "PUT_TODOS_ID_NO_BODY_ID_200",
        "PUT /api/todos/{id} no body id (200)",
        PUT_UPDATE,
        "Update a todo with the id in the URL only, not in the body.",
        (hint("The URL already says which todo you mean."),),
        attempt=(
            method_is("PUT"),
            route(TODO_ITEM),
            body_has_no_id(),
            sends_a_title(),
            todo_not_missing(),
        ),
        credit=(status(200),),
    ),
    declare(
        "PUT_TODOS_MISSING_TITLE_422",
        "PUT /api/todos/{id} no title (422)",
        PUT_UPDATE,
        "PUT a replacement for a todo without a title and read the validation error.",
        (hint("A full replacement must include every mandatory field."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), sends_no_title(), todo_not_missing()),
        credit=(status(422), says(MANDATORY_TITLE)),
    ),
    declare(
        "PUT_TODOS_NO_ID_422",
        "PUT /api/todos no id (422)",
        PUT_UPDATE,
        "PUT to `/api/todos` with no id anywhere, neither in the URL nor in the body.",
        (hint("Without an id the API cannot tell which todo to replace."),),
        attempt=(method_is("PUT"), route(TODOS), body_has_no_id()),
        credit=(status(422),),
    ),
    declare(
        "PUT_TODOS_ID_NOT_FOUND_404",
        "PUT /api/todos/{id} not found (404)",
        PUT_UPDATE,
        "PUT to a todo id that does not exist, without an id in the body, and get a 404.",
        (hint("Compare the outcome with the PUT creation challenge, where the body had an id."),),
        attempt=(method_is("PUT"), route(TODO_ITEM), sends_no_id(), todo_missing()),
        credit=(status(404),),
    ),
    declare(
        "PUT_TODOS_422_NO_AMEND_ID",
        "PUT /api/todos/{id} no amend id (422)",
        PUT_UPDATE,
        "PUT to an existing todo with a different id in the body; ids cannot be changed.",
        (hint('URL `/api/todos/1` with `"id": 2` in the body.'),),
        attempt=(method_is("PUT"), route(TODO_ITEM), sends_another_id(), todo_not_missing()),
        credit=(status(422), says(AMEND_ID)),
    ),
    # 12 DELETE Challenges
    declare(
        "DELETE_A_TODO",
        "DELETE /api/todos/{id} (204)",
        DELETE_SECTION,
        "Delete an existing todo, then check that it has gone.",
        (hint("A GET on the same URL afterwards should give a 404."),),
        attempt=(method_is("DELETE"), route(TODO_ITEM)),
        credit=(status(204),),
    ),
    # 13 QUERY Challenges
    declare(
        "QUERY_TODOS_FILTERED",
        "QUERY /api/todos (200)",
        QUERY_SECTION,
        "Send a QUERY request whose form-encoded body selects the todos that are done. Your "
        "list must hold both done and not-done todos.",
        (
            hint(
                "`Content-Type: application/x-www-form-urlencoded` with the body "
                "`doneStatus=true`.",
                DOCS,
            ),
            hint("Query parameters in the URL do not count here: the body must carry them."),
        ),
        attempt=(method_is("QUERY"), route(TODOS), content_type_in(FORM)),
        credit=(form_filter_done(), status(200), store_has_done_and_not_done()),
    ),
    declare(
        "QUERY_TODOS_JSONPATH_FILTERED",
        "QUERY /api/todos (200) JSONPath",
        QUERY_SECTION,
        "Send a QUERY request with a JSONPath expression that selects only the done todos.",
        (
            hint(
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
    declare(
        "QUERY_TODOS_STRUCTURED_JSON_FILTERED",
        "QUERY /api/todos (200) Structured JSON",
        QUERY_SECTION,
        "Send a QUERY request with a structured JSON query document that selects only the done "
        "todos.",
        (
            hint(
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
    declare(
        "PATCH_TODOS_PARTIAL_200",
        "PATCH /api/todos/{id} (200) partial",
        PATCH_SECTION,
        "PATCH an existing todo with a JSON object holding only the fields to change.",
        (hint('`Content-Type: application/json` and, say, `{"doneStatus": true}`.'),),
        attempt=(method_is("PATCH"), route(TODO_ITEM), content_type_in(JSON)),
        credit=(status(200),),
    ),
    declare(
        "PATCH_TODOS_MERGE_PATCH_200",
        "PATCH /api/todos/{id} (200) merge-patch",
        PATCH_SECTION,
        "PATCH an existing todo with a JSON Merge Patch document (RFC 7396).",
        (
            hint(
                "`Content-Type: application/merge-patch+json`; the body looks like the partial "
                "object."
            ),
        ),
        attempt=(method_is("PATCH"), route(TODO_ITEM), content_type_in(MERGE_PATCH)),
        credit=(status(200),),
    ),
    declare(
        "PATCH_TODOS_JSON_PATCH_200",
        "PATCH /api/todos/{id} (200) json-patch",
        PATCH_SECTION,
        "PATCH an existing todo with a list of JSON Patch operations (RFC 6902).",
        (
            hint(
                "`Content-Type: application/json-patch+json` with "
                '`[{"op": "replace", "path": "/title", "value": "new"}]`.'
            ),
        ),
        attempt=(method_is("PATCH"), route(TODO_ITEM), content_type_in(JSON_PATCH)),
        credit=(status(200),),
    ),
    # 15 OPTIONS Challenges
    declare(
        "OPTIONS_TODOS",
        "OPTIONS /api/todos (200)",
        OPTIONS_SECTION,
        "Send OPTIONS to `/api/todos` and read the `Allow` header to see which verbs it supports.",
        (hint("The useful part of this response is in the headers, not the body."),),
        attempt=(method_is("OPTIONS"), route(TODOS, TODO_ITEM)),
        credit=(route(TODOS), status(200)),
    ),
    # 16 Accept Challenges
    declare(
        "GET_ACCEPT_XML",
        "GET /api/todos (200) XML",
        ACCEPT_SECTION,
        "Ask for the todo list as XML with `Accept: application/xml`.",
        (hint("Check the response Content-Type as well as the body."),),
        # `*/*` (curl's and Postman's default) allows XML too: only an XML answer makes a
        # plain list read an attempt here, so those clients' reads record nothing.
        attempt=(method_is("GET"), route(TODOS), accepts_xml(), response_type(XML)),
        credit=(no_query(), status(200)),
    ),
    declare(
        "GET_ACCEPT_JSON",
        "GET /api/todos (200) JSON",
        ACCEPT_SECTION,
        "Ask for the todo list as JSON with `Accept: application/json`.",
        (hint("JSON is also the default, but this time say so explicitly."),),
        attempt=(method_is("GET"), route(TODOS), asks_for(JSON)),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        "GET /api/todos (200) ANY",
        ACCEPT_SECTION,
        "Send `Accept: */*` and see which format the API picks when anything will do.",
        (hint("The server falls back to its preferred format."),),
        # `*/*` is also what curl and Postman send unless told otherwise: only a plain read
        # of the list shows this intent, a filtered one is another challenge's.
        attempt=(method_is("GET"), route(TODOS), asks_for("*/*"), no_query()),
        credit=(status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_XML_PREFERRED",
        "GET /api/todos (200) XML pref",
        ACCEPT_SECTION,
        "List both XML and JSON in `Accept`, XML first, and receive XML.",
        (
            hint(
                "`Accept: application/xml, application/json`: with equal q-values the first "
                "listed wins."
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), accepts_xml(), asks_for(JSON)),
        credit=(no_query(), xml_wins_negotiation(), status(200), response_type(XML)),
    ),
    declare(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        "GET /api/todos (200) no accept",
        ACCEPT_SECTION,
        "Send no `Accept` header at all and receive the default format, JSON.",
        (hint("Many clients add an Accept header on their own; remove or blank it."),),
        # A client that sends no Accept sends none on every request: only a plain read of
        # the list shows this intent, a filtered one is another challenge's.
        attempt=(method_is("GET"), route(TODOS), header_absent("Accept"), no_query()),
        credit=(status(200), response_type(JSON)),
    ),
    declare(
        "GET_UNSUPPORTED_ACCEPT_406",
        "GET /api/todos (406)",
        ACCEPT_SECTION,
        "Ask for a format the API cannot produce, such as `application/gzip`, and get a 406.",
        (hint("406 means Not Acceptable: no format in your Accept header is available."),),
        attempt=(method_is("GET"), route(TODOS), accept_unknown()),
        credit=(no_query(), status(406)),
    ),
    declare(
        "GET_TODO_ACCEPT_TEXT_CALENDAR",
        "GET /api/todos/{id} (200) text/calendar",
        ACCEPT_SECTION,
        "Fetch one existing todo as an iCalendar task with `Accept: text/calendar`.",
        (hint("Only single todos can be rendered as a calendar entry, not the whole list."),),
        attempt=(method_is("GET"), route(TODO_ITEM), asks_for(CALENDAR)),
        credit=(ranks_first(CALENDAR), status(200), response_type(CALENDAR)),
    ),
    # 17 Advanced Accept Challenges
    declare(
        "GET_ACCEPT_XML_Q_PREFERRED",
        "GET /api/todos (200) q XML preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer XML over JSON: "
        "`Accept: application/json;q=0.5, application/xml;q=1`.",
        (hint("A higher q-value wins, whatever the order in the header."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/json;q=0.5, application/xml;q=1"),
        ),
        credit=(no_query(), status(200), response_type(XML)),
    ),
    declare(
        "GET_ACCEPT_JSON_Q_PREFERRED",
        "GET /api/todos (200) q JSON preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer JSON over XML: "
        "`Accept: application/xml;q=0.5, application/json;q=1`.",
        (hint("The header must list exactly these two types with these q-values."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/xml;q=0.5, application/json;q=1"),
        ),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_Q_REJECTS_ALL_406",
        "GET /api/todos (406) q rejects all",
        ADVANCED_ACCEPT,
        "Give every format the API supports a q-value of 0 and get a 406: "
        "`Accept: application/json;q=0, application/xml;q=0`.",
        (hint('q=0 means "not acceptable", not "least preferred".'),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/json;q=0, application/xml;q=0"),
        ),
        credit=(no_query(), status(406)),
    ),
    declare(
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
        "GET /api/todos (406) unsupported +json",
        ADVANCED_ACCEPT,
        "Ask for a structured `+json` type such as `application/problem+json` and get a 406: "
        "it is not plain JSON.",
        (hint("`application/*+json` counts too."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/problem+json", "application/*+json"),
        ),
        credit=(no_query(), status(406)),
    ),
    declare(
        "GET_ACCEPT_TEXT_XML",
        "GET /api/todos (200) text/xml",
        ADVANCED_ACCEPT,
        "Ask for `text/xml`, the other common XML media type, and receive XML labelled as such.",
        (hint("Compare the Content-Type of the response with the application/xml one."),),
        attempt=(method_is("GET"), route(TODOS), accept_is("text/xml")),
        credit=(no_query(), status(200), response_type("text/xml")),
    ),
    declare(
        "GET_ACCEPT_VENDOR_XML",
        "GET /api/todos (200) vendor XML",
        ADVANCED_ACCEPT,
        "Ask for the vendor type `application/vnd.apichallenges.todo+xml`; the API honours "
        "types that name the todo model.",
        (hint("The response Content-Type echoes the vendor type you asked for."),),
        attempt=(method_is("GET"), route(TODOS), accept_is(VENDOR_TODO_XML)),
        credit=(no_query(), status(200), response_type(VENDOR_TODO_XML)),
    ),
    declare(
        "GET_ACCEPT_STRUCTURED_XML_WILDCARD",
        "GET /api/todos (200) structured XML wildcard",
        ADVANCED_ACCEPT,
        "Send `Accept: application/*+xml` and see which structured XML type the API chooses.",
        (hint("Look at the Content-Type the server picked for you."),),
        attempt=(method_is("GET"), route(TODOS), accept_is("application/*+xml")),
        credit=(no_query(), status(200), response_type("application/todo+xml")),
    ),
    # 18 Content-Type Challenges
    declare(
        "POST_CREATE_XML",
        "POST /api/todos XML",
        CONTENT_TYPE_SECTION,
        "Create a todo with an XML body and ask for an XML response.",
        (
            hint(
                "`Content-Type: application/xml`, `Accept: application/xml` and a body like "
                "`<todo><title>from xml</title></todo>`."
            ),
        ),
        attempt=(
            method_is("POST"),
            route(TODOS),
            content_type_in(*XML_REQUEST_TYPES),
            asks_for_xml_or_nothing(),
        ),
        credit=(status(201), response_type(XML)),
    ),
    declare(
        "POST_CREATE_JSON",
        "POST /api/todos JSON",
        CONTENT_TYPE_SECTION,
        "Create a todo with a JSON body and ask for a JSON response.",
        (hint("Set both `Content-Type` and `Accept` to `application/json`."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(JSON), asks_for(JSON)),
        credit=(status(201), response_type(JSON)),
    ),
    declare(
        "POST_CREATE_VENDOR_XML",
        "POST /api/todos vendor XML",
        CONTENT_TYPE_SECTION,
        "Create a todo with an XML body declared as "
        "`Content-Type: application/vnd.apichallenges.todo+xml`.",
        (hint("The body is an ordinary `<todo>` document; any response format will do."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(VENDOR_TODO_XML)),
        credit=(status(201),),
    ),
    declare(
        "POST_TODOS_415",
        "POST /api/todos (415)",
        CONTENT_TYPE_SECTION,
        "Create a todo with a Content-Type the API cannot read, such as `text/plain`, and get "
        "a 415.",
        (
            hint(
                "415 means Unsupported Media Type: it is about what you sent, not what you "
                "asked for."
            ),
        ),
        attempt=(method_is("POST"), route(TODOS), unreadable_content_type()),
        credit=(status(415),),
    ),
    # 19 Content-Disposition Challenges
    declare(
        "GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) CSV download",
        CONTENT_DISPOSITION,
        "Download your todos as a CSV file from `/api/todos/export`.",
        (
            hint(
                "Choose the format with `?format=csv` and read the Content-Disposition header.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS_EXPORT), export_format("csv")),
        credit=(status(200), attachment_named("todos.csv")),
    ),
    declare(
        "GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) HTML download",
        CONTENT_DISPOSITION,
        "Download your todos as an HTML file from `/api/todos/export`.",
        (hint("`?format=html`."),),
        attempt=(method_is("GET"), route(TODOS_EXPORT), export_format("html")),
        credit=(status(200), attachment_named("todos.html")),
    ),
    declare(
        "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) tab-delimited download",
        CONTENT_DISPOSITION,
        "Download your todos as a tab-separated file from `/api/todos/export`.",
        (hint("`?format=tsv` (or `tab`)."),),
        attempt=(method_is("GET"), route(TODOS_EXPORT), export_format("tsv")),
        credit=(status(200), attachment_named("todos.tsv")),
    ),
    # 20 Fancy a Break? Restore your session
    declare(
        "GET_RESTORE_EXISTING_CHALLENGER",
        "GET /api/challenger/guid (200)",
        RESTORE_SECTION,
        "Come back to an earlier session by fetching `/api/challenger/{guid}` with its GUID.",
        (
            hint(
                "Keep your GUID somewhere safe; any session the server still holds can be fetched.",
                DASHBOARD,
            ),
        ),
        attempt=(method_is("GET", "HEAD"), route(CHALLENGER_GUID, CHALLENGER_DATABASE)),
        credit=(method_is("GET"), status(200)),
        modes=MULTI_ONLY,
    ),
    declare(
        "POST_RESTORE_EXISTING_CHALLENGER",
        "POST /api/challenger (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Resume an earlier session by POSTing to `/api/challenger` with its GUID in "
        "`X-CHALLENGER`.",
        (hint("An existing GUID gets a 200 instead of a brand new session."),),
        attempt=(method_is("POST"), route(CHALLENGER), x_challenger_sent()),
        credit=(status(200), restores_the_sent_session()),
        modes=MULTI_ONLY,
    ),
    declare(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "GET /api/challenger/guid (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Download your own progress: GET `/api/challenger/{guid}` with the same GUID in the "
        "URL and in `X-CHALLENGER`.",
        (hint("Save the response body: it is what you PUT back to restore progress."),),
        attempt=(method_is("GET"), route(CHALLENGER_GUID), names_a_session()),
        credit=(url_names_own_session(),),
    ),
    declare(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid RESTORE",
        RESTORE_SECTION,
        "Put saved progress back: PUT the progress document to `/api/challenger/{guid}` for an "
        "existing session.",
        (hint("Use the body from the progress download unchanged."),),
        attempt=(
            method_is("PUT"),
            route(CHALLENGER_GUID),
            payload_names_url_session(),
            restores_an_existing_session(),
        ),
        credit=(status(200),),
    ),
    declare(
        "PUT_CHALLENGER_GUID_MISMATCH_409",
        "PUT /api/challenger/guid (409) mismatch",
        RESTORE_SECTION,
        "PUT a progress document whose `xChallenger` differs from the GUID in the URL and get "
        "a 409 Conflict.",
        (hint("Put your own GUID in the body and a different one in the URL."),),
        attempt=(method_is("PUT"), route(CHALLENGER_GUID), payload_names_another_session()),
        credit=(status(409), says(GUID_MISMATCH)),
    ),
    declare(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid CREATE",
        RESTORE_SECTION,
        "Create a session from a progress document: PUT it to `/api/challenger/{guid}` for a "
        "GUID the server does not have.",
        (hint("Use a fresh UUID in both the URL and the body's `xChallenger`; expect 201."),),
        attempt=(
            method_is("PUT"),
            route(CHALLENGER_GUID),
            payload_names_url_session(),
            restores_a_new_session(),
        ),
        credit=(status(201),),
        modes=MULTI_ONLY,
    ),
    declare(
        "GET_RESTORABLE_TODOS",
        "GET /api/challenger/database/guid (200)",
        RESTORE_SECTION,
        "Download a copy of your todos from `/api/challenger/database/{guid}`.",
        (hint("Save the body: it can be PUT back to restore your todos later."),),
        attempt=(method_is("GET", "HEAD"), route(CHALLENGER_DATABASE)),
        credit=(method_is("GET"), status(200)),
    ),
    declare(
        "PUT_RESTORABLE_TODOS",
        "PUT /api/challenger/database/guid (Update)",
        RESTORE_SECTION,
        "Restore your todos by PUTting a saved copy to `/api/challenger/database/{guid}`.",
        (hint("The upload replaces every todo in the session; success is a 204."),),
        attempt=(method_is("PUT"), route(CHALLENGER_DATABASE)),
        credit=(status(204),),
    ),
    # 21 Mix Accept and Content-Type Challenges
    declare(
        "POST_CREATE_XML_ACCEPT_JSON",
        "POST /api/todos XML to JSON",
        MIXED_FORMATS,
        "Create a todo with an XML body and ask for the response as JSON.",
        (hint("`Content-Type: application/xml` with `Accept: application/json`."),),
        attempt=(
            method_is("POST"),
            route(TODOS),
            content_type_in(*XML_REQUEST_TYPES),
            asks_for(JSON),
        ),
        credit=(status(201), response_type(JSON)),
    ),
    declare(
        "POST_CREATE_JSON_ACCEPT_XML",
        "POST /api/todos JSON to XML",
        MIXED_FORMATS,
        "Create a todo with a JSON body and ask for the response as XML.",
        (hint("`Content-Type: application/json` with `Accept: application/xml`."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(JSON), asks_for_xml()),
        credit=(status(201), response_type(XML)),
    ),
    # 22 Status Code Challenges
    declare(
        "DELETE_HEARTBEAT_405",
        "DELETE /api/heartbeat (405)",
        STATUS_CODES,
        "DELETE the heartbeat endpoint, which does not allow it, and get a 405.",
        (hint("405 means the resource exists but not for this method."),),
        # Every request of its method counts, whatever the answer.
        attempt=(method_is("DELETE"), route(HEARTBEAT)),
        credit=(),
    ),
    declare(
        "PATCH_HEARTBEAT_500",
        "PATCH /api/heartbeat (500)",
        STATUS_CODES,
        "PATCH the heartbeat endpoint and see a 500 Server Error.",
        (hint("This server error is deliberate: it is here so you can see one."),),
        attempt=(method_is("PATCH"), route(HEARTBEAT)),
        credit=(),
    ),
    declare(
        "TRACE_HEARTBEAT_501",
        "TRACE /api/heartbeat (501)",
        STATUS_CODES,
        "Send TRACE to the heartbeat endpoint and get 501 Not Implemented.",
        (
            hint(
                "Not every client offers TRACE; a command-line client such as curl does "
                "(`-X TRACE`)."
            ),
        ),
        attempt=(method_is("TRACE"), route(HEARTBEAT)),
        credit=(),
    ),
    declare(
        "GET_HEARTBEAT_204",
        "GET /api/heartbeat (204)",
        STATUS_CODES,
        "GET the heartbeat endpoint and get 204 No Content: the server is alive.",
        (hint("A 204 is a success with an empty body."),),
        attempt=(method_is("GET"), route(HEARTBEAT)),
        credit=(),
    ),
    declare(
        "X_CHALLENGER_TOO_LONG_431",
        "GET /api/heartbeat (431) X-CHALLENGER too long",
        STATUS_CODES,
        "GET the heartbeat endpoint with an `X-CHALLENGER` header longer than 100 characters "
        "that starts with your real GUID, and get a 431.",
        (hint("Append extra characters to your GUID until the value is over 100 long."),),
        attempt=(route(HEARTBEAT), x_challenger_longer_than(MAX_GUID_HEADER)),
        credit=(method_is("GET"), status(431)),
    ),
    # 23 HTTP Method Override Challenges
    declare(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        "POST /api/heartbeat as DELETE (405)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: DELETE` and get the 405 "
        "a DELETE would get.",
        (hint("The mirror shows which method the server ends up using.", MIRROR),),
        attempt=(route(HEARTBEAT), override_is("DELETE")),
        credit=(),
    ),
    declare(
        "OVERRIDE_PATCH_HEARTBEAT_500",
        "POST /api/heartbeat as PATCH (500)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: PATCH` and get the 500 "
        "a PATCH would get.",
        (hint("Only the header changes; the request line still says POST."),),
        attempt=(route(HEARTBEAT), override_is("PATCH")),
        credit=(),
    ),
    declare(
        "OVERRIDE_TRACE_HEARTBEAT_501",
        "POST /api/heartbeat as Trace (501)",
        METHOD_OVERRIDE,
        "POST to the heartbeat endpoint with `X-HTTP-Method-Override: TRACE` and get the 501 "
        "a TRACE would get.",
        (hint("Handy when your client cannot send TRACE itself."),),
        attempt=(route(HEARTBEAT), override_is("TRACE")),
        credit=(),
    ),
    # 24 Authentication Challenges
    declare(
        "CREATE_SECRET_TOKEN_401",
        "POST /api/secret/token (401)",
        AUTHENTICATION,
        "POST to `/api/secret/token` with Basic credentials that are wrong and get a 401.",
        (
            hint(
                "Most clients have a Basic auth option; any username and password other than "
                "the right ones will do."
            ),
        ),
        attempt=(method_is("POST"), route(SECRET_TOKEN), other_credentials()),
        credit=(authorization_longer_than(10), status(401)),
    ),
    declare(
        "CREATE_SECRET_TOKEN_201",
        "POST /api/secret/token (201)",
        AUTHENTICATION,
        "POST to `/api/secret/token` with Basic credentials `admin` / `password` and receive "
        "your token in the `X-AUTH-TOKEN` response header.",
        (hint("Keep the token: the authorization challenges need it."),),
        attempt=(method_is("POST"), route(SECRET_TOKEN), admin_credentials()),
        credit=(authorization_longer_than(10), status(201)),
    ),
    # 25 Authorization Challenges
    declare(
        "GET_SECRET_NOTE_403",
        "GET /api/secret/note (403)",
        AUTHORIZATION,
        "GET `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token and get a 403.",
        (hint("403 means the server knows who you claim to be and still says no."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), auth_token_sent(), token_refused()),
        credit=(auth_token_longer_than(1), status(403)),
    ),
    declare(
        "GET_SECRET_NOTE_401",
        "GET /api/secret/note (401)",
        AUTHORIZATION,
        "GET `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (hint("401 means the server does not know who you are."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), no_token_presented()),
        credit=(status(401),),
    ),
    declare(
        "GET_SECRET_NOTE_200",
        "GET /api/secret/note (200)",
        AUTHORIZATION,
        "GET `/api/secret/note` with your token in `X-AUTH-TOKEN` and read your note.",
        (hint("Use the token from the 201 secret token response."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), auth_token_sent(), token_not_refused()),
        credit=(status(200),),
    ),
    declare(
        "POST_SECRET_NOTE_200",
        "POST /api/secret/note (200)",
        AUTHORIZATION,
        'Store a note by POSTing `{"note": "..."}` to `/api/secret/note` with your token '
        "in `X-AUTH-TOKEN`. Notes keep at most 100 characters.",
        (hint("Send the note as JSON with `Content-Type: application/json`."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), auth_token_sent(), token_not_refused()),
        credit=(note_body(), status(200)),
    ),
    declare(
        "POST_SECRET_NOTE_401",
        "POST /api/secret/note (401)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (hint("Keep the JSON note body; just leave the token out."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), no_token_presented()),
        credit=(note_body(), status(401)),
    ),
    declare(
        "POST_SECRET_NOTE_403",
        "POST /api/secret/note (403)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token "
        "and get a 403.",
        (hint("Change a character of your token to make it wrong."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), auth_token_sent(), token_refused()),
        credit=(auth_token_longer_than(1), note_body(), status(403)),
    ),
    declare(
        "GET_SECRET_NOTE_BEARER_200",
        "GET /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Read your note presenting the token as `Authorization: Bearer <token>` instead of "
        "`X-AUTH-TOKEN`.",
        (hint("Many clients have a Bearer token option under their auth settings."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), status(200)),
    ),
    declare(
        "POST_SECRET_NOTE_BEARER_200",
        "POST /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Store a JSON note presenting the token as `Authorization: Bearer <token>`.",
        (hint("Same body as before; only the way you send the token changes."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), note_body(), status(200)),
    ),
    # 26 Miscellaneous Challenges
    declare(
        "DELETE_ALL_TODOS",
        "DELETE /api/todos/{id} (204) all",
        MISCELLANEOUS,
        "Delete todos until none are left.",
        (hint("List the ids and delete them one by one; the last DELETE completes this."),),
        # Only the last deletes are attempts: deleting one todo of ten is DELETE_A_TODO.
        attempt=(method_is("DELETE"), route(TODO_ITEM), status(204), store_at_most(3)),
        credit=(store_is_empty(),),
    ),
    declare(
        "POST_ALL_TODOS",
        "POST /api/todos (409) max todos",
        MISCELLANEOUS,
        "Keep creating todos until the list is full (20 todos), then try one more and get a 409.",
        (hint("A collection runner or a small loop saves a lot of clicking."),),
        attempt=(method_is("POST"), route(TODOS), list_is_full()),
        credit=(status(409), says_max_todos()),
    ),
)
# The keys these challenges had when they expected 400 (still the classic edition's own
# keys): progress saved under them counts here too.
DEPRECATED_KEYS: dict[str, str] = {
    "PUT_TODOS_400": "PUT_TODOS_422",
    "PUT_TODOS_MISSING_TITLE_400": "PUT_TODOS_MISSING_TITLE_422",
    "PUT_TODOS_400_NO_AMEND_ID": "PUT_TODOS_422_NO_AMEND_ID",
}


CATALOGUE = Catalogue(ALL_CHALLENGES, DEPRECATED_KEYS)
# The classic edition's, derived from these declarations (`challenges.classic`).
CLASSIC = classic.derive(CATALOGUE)

# The catalogue of the edition being served (`practiceapi.editions.PerEdition`: chosen
# once, chosen again when tests switch the setting).
active = PerEdition(current=CATALOGUE, classic=CLASSIC)


def known_keys() -> frozenset[str]:
    """Every key any edition stores progress under: a restore keeps them all, so progress
    saved in one edition is still there when the server is switched to the other."""
    return frozenset().union(*(c.known_keys for c in active.by_name.values()))


# The served edition's lookups, by name, for the views, the admin and the tracker.


def challenges_for(mode: str) -> tuple[Challenge, ...]:
    return active().challenges_for(mode)


def sections() -> tuple[Section, ...]:
    return active().sections


def display_id(key: str, mode: str) -> str:
    return active().display_id(key, mode)


def by_key(key: str) -> Challenge:
    return active().by_key(key)


def keys_for(mode: str) -> tuple[str, ...]:
    return active().keys_for(mode)


def completion_value(progress: Mapping[str, Any], key: str) -> Any:
    return active().completion_value(progress, key)


def progress_status(progress: Mapping[str, Any], mode: str) -> dict[str, bool]:
    return active().progress_status(progress, mode)


def candidates(exchange: Exchange) -> tuple[Challenge, ...]:
    return active().candidates(exchange)


def route_candidates(mode: str, method: str, path: str) -> tuple[Challenge, ...]:
    return active().route_candidates(mode, method, path)


def attempts(
    mode: str,
    method: str,
    shape: str,
    part: Callable[[str], str | None],
    exchange: Callable[[], Exchange],
) -> tuple[Challenge, ...]:
    return active().attempts(mode, method, shape, part, exchange)


def completed_keys(exchange: Exchange) -> set[str]:
    return active().completed_keys(exchange)


def completed_on_arrival(exchange: Exchange) -> set[str]:
    return active().completed_on_arrival(exchange)


def judge(
    exchange: Exchange, challenges: Iterable[Challenge], *, sifted: bool = False
) -> Judgement:
    return active().judge(exchange, challenges, sifted=sifted)
