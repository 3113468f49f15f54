"""The main OpenAPI document: which endpoints it lists, and schema pieces every app shares.

Routes are served twice (canonical `/api/...` and the legacy root) and tolerate a
trailing slash; the document lists each operation once, at its canonical path.
QUERY has no place in OpenAPI 3.1 and `/sim` has its own document (sim/openapi.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.openapi import AutoSchema
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


class ApiAutoSchema(AutoSchema):
    """drf-spectacular's schema, for payloads documented whole: a collection is an object
    holding its array, so no response is wrapped in an array, a viewset's `list` neither."""

    def _is_list_view(self, serializer: Any = None) -> bool:
        return False


def xml_ordered(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with every object's properties in the order the XML renders its elements.

    The XML of todos and entities follows the public service's hash order, so
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


# The session header as a security scheme: Swagger UI's Authorize sets it once for every
# operation, and clients importing the document (Postman, Insomnia) make it one setting.
SESSION_SCHEME = "xChallenger"
SESSION_SECURITY_SCHEME = {
    "type": "apiKey",
    "in": "header",
    "name": "X-CHALLENGER",
    "description": X_CHALLENGER.description,
}


def session_security(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Postprocessing hook: `X-CHALLENGER` is a security scheme rather than a parameter of
    each operation, and `servers` names the base URL the document was asked on.

    Every operation that took the header as a parameter takes it as `xChallenger` instead,
    optional as the parameter was: each of its security alternatives is listed with the
    session and without it."""
    result.setdefault("components", {}).setdefault("securitySchemes", {})[SESSION_SCHEME] = (
        SESSION_SECURITY_SCHEME
    )
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and _drop_session_parameter(operation):
                alternatives = operation.get("security") or [{}]
                with_session = [{SESSION_SCHEME: [], **alt} for alt in alternatives]
                operation["security"] = with_session + alternatives
    listed = servers(request)
    if listed:
        result["servers"] = listed
    return result


def _drop_session_parameter(operation: dict[str, Any]) -> bool:
    parameters = operation.get("parameters", [])
    kept = [
        p for p in parameters if not (p.get("in") == "header" and p.get("name") == "X-CHALLENGER")
    ]
    if len(kept) == len(parameters):
        return False
    if kept:
        operation["parameters"] = kept
    else:
        operation.pop("parameters", None)
    return True


def base_url(request: Any) -> str:
    """The scheme and host a request was made to (`X-Forwarded-Proto` counted behind a
    trusted proxy), without a trailing slash."""
    return f"{request.scheme}://{request.get_host()}"


def public_base(request: Any) -> str:
    """The base URL students reach: `APICHALLENGES_PUBLIC_URL` when set, otherwise the
    address this request was made to (what a page shows students to paste into a client)."""
    public: str = getattr(settings, "APICHALLENGES_PUBLIC_URL", "")
    return public or base_url(request)


def servers(request: Any) -> list[dict[str, str]]:
    """The base URL the document was asked on, then the configured public one: Swagger UI
    sends "Try it out" to the first, and an imported document keeps both."""
    listed: list[dict[str, str]] = []
    if request is not None:
        listed.append({"url": base_url(request), "description": "This server, as you reached it"})
    public = getattr(settings, "APICHALLENGES_PUBLIC_URL", "")
    if public and all(s["url"] != public for s in listed):
        listed.append({"url": public, "description": "This instance's public address"})
    return listed


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
        if not _route_view(view).implements(method):
            continue
        listed.append((path.rstrip("/") or "/", regex, method, view))
    return listed


def _route_view(callback: Any) -> Any:
    """The view instance a route's callback builds (a viewset's with its route's actions)."""
    view = callback.cls(**callback.initkwargs)
    view.action_map = getattr(callback, "actions", None)
    return view


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


def document() -> dict[str, Any]:
    """The main document as `/api/schema/` serves it, without a request (no `servers`
    entry for the asker)."""
    return SchemaGenerator().get_schema(request=None, public=True)
