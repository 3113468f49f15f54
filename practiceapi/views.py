"""Site-wide views: the 404 for unknown paths."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from practiceapi.editions import served
from practiceapi.protocol.messages import NOT_FOUND
from practiceapi.protocol.request import api_request
from practiceapi.protocol.responses import error_response, status_only_404


def not_found(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Browsers get a friendly page; API clients the error in their format, using the
    public service's `<message>` element in XML (or the edition's status-only 404)."""
    if served().status_answers.wants_page(request):
        return render(request, "404.html", {"path": request.path}, status=404)
    api = api_request(request)  # prepared by ProtocolMiddleware, as every request is
    return status_only_404(api) or error_response(api, 404, [NOT_FOUND], xml_child="message")
