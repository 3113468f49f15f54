"""Site-wide views: the 404 for unknown paths."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from practiceapi.editions import edition
from practiceapi.protocol.messages import NOT_FOUND
from practiceapi.protocol.negotiation import HTML
from practiceapi.protocol.responses import error_response, preferred_type, status_only_404


def not_found(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Browsers get a friendly page (D2.5); API clients the error in their format, using the
    reference's `<message>` element in XML (or the edition's status-only 404)."""
    if _wants_page(request):
        return render(request, "404.html", {"path": request.path}, status=404)
    return status_only_404(request) or error_response(
        request, 404, [NOT_FOUND], xml_child="message"
    )


def _wants_page(request: HttpRequest) -> bool:
    if edition().status_routes_echo_accept:
        # The classic GUI answered every Accept that names html with its page.
        return "html" in (request.META.get("HTTP_ACCEPT") or "").lower()
    return preferred_type(request) == HTML
