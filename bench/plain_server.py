"""`bench/run.py --server granian:W:T+plain` or `granian-wsgi:W:T+plain`: a measured
prototype, not a shape to serve: the todo routes of bench/bare_server.py (the floor's
statements, the same bodies and headers) answered by plain Django view functions through
Django's own request handling with no middleware, without DRF. Between `+bare` (no Django
request handling) and `+floor` (bare DRF `APIView`s), it says what Django's handler costs
and what DRF costs. Everything else goes to our application; a todo request with a
session header that the prototype cannot answer (an unknown session, a body it does not
know) gets Django's 404, which the benchmark's requests never meet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.core.handlers.wsgi import WSGIHandler
from django.http import Http404, HttpRequest, HttpResponse
from django.test.utils import override_settings
from django.urls import re_path

from bench import bare_server as bare
from practiceapi.asgi import BufferedBodies
from practiceapi.asgi import application as our_front
from practiceapi.wsgi import application as ours


def todos(request: HttpRequest, todo_id: str | None = None) -> HttpResponse:
    """The bare prototype's answer, from a Django request, as a Django response."""
    guid = request.META["HTTP_X_CHALLENGER"]  # `wsgi` routes nothing here without it
    answered = bare.answer(
        request.method or "GET",
        guid,
        None if todo_id is None else int(todo_id),
        request.META.get("QUERY_STRING", ""),
        request.content_type or "",
        request.body,
    )
    if answered is None:
        raise Http404
    status, body, own = answered
    response = HttpResponse(body, status=status)
    del response["Content-Type"]  # set below, as ours sets it, on answers with a body
    for name, value in bare.headers_of(guid, body, own):
        response[name] = value
    return response


class urlconf:  # noqa: N801 - a urlconf module's shape
    urlpatterns = [re_path(r"^api/todos$", todos), re_path(r"^api/todos/(\d+)$", todos)]


class PlainHandler(WSGIHandler):
    def get_response(self, request: HttpRequest) -> HttpResponse:
        request.urlconf = urlconf
        return super().get_response(request)


with override_settings(MIDDLEWARE=[]):
    plain = PlainHandler()


def wsgi(environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
    """The todo routes the prototype knows to the plain views, the rest to ours."""
    known = environ["PATH_INFO"] == "/api/todos" or bare.ONE_TODO.match(environ["PATH_INFO"])
    return (plain if known and environ.get("HTTP_X_CHALLENGER") else ours)(environ, start_response)


application = BufferedBodies(wsgi, threads=our_front.django.count)
