"""API routes of the challenges app (mounted under /api/ and at the legacy root)."""

from __future__ import annotations

from django.urls import re_path

from challenges.views.challenger import (
    ChallengerNearMissesView,
    ChallengerProgressView,
    ChallengerView,
)
from challenges.views.challenges_list import ChallengesView
from challenges.views.heartbeat import HeartbeatView
from challenges.views.profile import ChallengerProfileView

api_patterns = [
    re_path(r"^challenger/?$", ChallengerView.as_view()),
    re_path(r"^challenger/(?P<guid>[^/]+)/profile/?$", ChallengerProfileView.as_view()),
    re_path(r"^challenger/(?P<guid>[^/]+)/near-misses/?$", ChallengerNearMissesView.as_view()),
    re_path(r"^challenger/(?P<guid>[^/]+)/?$", ChallengerProgressView.as_view()),
    re_path(r"^challenges/?$", ChallengesView.as_view()),
    re_path(r"^heartbeat/?$", HeartbeatView.as_view()),
]
