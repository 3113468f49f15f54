"""The editions of the service: one declaration per edition of every HTTP behaviour in which
the classic service (2024-04 to its 2026-07 rewrite) and the current one differ.

`APICHALLENGES_EDITION` picks one of two module-level instances; `edition()` reads the
setting on every call (cheap: one attribute read and a comparison), so tests can switch
editions per test and nothing is built per request. The protocol layer, the views and the
OpenAPI document read a difference from here and nowhere else; a value is data where the
difference is data and a small function where it differs in shape.

This module sits in the protocol layer: it imports nothing from the apps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from django.conf import settings

from practiceapi.protocol.messages import (
    CLASSIC_CREATE_WITH_ID,
    CREATE_WITH_ID,
    MANDATORY_TITLE,
    MISSING_CHALLENGER,
    MISSING_CHALLENGER_CLASSIC,
    PUT_CANNOT_CREATE,
    VALIDATION_PREFIX,
    body_too_large,
    body_too_large_classic,
)
from practiceapi.protocol.query import CLAMP_PAGING, GET_PAGING, Paging
from practiceapi.protocol.typenames import gson_type_name, json_type_name

# No default page and no cap; an explicit `_limit`/`_offset` is still honoured.
UNPAGED = Paging(None, None, False)

CURRENT_NAME = "current"
CLASSIC_NAME = "classic"


def current_cors(meta: Mapping[str, str], preflight: bool) -> dict[str, str]:
    """CORS headers: a preflight gets the headers and method it asks for."""
    wanted_headers = meta.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS", "").strip()
    wanted_method = meta.get("HTTP_ACCESS_CONTROL_REQUEST_METHOD", "").strip()
    return {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Headers": wanted_headers if preflight and wanted_headers else "*",
        "Access-Control-Allow-Methods": wanted_method if preflight and wanted_method else "*",
        "Access-Control-Expose-Headers": "*",
    }


def compact_todo_store(rows: list[dict[str, Any]]) -> bytes:
    """`GET /challenger/database/{guid}`: the session's todos as compact JSON."""
    return orjson.dumps({"todos": rows})


def engine_todo_store(rows: list[dict[str, Any]]) -> bytes:
    """The classic engine wrote this document by hand: a space before the array's colon,
    `", "` between members and items, fields in definition order. Its values are JSON
    here (the engine escaped only double quotes, so a title with a backslash made its
    document invalid: an accident not copied)."""
    items = ", ".join(
        "{"
        + ", ".join(f'"{name}": {orjson.dumps(value).decode()}' for name, value in row.items())
        + "}"
        for row in rows
    )
    return f'{{"todos" : [{items}]}}'.encode()


def classic_cors(meta: Mapping[str, str], preflight: bool) -> dict[str, str]:
    """The classic service's fixed CORS headers. On OPTIONS it echoed the request's own
    `Access-Control-Allow-Methods` header (not `Access-Control-Request-Method`), an
    accident of its response hook that clients of that era saw."""
    echoed = meta.get("HTTP_ACCESS_CONTROL_ALLOW_METHODS") if preflight else None
    return {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Headers": "*",
        "Access-Control-Allow-Credentials": "true",
        "Access-Control-Allow-Methods": echoed.strip() if echoed is not None else "*",
        "Access-Control-Expose-Headers": "*",
    }


@dataclass(frozen=True)
class Edition:
    """Everything HTTP-visible that differs between the editions."""

    name: str

    # ---- todo validation and writes
    # Status of a todo body that breaks a field rule (types, lengths, unknown fields, ids).
    validation_status: int
    # Status of a create when the session already holds the maximum number of todos, and
    # whether a missing title is reported before that (the classic engine validated the
    # whole todo before adding it; the current one checks the cap first).
    todo_cap_status: int
    title_before_cap: bool
    # Fields whose JSON type a create checks (the classic engine checked booleans only:
    # any other value is read as text).
    typed_fields: frozenset[str]
    # How a type error names the type that was sent.
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
    # Whether body values are read as text, as the classic engine's string map read them
    # (numbers as Java doubles: 1 is "1.0"; null, arrays dropped), then checked against
    # the field's rule (`bob does not match type BOOLEAN`), rather than kept as typed.
    reads_text: bool
    # The answer to PUT /todos/{id} for a missing id, or None for the current rule (404
    # naming the id; 422 when the body names an id).
    put_missing: tuple[int, str] | None
    # DELETE /todos/{id}: its status, and the Content-Type of its empty body.
    delete_status: int
    delete_content_type: str | None
    # The body of a write without a known session.
    missing_challenger: str

    # ---- reading the list
    list_paging: Paging  # GET /todos
    head_paging: Paging  # HEAD /todos
    # `_limit` above this is refused with a 400 before Accept is looked at (None: no guard).
    limit_guard: int | None

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
    # /secret/token: whether GET reads the token, and its Allow header.
    token_get: bool
    token_allow: str
    # A secret note over the limit is stored truncated (D6.1), or refused with a 400 (the
    # classic field rule).
    truncate_notes: bool

    # ---- protocol
    # The response type is chosen as the classic engine chose it (JSON or XML, by header
    # order, `negotiation.engine_media_type`) rather than by §3 (q-values, every format).
    engine_accept: bool
    # POST/PUT JSON bodies are read as the classic engine's Gson read them: leniently
    # (`{title: a}` is an object), a syntax error being the bare message. Otherwise strict
    # JSON whose syntax errors say where and why (D3.5).
    lenient_json: bool
    # 401/403 of the secret routes carry an error body (current: saying what to send) or
    # none (classic: empty, typed application/json).
    secret_error_bodies: bool
    # PUT /challenger/{guid} whose payload names another GUID.
    guid_mismatch_status: int
    # 404 for an unknown challenger GUID: an error naming it, or (classic) the status-only
    # 404 of an unrouted path.
    unknown_challenger_messages: bool
    # The 413 message for a body over a limit of so many bytes.
    body_too_large: Callable[[int], str]
    # Methods whose `X-HTTP-Method-Override` is honoured (None: every method), and the
    # methods it may name (others are a 400).
    override_methods: frozenset[str] | None
    override_targets: frozenset[str]
    # Reason phrases that are not the standard ones.
    reason_phrases: Mapping[int, str]
    # Builds the CORS headers from the request's META and whether it is an OPTIONS.
    cors: Callable[[Mapping[str, str], bool], dict[str, str]]
    # An unrouted path answers an empty body typed as the first Accept value, unless
    # Accept asks for JSON/XML (the 404 error) or HTML (the friendly page).
    status_routes_echo_accept: bool
    # The body of `GET /challenger/database/{guid}` from the session's todo rows.
    todo_store_json: Callable[[list[dict[str, Any]]], bytes]

    def status_route_content_type(self, accept: str | None) -> str | None:
        """Content-Type of a status-only answer (an empty 404/405): the classic router
        typed it as the first Accept value, or JSON when Accept is absent or `*/*`."""
        if not self.status_routes_echo_accept:
            return None
        first = (accept or "").split(",", 1)[0].strip()
        return "application/json" if first in ("", "*/*") else first


