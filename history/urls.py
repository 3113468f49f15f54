"""Routes of the request history: its API route (mounted under /api/ and at the legacy
root with the other apps' API routes) and the progress page's JSON (at the site root)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, re_path

from history.views import ChallengerRequestsView, requests_json

GUID = r"(?P<guid>[^/]+)"

# Named by its route shape (practiceapi/routing.py).
api_patterns: list[URLPattern | URLResolver] = [
    re_path(
        rf"^challenger/{GUID}/requests/?$",
        ChallengerRequestsView.as_view(),
        name="challenger/{guid}/requests",
    ),
]

urlpatterns: list[URLPattern | URLResolver] = [
    re_path(rf"^gui/challenges/{GUID}/requests\.json$", requests_json, name="dashboard-requests"),
]
