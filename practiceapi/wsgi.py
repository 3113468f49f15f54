"""Django's WSGI application. The production server runs it behind practiceapi/asgi.py
(`make run`); any WSGI server can serve it directly."""

from __future__ import annotations

import os

import django
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest
from django.urls import ResolverMatch


class ResolvedOnceHandler(WSGIHandler):
    """Django's WSGI handler, reusing the URL match ProtocolMiddleware made: it resolves
    the path before the view is known, to tell an API route from any other, and a second
    walk over both route trees would cost as much again."""

    def resolve_request(self, request: HttpRequest) -> ResolverMatch:
        match = request.resolver_match
        if match is not None and not hasattr(request, "urlconf"):
            return match
        return super().resolve_request(request)


os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")
django.setup(set_prefix=False)
application = ResolvedOnceHandler()
