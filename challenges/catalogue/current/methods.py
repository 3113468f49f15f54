"""The current edition's challenges about the less common methods: QUERY with a
filter in its body, PATCH, OPTIONS, the heartbeat's answers to unusual methods, and the
method override header.
"""

from __future__ import annotations

from challengers.sessions import MAX_HEADER_LENGTH as MAX_GUID_HEADER
from challenges.conditions import content_type_in, method_is, route, status
from challenges.declarations import DOCS, JSON, MIRROR, Challenge, declare, hint, section
from challenges.routes import HEARTBEAT, TODO_ITEM, TODOS
from challenges.rules.bodies import body_mentions, form_filter_done, structured_filter_done
from challenges.rules.headers import options_sent, override_is
from challenges.rules.lists import all_back_done
from challenges.rules.sessions import x_challenger_longer_than
from challenges.rules.todos import store_has_done_and_not_done

FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED_QUERY_TYPES = (
    "application/vnd.service.query+json",
    "application/vnd.thingifier.query+json",
)
MERGE_PATCH = "application/merge-patch+json"
JSON_PATCH = "application/json-patch+json"


# --------------------------------------------------------------------------- sections

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


# --------------------------------------------------------------------------- challenges

DECLARED: tuple[Challenge, ...] = (
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
        attempt=(options_sent(), route(TODOS, TODO_ITEM)),
        credit=(route(TODOS), status(200)),
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
)
