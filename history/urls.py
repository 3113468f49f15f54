"""The route of the request history: its API route (mounted under /api/ and at the legacy
root with the other apps' API routes). The progress page reads its history with its
status (`challenges.views.dashboard.status_json`)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, re_path

from history.views import ChallengerRequestsView

GUID = r"(?P<guid>[^/]+)"

# Named by its route shape (practiceapi/routing.py).
api_patterns: list[URLPattern | URLResolver] = [
    re_path(
        rf"^challenger/{GUID}/requests/?$",
        ChallengerRequestsView.as_view(),
        name="challenger/{guid}/requests",
    ),
]
