"""OpenAPI annotations of the todo API (drf-spectacular), one decorator per operation.

The views build bodies through the protocol layer, not serializers, so the schemas are
written out here as plain JSON Schema, stating what the views really accept and answer:
unknown fields are refused (422), `title` is 1-50 characters with something other than
white space, `description` at most 200. Every operation documents the `X-CHALLENGER`
header and its error statuses. QUERY has no place in OpenAPI 3.1 (3.2 adds it): its
behaviour is described on the collection's GET; the main document's preprocessing hook
drops QUERY endpoints.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema

from challengers.schema import EMPTY, GUID
from challengers.schema import TAG as SESSION_TAG
from practiceapi.openapi import ERRORS, move_statuses, xml_ordered
from practiceapi.protocol.formats import FORMATS, JSON, TEXT_XML, XML
from practiceapi.protocol.querybody import ACCEPT_QUERY
from todos.editions import CALENDAR, todo_edition
from todos.resource import DESCRIPTION_MAX, TITLE_MAX

TAG = "todos"

# --- schemas -----------------------------------------------------------------------------

_TITLE = {
    "type": "string",
    "minLength": 1,
    "maxLength": TITLE_MAX,
    # Not blank, and no NUL character (both are 422s).
    "pattern": "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$",
}
_DESCRIPTION = {"type": "string", "maxLength": DESCRIPTION_MAX, "pattern": "^[^\\u0000]*$"}
_DONE = {"type": "boolean"}
_ID = {"type": "integer", "minimum": 1}

TODO = {
    "type": "object",
    "properties": {
        "id": _ID,
        "title": {"type": "string", "maxLength": 50},
        "doneStatus": _DONE,
        "description": {"type": "string", "maxLength": 200},
    },
    "required": ["id", "title", "doneStatus", "description"],
    "xml": {"name": "todo"},
}
TODOS = {
    "type": "object",
    "properties": {"todos": {"type": "array", "items": TODO, "xml": {"wrapped": False}}},
    "required": ["todos"],
    "xml": {"name": "todos"},
}


def _body(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
        "xml": {"name": "todo"},
    }


CREATE_BODY = _body({"title": _TITLE, "doneStatus": _DONE, "description": _DESCRIPTION}, ["title"])
AMEND_BODY = _body(
    {"id": _ID, "title": _TITLE, "doneStatus": _DONE, "description": _DESCRIPTION}, []
)
REPLACE_BODY = _body(
    {"id": _ID, "title": _TITLE, "doneStatus": _DONE, "description": _DESCRIPTION}, ["title"]
)
REPLACE_BY_ID_BODY = _body(
    {"id": _ID, "title": _TITLE, "doneStatus": _DONE, "description": _DESCRIPTION},
    ["id", "title"],
)
MERGE_PATCH_BODY = {
    "type": "object",
    "properties": {
        "title": _TITLE,
        "doneStatus": {"type": ["boolean", "null"]},
        "description": {"type": ["string", "null"], "maxLength": 200},
    },
    "additionalProperties": False,
}
JSON_PATCH_BODY = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "op": {"enum": ["add", "remove", "replace", "move", "copy", "test"]},
            "path": {"type": "string"},
            "from": {"type": "string"},
            "value": {},
        },
        "required": ["op", "path"],
    },
}

# --- parameters and responses --------------------------------------------------------------

X_CHALLENGER = OpenApiParameter(
    "X-CHALLENGER",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "The session GUID from `POST /api/challenger`. Multi-player: without it reads see "
        "the default list and writes are 401. Single-player: ignored."
    ),
)
TODO_ID = OpenApiParameter(
    "todo_id",
    OpenApiTypes.INT,
    OpenApiParameter.PATH,
    description="The todo's id, compared as exact text (`01` names no todo).",
)
QUERY_PARAMETERS = [
    OpenApiParameter("_limit", OpenApiTypes.INT, description="Page size, default 10, max 20."),
    OpenApiParameter("_offset", OpenApiTypes.INT, description="Zero-based offset."),
    OpenApiParameter(
        "_sortBy", OpenApiTypes.STR, description="`field`, `-field` (descending), comma-separated."
    ),
    OpenApiParameter("id", OpenApiTypes.INT, description="Filter: id equals."),
    OpenApiParameter("title", OpenApiTypes.STR, description="Filter: title equals."),
    OpenApiParameter("doneStatus", OpenApiTypes.BOOL, description="Filter: doneStatus equals."),
    OpenApiParameter("description", OpenApiTypes.STR, description="Filter: description equals."),
]


def _payload(schema: dict[str, Any], description: str) -> dict[str, OpenApiResponse]:
    return {
        JSON: OpenApiResponse(schema, description=description),
        XML: OpenApiResponse(xml_ordered(schema), description=description),
    }


def _errors(**errors: str) -> dict[tuple[int, str], OpenApiResponse]:
    """`e404="why"` -> the error body in JSON and XML (other Accepts render it as text)."""
    responses = {}
    for status, description in errors.items():
        for media_type in (JSON, XML):
            responses[(int(status.lstrip("e")), media_type)] = OpenApiResponse(
                ERRORS, description=description
            )
    return responses


def _responses(success: dict[int, Any], **errors: str) -> dict[Any, Any]:
    responses: dict[Any, Any] = {}
    for status, value in success.items():
        if isinstance(value, tuple):
            schema, description = value
            for media_type, response in _payload(schema, description).items():
                responses[(status, media_type)] = response
        else:
            responses[status] = value
    return {**responses, **_errors(**errors)}


COMMON_ERRORS = {
    "e406": "The Accept header names no type this route produces.",
    "e413": "Body longer than 5000 characters.",
}
WRITE_ERRORS = {
    **COMMON_ERRORS,
    "e400": "No Content-Type, or a body that is not valid JSON/XML.",
    "e401": "Multi-player without a valid X-CHALLENGER header.",
    "e415": "A Content-Type other than JSON or XML.",
}


def _schema(**kwargs: Any) -> Callable:
    parameters = [X_CHALLENGER, *kwargs.pop("parameters", [])]
    return extend_schema(tags=[TAG], parameters=parameters, **kwargs)


def _bodies(schema: dict[str, Any]) -> dict[str, Any]:
    return {JSON: schema, XML: schema}


# --- operations --------------------------------------------------------------------------

BODY_TEXT = (
    "The body is a JSON object, or XML (`application/xml`, `text/xml` or a structured todo "
    "type such as `application/vnd.apichallenges.todo+xml`): a `<todo>` element holding "
    "the field elements, or the field elements alone, e.g. "
    "`<title>file paperwork</title><doneStatus>true</doneStatus>`. XML responses list a "
    "todo's elements as the public service does: `doneStatus`, `description`, `id`, `title`."
)

list_todos = _schema(
    operation_id="listTodos",
    summary="List todos",
    description=(
        "The session's todos (the default list without a session), filtered, sorted and "
        "paged by the query string; ascending id by default. Also answers the QUERY "
        f"method with a body of one of: {ACCEPT_QUERY}."
    ),
    parameters=QUERY_PARAMETERS,
    responses=_responses(
        {200: (TODOS, "A page of todos.")},
        e400="A bad filter, sort or paging value (e.g. `_limit` over 20).",
        **COMMON_ERRORS,
    ),
)
head_todos = _schema(
    operation_id="headTodos", summary="Headers of the todo list", parameters=QUERY_PARAMETERS
)
query_todos = extend_schema(exclude=True)
create_todo = _schema(
    operation_id="createTodo",
    summary="Create a todo",
    description=BODY_TEXT,
    request=_bodies(CREATE_BODY),
    responses=_responses(
        {201: (TODO, "The created todo; `Location` names it.")},
        e409="The list already holds the maximum number of todos.",
        e422="A field is missing, unknown, of the wrong type or too long.",
        **WRITE_ERRORS,
    ),
    examples=[
        OpenApiExample(
            "A todo", value={"title": "file paperwork", "doneStatus": False}, request_only=True
        )
    ],
)
replace_todo_by_body_id = _schema(
    operation_id="replaceTodoByBodyId",
    summary="Replace the todo named by the body id",
    description=BODY_TEXT,
    request=_bodies(REPLACE_BY_ID_BODY),
    responses=_responses(
        {200: (TODO, "The replaced todo.")},
        e422="No id, no todo with that id, or a field problem.",
        **WRITE_ERRORS,
    ),
)
options_todos = extend_schema(exclude=True)
get_todo = _schema(
    operation_id="getTodo",
    summary="Get one todo",
    description=(
        "A one-element collection. With a session and `Accept: text/calendar` ranked first, "
        "the todo as an iCalendar VTODO."
    ),
    parameters=[TODO_ID],
    responses={
        **_responses({200: (TODOS, "The todo, wrapped in a collection.")}, **COMMON_ERRORS),
        (200, CALENDAR): OpenApiResponse(OpenApiTypes.STR, description="A VCALENDAR."),
        **_errors(e404="No todo with that id."),
    },
)
head_todo = _schema(operation_id="headTodo", summary="Headers of one todo", parameters=[TODO_ID])
amend_todo = _schema(
    operation_id="amendTodo",
    summary="Amend a todo (only the given fields change)",
    description=BODY_TEXT,
    parameters=[TODO_ID],
    request=_bodies(AMEND_BODY),
    responses=_responses(
        {200: (TODO, "The amended todo.")},
        e404="No todo with that id.",
        e422="A field is unknown, of the wrong type or too long, or the id differs.",
        **WRITE_ERRORS,
    ),
)
replace_todo = _schema(
    operation_id="replaceTodo",
    summary="Replace a todo (absent fields take their defaults)",
    description=BODY_TEXT,
    parameters=[TODO_ID],
    request=_bodies(REPLACE_BODY),
    responses=_responses(
        {200: (TODO, "The replaced todo.")},
        e404="No todo with that id (and no id in the body).",
        e422="Missing title, a field problem, or an id in the body of a missing todo.",
        **WRITE_ERRORS,
    ),
)
# What the item's operations without their own description say.
ITEM_TEXT = "One todo, addressed by the exact text of its id."
patch_todo = _schema(
    operation_id="patchTodo",
    description=ITEM_TEXT,
    summary="Patch a todo: partial JSON, JSON Merge Patch or JSON Patch",
    parameters=[TODO_ID],
    request={
        JSON: AMEND_BODY,
        "application/merge-patch+json": MERGE_PATCH_BODY,
        "application/json-patch+json": JSON_PATCH_BODY,
    },
    responses=_responses(
        {200: (TODO, "The patched todo.")},
        e400="A document that does not parse or has the wrong shape.",
        e401=WRITE_ERRORS["e401"],
        e404="No todo with that id.",
        e409="A JSON Patch operation could not be applied.",
        e415="Another Content-Type (the answer lists them in Accept-Patch).",
        e422="The result is not a valid todo.",
        **COMMON_ERRORS,
    ),
)
delete_todo = _schema(
    operation_id="deleteTodo",
    description=ITEM_TEXT,
    summary="Delete a todo",
    parameters=[TODO_ID],
    responses={
        204: OpenApiResponse(description="Deleted; the id is never handed out again."),
        **_errors(e401=WRITE_ERRORS["e401"], e404="No todo with that id.", **COMMON_ERRORS),
    },
)
options_todo = extend_schema(exclude=True)
# The export's body per media type: the todo documents for JSON and XML, text otherwise.
_EXPORT_SCHEMAS = {JSON: TODOS, XML: xml_ordered(TODOS), TEXT_XML: xml_ordered(TODOS)}
# Every `?format=` value the export accepts: each format's name, then its aliases.
EXPORT_NAMES = [name for f in FORMATS for name in f.export_names]
export_todos = _schema(
    operation_id="exportTodos",
    summary="Download every todo",
    description="All of the caller's todos, unpaged, in id order, as an attachment.",
    parameters=[
        OpenApiParameter(
            "format",
            OpenApiTypes.STR,
            required=True,
            enum=EXPORT_NAMES,
            description="A format's name or one of its aliases (e.g. `txt` for `text`).",
        )
    ],
    responses={
        **{
            (200, f.media_type): OpenApiResponse(
                _EXPORT_SCHEMAS.get(f.media_type, OpenApiTypes.STR),
                description="format=" + ", ".join(f.export_names),
            )
            for f in FORMATS
        },
        **_errors(e400="Missing or unknown format."),
    },
)
options_export = extend_schema(exclude=True)


# /api/challenger/database/{guid}: the session's todo store, saved and restored.
TODO_EXPORT = {
    "type": "object",
    "properties": {
        "todos": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer", "minimum": 1},
                    "title": {"type": "string", "minLength": 1, "maxLength": 50},
                    "doneStatus": {"type": "boolean"},
                    "description": {"type": "string", "maxLength": 200},
                },
                "required": ["title"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["todos"],
    "additionalProperties": False,
}


def _session_error(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ERRORS, description=description)


get_database = extend_schema(
    tags=[SESSION_TAG],
    summary="A session's todo list, for saving",
    parameters=[GUID],
    responses={
        200: TODO_EXPORT,
        400: _session_error("Not a UUID."),
        404: _session_error("Unknown session."),
    },
)
put_database = extend_schema(
    tags=[SESSION_TAG],
    summary="Replace a session's todo list with a saved one",
    parameters=[GUID],
    request={"application/json": TODO_EXPORT},
    responses={
        204: EMPTY,
        400: _session_error("Not a UUID, or an invalid todo list (nothing changes)."),
        404: _session_error("Unknown session."),
    },
)


# --- the edition being served --------------------------------------------------------------

PAGING_PARAMETERS = frozenset({"_limit", "_offset"})


def describe_todo_edition(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Postprocessing hook (after `practiceapi.openapi.describe_edition`): the decorators
    above document the current edition; this moves the statuses the served one answers
    differently, and drops the paging parameters where the list is not paged."""
    rules = todo_edition()
    put_missing = {404: rules.put_missing[0]} if rules.put_missing else {}
    move_statuses(
        result,
        {
            ("/api/todos", "post"): {409: rules.todo_cap_status},
            ("/api/todos/{todo_id}", "put"): put_missing,
            ("/api/todos/{todo_id}", "delete"): {204: rules.delete_status},
        },
    )
    listing = result.get("paths", {}).get("/api/todos", {})
    if rules.list_paging.default_limit is None:
        for operation in (listing.get("get"), listing.get("head")):
            if operation is not None and "parameters" in operation:
                operation["parameters"] = [
                    p for p in operation["parameters"] if p.get("name") not in PAGING_PARAMETERS
                ]
    return result
