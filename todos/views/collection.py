"""`/api/todos`: list (GET/HEAD), create (POST), replace by body id (PUT), QUERY, OPTIONS.

DELETE, PATCH and TRACE have no handler here, so ApiView answers them with the empty 405 of
the public service's fixed routes (no `Allow`).
"""

from __future__ import annotations

from typing import Any, cast

from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response

from practiceapi.protocol.errors import ApiError, FailedValidation
from practiceapi.protocol.messages import limit_over
from practiceapi.protocol.numbers import saturated_int
from practiceapi.protocol.query import (
    EQUALS,
    Paging,
    ParsedQuery,
    apply_query,
)
from practiceapi.protocol.querybody import ACCEPT_QUERY, QUERY_BODY, QueryBody, run_query_body
from practiceapi.protocol.request import api_request, outcome_of
from practiceapi.protocol.responses import empty_response
from todos import schema
from todos.editions import todo_edition
from todos.messages import MANDATORY_TITLE, PUT_CANNOT_CREATE, max_todos_reached
from todos.resource import CLAMP_PAGING, TODO_FIELDS
from todos.services import TodoLimitReached, TodoNotFound, create_todo
from todos.validation import (
    MissingTitle,
    id_key,
    max_todos,
    validate_create,
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

PUT_NEEDS_ID = "PUT requires an identifier in the URI or payload"


def _over_max_limit(query: ParsedQuery, guard: int) -> bool:
    # What the public service's request hook parses with Integer.parseInt before the 406 check;
    # a number of any length is measured, never converted whole (numbers.saturated_int).
    if query.limit is None or query.limit_op != EQUALS:
        return False
    value = saturated_int(query.limit)
    # Values that overflow a Java int skip the hook; paging then rejects them anyway.
    return value is not None and -(2**31) <= value < 2**31 and value > guard


def _format_headers() -> dict[str, str]:
    """The QUERY formats, where the edition advertises them."""
    return {"Accept-Query": ACCEPT_QUERY} if todo_edition().advertise_formats else {}


class TodoCollectionView(TodoApiView):
    """The session's todo list."""

    body_formats = {"POST": TODO_BODY, "PUT": TODO_BODY, "QUERY": QUERY_BODY}

    def implements(self, method: str) -> bool:
        return method in todo_edition().todos_verbs

    def before_negotiation(self, request: Request) -> None:
        super().before_negotiation(request)
        self.url_query = outcome_of(request).query
        # The paging guard answers before Accept is looked at; HEAD clamps instead.
        guard = todo_edition().limit_guard
        if request.method == "GET" and guard is not None and _over_max_limit(self.url_query, guard):
            raise ApiError(400, limit_over(guard))

    def _page(self, request: Request, paging: Paging) -> Response:
        page = apply_query(self.read_rows(request), self.url_query, TODO_FIELDS, paging)
        return Response(collection(page), headers=_format_headers())

    @schema.list_todos
    def get(self, request: Request) -> Response:
        return self._page(request, todo_edition().list_paging)

    @schema.head_todos
    def head(self, request: Request) -> Response:
        # The GET body is rendered so that Content-Length is the GET body's length; the
        # server drops the body of a HEAD response.
        return self._page(request, todo_edition().head_paging)

    @schema.query_todos
    def query(self, request: Request) -> Response:
        page = run_query_body(
            lambda: cast(QueryBody, request.data),  # what the QUERY parsers produce
            self.read_rows(request),
            self.url_query,
            TODO_FIELDS,
            collection_name="todos",
            paging=CLAMP_PAGING,
        )
        return Response(collection(page), headers={"Accept-Query": ACCEPT_QUERY})

    @schema.create_todo
    def post(self, request: Request) -> Response:
        rules = todo_edition()
        draft = validate_create(read_todo_body(request))
        try:
            row, counts = create_todo(self.owner, draft, cap=max_todos())
        except TodoLimitReached as full:
            raise ApiError(rules.todo_cap_status, max_todos_reached(full.cap)) from None
        except MissingTitle:
            raise FailedValidation(MANDATORY_TITLE) from None
        leave_facts(request, counts, created=row)
        prefix = "/api/todos/" if api_request(request).used_api_prefix else "/todos/"
        return Response(item(row), status=201, headers={"Location": f"{prefix}{row['id']}"})

    @schema.replace_todo_by_body_id
    def put(self, request: Request) -> Response:
        fields = read_todo_body(request)
        if fields.get("id") in (None, ""):
            raise FailedValidation(PUT_NEEDS_ID)
        errors, build = replacement(fields)
        try:
            row = self.write_amendment(request, id_key(fields["id"]), build)
        except TodoNotFound:
            raise FailedValidation(", ".join(errors) or PUT_CANNOT_CREATE) from None
        return Response(item(row))

    @schema.options_todos
    def options(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:  # type: ignore[override]
        rules = todo_edition()
        status = rules.options_todos_status[self.challenger is not None]
        headers = {"Allow": rules.todos_allow, **_format_headers()}
        if status == 204:
            return empty_response(204, headers)
        response = HttpResponse(status=status, content_type="text/plain")
        for name, value in headers.items():
            response[name] = value
        return response
