"""`/api/todos`: list (GET/HEAD), create (POST), replace by body id (PUT), QUERY, OPTIONS:
the collection's actions of `TodoViewSet`.

DELETE, PATCH and TRACE have no action here, so ApiView answers them with the empty 405 of
the reference's fixed routes (no `Allow`, spec/api.md §2.4).
"""

from __future__ import annotations

import re

from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response

from practiceapi.editions import edition
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import MANDATORY_TITLE, PUT_CANNOT_CREATE, max_todos_reached
from practiceapi.protocol.query import (
    CLAMP_PAGING,
    EQUALS,
    TODO_FIELDS,
    Paging,
    ParsedQuery,
    apply_query,
    parse_query_string,
)
from practiceapi.protocol.querybody import ACCEPT_QUERY, QUERY_BODY, run_query_body
from practiceapi.protocol.responses import empty_response
from practiceapi.request import api_request
from todos import schema
from todos.selectors import list_rows, store_facts
from todos.services import TodoLimitReached, TodoNotFound, amend_todo, create_todo
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
    read_todo_body,
    remember,
    replacement,
)

PUT_NEEDS_ID = "PUT requires an identifier in the URI or payload"
# What the reference's request hook parses with Integer.parseInt before the 406 check.
_JAVA_INT = re.compile(r"[+-]?[0-9]+")


def _over_max_limit(query: ParsedQuery, guard: int) -> bool:
    if query.limit is None or query.limit_op != EQUALS or not _JAVA_INT.fullmatch(query.limit):
        return False
    value = int(query.limit)
    # Values that overflow a Java int skip the hook; paging then rejects them anyway.
    return -(2**31) <= value < 2**31 and value > guard


def _format_headers() -> dict[str, str]:
    """The QUERY formats, where the edition advertises them."""
    return {"Accept-Query": ACCEPT_QUERY} if edition().advertise_formats else {}


class TodoListActions(TodoApiView):
    """The todo collection's actions; `TodoViewSet` runs the hooks of the route it serves."""

    list_body_formats = {"POST": TODO_BODY, "PUT": TODO_BODY, "QUERY": QUERY_BODY}

    def list_implements(self, method: str) -> bool:
        return method in edition().todos_verbs

    def list_before_negotiation(self, request: Request) -> None:
        self.url_query = parse_query_string(request.META.get("QUERY_STRING", ""))
        # The paging guard answers before Accept is looked at (§2.11); HEAD clamps instead.
        guard = edition().limit_guard
        if request.method == "GET" and guard is not None and _over_max_limit(self.url_query, guard):
            raise ApiError(400, f"_limit must be no more than {guard}")

    def _rows(self, request: Request) -> list[dict]:
        rows = list_rows(self.challenger)
        remember(request, store_facts(rows))
        return rows

    def _page(self, request: Request, paging: Paging) -> Response:
        page = apply_query(self._rows(request), self.url_query, TODO_FIELDS, paging)
        return Response(collection(page), headers=_format_headers())

    @schema.list_todos
    def list(self, request: Request) -> Response:
        return self._page(request, edition().list_paging)

    @schema.head_todos
    def list_head(self, request: Request) -> Response:
        # The GET body is rendered so that Content-Length is the GET body's length; the
        # server drops the body of a HEAD response.
        return self._page(request, edition().head_paging)

    @schema.query_todos
    def query(self, request: Request) -> Response:
        page = run_query_body(
            lambda: request.data,
            self._rows(request),
            self.url_query,
            TODO_FIELDS,
            collection_name="todos",
            paging=CLAMP_PAGING,
        )
        return Response(collection(page), headers={"Accept-Query": ACCEPT_QUERY})

    @schema.create_todo
    def create(self, request: Request) -> Response:
        rules = edition()
        draft = validate_create(read_todo_body(request))
        try:
            row, facts = create_todo(self.challenger, draft, cap=max_todos())
        except TodoLimitReached as full:
            raise ApiError(rules.todo_cap_status, max_todos_reached(full.cap)) from None
        except MissingTitle:
            raise ApiError(rules.validation_status, MANDATORY_TITLE) from None
        remember(request, facts, created=row)
        prefix = "/api/todos/" if api_request(request).used_api_prefix else "/todos/"
        return Response(item(row), status=201, headers={"Location": f"{prefix}{row['id']}"})

    @schema.replace_todo_by_body_id
    def list_update(self, request: Request) -> Response:
        fields = read_todo_body(request)
        status = edition().validation_status
        if fields.get("id") in (None, ""):
            raise ApiError(status, PUT_NEEDS_ID)
        errors, build = replacement(fields)
        try:
            row, facts = amend_todo(self.challenger, id_key(fields["id"]), build)
        except TodoNotFound:
            raise ApiError(status, ", ".join(errors) or PUT_CANNOT_CREATE) from None
        remember(request, facts)
        return Response(item(row))

    @schema.options_todos
    def list_options(self, request: Request) -> HttpResponse:
        rules = edition()
        status = rules.options_todos_status[self.challenger is not None]
        headers = {"Allow": rules.todos_allow, **_format_headers()}
        if status == 204:
            return empty_response(204, headers)
        response = HttpResponse(status=status, content_type="text/plain")
        for name, value in headers.items():
            response[name] = value
        return response
