"""`/api/todos/{id}`: read (GET/HEAD, text/calendar), amend (POST), replace (PUT), PATCH in
three formats, DELETE, OPTIONS. QUERY and TRACE get the fixed 405."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonpatch
import jsonpointer
from django.http import HttpResponse
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from practiceapi.protocol.errors import ApiError, FailedValidation
from practiceapi.protocol.negotiation import JSON, top_ranked_range
from practiceapi.protocol.parsers import (
    BodyFormats,
    JsonPatchParser,
    MergePatchParser,
    PartialJsonParser,
)
from practiceapi.protocol.renderers import CalendarRenderer
from practiceapi.protocol.request import api_request
from practiceapi.protocol.responses import empty_response
from todos import schema
from todos.editions import CALENDAR, todo_edition
from todos.messages import PUT_CANNOT_CREATE, no_such_todo
from todos.resource import calendar_task
from todos.selectors import find_row
from todos.services import TodoNotFound, delete_todo
from todos.validation import (
    amended_row,
    check_types,
    normalise,
    parse_path_id,
)
from todos.views.base import (
    TODO_BODY,
    TodoApiView,
    collection,
    item,
    leave_facts,
    read_todo_body,
    replacement,
)

PATCH_PARSERS = (PartialJsonParser, MergePatchParser, JsonPatchParser)
ACCEPT_PATCH = ", ".join(parser.media_type for parser in PATCH_PARSERS)
# Any other Content-Type, or none, is a 415 naming the three styles.
PATCH_BODY = BodyFormats(
    PATCH_PARSERS,
    unsupported="Unsupported PATCH Content Type",
    headers={"Accept-Patch": ACCEPT_PATCH},
)
# The public service's fixed QUERY route on an item lists no PATCH.
QUERY_405_ALLOW = "OPTIONS, GET, HEAD, POST, PUT, DELETE"
JSON_PATCH_FAILED = "JSON Patch could not be applied"
# Bound on an intermediate JSON Patch document; a todo's fields total under 300 characters.
MAX_PATCHED_SIZE = 20_000

_JSON_PATCH_FAILURES = (
    jsonpatch.JsonPatchException,
    jsonpointer.JsonPointerException,
    KeyError,
    IndexError,
    TypeError,
    ValueError,
)


def _too_big(value: Any, limit: int = MAX_PATCHED_SIZE) -> bool:
    """Is a JSON value bigger than `limit` (strings by length, everything else 1 each)?"""
    stack, size = [value], 0
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            size += len(item) + sum(len(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            size += len(item)
            stack.extend(item)
        else:
            size += len(item) if isinstance(item, str) else 1
        if size > limit:
            return True
    return False


def amend_not_found(todo_id: str) -> ApiError:
    return ApiError(404, f"{no_such_todo(todo_id)} found")


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7396: apply a JSON Merge Patch to a JSON value (depth is bounded by the parser)."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for name, value in patch.items():
        if value is None:
            result.pop(name, None)
        else:
            result[name] = merge_patch(result.get(name), value)
    return result


def _patched(current: dict, result: Any) -> dict:
    """A merge/JSON Patch result becomes the whole todo: amend rules, replace mode."""
    if not isinstance(result, dict):
        raise ApiError(422, "PATCH result for entity resources must be an object")
    fields = normalise(result)
    check_types(fields, create=False)
    return amended_row(current, fields, replace=True)


# The two document styles parse their body only once the todo is known to exist:
# `request.data` is read inside the builder, which runs only for a todo that was found.


def _merge_builder(request: Request) -> Callable[[dict], dict]:
    def build(current: dict) -> dict:
        document = request.data
        if not isinstance(document, dict):
            raise ApiError(422, "JSON Merge Patch for entity resources must be an object")
        # Member names match fields case-insensitively, so `{"Description": null}` removes.
        return _patched(current, merge_patch(current, normalise(document)))

    return build


def _json_patch_builder(request: Request) -> Callable[[dict], dict]:
    def build(current: dict) -> dict:
        document = request.data
        if not isinstance(document, list):
            raise ApiError(400, "JSON Patch document must be an array of operations")
        result: Any = current
        try:
            for operation in document:
                # One at a time: `copy` can double the document per operation, so the
                # size is checked after each (a valid todo is far below the bound).
                result = jsonpatch.JsonPatch([operation]).apply(result)
                if _too_big(result):
                    raise ApiError(409, JSON_PATCH_FAILED)
        except _JSON_PATCH_FAILURES:
            raise ApiError(409, JSON_PATCH_FAILED) from None
        return _patched(current, result)

    return build


class TodoItemView(TodoApiView):
    """One todo, addressed by the exact text of its id."""

    body_formats = {"POST": TODO_BODY, "PUT": TODO_BODY, "PATCH": PATCH_BODY}

    def implements(self, method: str) -> bool:
        return method in todo_edition().todo_item_verbs

    @property
    def headers_on_405(self) -> dict[str, str]:  # type: ignore[override]
        return {"Allow": QUERY_405_ALLOW} if self.request.method == "QUERY" else {}

    def _wants_calendar(self, request: Request) -> bool:
        # Only GET with a session, and only when text/calendar ranks first, where
        # the edition offers it.
        return (
            request.method == "GET"
            and CALENDAR in todo_edition().item_formats
            and self.challenger is not None
            and top_ranked_range(request.META.get("HTTP_ACCEPT")) == CALENDAR
        )

    def perform_content_negotiation(
        self, request: Request, force: bool = False
    ) -> tuple[BaseRenderer, str]:
        if self._wants_calendar(request):
            return CalendarRenderer(), CALENDAR
        return super().perform_content_negotiation(request, force)

    def after_negotiation(self, request: Request) -> None:
        super().after_negotiation(request)
        if request.accepted_media_type == CALENDAR:
            # Errors cannot be rendered as iCalendar: they answer JSON, as the 404 does.
            api_request(request).negotiated_type = JSON

    def _read(self, request: Request, todo_id: str, *, calendar: bool) -> Response:
        row = find_row(self.read_rows(request), parse_path_id(todo_id))
        if calendar:
            if row is None:
                raise ApiError(404, no_such_todo(todo_id), force_json=True)
            return Response(calendar_task(row))
        if row is None:
            raise ApiError(404, f"Could not find an instance with todos/{todo_id}")
        # A single GET answers a one-element collection.
        return Response(collection([row]))

    @schema.get_todo
    def get(self, request: Request, todo_id: str) -> Response:
        return self._read(request, todo_id, calendar=request.accepted_media_type == CALENDAR)

    @schema.head_todo
    def head(self, request: Request, todo_id: str) -> Response:
        return self._read(request, todo_id, calendar=False)

    @schema.amend_todo
    def post(self, request: Request, todo_id: str) -> Response:
        fields = read_todo_body(request)
        check_types(fields, create=False)
        return self._amend(
            request, todo_id, lambda current: amended_row(current, fields, replace=False)
        )

    @schema.replace_todo
    def put(self, request: Request, todo_id: str) -> Response:
        fields = read_todo_body(request)
        errors, build = replacement(fields)
        try:
            row = self.write_amendment(request, parse_path_id(todo_id), build)
        except TodoNotFound:
            rules = todo_edition()
            if rules.put_missing is not None:
                raise ApiError(*rules.put_missing) from None
            if "id" in fields:
                raise FailedValidation(", ".join(errors) or PUT_CANNOT_CREATE) from None
            # The public service rewrites a PUT that cannot create: 404, always JSON, no trailing
            # "found".
            raise ApiError(404, no_such_todo(todo_id), force_json=True) from None
        return Response(item(row))

    @schema.patch_todo
    def patch(self, request: Request, todo_id: str) -> Response:
        try:
            return self._patch(request, todo_id)
        except ApiError as error:
            if error.status in (415, 422):
                error.headers.setdefault("Accept-Patch", ACCEPT_PATCH)
            raise

    def _patch(self, request: Request, todo_id: str) -> Response:
        style = request._request.content_type
        if style == MergePatchParser.media_type:
            return self._amend(request, todo_id, _merge_builder(request))
        if style == JsonPatchParser.media_type:
            return self._amend(request, todo_id, _json_patch_builder(request))
        document = request.data
        if not isinstance(document, dict):
            raise ApiError(400, "PATCH partial JSON update document must be an object")
        fields = normalise(document)
        # Partial JSON checks types before it looks the todo up.
        check_types(fields, create=False)
        return self._amend(
            request, todo_id, lambda current: amended_row(current, fields, replace=False)
        )

    def _amend(self, request: Request, todo_id: str, build: Callable[[dict], dict]) -> Response:
        try:
            row = self.write_amendment(request, parse_path_id(todo_id), build)
        except TodoNotFound:
            raise amend_not_found(todo_id) from None
        return Response(item(row))

    @schema.delete_todo
    def delete(self, request: Request, todo_id: str) -> HttpResponse:
        try:
            counts = delete_todo(self.owner, parse_path_id(todo_id))
        except TodoNotFound:
            raise ApiError(404, f"Could not find any instances with todos/{todo_id}") from None
        leave_facts(request, counts)
        rules = todo_edition()
        response = empty_response(rules.delete_status)
        if rules.delete_content_type:
            response["Content-Type"] = rules.delete_content_type
        return response

    @schema.options_todo
    def options(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:  # type: ignore[override]
        rules = todo_edition()
        formats = {"Accept-Patch": ACCEPT_PATCH} if rules.advertise_formats else {}
        return empty_response(204, {"Allow": rules.todo_item_allow, **formats})
