"""Site-wide views: the 404 for unknown paths."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from practiceapi.protocol.negotiation import HTML
from practiceapi.protocol.responses import error_response, preferred_type

NOT_FOUND = "404 resource Unknown"


def not_found(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Browsers get a friendly page (D2.5); API clients the error in their format, using the
    reference's `<message>` element in XML."""
    if preferred_type(request) == HTML:
        return render(request, "404.html", {"path": request.path}, status=404)
    return error_response(request, 404, [NOT_FOUND], xml_child="message")
