"""Building responses outside DRF views (middleware, fixed routes) in the negotiated format."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from django.http import HttpRequest, HttpResponse
from rest_framework.request import Request

from practiceapi.editions import edition
from practiceapi.protocol.errors import NotAcceptable
from practiceapi.protocol.formats import render
from practiceapi.protocol.messages import NOT_FOUND
from practiceapi.protocol.negotiation import (
    JSON,
    PRODUCIBLE,
    XML,
    engine_media_type,
    select_media_type,
)
from practiceapi.protocol.payloads import ErrorMessages
from practiceapi.request import ApiRequest, api_request


class ErrorResponse(HttpResponse):
    """A declaration, as `ApiRequest` is: the error responses built here carry their
    messages for challenge tracking."""

    error_messages: list[str]


def negotiated_type(
    request: HttpRequest, producible: Sequence[str] = PRODUCIBLE, *, structured_xml: bool = False
) -> str:
    """The media type to answer `request` in, or raise NotAcceptable: on the API-challenge
    routes as the edition being served negotiates, elsewhere by §3 (q-values, wildcards)."""
    accept = request.META.get("HTTP_ACCEPT")
    if edition().engine_accept and cast(ApiRequest, request).api_endpoint:
        return engine_media_type(accept, producible)
    return select_media_type(accept, producible, structured_xml=structured_xml)


def preferred_type(request: HttpRequest, *, structured_xml: bool = False) -> str:
    """The negotiated media type, falling back to JSON when nothing acceptable was asked."""
    try:
        return negotiated_type(request, structured_xml=structured_xml)
    except NotAcceptable:
        return JSON


def error_response(
    request: HttpRequest | Request,
    status: int,
    messages: list[str],
    *,
    headers: dict[str, str] | None = None,
    force_json: bool = False,
    xml_child: str = "errorMessage",
) -> HttpResponse:
    """`{"errorMessages":[...]}` (or its rendering in the negotiated format)."""
    # A view that already negotiated (possibly over a narrower set of types) answers its
    # errors in that type; otherwise negotiate now, falling back to JSON.
    api = api_request(request)
    media_type = api.negotiated_type
    if force_json:
        media_type = JSON
    elif media_type is None:
        media_type = preferred_type(api, structured_xml=api.structured_xml)
    payload = ErrorMessages(messages, xml_child=xml_child)
    try:
        body = render(payload, media_type)
    except (TypeError, ValueError):
        # A type that cannot carry an error list (text/calendar): the shared JSON shape.
        media_type = JSON
        body = render(payload, media_type)
    response = HttpResponse(body, status=status, content_type=media_type)
    # Read by challenge tracking, whatever the format.
    cast(ErrorResponse, response).error_messages = messages
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def empty_response(status: int, headers: dict[str, str] | None = None) -> HttpResponse:
    """A body-less response; it carries no Content-Type (spec/api.md §10.4)."""
    response = HttpResponse(status=status)
    del response["Content-Type"]
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def status_only_404(request: HttpRequest) -> HttpResponse | None:
    """The 404 of an edition whose router answered unknown resources by status only, or
    None where the edition does not (or Accept names HTML: that is the friendly page's).

    The whole Accept header decides (lower-cased, as the classic service read it):
    `application/...json` gets the JSON error, `application/...xml` the XML one (with the
    reference's `<message>` element), anything else an empty body typed as the first
    Accept value (JSON when there is none).
    """
    accept = (request.META.get("HTTP_ACCEPT") or "").strip().lower()
    content_type = edition().status_route_content_type(accept)
    if content_type is None or "html" in accept:
        return None
    wanted = None
    if accept.startswith("application/"):
        wanted = XML if accept.endswith("xml") else JSON if accept.endswith("json") else None
    if wanted is None:
        return empty_response(404, {"Content-Type": content_type})
    api_request(
        request
    ).negotiated_type = wanted  # the error answers in it, whatever else Accept says
    return error_response(request, 404, [NOT_FOUND], xml_child="message")
