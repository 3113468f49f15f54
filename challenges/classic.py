"""The classic edition's catalogue: the 59 challenges of the public service as it was from
2024-04 until its 2026-07 rewrite, which most tutorials and student suites still target.

Keys, names, order and section titles are exact copies of that service's (clients assert
them); descriptions, hints and section blurbs are our own. Each rule credits a request
exactly when the classic service credited it: validation errors were 400 (not 422), a
DELETE answered 200, the 21st todo was refused with a 400 that says the list is full, the
413 says "Request body too large" with a capital R. The requests go to the root paths
(`/todos`, `/challenger` ...), as the classic service had no `/api` tree; explanations
name those paths.

Multi mode offers all 59; single mode 58, without PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS
(a single-player server has only one session to restore into).
"""

from __future__ import annotations

from challenges.conditions import (
    Condition,
    content_type_in,
    header_absent,
    header_present,
    method_is,
    no_query,
    response_type,
    route,
    says,
    status,
)
from challenges.declarations import (
    DASHBOARD,
    DOCS,
    JSON,
    MIRROR,
    MULTI_ONLY,
    XML,
    Catalogue,
    Challenge,
    declare,
    hint,
    section,
)
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
)
from challenges.rules import (
    XML_REQUEST_TYPES,
    accept_unknown,
    accepts_xml,
    asks_for,
    auth_token_longer_than,
    auth_token_sent,
    authorization_longer_than,
    authorization_sent,
    bearer_token,
    body_lacks,
    body_mentions,
    created_at_a_maximum,
    created_length,
    large_body,
    list_is_full,
    location_names_the_todo,
    no_auth_token,
    no_such_todo,
    note_body,
    override_is,
    override_sent,
    param_equals,
    says_max_todos,
    store_at_most,
    store_has_done_and_not_done,
    store_is_empty,
    unreadable_content_type,
    url_names_own_session,
    xml_wins_negotiation,
)
from practiceapi.protocol.messages import (
    UNKNOWN_FIELD,
    VALIDATION_PREFIX,
    body_too_large_capitalised,
    too_long,
)
from todos.messages import AMEND_ID, DONE_STATUS_NOT_BOOLEAN, MANDATORY_TITLE, PUT_CANNOT_CREATE
from todos.resource import DESCRIPTION_MAX, TITLE_MAX, TODO_BODY_MAX_CHARACTERS

# The classic 413 text, capital R: its challenge counted only this exact wording.
BODY_TOO_LARGE = body_too_large_capitalised(TODO_BODY_MAX_CHARACTERS)

# Keys the classic service used before it fixed a typo (2024-07): progress payloads saved
# from it then restore under today's key.
DEPRECATED_KEYS = {
    "POST_MAX_OUT_TITILE_DESCRIPTION_LENGTH": "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
}


def at(*shapes: str) -> Condition:
    """The request went to one of these routes; explained with root paths (`/todos`)."""
    return route(*shapes, root="/")


# --------------------------------------------------------------------------- sections

