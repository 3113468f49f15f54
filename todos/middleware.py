"""A fast lane for the hottest request of a classroom: the plain `GET /api/todos`.

Most requests a class sends are a todo list read with a session, no query and JSON
accepted. This middleware, placed after ChallengerMiddleware (so the session is resolved,
and tracking and the `X-CHALLENGER` echo still happen around it), answers exactly that
request without URL resolving, Django's site middleware or DRF's per-request objects,
which were half of its cost (issue 8, docs/benchmark.md).

It builds the answer from the same parts as `TodoListView.get`: the same rows, payload
and JSON renderer, the same headers and the same facts left for challenge tracking.
Anything else (a query string, another Accept, a body, a method override, no session)
goes on to the view. `tests/todos/test_fast_lane.py` compares both answers for every
request shape the lane takes and for the ones it must leave alone.

It keeps the rendered body per session (`RenderedLists`) for as long as the session's
`list_token`, read with the session, is unchanged: every write to the session's todos, in
any process, gives it a new token (`todos.services`), so a repeated read costs one query
(the session's) instead of two and renders nothing.

A read repeated with the same headers while nothing changed does not even reach Django:
`todos/replay.py` answers it with Django's earlier answer.

`APICHALLENGES_FAST_LANE = False` (setting) turns it off, and the replay with it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from challenges.exchange import StoreFacts
from challenges.models import Challenger
from practiceapi.protocol.negotiation import JSON
from practiceapi.protocol.query import GET_PAGING, page_rows
from practiceapi.protocol.querybody import ACCEPT_QUERY
from practiceapi.protocol.renderers import render_json
from todos.kept import LastStored
from todos.selectors import store_facts, todo_rows_with_token
from todos.views.base import collection, remember

# Accept values that negotiation answers with application/json for the todo list.
JSON_ACCEPTS = frozenset({"", "*/*", "application/json"})


# Exactly the paths the URL configuration routes to the list (`//api/todos` is a 404).
PATHS = frozenset({"/api/todos", "/todos"})


def plain_read(environ: dict) -> bool:
    """A GET of the collection with no query, body or cookie, from the WSGI environ (a
    request's META): the reads this lane and the replay in front of Django
    (`todos/replay.py`) take. `REQUEST_METHOD` is the client's: a POST overridden to GET
    (`X-HTTP-Method-Override`) is not one.

    Requests with cookies go to the view: Django's session and CSRF middleware, which the
    lane skips, answer a malformed cookie with `Vary`/`Set-Cookie` headers. API clients
    send none; a browser that visited the dashboard does.
    """
    return (
        environ["REQUEST_METHOD"] == "GET"
        and environ.get("PATH_INFO") in PATHS
        and not environ.get("QUERY_STRING")
        and environ.get("CONTENT_LENGTH", "") in ("", "0")
        and "HTTP_TRANSFER_ENCODING" not in environ
        and not environ.get("HTTP_COOKIE")
    )


def takes(request: HttpRequest) -> bool:
    """True for a plain list read with a session that accepts JSON: what this lane
    answers."""
    return (
        plain_read(request.META)
        and getattr(request, "challenger", None) is not None
        and request.META.get("HTTP_ACCEPT", "").strip() in JSON_ACCEPTS
    )


class RenderedLists(LastStored[str, tuple[int, bytes, StoreFacts]]):
    """Per process: each session's rendered plain list and its store facts, with the
    `list_token` read in the same statement as the rows. An entry serves only requests
    whose session (read at their start) has that token; the `size` most recently stored
    sessions are kept.
    """

    def get(self, challenger: Challenger) -> tuple[bytes, StoreFacts] | None:
        entry = self.lookup(challenger.guid)
        if entry is None or entry[0] != challenger.list_token:
            return None
        return entry[1], entry[2]

    def put(self, guid: str, token: int, body: bytes, facts: StoreFacts) -> None:
        self.store(guid, (token, body, facts))


# Typically 1-2 KB per session; at worst (ten todos of 250 characters, each escaped to six
# bytes) about 15 KB, i.e. 30 MB per worker.
RENDERED = RenderedLists(size=2000)


def plain_list(request: HttpRequest) -> HttpResponse:
    """`TodoListView.get` for a request `takes` accepts: the first page of todos (default
    page size) in id order, as JSON."""
    challenger = request.challenger
    rendered = RENDERED.get(challenger)
    if rendered is None:
        token, rows = todo_rows_with_token(challenger)
        page = page_rows(rows, GET_PAGING.default_limit, 0)
        rendered = render_json(collection(page)), store_facts(rows)
        if token is not None:
            RENDERED.put(challenger.guid, token, *rendered)
    body, facts = rendered
    remember(request, facts)
    request.negotiated_type = JSON
    response = HttpResponse(body, content_type=JSON)
    response["Accept-Query"] = ACCEPT_QUERY
    return response


class PlainListMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.APICHALLENGES_FAST_LANE and takes(request):
            return plain_list(request)
        return self.get_response(request)
