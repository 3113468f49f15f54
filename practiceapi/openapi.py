"""The main OpenAPI document: which endpoints it lists, and schema pieces every app shares.

Routes are served twice (canonical `/api/...` and the legacy root, D2.1) and tolerate a
trailing slash (D2.2); the document lists each operation once, at its canonical path.
QUERY has no place in OpenAPI 3.1 and `/sim` has its own document (sim/openapi.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter

from practiceapi.editions import served
from practiceapi.protocol.hashorder import java_hashmap_order

ERRORS = {
    "type": "object",
    "properties": {"errorMessages": {"type": "array", "items": {"type": "string"}}},
    "required": ["errorMessages"],
    "xml": {"name": "errorMessages"},
}


def xml_ordered(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with every object's properties in the order the XML renders its elements.

    The XML of todos and entities follows the reference's hash order (decisions D3.6), so
    their XML responses are documented with the properties in that order: schemas
    generated from the document (`xs:sequence`) then match the bodies. JSON keeps the
    definition order.
    """
    ordered = dict(schema)
    if isinstance(schema.get("properties"), dict):
        properties = schema["properties"]
        ordered["properties"] = {
            name: xml_ordered(properties[name]) for name in java_hashmap_order(properties)
        }
    if isinstance(schema.get("items"), dict):
        ordered["items"] = xml_ordered(schema["items"])
    return ordered


X_CHALLENGER = OpenApiParameter(
    "X-CHALLENGER",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "The session GUID from `POST /api/challenger` (at most 100 characters, else 431). "
        "Multi-player mode: needed for progress tracking and for writes. Single-player: ignored."
    ),
)


# OpenAPI 3.1 has no QUERY operation (3.2 adds one); QUERY is described in prose instead.
UNEXPRESSIBLE_METHODS = frozenset({"QUERY"})


def drop_unexpressible(endpoints: list[tuple]) -> list[tuple]:
    """Preprocessing hook: drop (path, regex, method, view) endpoints OpenAPI cannot hold."""
    return [e for e in endpoints if e[2] not in UNEXPRESSIBLE_METHODS]


def main_document_endpoints(endpoints: list[tuple]) -> list[tuple]:
    """Preprocessing hook: canonical `/api/` paths only, without the optional trailing slash,
    and only the verbs the edition being served routes there."""
    listed = []
    for path, regex, method, view in drop_unexpressible(endpoints):
        if not path.startswith("/api/") or path.startswith("/api/schema"):
            continue
        if not view.cls().implements(method):
            continue
        listed.append((path.rstrip("/") or "/", regex, method, view))
    return listed


# Operations whose documented 422 (the current edition's status for a field-rule error)
# is the served edition's `validation_status`. Each app moves its own other statuses in
# its own hook (`todos.schema.describe_todo_edition`).
VALIDATING_OPERATIONS = (
    ("/api/todos", "post"),
    ("/api/todos/{todo_id}", "post"),
    ("/api/todos/{todo_id}", "put"),
    ("/api/secret/note", "post"),
)


def describe_edition(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Postprocessing hook: the document describes the validation status of the edition
    being served."""
    move_statuses(result, dict.fromkeys(VALIDATING_OPERATIONS, {422: served().validation_status}))
    return result


def move_statuses(
    result: dict[str, Any], moves: Mapping[tuple[str, str], Mapping[int, int]]
) -> None:
    """Document, for each (path, method) of `moves`, each status under its replacement."""
    paths = result.get("paths", {})
    for (path, method), statuses in moves.items():
        operation = paths.get(path, {}).get(method)
        if operation is not None:
            _move_statuses(operation["responses"], statuses)


def _move_statuses(responses: dict[str, Any], moves: Mapping[int, int]) -> None:
    """Document each status of `moves` under its replacement; two errors that become one
    status share it, their descriptions joined."""
    moving = [(old, new) for old, new in moves.items() if old != new and str(old) in responses]
    if not moving:
        return
    for old, new in moving:
        moved = responses.pop(str(old))
        if str(new) in responses:
            kept = responses[str(new)]
            kept["description"] = f"{kept.get('description', '')} {moved.get('description', '')}"
        else:
            responses[str(new)] = moved
    ordered = sorted(responses.items(), key=lambda item: item[0])
    responses.clear()
    responses.update(ordered)
