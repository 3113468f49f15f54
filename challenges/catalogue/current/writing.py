"""The current edition's challenges about changing todos: creating them with POST and
PUT, with every error a create can provoke, updating, deleting, and emptying and filling
the whole list.
"""

from __future__ import annotations

from challenges.conditions import method_is, route, says, status
from challenges.declarations import DOCS, Challenge, declare, hint, section
from challenges.routes import TODO_ITEM, TODOS
from challenges.rules.bodies import (
    body_has_id,
    body_has_no_id,
    body_lacks,
    body_mentions,
    body_read,
    large_body,
    plain_create,
    says_body_too_large,
    sends_a_title,
    sends_an_id,
    sends_another_id,
    sends_done_status_not_boolean,
    sends_near_maximum,
    sends_no_id,
    sends_no_other_id,
    sends_no_title,
    sends_too_long,
    sends_unknown_field,
)
from challenges.rules.todos import (
    created_length,
    list_was_full,
    location_names_the_todo,
    no_such_todo,
    says_max_todos,
    store_at_most,
    store_is_empty,
    todo_missing,
    todo_not_missing,
)
from practiceapi.protocol.messages import BODY_TOO_LARGE, UNKNOWN_FIELD, VALIDATION_PREFIX, too_long
from todos.messages import AMEND_ID, DONE_STATUS_NOT_BOOLEAN, MANDATORY_TITLE, PUT_CANNOT_CREATE
from todos.resource import DESCRIPTION_MAX, TITLE_MAX, TODO_BODY_MAX_CHARACTERS

# --------------------------------------------------------------------------- sections

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
MISCELLANEOUS = section(
    "miscellaneous",
    "Miscellaneous Challenges",
    "A few odd ones kept for the end.",
)


# --------------------------------------------------------------------------- challenges

DECLARED: tuple[Challenge, ...] = (
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
        attempt=(
            method_is("POST"),
            route(TODOS, TODO_ITEM),
            sends_too_long("title", TITLE_MAX),
            body_read(),
        ),
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
            body_read(),
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
            sends_no_other_id(),
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
            sends_no_other_id(),
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
        attempt=(method_is("POST"), route(TODOS), list_was_full()),
        credit=(status(409), says_max_todos()),
    ),
)
