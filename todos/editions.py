"""What the todo routes do differently per edition (`practiceapi.editions` says how an
edition is chosen and holds what the protocol layer does differently).

One table per edition: the classic one declares only what differs from the current one.
Values are statuses, texts, verbs and paging policies; the behaviours that differ in
shape (how a body's values are read, how the session's todo store is written as a
document) are classes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

import orjson

from practiceapi.editions import PerEdition
from practiceapi.protocol.messages import CREATE_WITH_ID, VALIDATION_PREFIX
from practiceapi.protocol.query import UNPAGED, Paging
from practiceapi.protocol.renderers import CalendarRenderer
from practiceapi.protocol.typenames import gson_type_name, json_type_name
from todos.messages import (
    CLASSIC_CREATE_WITH_ID,
    MANDATORY_TITLE,
    MISSING_CHALLENGER,
    MISSING_CHALLENGER_CLASSIC,
    PUT_CANNOT_CREATE,
)
from todos.resource import CLAMP_PAGING, GET_PAGING
from todos.values import TextValues, TypedValues

# The one format only a single todo is answered in.
CALENDAR = CalendarRenderer.media_type


class ValueReading(Protocol):
    @staticmethod
    def read(fields: dict[str, Any]) -> dict[str, Any]: ...

    @staticmethod
    def shown(value: Any) -> str: ...


class StoreDocument(Protocol):
    @staticmethod
    def document(rows: list[dict[str, Any]]) -> bytes: ...


class CompactStore:
    """`GET /challenger/database/{guid}`: the session's todos as compact JSON."""

    @staticmethod
    def document(rows: list[dict[str, Any]]) -> bytes:
        return orjson.dumps({"todos": rows})


class EngineStore:
    """The document as the classic engine wrote it by hand: a space before the array's
    colon, `", "` between members and items, fields in definition order. Its values are
    JSON here (the engine escaped only double quotes, so a title with a backslash made its
    document invalid: an accident not copied)."""

    @staticmethod
    def document(rows: list[dict[str, Any]]) -> bytes:
        items = ", ".join(
            "{"
            + ", ".join(f'"{name}": {orjson.dumps(value).decode()}' for name, value in row.items())
            + "}"
            for row in rows
        )
        return f'{{"todos" : [{items}]}}'.encode()


@dataclass(frozen=True)
class TodoEdition:
    # ---- validation and writes (the status of a field-rule error is the project's:
    # `practiceapi.editions.Edition.validation_status`)
    # Status of a create when the session already holds the maximum number of todos, and
    # whether a missing title is reported before that (the classic engine validated the
    # whole todo before adding it; the current one checks the cap first).
    todo_cap_status: int
    title_before_cap: bool
    # Fields whose JSON type a create checks (the classic engine checked booleans only:
    # any other value is read as text), and how a type error names the type sent.
    typed_fields: frozenset[str]
    type_name: Callable[[Any], str]
    create_with_id: str
    # Prefix of `Could not find field: x` (the classic engine reported it bare).
    unknown_field_prefix: str
    # Whether an unknown nested field is named by its whole path (`tags.a`) or its first
    # segment (`tags`).
    unknown_field_path: bool
    # A full replacement (PUT) without a title.
    replace_missing_title: str
    # Whether amendments (POST/PUT on an item) check JSON types: the classic engine
    # skipped that check, so `"doneStatus": "true"` amends.
    amend_checks_types: bool
    # How body values are read: kept as typed, or as text, as the classic engine's string
    # map read them (numbers as Java doubles: 1 is "1.0"; null, arrays dropped), then
    # checked against the field's rule (`bob does not match type BOOLEAN`).
    values: type[ValueReading]
    # The answer to PUT /todos/{id} for a missing id, or None for the current rule (404
    # naming the id; 422 when the body names an id).
    put_missing: tuple[int, str] | None
    # DELETE /todos/{id}: its status, and the Content-Type of its empty body.
    delete_status: int
    delete_content_type: str | None
    # The body of a write without a known session.
    missing_challenger: str

    # ---- reading
    list_paging: Paging  # GET /todos
    head_paging: Paging  # HEAD /todos
    # `_limit` above this is refused with a 400 before Accept is looked at (None: no guard).
    limit_guard: int | None
    # Formats a single todo offers beyond the shared ones (text/calendar).
    item_formats: frozenset[str]

    # ---- routes
    # Verbs each todo route answers; any other verb is the route's empty 405.
    todos_verbs: frozenset[str]
    todo_item_verbs: frozenset[str]
    todos_allow: str
    todo_item_allow: str
    # OPTIONS /todos: status without / with a known X-CHALLENGER.
    options_todos_status: tuple[int, int]
    # The todo routes advertise their QUERY and PATCH formats (Accept-Query, Accept-Patch).
    advertise_formats: bool
    # How `GET /challenger/database/{guid}` writes the session's todo rows.
    store: type[StoreDocument]


CURRENT = TodoEdition(
    todo_cap_status=409,
    title_before_cap=False,
    typed_fields=frozenset({"title", "doneStatus", "description"}),
    type_name=json_type_name,
    create_with_id=CREATE_WITH_ID,
    unknown_field_prefix=VALIDATION_PREFIX,
    unknown_field_path=True,
    replace_missing_title=VALIDATION_PREFIX + MANDATORY_TITLE,
    amend_checks_types=True,
    values=TypedValues,
    put_missing=None,
    delete_status=204,
    delete_content_type=None,
    missing_challenger=MISSING_CHALLENGER,
    list_paging=GET_PAGING,
    head_paging=CLAMP_PAGING,
    limit_guard=20,
    item_formats=frozenset({CALENDAR}),
    todos_verbs=frozenset({"GET", "HEAD", "POST", "PUT", "QUERY", "OPTIONS"}),
    todo_item_verbs=frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}),
    todos_allow="OPTIONS, GET, HEAD, POST, QUERY, PUT",
    todo_item_allow="OPTIONS, GET, HEAD, POST, PUT, PATCH, DELETE",
    # 200 with or without a session: the public service's 204 for multi-player without
    # X-CHALLENGER is an accident of where its rewrite runs.
    options_todos_status=(200, 200),
    advertise_formats=True,
    store=CompactStore,
)

CLASSIC = replace(
    CURRENT,
    todo_cap_status=400,
    title_before_cap=True,
    typed_fields=frozenset({"doneStatus"}),
    type_name=gson_type_name,
    create_with_id=CLASSIC_CREATE_WITH_ID,
    unknown_field_prefix="",
    unknown_field_path=False,
    replace_missing_title=MANDATORY_TITLE,
    amend_checks_types=False,
    values=TextValues,
    put_missing=(400, PUT_CANNOT_CREATE),
    delete_status=200,
    delete_content_type="application/json",
    missing_challenger=MISSING_CHALLENGER_CLASSIC,
    list_paging=UNPAGED,
    head_paging=UNPAGED,
    limit_guard=None,
    # The classic engine answered JSON and XML only.
    item_formats=frozenset(),
    todos_verbs=frozenset({"GET", "HEAD", "POST", "OPTIONS"}),
    todo_item_verbs=frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"}),
    todos_allow="OPTIONS, GET, HEAD, POST",
    todo_item_allow="OPTIONS, GET, HEAD, POST, PUT, DELETE",
    # The engine answers 204; a hook kept "for backwards compatibility with initial
    # solutions" rewrote it to 200 for a known challenger only.
    options_todos_status=(204, 200),
    advertise_formats=False,
    store=EngineStore,
)

todo_edition = PerEdition(current=CURRENT, classic=CLASSIC)
