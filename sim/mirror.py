"""The request mirror, /mirror/request[/...] and /mirror/raw[/...].

Owns the mirror text (what the request looked like to the server) and the two views that
send it back: the interpreted view (plain text, or `details` in any negotiated format,
never a 406) and the raw view (always `text/plain`). Nothing is stored.

Django only sees the WSGI environ, not the header block as sent: "Raw Headers" are rebuilt
from `HTTP_*` keys plus `CONTENT_TYPE`/`CONTENT_LENGTH`, with names in `Title-Case` (the
client's own spelling and any underscores are lost on the way), in the server's order.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.utils.encoding import escape_uri_path
from django.views.decorators.csrf import csrf_exempt

from practiceapi.protocol.environ import request_headers, wsgi_text
from practiceapi.protocol.formats import render
from practiceapi.protocol.negotiation import TEXT, accept_asks_for
from practiceapi.protocol.numbers import saturated_int
from practiceapi.protocol.payloads import Item
from practiceapi.protocol.query import parse_query_string
from practiceapi.protocol.request import api_request
from practiceapi.protocol.responses import empty_response, error_response, preferred_type

MAX_MIRROR_BYTES = 24000
TOO_LARGE = f"Error: request too large, max allowed is {MAX_MIRROR_BYTES} bytes"
ALLOW = "GET, POST, PUT, DELETE, PATCH, QUERY, HEAD, OPTIONS, TRACE"

# What the interpreted view renders: `{"details": ...}`, `<messageDetails><details>...`.
DETAILS_ITEM = "messageDetails"
DETAILS_FIELDS = ("details",)

_UNDERLINE = "============"
_SHORT_UNDERLINE = "======="


def request_url(request: HttpRequest) -> str:
    """scheme://host[:port]/path, without the query string."""
    try:
        host = request.get_host()
    except DisallowedHost:
        # A malformed Host header is still worth mirroring: it shows under Raw Headers,
        # and the URL names the server instead.
        host = f"{request.META.get('SERVER_NAME', '')}:{request.META.get('SERVER_PORT', '')}"
    return f"{request.scheme}://{host}{escape_uri_path(request.path)}"


def mirror_text(request: HttpRequest) -> str:
    """The mirror text: request line, query params (parsed and as filters), client IP,
    headers as received and processed, and the body; every line ends with `\\n`."""
    query = wsgi_text(request.META.get("QUERY_STRING", ""))
    headers = request_headers(request.META)
    body = request.body.decode("utf-8", "replace")

    first_values: dict[str, str] = {}
    for name, value in parse_qsl(query, keep_blank_values=True, errors="replace"):
        first_values.setdefault(name, value)
    filters = parse_query_string(query).params

    lines = [
        f"{request.method} {request_url(request)}",
        "",
        "Parsed Query Params",
        _UNDERLINE,
        *(f"{name}: {value}" for name, value in first_values.items()),
        "",
        "Raw Query Params",
        _UNDERLINE,
        *(f"{item.name} {item.op} {item.value}" for item in filters),
        "",
        "IP",
        _SHORT_UNDERLINE,
        request.META.get("REMOTE_ADDR", ""),
        "",
        "Raw Headers",
        _SHORT_UNDERLINE,
        *(f"{name}: {value}" for name, value in headers),
        "",
        "Processed Headers",
        _SHORT_UNDERLINE,
        *(f"{name.lower()}: {_processed_value(name, value)}" for name, value in headers),
        "",
        "Body",
        "====",
        body,
    ]
    return "\n".join(lines) + "\n"


def _processed_value(name: str, value: str) -> str:
    # Credentials keep their case: lower-casing them would change their meaning.
    return value if name.lower() == "authorization" else value.lower()


def _plain(text: str, status: int = 200) -> HttpResponse:
    return HttpResponse(text.encode(), status=status, content_type=TEXT)


def _wants_plain(request: HttpRequest) -> bool:
    return accept_asks_for(request.META.get("HTTP_ACCEPT"), TEXT)


def _too_large(request: HttpRequest) -> bool:
    length = request.META.get("CONTENT_LENGTH") or "0"
    # Non-numeric lengths never get here: the protocol middleware refuses them. A length
    # of any number of digits is measured rather than converted whole.
    number = saturated_int(length) if length.isdigit() else None
    return number is not None and number > MAX_MIRROR_BYTES


def interpreted_response(request: HttpRequest, text: str) -> HttpResponse:
    """Plain text when Accept names text/plain; otherwise `details` in the negotiated
    format, falling back to JSON instead of answering 406."""
    if _wants_plain(request):
        return _plain(text)
    media_type = preferred_type(request)
    if media_type == TEXT:
        return _plain(text)
    body = render(Item(DETAILS_ITEM, DETAILS_FIELDS, {"details": text}), media_type)
    return HttpResponse(body, content_type=media_type)


@csrf_exempt
def mirror_request(request: HttpRequest) -> HttpResponse:
    """Any verb: the interpreted mirror (OPTIONS: 204 with `Allow`)."""
    if request.method == "OPTIONS":
        return empty_response(204, {"Allow": ALLOW})
    if _too_large(request):
        if _wants_plain(request):
            return _plain(TOO_LARGE, 413)
        return error_response(api_request(request), 413, [TOO_LARGE])
    return interpreted_response(request, mirror_text(request))


@csrf_exempt
def mirror_raw(request: HttpRequest) -> HttpResponse:
    """Any verb: the mirror text as `text/plain` whatever the Accept (errors too)."""
    if request.method == "OPTIONS":
        return empty_response(204, {"Allow": ALLOW})
    if _too_large(request):
        return _plain(TOO_LARGE, 413)
    return _plain(mirror_text(request))