GETTING_STARTED = section(
    "getting-started",
    "Getting Started",
    "Ask the server for a session of your own and keep its GUID: every later request "
    "carries it in `X-CHALLENGER`, and that is how your progress is recorded.",
)
FIRST_REAL = section(
    "first-real-challenge",
    "First Real Challenge",
    "The list of challenges is itself an endpoint, with your progress in each entry.",
)
GET_SECTION = section(
    "get",
    "GET Challenges",
    "Reading: the whole todo list, one todo, a todo that is not there, and a filtered list.",
)
HEAD_SECTION = section(
    "head",
    "HEAD Challenges",
    "HEAD answers with the headers a GET would send and no body.",
)
POST_CREATE = section(
    "post-create",
    "Creation Challenges with POST",
    "Create todos with POST, and provoke each of the errors the API answers with a 400, "
    "a 413 or a 201 at the limits.",
)
PUT_CREATE = section(
    "put-create",
    "Creation Challenges with PUT",
    "The API chooses todo ids itself, so a PUT to an id that does not exist cannot create it.",
)
POST_UPDATE = section(
    "post-update",
    "Update Challenges with POST",
    "A POST to a todo's own URL changes the fields it names and leaves the others alone.",
)
PUT_UPDATE = section(
    "put-update",
    "Update Challenges with PUT",
    "A PUT sends the whole todo: fields it leaves out go back to their defaults.",
)
DELETE_SECTION = section(
    "delete",
    "DELETE Challenges",
    "Remove a todo; this API answers a successful DELETE with 200.",
)
OPTIONS_SECTION = section(
    "options",
    "OPTIONS Challenges",
    "Ask an endpoint which methods it takes; the answer is the `Allow` header.",
)
ACCEPT_SECTION = section(
    "accept",
    "Accept Challenges",
    "Choose the response format with the `Accept` header: XML, JSON, anything, or nothing.",
)
CONTENT_TYPE_SECTION = section(
    "content-type",
    "Content-Type Challenges",
    "Say what format your request body is in with `Content-Type`.",
)
RESTORE_SECTION = section(
    "restore",
    "Fancy a Break? Restore your session",
    "Download your progress and your todos, and put them back later, even into a new session.",
)
MIXED_FORMATS = section(
    "mixed-formats",
    "Mix Accept and Content-Type Challenges",
    "Send the body in one format and ask for the answer in the other.",
)
STATUS_CODES = section(
    "status-codes",
    "Status Code Challenges",
    "The heartbeat endpoint answers unusual methods with unusual status codes.",
)
METHOD_OVERRIDE = section(
    "method-override",
    "HTTP Method Override Challenges",
    "A POST with `X-HTTP-Method-Override` is treated as the method the header names.",
)
AUTHENTICATION = section(
    "authentication",
    "Authentication Challenges",
    "Log in with Basic credentials to get a token for the secret note.",
)
AUTHORIZATION = section(
    "authorization",
    "Authorization Challenges",
    "Read and write the secret note with your token, as `X-AUTH-TOKEN` or as a Bearer token.",
)
MISCELLANEOUS = section(
    "miscellaneous",
    "Miscellaneous Challenges",
    "Empty your list, then fill it to the brim.",
)


# --------------------------------------------------------------------------- challenges

