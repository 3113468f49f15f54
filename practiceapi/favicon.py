"""`/favicon.ico`: browsers ask every site for it, whatever the page's `<link rel=icon>`
says (the admin's pages and any file opened directly too), so it answers the site's icon
rather than a 404."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe


@cache
def _icon() -> bytes:
    return (settings.BASE_DIR / "static" / "favicon.ico").read_bytes()


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_icon(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response
