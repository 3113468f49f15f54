"""Site-wide views: the 404 for unknown paths."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from practiceapi.editions import edition
from practiceapi.protocol.negotiation import HTML, JSON, XML
from practiceapi.protocol.responses import empty_response, error_response, preferred_type

NOT_FOUND = "404 resource Unknown"


def not_found(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Browsers get a friendly page (D2.5); API clients the error in their format, using the
    reference's `<message>` element in XML.

    Where the edition's router answers status-only 404s, the whole Accept header decides:
    `html` anywhere gets the page, `application/...json` / `application/...xml` the error,
    anything else (no Accept included) an empty body typed as the first Accept value."""
    accept = (request.META.get("HTTP_ACCEPT") or "").strip().lower()
    content_type = edition().status_route_content_type(accept)
    if content_type is not None and "html" not in accept:
        wanted = None
        if accept.startswith("application/"):
            wanted = XML if accept.endswith("xml") else JSON if accept.endswith("json") else None
        if wanted is None:
            response = empty_response(404)
            response["Content-Type"] = content_type
            return response
        request.negotiated_type = wanted  # the error answers in it, whatever else Accept says
    elif preferred_type(request) == HTML:
        return render(request, "404.html", {"path": request.path}, status=404)
    return error_response(request, 404, [NOT_FOUND], xml_child="message")
