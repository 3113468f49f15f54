"""API routes of the challenges app (mounted under /api/ and at the legacy root)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, re_path

from challenges.views.challenger import (
    ChallengerNearMissesView,
    ChallengerProgressView,
    ChallengerView,
)
from challenges.views.challenges_list import ChallengesView
from challenges.views.heartbeat import HeartbeatView
from challenges.views.profile import ChallengerProfileView

GUID = r"(?P<guid>[^/]+)"

# Fixed routes, named by their route shape (practiceapi/routing.py).
api_patterns: list[URLPattern | URLResolver] = [
    re_path(r"^challenger/?$", ChallengerView.as_view(), name="challenger"),
    re_path(
        rf"^challenger/{GUID}/profile/?$",
        ChallengerProfileView.as_view(),
        name="challenger/{guid}/profile",
    ),
    re_path(
        rf"^challenger/{GUID}/near-misses/?$",
        ChallengerNearMissesView.as_view(),
        name="challenger/{guid}/near-misses",
    ),
    re_path(rf"^challenger/{GUID}/?$", ChallengerProgressView.as_view(), name="challenger/{guid}"),
    re_path(r"^challenges/?$", ChallengesView.as_view(), name="challenges"),
    re_path(r"^heartbeat/?$", HeartbeatView.as_view(), name="heartbeat"),
]