_OVERRIDABLE = frozenset({"GET", "PUT", "PATCH", "DELETE", "TRACE", "HEAD", "OPTIONS", "QUERY"})
_TODO_FIELDS_TYPED = frozenset({"title", "doneStatus", "description"})

CURRENT = Edition(
    name=CURRENT_NAME,
    validation_status=422,
    todo_cap_status=409,
    title_before_cap=False,
    typed_fields=_TODO_FIELDS_TYPED,
    type_name=json_type_name,
    create_with_id=CREATE_WITH_ID,
    unknown_field_prefix=VALIDATION_PREFIX,
    unknown_field_path=True,
    replace_missing_title=VALIDATION_PREFIX + MANDATORY_TITLE,
    amend_checks_types=True,
    reads_text=False,
    put_missing=None,
    delete_status=204,
    delete_content_type=None,
    missing_challenger=MISSING_CHALLENGER,
    list_paging=GET_PAGING,
    head_paging=CLAMP_PAGING,
    limit_guard=20,
    todos_verbs=frozenset({"GET", "HEAD", "POST", "PUT", "QUERY", "OPTIONS"}),
    todo_item_verbs=frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}),
    todos_allow="OPTIONS, GET, HEAD, POST, QUERY, PUT",
    todo_item_allow="OPTIONS, GET, HEAD, POST, PUT, PATCH, DELETE",
    # 200 with or without a session: the reference's 204 for multi-player without
    # X-CHALLENGER is an accident of where its rewrite runs.
    options_todos_status=(200, 200),
    advertise_formats=True,
    token_get=True,
    token_allow="GET, POST, OPTIONS",
    truncate_notes=True,
    engine_accept=False,
    lenient_json=False,
    secret_error_bodies=True,
    guid_mismatch_status=409,
    unknown_challenger_messages=True,
    body_too_large=body_too_large,
    override_methods=frozenset({"POST"}),
    override_targets=_OVERRIDABLE,
    reason_phrases={500: "Server Error"},
    cors=current_cors,
    status_routes_echo_accept=False,
    todo_store_json=compact_todo_store,
)

CLASSIC = Edition(
    name=CLASSIC_NAME,
    validation_status=400,
    todo_cap_status=400,
    title_before_cap=True,
    typed_fields=frozenset({"doneStatus"}),
    type_name=gson_type_name,
    create_with_id=CLASSIC_CREATE_WITH_ID,
    unknown_field_prefix="",
    unknown_field_path=False,
    replace_missing_title=MANDATORY_TITLE,
    amend_checks_types=False,
    reads_text=True,
    put_missing=(400, PUT_CANNOT_CREATE),
    delete_status=200,
    delete_content_type="application/json",
    missing_challenger=MISSING_CHALLENGER_CLASSIC,
    list_paging=UNPAGED,
    head_paging=UNPAGED,
    limit_guard=None,
    todos_verbs=frozenset({"GET", "HEAD", "POST", "OPTIONS"}),
    todo_item_verbs=frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"}),
    todos_allow="OPTIONS, GET, HEAD, POST",
    todo_item_allow="OPTIONS, GET, HEAD, POST, PUT, DELETE",
    # The engine answers 204; a hook kept "for backwards compatibility with initial
    # solutions" rewrote it to 200 for a known challenger only.
    options_todos_status=(204, 200),
    advertise_formats=False,
    token_get=False,
    token_allow="POST, OPTIONS",
    truncate_notes=False,
    engine_accept=True,
    lenient_json=True,
    secret_error_bodies=False,
    guid_mismatch_status=400,
    unknown_challenger_messages=False,
    body_too_large=body_too_large_classic,
    # The classic router (Spark) chose the route by the header whatever the method.
    override_methods=None,
    override_targets=_OVERRIDABLE | {"POST"},
    # Jetty's phrases where they are not Python's standard ones.
    reason_phrases={500: "Server Error", 413: "Payload Too Large"},
    cors=classic_cors,
    status_routes_echo_accept=True,
    todo_store_json=engine_todo_store,
)

EDITIONS: Mapping[str, Edition] = {CURRENT_NAME: CURRENT, CLASSIC_NAME: CLASSIC}


def edition() -> Edition:
    """The edition being served (read per call, so a changed setting takes effect)."""
    return EDITIONS.get(settings.APICHALLENGES_EDITION, CURRENT)
