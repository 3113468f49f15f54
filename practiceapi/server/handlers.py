"""Three middleware stacks: the site's pages get every layer in `MIDDLEWARE`, the API routes
only those in `API_MIDDLEWARE`, and the JSON the open progress pages poll (`POLL_ROUTES`)
only those in `POLL_MIDDLEWARE`.

The site's layers (static files, Django's sessions and CSRF, login, messages, the admin's
lock-out) do nothing for an API request: its views are DRF's with no authentication, and
nothing on an API route reads a session or a form token, yet together they are the
largest cost of an API request after the view (docs/benchmark.md, "What each server piece
buys"). So a request is handed to one of two Django handlers by its path
(`practiceapi.routing.on_api_stack`), each with its own chain. `MIDDLEWARE` stays the
whole list, in Django's order, because Django's deployment checks look for its classes
there by name.

Every open progress page asks for its status and its history every few seconds, most
times to hear that nothing changed: those two routes read no login, session, form token or
message either, so they run the site's security headers and nothing else of its layers
(`on_poll_stack`), and their views answer an unchanged version with a 304 before building
anything.

The production entry point (practiceapi/server/wsgi.py) and the tests' client (tests/client.py)
split the same way, so the tests exercise the stacks that serve students.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.exception import convert_exception_to_response
from django.core.handlers.wsgi import WSGIHandler, get_path_info, get_script_name
from django.db import close_old_connections
from django.http import HttpRequest
from django.urls import ResolverMatch, set_script_prefix
from django.utils.module_loading import import_string

from practiceapi.routing import on_api_stack, on_poll_stack, resolved

if TYPE_CHECKING:
    from django.core.handlers.base import BaseHandler
    from django.http.response import HttpResponseBase

    class _Handler(BaseHandler):
        # Django's own, left out of its stubs.
        def _get_response(self, request: HttpRequest) -> HttpResponseBase: ...

else:
    _Handler = object


class ResolvedOnceHandler(WSGIHandler):
    """Django's WSGI handler, reusing the URL match ProtocolMiddleware made: it resolves
    the path before the view is known, to tell an API route from any other, and a second
    walk over both route trees would cost as much again."""

    def resolve_request(self, request: HttpRequest) -> ResolverMatch:
        match = request.resolver_match
        if match is not None and not hasattr(request, "urlconf"):
            return match
        return super().resolve_request(request)


class ApiStack(_Handler):
    """Mixed into a Django handler: its chain is built from `API_MIDDLEWARE` (or the list
    `middleware_setting` names).

    Django's `load_middleware` reads `MIDDLEWARE` only; this is its synchronous path over
    the other list (the API is served by WSGI handlers only: granian's threads, the ASGI
    front's thread pool, the test client)."""

    middleware_setting = "API_MIDDLEWARE"

    def load_middleware(self, is_async: bool = False) -> None:
        if is_async:
            raise ImproperlyConfigured("the API's middleware stack is synchronous")
        views: list[Callable[..., Any]] = []
        templates: list[Callable[..., Any]] = []
        exceptions: list[Callable[..., Any]] = []
        self._view_middleware = views
        self._template_response_middleware = templates
        self._exception_middleware = exceptions
        handler = convert_exception_to_response(self._get_response)
        for path in reversed(getattr(settings, self.middleware_setting)):
            middleware = import_string(path)(handler)
            if hasattr(middleware, "process_view"):
                views.insert(0, middleware.process_view)
            if hasattr(middleware, "process_template_response"):
                templates.append(middleware.process_template_response)
            if hasattr(middleware, "process_exception"):
                exceptions.append(middleware.process_exception)
            handler = convert_exception_to_response(middleware)
        self._middleware_chain = handler


class ApiHandler(ApiStack, ResolvedOnceHandler):
    """The API routes' WSGI handler: `ApiStack`'s chain, and a request cycle without
    Django's request signals.

    Django's WSGI handler frames each request with `request_started` and (when the server
    closes the response) `request_finished`. Their receivers are Django's own: connection
    upkeep at both ends (`close_old_connections`: a connection past its CONN_MAX_AGE, left
    broken or in a transaction is closed, and the health check re-armed), and three an API
    request has no use for: the debug query log (filled only with DEBUG on, and bounded),
    cache connections (nothing on the API's path uses a cache) and the thread's URL conf
    (nothing on it sets a URL conf of its own). Sending the two signals costs every
    request of the classroom mix measurably more CPU (docs/benchmark.md, "What each server
    piece buys"), so this cycle calls the upkeep itself. tests/server/test_api_request_cycle.py fails when the
    receivers change: a new one must be weighed for API requests here.

    The answer's bytes are handed to the server as a list: the API never streams, and the
    request's resources are released before the server sends them."""

    # A WSGI iterable (PEP 3333) where Django's stubs name the response its handler returns.
    def __call__(  # type: ignore[override]
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> list[bytes]:
        set_script_prefix(get_script_name(environ))
        close_old_connections()
        request = self.request_class(environ)
        try:
            response = self.get_response(request)
            chunks = list(response)
            cookies = [("Set-Cookie", c.output(header="")) for c in response.cookies.values()]
            start_response(
                f"{response.status_code} {response.reason_phrase}", [*response.items(), *cookies]
            )
            return chunks
        finally:
            request.close()
            close_old_connections()


class PollHandler(ApiHandler):
    """The polled pages' WSGI handler: the API's request cycle over `POLL_MIDDLEWARE`."""

    middleware_setting = "POLL_MIDDLEWARE"


class SplitApplication:
    """Hands each request to the API's handler, the polled pages' or the site's, by its
    path. Takes the arguments of the handlers it wraps: (environ, start_response) for WSGI
    handlers, (environ) for the test client's."""

    def __init__(
        self, site: Callable[..., Any], api: Callable[..., Any], poll: Callable[..., Any]
    ) -> None:
        self.site = site
        self.api = api
        self.poll = poll

    def __call__(self, environ: dict[str, Any], *args: Any) -> Any:
        path = get_path_info(environ) or "/"  # Django's own reading (WSGIRequest.path_info)
        match = resolved(path)
        if on_api_stack(path, match):
            return self.api(environ, *args)
        if on_poll_stack(match):
            return self.poll(environ, *args)
        return self.site(environ, *args)
