"""The classic edition's catalogue: the 59 challenges of the public service as it was from
2024-04 until its 2026-07 rewrite, which most tutorials and student suites still target.

It is declared as what differs from the current edition (`derivation`): each `like`
entry is the current challenge of the same key, at the root paths the classic service had,
with its own texts (descriptions, hints and section blurbs are our own, written for the
classic paths) and what else differs: a name where it is not the current one's at the
root, the statuses the classic service answered instead (validation 400 instead of 422,
DELETE 200 instead of 204, the 21st todo 400 instead of 409: values the editions' tables
hold), a credit condition where it said something else. The three challenges the current
edition renamed and re-ruled for 422 (`PUT_TODOS_400` ...) are declared whole.

Keys, names, order and section titles are exact copies of that service's (clients assert
them). Multi mode offers all 59; single mode 58, without
PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS (a single-player server has only one session
to restore into).
"""

from __future__ import annotations

from challenges.catalogue.current import CATALOGUE
from challenges.catalogue.derivation import Like, at, derive, like
from challenges.conditions import method_is, says, status
from challenges.declarations import DASHBOARD, DOCS, MIRROR, Challenge, declare, hint, section
from challenges.routes import TODO_ITEM
from challenges.rules.bodies import sends_another_id, sends_no_title
from challenges.rules.todos import todo_missing, todo_not_missing
from practiceapi.editions import CLASSIC_EDITION, CURRENT_EDITION
from practiceapi.protocol.messages import body_too_large_capitalised
from todos import editions as todo_editions
from todos.messages import AMEND_ID, MANDATORY_TITLE, PUT_CANNOT_CREATE
from todos.resource import DESCRIPTION_MAX, TITLE_MAX, TODO_BODY_MAX_CHARACTERS

# The classic 413 text, capital R: its challenge counted only this exact wording.
BODY_TOO_LARGE = body_too_large_capitalised(TODO_BODY_MAX_CHARACTERS)

# Keys the classic service used before it fixed a typo (2024-07): progress payloads saved
# from it then restore under today's key.
DEPRECATED_KEYS = {
    "POST_MAX_OUT_TITILE_DESCRIPTION_LENGTH": "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
}

# The statuses the classic service answered where the current one answers another, as the
# editions' tables hold them: current status -> classic status.
VALIDATION = {CURRENT_EDITION.validation_status: CLASSIC_EDITION.validation_status}
DELETED = {todo_editions.CURRENT.delete_status: todo_editions.CLASSIC.delete_status}
FULL = {todo_editions.CURRENT.todo_cap_status: todo_editions.CLASSIC.todo_cap_status}

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

