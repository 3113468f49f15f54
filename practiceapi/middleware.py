"""Cross-cutting HTTP behaviour of every API route.

Runs first of our layers on both middleware stacks (practiceapi/server/handlers.py): reads from the path's
match (`practiceapi.routing`, resolved once per request and reused by the handler)
whether it is an API route and which, refuses bodies over 1 MB before they are read,
applies `X-HTTP-Method-Override` on POST, and decorates responses with CORS (API-challenge
endpoints only), `Cache-Control: no-store`, `X-Robots-Tag` and an exact `Content-Length`.
Every answer, pages included, carries the edition's `Server` header where it has one.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, UnreadablePostError

from practiceapi.editions import served
from practiceapi.protocol.request import ApiRequest, prepare
from practiceapi.protocol.responses import error_response
from practiceapi.routing import on_api_stack, resolved, route_of

# The public service's server refuses header blocks over 32 KiB with a 431.
MAX_HEADER_BLOCK_BYTES = 32_768


def normalise_path(path: str) -> str:
    """`/api/todos/5` and `/todos/5` both become `todos/5`."""
    stripped = path.lstrip("/")
    if stripped == "api":
        return ""
    return stripped[4:] if stripped.startswith("api/") else stripped


class ProtocolMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, http_request: HttpRequest) -> HttpResponse:
        path = http_request.path_info
        match = resolved(path)
        http_request.resolver_match = match  # the handler reuses it (practiceapi.server.handlers)
        endpoint, route = route_of(match)
        npath = normalise_path(path)
        if endpoint and route is None:
            # A 404 for extra slashes (`/todos//`, `//todos`) is still about the route the
            # student meant: its challenges judge it (and may explain the miss).
            route = route_of(resolved(f"/{npath.rstrip('/')}"))[1]
        request = prepare(http_request, npath, api_endpoint=endpoint, route=route)
        if not on_api_stack(path, match):
            response = self.get_response(request)
        else:
            refused = self.refuse_early(request)
            response = self.get_response(request) if refused is None else refused
            self.decorate(request, response)
        server = served().server
        if server is not None:
            response["Server"] = server
        return response

    def refuse_early(self, request: ApiRequest) -> HttpResponse | None:
        if settings.ALLOWED_HOSTS != ["*"] and not request.path_info.startswith("/mirror"):
            # Hosted instances answer their own names only (the mirror shows any Host).
            try:
                request.get_host()
            except DisallowedHost:
                return error_response(request, 400, ["Invalid Host header"])
        header_bytes = sum(
            len(k) + len(v) for k, v in request.META.items() if k.startswith("HTTP_")
        )
        if header_bytes > MAX_HEADER_BLOCK_BYTES:
            return error_response(
                request,
                431,
                [f"Request header fields too large, max allowed is {MAX_HEADER_BLOCK_BYTES} bytes"],
            )
        length = request.META.get("CONTENT_LENGTH") or ""
        limit = settings.MAX_REQUEST_BODY_BYTES
        if not length and request.META.get("HTTP_TRANSFER_ENCODING"):
            # WSGI hands Django no body without a Content-Length: refuse rather than act
            # on an empty one.
            return error_response(request, 411, ["Length Required: send a Content-Length"])
        # Measured before it is read: an ASCII digit string no longer than the limit's own
        # is the only Content-Length that can be within it (int() of thousands of digits
        # is a ValueError, and isdigit() also accepts digits int() does not read).
        if length and (
            not (length.isascii() and length.isdigit())
            or len(length) > len(str(limit))
            or int(length) > limit
        ):
            return error_response(request, 413, [served().body_too_large(limit)])
        if length and int(length) > 0:
            try:
                received = len(request.body)
            except UnreadablePostError:
                return error_response(request, 408, ["Request body not received in time"])
            if received != int(length):
                # An incomplete message must not be processed (RFC 9112 §8).
                return error_response(
                    request, 400, [f"Incomplete body: {received} of {length} bytes received"]
                )
        override = request.META.get("HTTP_X_HTTP_METHOD_OVERRIDE")
        rules = served()
        honoured = rules.override_methods
        if override and (honoured is None or request.method in honoured):
            wanted = override.strip().upper()
            if wanted not in rules.override_targets:
                return error_response(
                    request,
                    400,
                    [
                        f"Unsupported X-HTTP-Method-Override value: {override.strip()}; use one"
                        f" of {', '.join(sorted(rules.override_targets))}"
                    ],
                )
            if wanted != request.method:
                request.original_method = request.method
                request.method = wanted
        return None

    @staticmethod
    def decorate(request: ApiRequest, response: HttpResponse) -> None:
        rules = served()
        response["Cache-Control"] = "no-store"
        if response.status_code < 400:
            response["X-Robots-Tag"] = "noindex"
        phrase = rules.reason_phrases.get(response.status_code)
        if phrase is not None:
            # Servers that pass the application's phrase through (runserver, gunicorn)
            # send the public service's; granian always sends the standard one.
            response.reason_phrase = phrase
        if request.api_endpoint:
            cors = rules.cors.headers(request.META, request.method == "OPTIONS")
            for name, value in cors.items():
                response[name] = value
        if not response.streaming:
            response["Content-Length"] = str(len(response.content))
            if request.method == "HEAD" and request.original_method:
                # POST overridden as HEAD: the server does not know to drop the body.
                length = response["Content-Length"]
                response.content = b""
                response["Content-Length"] = length
