"""A fast lane for the hottest request of a classroom: the plain `GET /api/todos`.

Most requests a class sends are a todo list read with a session, no query and JSON
accepted. This middleware, placed after ChallengerMiddleware (so the session is resolved,
and tracking and the `X-CHALLENGER` echo still happen around it), answers exactly that
request without URL resolving, Django's site middleware or DRF's per-request objects,
which were half of its cost (issue 8, docs/benchmark.md).

It builds the answer from the same parts as `TodoListView.get`: the same row query, the
same payload and JSON renderer, the same headers and the same facts left for challenge
tracking. Anything else (a query string, another Accept, a body, a method override, no
session) goes on to the view. `tests/todos/test_fast_lane.py` compares both answers for
every request shape the lane takes and for the ones it must leave alone.

`APICHALLENGES_FAST_LANE = False` (setting) turns it off.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from practiceapi.protocol.negotiation import JSON
from practiceapi.protocol.query import GET_PAGING, page_rows
from practiceapi.protocol.querybody import ACCEPT_QUERY
from practiceapi.protocol.renderers import render_json
from todos.selectors import store_facts, todo_rows
from todos.views.base import collection, remember

# Accept values that negotiation answers with application/json for the todo list.
JSON_ACCEPTS = frozenset({"", "*/*", "application/json"})


# Exactly the paths the URL configuration routes to the list (`//api/todos` is a 404).
PATHS = frozenset({"/api/todos", "/todos"})


def takes(request: HttpRequest) -> bool:
    """True for a plain list read with a session: what this lane answers.

    Requests with cookies go to the view: Django's session and CSRF middleware, which the
    lane skips, answer a malformed cookie with `Vary`/`Set-Cookie` headers. API clients
    send none; a browser that visited the dashboard does.
    """
    meta = request.META
    return (
        request.method == "GET"
        and request.path_info in PATHS
        and getattr(request, "challenger", None) is not None
        and not meta.get("QUERY_STRING")
        and meta.get("HTTP_ACCEPT", "").strip() in JSON_ACCEPTS
        and meta.get("CONTENT_LENGTH", "") in ("", "0")
        and not meta.get("HTTP_COOKIE")
        and getattr(request, "original_method", None) is None
    )


def plain_list(request: HttpRequest) -> HttpResponse:
    """`TodoListView.get` for a request `takes` accepts: the first page of todos (default
    page size) in id order, as JSON."""
    rows = todo_rows(request.challenger)
    remember(request, store_facts(rows))
    request.negotiated_type = JSON
    page = page_rows(rows, GET_PAGING.default_limit, 0)
    response = HttpResponse(render_json(collection(page)), content_type=JSON)
    response["Accept-Query"] = ACCEPT_QUERY
    return response


class PlainListMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.APICHALLENGES_FAST_LANE and takes(request):
            return plain_list(request)
        return self.get_response(request)