DECLARED: tuple[Like | Challenge, ...] = (
    # Getting Started
    like(
        "CREATE_NEW_CHALLENGER",
        GETTING_STARTED,
        "POST to `/challenger` with no body to start a session; the response's `X-CHALLENGER` "
        "header is your GUID.",
        (hint("Send this one without an X-CHALLENGER header.", DASHBOARD),),
    ),
    # First Real Challenge
    like(
        "GET_CHALLENGES",
        FIRST_REAL,
        "GET `/challenges` to list every challenge with your status in it.",
        (hint("Include your X-CHALLENGER header so the statuses are yours."),),
    ),
    # GET Challenges
    like(
        "GET_TODOS",
        GET_SECTION,
        "GET `/todos` to read every todo in your list.",
        (hint("No query string: just the path."),),
    ),
    like(
        "GET_TODOS_NOT_PLURAL_404",
        GET_SECTION,
        "GET `/todo`, the singular, and see the 404: collection names are plural.",
        (hint("Drop the final s of /todos."),),
    ),
    like(
        "GET_TODO",
        GET_SECTION,
        "GET one todo by its id, e.g. `/todos/1`.",
        (hint("Read the list first to see which ids exist."),),
    ),
    like(
        "GET_TODO_404",
        GET_SECTION,
        "GET a todo id that is not in your list and receive a 404.",
        (hint("A large id, or one you have deleted, will do."),),
    ),
    like(
        "GET_TODOS_FILTERED",
        GET_SECTION,
        "GET `/todos?doneStatus=true` to see only the finished todos; your list must hold "
        "finished and unfinished ones.",
        (hint("Mark one todo done first: the default todos are all unfinished.", DOCS),),
    ),
    # HEAD Challenges
    like(
        "GET_HEAD_TODOS",
        HEAD_SECTION,
        "Send HEAD to `/todos` and compare its headers with those of a GET.",
        (hint("The status and headers match a GET; the body is empty."),),
    ),
    # Creation Challenges with POST
    like(
        "POST_TODOS",
        POST_CREATE,
        "POST a new todo to `/todos`; a title is all it needs.",
        (hint('`{"title": "my first todo"}` as `application/json`.', DOCS),),
    ),
    like(
        "POST_TODOS_BAD_DONE_STATUS",
        POST_CREATE,
        "POST a todo whose `doneStatus` is not `true` or `false` and read the 400's message.",
        (hint('A string such as `"doneStatus": "yes"` is not a boolean.'),),
        statuses=VALIDATION,
    ),
    like(
        "POST_TODOS_TOO_LONG_TITLE_LENGTH",
        POST_CREATE,
        f"POST a todo whose title is longer than {TITLE_MAX} characters.",
        (hint(f"{TITLE_MAX + 1} characters is enough to be refused."),),
        statuses=VALIDATION,
    ),
    like(
        "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
        POST_CREATE,
        f"POST a todo whose description is longer than {DESCRIPTION_MAX} characters.",
        (hint("Repeat a word until the description passes the limit."),),
        statuses=VALIDATION,
    ),
    like(
        "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
        POST_CREATE,
        f"POST a todo whose title is exactly {TITLE_MAX} characters and whose description is "
        f"exactly {DESCRIPTION_MAX}.",
        (hint("The longest allowed values must still be accepted: that is the test."),),
    ),
    like(
        "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
        POST_CREATE,
        "POST a body of more than 5000 characters and receive a 413.",
        (hint("A very long description makes the whole body too large."),),
        credit=(status(413), says(BODY_TOO_LARGE)),
    ),
    like(
        "POST_TODOS_INVALID_EXTRA_FIELD",
        POST_CREATE,
        "POST a todo with a field todos do not have, such as `priority`.",
        (hint("The 400's message names the unknown field."),),
        statuses=VALIDATION,
    ),
    # Creation Challenges with PUT
    declare(
        "PUT_TODOS_400",
        "PUT /todos/{id} (400)",
        PUT_CREATE,
        "PUT a todo to an id that does not exist and see the API refuse to create it.",
        (hint("Any unused id in the URL, with a title in the body."),),
        # Without a PUT-not-found challenge, every PUT to a missing todo tries this one.
        attempt=(method_is("PUT"), at(TODO_ITEM), todo_missing()),
        credit=(status(400), says(PUT_CANNOT_CREATE)),
    ),
    # Update Challenges with POST
    like(
        "POST_UPDATE_TODO",
        POST_UPDATE,
        "POST new values for some fields to an existing todo's URL.",
        (hint('`{"title": "renamed"}` to `/todos/1`.'),),
    ),
    like(
        "POST_TODOS_404",
        POST_UPDATE,
        "POST an update to a todo id that does not exist and receive a 404.",
        (hint("Updating with POST never creates a todo."),),
        statuses=VALIDATION,
    ),
    # Update Challenges with PUT
    like(
        "PUT_TODOS_FULL_200",
        PUT_UPDATE,
        "PUT a complete todo to an existing id: title, description and doneStatus.",
        (hint("Every field in the body, even those you do not change."),),
    ),
    like(
        "PUT_TODOS_PARTIAL_200",
        PUT_UPDATE,
        "PUT only a title to an existing todo, then see what became of its other fields.",
        (hint("Leave doneStatus and description out of the body."),),
    ),
    declare(
        "PUT_TODOS_MISSING_TITLE_400",
        "PUT /todos/{id} no title (400)",
        PUT_UPDATE,
        "PUT a body without a title to an existing todo and read the 400.",
        (hint("The title is mandatory in a full replacement."),),
        attempt=(method_is("PUT"), at(TODO_ITEM), sends_no_title(), todo_not_missing()),
        credit=(status(400), says(MANDATORY_TITLE)),
    ),
    declare(
        "PUT_TODOS_400_NO_AMEND_ID",
        "PUT /todos/{id} no amend id (400)",
        PUT_UPDATE,
        "PUT to an existing todo with another id in the body: an id cannot be changed.",
        (hint('`/todos/1` with `"id": 2` in the body.'),),
        attempt=(method_is("PUT"), at(TODO_ITEM), sends_another_id(), todo_not_missing()),
        credit=(status(400), says(AMEND_ID)),
    ),
    # DELETE Challenges
    like(
        "DELETE_A_TODO",
        DELETE_SECTION,
        "DELETE an existing todo, then GET it to make sure it has gone.",
        (hint("The deleted todo's URL answers 404 afterwards."),),
        statuses=DELETED,
    ),
    # OPTIONS Challenges
    like(
        "OPTIONS_TODOS",
        OPTIONS_SECTION,
        "Send OPTIONS to `/todos` and look at the `Allow` header.",
        (hint("Send your X-CHALLENGER header: with it the answer is 200."),),
    ),
    # Accept Challenges
    like(
        "GET_ACCEPT_XML",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: application/xml` and receive XML.",
        (hint("Look at the response's Content-Type too."),),
    ),
    like(
        "GET_ACCEPT_JSON",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: application/json` and receive JSON.",
        (hint("JSON is the default, but ask for it explicitly here."),),
    ),
    like(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: */*` and see that the server picks JSON.",
        (hint("`*/*` means any format will do."),),
    ),
    like(
        "GET_ACCEPT_XML_PREFERRED",
        ACCEPT_SECTION,
        "GET `/todos` with `Accept: application/xml, application/json` and receive XML, the "
        "format listed first.",
        (hint("Both formats in one header, XML first."),),
    ),
    like(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        ACCEPT_SECTION,
        "GET `/todos` with no `Accept` header at all and receive JSON.",
        (hint("Some clients add Accept by themselves: remove it."),),
    ),
    like(
        "GET_UNSUPPORTED_ACCEPT_406",
        ACCEPT_SECTION,
        "GET `/todos` asking for a format the API cannot produce, such as "
        "`application/gzip`, and receive a 406.",
        (hint("406 is Not Acceptable: none of the formats you accept is on offer."),),
    ),
    # Content-Type Challenges
    like(
        "POST_CREATE_XML",
        CONTENT_TYPE_SECTION,
        "Create a todo from an XML body and ask for the answer in XML.",
        (
            hint(
                "`Content-Type: application/xml`, `Accept: application/xml`, body "
                "`<todo><title>from xml</title></todo>`."
            ),
        ),
    ),
    like(
        "POST_CREATE_JSON",
        CONTENT_TYPE_SECTION,
        "Create a todo from a JSON body and ask for the answer in JSON.",
        (hint("`Content-Type` and `Accept` both `application/json`."),),
    ),
    like(
        "POST_TODOS_415",
        CONTENT_TYPE_SECTION,
        "POST a todo declared in a format the API cannot read, such as `text/plain`, and "
        "receive a 415.",
        (hint("415 is about the format you sent, not the one you asked for."),),
    ),
    # Fancy a Break? Restore your session
    like(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        RESTORE_SECTION,
        "GET `/challenger/{guid}` with your own GUID, in the URL and in `X-CHALLENGER`, to "
        "download your progress.",
        (hint("Keep the body: it is what you PUT back to restore."),),
    ),
    like(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        RESTORE_SECTION,
        "PUT a downloaded progress document back to `/challenger/{guid}` for your session.",
        (hint("Send the downloaded body as it is."),),
    ),
    like(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        RESTORE_SECTION,
        "PUT a progress document to `/challenger/{guid}` for a GUID the server does not know, "
        "and a session is made from it.",
        (hint("A fresh UUID in the URL and in the body's `xChallenger`; expect 201."),),
    ),
    like(
        "GET_RESTORABLE_TODOS",
        RESTORE_SECTION,
        "GET `/challenger/database/{guid}` to download your todos.",
        (hint("Keep the body to PUT it back later."),),
    ),
    like(
        "PUT_RESTORABLE_TODOS",
        RESTORE_SECTION,
        "PUT a downloaded todo list to `/challenger/database/{guid}` to restore it.",
        (hint("Every todo of the session is replaced; success is a 204."),),
    ),
    # Mix Accept and Content-Type Challenges
    like(
        "POST_CREATE_XML_ACCEPT_JSON",
        MIXED_FORMATS,
        "Create a todo from an XML body and receive the answer as JSON.",
        (hint("`Content-Type: application/xml`, `Accept: application/json`."),),
    ),
    like(
        "POST_CREATE_JSON_ACCEPT_XML",
        MIXED_FORMATS,
        "Create a todo from a JSON body and receive the answer as XML.",
        (hint("`Content-Type: application/json`, `Accept: application/xml`."),),
    ),
    # Status Code Challenges
    like(
        "DELETE_HEARTBEAT_405",
        STATUS_CODES,
        "DELETE `/heartbeat` and receive 405 Method Not Allowed.",
        (hint("The endpoint exists, the method is not allowed on it."),),
    ),
    like(
        "PATCH_HEARTBEAT_500",
        STATUS_CODES,
        "PATCH `/heartbeat` and receive a 500, a server error on purpose.",
        (hint("Nothing is broken: this 500 is there to be seen."),),
    ),
    like(
        "TRACE_HEARTBEAT_501",
        STATUS_CODES,
        "Send TRACE to `/heartbeat` and receive 501 Not Implemented.",
        (hint("curl can send it: `curl -X TRACE`."),),
    ),
    like(
        "GET_HEARTBEAT_204",
        STATUS_CODES,
        "GET `/heartbeat`: a 204 with no body says the server is up.",
        (hint("Success does not always come with a body."),),
    ),
    # HTTP Method Override Challenges
    like(
        "OVERRIDE_DELETE_HEARTBEAT_405",
        METHOD_OVERRIDE,
        "POST to `/heartbeat` with `X-HTTP-Method-Override: DELETE` and receive the 405 a "
        "DELETE gets.",
        (hint("The mirror shows the method the server ends up with.", MIRROR),),
    ),
    like(
        "OVERRIDE_PATCH_HEARTBEAT_500",
        METHOD_OVERRIDE,
        "POST to `/heartbeat` with `X-HTTP-Method-Override: PATCH` and receive the 500 a "
        "PATCH gets.",
        (hint("The request line still says POST; only the header changes."),),
    ),
    like(
        "OVERRIDE_TRACE_HEARTBEAT_501",
        METHOD_OVERRIDE,
        "POST to `/heartbeat` with `X-HTTP-Method-Override: TRACE` and receive the 501 a "
        "TRACE gets.",
        (hint("Useful when a client cannot send TRACE at all."),),
    ),
    # Authentication Challenges
    like(
        "CREATE_SECRET_TOKEN_401",
        AUTHENTICATION,
        "POST to `/secret/token` with wrong Basic credentials and receive a 401.",
        (hint("Any username and password except the right ones."),),
    ),
    like(
        "CREATE_SECRET_TOKEN_201",
        AUTHENTICATION,
        "POST to `/secret/token` as `admin` / `password` and receive your token in the "
        "`X-AUTH-TOKEN` header.",
        (hint("Keep the token for the next section."),),
    ),
    # Authorization Challenges
    like(
        "GET_SECRET_NOTE_403",
        AUTHORIZATION,
        "GET `/secret/note` with an `X-AUTH-TOKEN` that is not yours and receive a 403.",
        (hint("403: the server knows you and still refuses."),),
    ),
    like(
        "GET_SECRET_NOTE_401",
        AUTHORIZATION,
        "GET `/secret/note` without `X-AUTH-TOKEN` and receive a 401.",
        (hint("401: the server does not know who you are."),),
    ),
    like(
        "GET_SECRET_NOTE_200",
        AUTHORIZATION,
        "GET `/secret/note` with your token in `X-AUTH-TOKEN` and read the note.",
        (hint("The token came with the 201 from /secret/token."),),
    ),
    like(
        "POST_SECRET_NOTE_200",
        AUTHORIZATION,
        'POST `{"note": "..."}` to `/secret/note` with your token in `X-AUTH-TOKEN`; at '
        "most 100 characters are kept.",
        (hint("A JSON body with `Content-Type: application/json`."),),
    ),
    like(
        "POST_SECRET_NOTE_401",
        AUTHORIZATION,
        "POST a JSON note to `/secret/note` without `X-AUTH-TOKEN` and receive a 401.",
        (hint("Same body; no token."),),
    ),
    like(
        "POST_SECRET_NOTE_403",
        AUTHORIZATION,
        "POST a JSON note to `/secret/note` with somebody else's token and receive a 403.",
        (hint("Alter one character of your token."),),
    ),
    like(
        "GET_SECRET_NOTE_BEARER_200",
        AUTHORIZATION,
        "GET `/secret/note` sending your token as `Authorization: Bearer <token>`.",
        (hint("Most clients have a Bearer option in their auth settings."),),
    ),
    like(
        "POST_SECRET_NOTE_BEARER_200",
        AUTHORIZATION,
        "POST a JSON note to `/secret/note` sending your token as a Bearer token.",
        (hint("Only the way the token travels changes."),),
    ),
    # Miscellaneous Challenges
    like(
        "DELETE_ALL_TODOS",
        MISCELLANEOUS,
        "DELETE todos until your list is empty.",
        (hint("The DELETE that removes the last todo completes it."),),
        # Only the last deletes are attempts: deleting one todo of ten is DELETE_A_TODO.
        statuses=DELETED,
    ),
    like(
        "POST_ALL_TODOS",
        MISCELLANEOUS,
        "POST todos until the list holds the most it may (20), then one more: the API "
        "refuses it with a 400.",
        (hint("A loop in your client saves clicking.", DOCS),),
        name="POST /todos (201) all",
        statuses=FULL,
    ),
)

# The classic XML went through a Java HashMap, whose order for these four names is this.
CLASSIC = derive(
    CATALOGUE,
    DECLARED,
    DEPRECATED_KEYS,
    listing_xml_order=("name", "description", "id", "status"),
)
