"""Site-wide views: the 404 for unknown paths."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from practiceapi.protocol.negotiation import HTML
from practiceapi.protocol.responses import (
    NOT_FOUND,
    error_response,
    preferred_type,
    status_only_404,
)


def not_found(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Browsers get a friendly page (D2.5); API clients the error in their format, using the
    reference's `<message>` element in XML (or the edition's status-only 404)."""
    answer = status_only_404(request)
    if answer is not None:
        return answer
    if preferred_type(request) == HTML:
        return render(request, "404.html", {"path": request.path}, status=404)
    return error_response(request, 404, [NOT_FOUND], xml_child="message")