CHALLENGES_59: tuple[Challenge, ...] = (
    # Getting Started
    declare(
        "CREATE_NEW_CHALLENGER",
        "POST /challenger (201)",
        GETTING_STARTED,
        "POST to `/challenger` with no body to start a session; the response's `X-CHALLENGER` "
        "header is your GUID.",
        (hint("Send this one without an X-CHALLENGER header.", DASHBOARD),),
        attempt=(method_is("POST"), at(CHALLENGER)),
        credit=(status(201),),
    ),
    # First Real Challenge
    declare(
        "GET_CHALLENGES",
        "GET /challenges (200)",
        FIRST_REAL,
        "GET `/challenges` to list every challenge with your status in it.",
        (hint("Include your X-CHALLENGER header so the statuses are yours."),),
        attempt=(at(CHALLENGES),),
        credit=(method_is("GET"),),
    ),
    # GET Challenges
    declare(
        "GET_TODOS",
        "GET /todos (200)",
        GET_SECTION,
        "GET `/todos` to read every todo in your list.",
        (hint("No query string: just the path."),),
        attempt=(method_is("GET"), at(TODOS)),
        credit=(no_query(),),
    ),
    declare(
        "GET_TODOS_NOT_PLURAL_404",
        "GET /todo (404) not plural",
        GET_SECTION,
        "GET `/todo`, the singular, and see the 404: collection names are plural.",
        (hint("Drop the final s of /todos."),),
        attempt=(at(TODO_SINGULAR),),
        credit=(method_is("GET"), status(404)),
    ),
    declare(
        "GET_TODO",
        "GET /todos/{id} (200)",
        GET_SECTION,
        "GET one todo by its id, e.g. `/todos/1`.",
        (hint("Read the list first to see which ids exist."),),
        attempt=(method_is("GET"), at(TODO_ITEM)),
        credit=(status(200),),
    ),
    declare(
        "GET_TODO_404",
        "GET /todos/{id} (404)",
        GET_SECTION,
        "GET a todo id that is not in your list and receive a 404.",
        (hint("A large id, or one you have deleted, will do."),),
        attempt=(method_is("GET"), at(TODO_ITEM)),
        credit=(status(404),),
    ),
    declare(
        "GET_TODOS_FILTERED",
        "GET /todos (200) ?filter",
        GET_SECTION,
        "GET `/todos?doneStatus=true` to see only the finished todos; your list must hold "
        "finished and unfinished ones.",
        (hint("Mark one todo done first: the default todos are all unfinished.", DOCS),),
        attempt=(method_is("GET"), at(TODOS), param_equals("doneStatus", "true")),
        credit=(status(200), store_has_done_and_not_done()),
    ),
    # HEAD Challenges
    declare(
        "GET_HEAD_TODOS",
        "HEAD /todos (200)",
        HEAD_SECTION,
        "Send HEAD to `/todos` and compare its headers with those of a GET.",
        (hint("The status and headers match a GET; the body is empty."),),
        attempt=(method_is("HEAD"), at(TODOS)),
        credit=(no_query(),),
    ),
    # Creation Challenges with POST
    declare(
        "POST_TODOS",
        "POST /todos (201)",
        POST_CREATE,
        "POST a new todo to `/todos`; a title is all it needs.",
        (hint('`{"title": "my first todo"}` as `application/json`.', DOCS),),
        attempt=(method_is("POST"), at(TODOS)),
        credit=(status(201),),
    ),
    declare(
        "POST_TODOS_BAD_DONE_STATUS",
        "POST /todos (400) doneStatus",
        POST_CREATE,
        "POST a todo whose `doneStatus` is not `true` or `false` and read the 400's message.",
        (hint('A string such as `"doneStatus": "yes"` is not a boolean.'),),
        attempt=(method_is("POST"), at(TODOS), status(400)),
        credit=(says(DONE_STATUS_NOT_BOOLEAN),),
    ),
    declare(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        "POST /todos (400) title too long",
        POST_CREATE,
        f"POST a todo whose title is longer than {TITLE_MAX} characters.",
        (hint(f"{TITLE_MAX + 1} characters is enough to be refused."),),
        attempt=(method_is("POST"), at(TODOS, TODO_ITEM), status(400)),
        credit=(says(VALIDATION_PREFIX + too_long("title", TITLE_MAX)),),
    ),
    declare(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        "POST /todos (400) description too long",
        POST_CREATE,
        f"POST a todo whose description is longer than {DESCRIPTION_MAX} characters.",
        (hint("Repeat a word until the description passes the limit."),),
        attempt=(method_is("POST"), at(TODOS, TODO_ITEM), status(400)),
        credit=(says(VALIDATION_PREFIX + too_long("description", DESCRIPTION_MAX)),),
    ),
    declare(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        "POST /todos (201) max out content",
        POST_CREATE,
        f"POST a todo whose title is exactly {TITLE_MAX} characters and whose description is "
        f"exactly {DESCRIPTION_MAX}.",
        (hint("The longest allowed values must still be accepted: that is the test."),),
        attempt=(
            method_is("POST"),
            at(TODOS),
            status(201),
            created_at_a_maximum(TITLE_MAX, DESCRIPTION_MAX),
        ),
        credit=(
            created_length("title", TITLE_MAX),
            created_length("description", DESCRIPTION_MAX),
            location_names_the_todo(),
        ),
    ),
    declare(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        "POST /todos (413) content too long",
        POST_CREATE,
        "POST a body of more than 5000 characters and receive a 413.",
        (hint("A very long description makes the whole body too large."),),
        attempt=(method_is("POST"), at(TODOS), large_body(4000)),
        credit=(status(413), says(BODY_TOO_LARGE)),
    ),
    declare(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        "POST /todos (400) extra",
        POST_CREATE,
        "POST a todo with a field todos do not have, such as `priority`.",
        (hint("The 400's message names the unknown field."),),
        attempt=(method_is("POST"), at(TODOS), status(400)),
        credit=(says(UNKNOWN_FIELD),),
    ),
    # Creation Challenges with PUT
    declare(
        "PUT_TODOS_400",
        "PUT /todos/{id} (400)",
        PUT_CREATE,
        "PUT a todo to an id that does not exist and see the API refuse to create it.",
        (hint("Any unused id in the URL, with a title in the body."),),
        attempt=(method_is("PUT"), at(TODO_ITEM), status(400)),
        credit=(says(PUT_CANNOT_CREATE),),
    ),
    # Update Challenges with POST
    declare(
        "POST_UPDATE_TODO",
        "POST /todos/{id} (200)",
        POST_UPDATE,
        "POST new values for some fields to an existing todo's URL.",
        (hint('`{"title": "renamed"}` to `/todos/1`.'),),
        attempt=(method_is("POST"), at(TODO_ITEM)),
        credit=(status(200),),
    ),
    declare(
        "POST_TODOS_404",
        "POST /todos/{id} (404)",
        POST_UPDATE,
        "POST an update to a todo id that does not exist and receive a 404.",
        (hint("Updating with POST never creates a todo."),),
        attempt=(method_is("POST"), at(TODO_ITEM), status(400, 404)),
        credit=(status(404), no_such_todo()),
    ),
    # Update Challenges with PUT
    declare(
        "PUT_TODOS_FULL_200",
        "PUT /todos/{id} full (200)",
        PUT_UPDATE,
        "PUT a complete todo to an existing id: title, description and doneStatus.",
        (hint("Every field in the body, even those you do not change."),),
        attempt=(method_is("PUT"), at(TODO_ITEM), status(200)),
        credit=(body_mentions("doneStatus", "description"),),
    ),
    declare(
        "PUT_TODOS_PARTIAL_200",
        "PUT /todos/{id} partial (200)",
        PUT_UPDATE,
        "PUT only a title to an existing todo, then see what became of its other fields.",
        (hint("Leave doneStatus and description out of the body."),),
        attempt=(method_is("PUT"), at(TODO_ITEM), status(200)),
        credit=(body_lacks("doneStatus"), body_lacks("description")),
    ),
    declare(
        "PUT_TODOS_MISSING_TITLE_400",
        "PUT /todos/{id} no title (400)",
        PUT_UPDATE,
        "PUT a body without a title to an existing todo and read the 400.",
        (hint("The title is mandatory in a full replacement."),),
        attempt=(method_is("PUT"), at(TODO_ITEM), status(400)),
        credit=(says(MANDATORY_TITLE),),
    ),
    declare(
        "PUT_TODOS_400_NO_AMEND_ID",
        "PUT /todos/{id} no amend id (400)",
        PUT_UPDATE,
        "PUT to an existing todo with another id in the body: an id cannot be changed.",
        (hint('`/todos/1` with `"id": 2` in the body.'),),
        attempt=(method_is("PUT"), at(TODO_ITEM), status(400)),
        credit=(says(AMEND_ID),),
    ),
    # DELETE Challenges
    declare(
        "DELETE_A_TODO",
        "DELETE /todos/{id} (200)",
        DELETE_SECTION,
        "DELETE an existing todo, then GET it to make sure it has gone.",
        (hint("The deleted todo's URL answers 404 afterwards."),),
        attempt=(method_is("DELETE"), at(TODO_ITEM)),
        credit=(status(200),),
    ),
    # OPTIONS Challenges
    declare(
        "OPTIONS_TODOS",
        "OPTIONS /todos (200)",
        OPTIONS_SECTION,
        "Send OPTIONS to `/todos` and look at the `Allow` header.",
        (hint("Send your X-CHALLENGER header: with it the answer is 200."),),
        attempt=(method_is("OPTIONS"), at(TODOS, TODO_ITEM)),
        credit=(at(TODOS), status(200)),
    ),
    # Accept Challenges
    declare(
        "GET_ACCEPT_XML",
        "GET /todos (200) XML",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: application/xml` and receive XML.",
        (hint("Look at the response's Content-Type too."),),
        attempt=(method_is("GET"), at(TODOS), accepts_xml(), response_type(XML)),
        credit=(no_query(), status(200)),
    ),
    declare(
        "GET_ACCEPT_JSON",
        "GET /todos (200) JSON",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: application/json` and receive JSON.",
        (hint("JSON is the default, but ask for it explicitly here."),),
        attempt=(method_is("GET"), at(TODOS), asks_for(JSON)),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        "GET /todos (200) ANY",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: */*` and see that the server picks JSON.",
        (hint("`*/*` means any format will do."),),
        attempt=(method_is("GET"), at(TODOS), asks_for("*/*")),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_XML_PREFERRED",
        "GET /todos (200) XML pref",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: application/xml, application/json` and receive XML, the "
        "format listed first.",
        (hint("Both formats in one header, XML first."),),
        attempt=(method_is("GET"), at(TODOS), accepts_xml(), asks_for(JSON)),
        credit=(no_query(), xml_wins_negotiation(), status(200), response_type(XML)),
    ),
    declare(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        "GET /todos (200) no accept",
        ACCEPT_SECTION,
        "GET `/todos` with no `Accept` header at all and receive JSON.",
        (hint("Some clients add Accept by themselves: remove it."),),
        attempt=(method_is("GET"), at(TODOS), header_absent("Accept")),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    declare(
        "GET_UNSUPPORTED_ACCEPT_406",
        "GET /todos (406)",
        ACCEPT_SECTION,
        "GET `/todos` asking for a format the API cannot produce, such as "
        "`application/gzip`, and receive a 406.",
        (hint("406 is Not Acceptable: none of the formats you accept is on offer."),),
        attempt=(method_is("GET"), at(TODOS), accept_unknown()),
        credit=(no_query(), status(406)),
    ),
    # Content-Type Challenges
    declare(
        "POST_CREATE_XML",
        "POST /todos XML",
        CONTENT_TYPE_SECTION,
        "Create a todo from an XML body and ask for the answer in XML.",
        (
            hint(
                "`Content-Type: application/xml`, `Accept: application/xml`, body "
                "`<todo><title>from xml</title></todo>`."
            ),
        ),
        attempt=(method_is("POST"), at(TODOS), content_type_in(*XML_REQUEST_TYPES)),
        credit=(status(201), response_type(XML)),
    ),
    declare(
        "POST_CREATE_JSON",
        "POST /todos JSON",
        CONTENT_TYPE_SECTION,
        "Create a todo from a JSON body and ask for the answer in JSON.",
        (hint("`Content-Type` and `Accept` both `application/json`."),),
        attempt=(method_is("POST"), at(TODOS), content_type_in(JSON), asks_for(JSON)),
        credit=(status(201), response_type(JSON)),
    ),
    declare(
        "POST_TODOS_415",
        "POST /todos (415)",
        CONTENT_TYPE_SECTION,
        "POST a todo declared in a format the API cannot read, such as `text/plain`, and "
        "receive a 415.",
        (hint("415 is about the format you sent, not the one you asked for."),),
        attempt=(method_is("POST"), at(TODOS), unreadable_content_type()),
        credit=(status(415),),
    ),
    # Fancy a Break? Restore your session
    declare(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "GET /challenger/guid (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "GET `/challenger/{guid}` with your own GUID, in the URL and in `X-CHALLENGER`, to "
        "download your progress.",
        (hint("Keep the body: it is what you PUT back to restore."),),
        attempt=(method_is("GET"), at(CHALLENGER_GUID)),
        credit=(url_names_own_session(),),
    ),
    declare(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "PUT /challenger/guid RESTORE",
        RESTORE_SECTION,
        "PUT a downloaded progress document back to `/challenger/{guid}` for your session.",
        (hint("Send the downloaded body as it is."),),
        attempt=(method_is("PUT"), at(CHALLENGER_GUID)),
        credit=(status(200),),
    ),
    declare(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        "PUT /challenger/guid CREATE",
        RESTORE_SECTION,
        "PUT a progress document to `/challenger/{guid}` for a GUID the server does not know, "
        "and a session is made from it.",
        (hint("A fresh UUID in the URL and in the body's `xChallenger`; expect 201."),),
        attempt=(method_is("PUT"), at(CHALLENGER_GUID)),
        credit=(status(201),),
        modes=MULTI_ONLY,
    ),
    declare(
        "GET_RESTORABLE_TODOS",
        "GET /challenger/database/guid (200)",
        RESTORE_SECTION,
        "GET `/challenger/database/{guid}` to download your todos.",
        (hint("Keep the body to PUT it back later."),),
        attempt=(method_is("GET", "HEAD"), at(CHALLENGER_DATABASE)),
        credit=(method_is("GET"), status(200)),
    ),
    declare(
        "PUT_RESTORABLE_TODOS",
        "PUT /challenger/database/guid (Update)",
        RESTORE_SECTION,
        "PUT a downloaded todo list to `/challenger/database/{guid}` to restore it.",
        (hint("Every todo of the session is replaced; success is a 204."),),
        attempt=(method_is("PUT"), at(CHALLENGER_DATABASE)),
        credit=(status(204),),
    ),
    # Mix Accept and Content-Type Challenges
    declare(
        "POST_CREATE_XML_ACCEPT_JSON",
        "POST /todos XML to JSON",
        MIXED_FORMATS,
        "Create a todo from an XML body and receive the answer as JSON.",
        (hint("`Content-Type: application/xml`, `Accept: application/json`."),),
        attempt=(method_is("POST"), at(TODOS), content_type_in(*XML_REQUEST_TYPES)),
        credit=(asks_for(JSON), status(201), response_type(JSON)),
    ),
    declare(
        "POST_CREATE_JSON_ACCEPT_XML",
        "POST /todos JSON to XML",
        MIXED_FORMATS,
        "Create a todo from a JSON body and receive the answer as XML.",
        (hint("`Content-Type: application/json`, `Accept: application/xml`."),),
        # Without an Accept header the answer is JSON: such a create is no attempt here.
        attempt=(method_is("POST"), at(TODOS), content_type_in(JSON), header_present("Accept")),
        credit=(status(201), response_type(XML)),
    ),
    # Status Code Challenges
    declare(
        "DELETE_HEARTBEAT_405",
        "DELETE /heartbeat (405)",
        STATUS_CODES,
        "DELETE `/heartbeat` and receive 405 Method Not Allowed.",
        (hint("The endpoint exists, the method is not allowed on it."),),
        # Any method on the heartbeat tries one of its status codes; the method decides.
        attempt=(at(HEARTBEAT),),
        credit=(method_is("DELETE"),),
    ),
    declare(
        "PATCH_HEARTBEAT_500",
        "PATCH /heartbeat (500)",
        STATUS_CODES,
        "PATCH `/heartbeat` and receive a 500, a server error on purpose.",
        (hint("Nothing is broken: this 500 is there to be seen."),),
        attempt=(at(HEARTBEAT),),
        credit=(method_is("PATCH"),),
    ),
    declare(
        "TRACE_HEARTBEAT_501",
        "TRACE /heartbeat (501)",
        STATUS_CODES,
        "Send TRACE to `/heartbeat` and receive 501 Not Implemented.",
        (hint("curl can send it: `curl -X TRACE`."),),
        attempt=(at(HEARTBEAT),),
        credit=(method_is("TRACE"),),
    ),
    declare(
        "GET_HEARTBEAT_204",
        "GET /heartbeat (204)",
        STATUS_CODES,
        "GET `/heartbeat`: a 204 with no body says the server is up.",
        (hint("Success does not always come with a body."),),
        attempt=(at(HEARTBEAT),),
        credit=(method_is("GET"),),
    ),
    # HTTP Method Override Challenges
    declare(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        "POST /heartbeat as DELETE (405)",
        METHOD_OVERRIDE,
        "POST to `/heartbeat` with `X-HTTP-Method-Override: DELETE` and receive the 405 a "
        "DELETE gets.",
        (hint("The mirror shows the method the server ends up with.", MIRROR),),
        attempt=(at(HEARTBEAT), override_sent()),
        credit=(override_is("DELETE"),),
    ),
    declare(
        "OVERRIDE_PATCH_HEARTBEAT_500",
        "POST /heartbeat as PATCH (500)",
        METHOD_OVERRIDE,
        "POST to `/heartbeat` with `X-HTTP-Method-Override: PATCH` and receive the 500 a "
        "PATCH gets.",
        (hint("The request line still says POST; only the header changes."),),
        attempt=(at(HEARTBEAT), override_sent()),
        credit=(override_is("PATCH"),),
    ),
    declare(
        "OVERRIDE_TRACE_HEARTBEAT_501",
        "POST /heartbeat as Trace (501)",
        METHOD_OVERRIDE,
        "POST to `/heartbeat` with `X-HTTP-Method-Override: TRACE` and receive the 501 a "
        "TRACE gets.",
        (hint("Useful when a client cannot send TRACE at all."),),
        attempt=(at(HEARTBEAT), override_sent()),
        credit=(override_is("TRACE"),),
    ),
    # Authentication Challenges
    declare(
        "CREATE_SECRET_TOKEN_401",
        "POST /secret/token (401)",
        AUTHENTICATION,
        "POST to `/secret/token` with wrong Basic credentials and receive a 401.",
        (hint("Any username and password except the right ones."),),
        attempt=(method_is("POST"), at(SECRET_TOKEN), authorization_sent()),
        credit=(authorization_longer_than(10), status(401)),
    ),
    declare(
        "CREATE_SECRET_TOKEN_201",
        "POST /secret/token (201)",
        AUTHENTICATION,
        "POST to `/secret/token` as `admin` / `password` and receive your token in the "
        "`X-AUTH-TOKEN` header.",
        (hint("Keep the token for the next section."),),
        attempt=(method_is("POST"), at(SECRET_TOKEN), authorization_sent()),
        credit=(authorization_longer_than(10), status(201)),
    ),
    # Authorization Challenges
    declare(
        "GET_SECRET_NOTE_403",
        "GET /secret/note (403)",
        AUTHORIZATION,
        "GET `/secret/note` with an `X-AUTH-TOKEN` that is not yours and receive a 403.",
        (hint("403: the server knows you and still refuses."),),
        attempt=(method_is("GET"), at(SECRET_NOTE), auth_token_sent()),
        credit=(auth_token_longer_than(1), status(403)),
    ),
    declare(
        "GET_SECRET_NOTE_401",
        "GET /secret/note (401)",
        AUTHORIZATION,
        "GET `/secret/note` without `X-AUTH-TOKEN` and receive a 401.",
        (hint("401: the server does not know who you are."),),
        attempt=(method_is("GET"), at(SECRET_NOTE), no_auth_token()),
        credit=(status(401),),
    ),
    declare(
        "GET_SECRET_NOTE_200",
        "GET /secret/note (200)",
        AUTHORIZATION,
        "GET `/secret/note` with your token in `X-AUTH-TOKEN` and read the note.",
        (hint("The token came with the 201 from /secret/token."),),
        attempt=(method_is("GET"), at(SECRET_NOTE), auth_token_sent()),
        credit=(status(200),),
    ),
    declare(
        "POST_SECRET_NOTE_200",
        "POST /secret/note (200)",
        AUTHORIZATION,
        'POST `{"note": "..."}` to `/secret/note` with your token in `X-AUTH-TOKEN`; at '
        "most 100 characters are kept.",
        (hint("A JSON body with `Content-Type: application/json`."),),
        attempt=(method_is("POST"), at(SECRET_NOTE), auth_token_sent()),
        credit=(note_body(), status(200)),
    ),
    declare(
        "POST_SECRET_NOTE_401",
        "POST /secret/note (401)",
        AUTHORIZATION,
        "POST a JSON note to `/secret/note` without `X-AUTH-TOKEN` and receive a 401.",
        (hint("Same body; no token."),),
        attempt=(method_is("POST"), at(SECRET_NOTE), no_auth_token()),
        credit=(note_body(), status(401)),
    ),
    declare(
        "POST_SECRET_NOTE_403",
        "POST /secret/note (403)",
        AUTHORIZATION,
        "POST a JSON note to `/secret/note` with somebody else's token and receive a 403.",
        (hint("Alter one character of your token."),),
        attempt=(method_is("POST"), at(SECRET_NOTE), auth_token_sent()),
        credit=(auth_token_longer_than(1), note_body(), status(403)),
    ),
    declare(
        "GET_SECRET_NOTE_BEARER_200",
        "GET /secret/note (Bearer)",
        AUTHORIZATION,
        "GET `/secret/note` sending your token as `Authorization: Bearer <token>`.",
        (hint("Most clients have a Bearer option in their auth settings."),),
        attempt=(method_is("GET"), at(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), status(200)),
    ),
    declare(
        "POST_SECRET_NOTE_BEARER_200",
        "POST /secret/note (Bearer)",
        AUTHORIZATION,
        "POST a JSON note to `/secret/note` sending your token as a Bearer token.",
        (hint("Only the way the token travels changes."),),
        attempt=(method_is("POST"), at(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), note_body(), status(200)),
    ),
    # Miscellaneous Challenges
    declare(
        "DELETE_ALL_TODOS",
        "DELETE /todos/{id} (200) all",
        MISCELLANEOUS,
        "DELETE todos until your list is empty.",
        (hint("The DELETE that removes the last todo completes it."),),
        # Only the last deletes are attempts: deleting one todo of ten is DELETE_A_TODO.
        attempt=(method_is("DELETE"), at(TODO_ITEM), status(200), store_at_most(3)),
        credit=(store_is_empty(),),
    ),
    declare(
        "POST_ALL_TODOS",
        "POST /todos (201) all",
        MISCELLANEOUS,
        "POST todos until the list holds the most it may (20), then one more: the API "
        "refuses it with a 400.",
        (hint("A loop in your client saves clicking.", DOCS),),
        attempt=(method_is("POST"), at(TODOS), list_is_full()),
        credit=(status(400), says_max_todos()),
    ),
)

# The classic XML went through a Java HashMap, whose order for these four names is this.
CLASSIC = Catalogue(
    CHALLENGES_59,
    DEPRECATED_KEYS,
    listing_xml_order=("name", "description", "id", "status"),
)
