"""Routes of the classroom: its API route (mounted under /api/ and at the legacy root with
the other apps' API routes), a class's join link pages and the LTI tool's login, launch and
key set URLs (at the site root). The class
page's routes are the cohort admin's own (`classroom.admin.CohortAdmin.get_urls`)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path, re_path

from classroom.lti import views as lti
from classroom.views.assignment import ChallengerAssignmentView
from classroom.views.join import join_page, join_welcome

GUID = r"(?P<guid>[^/]+)"

# Named by its route shape (practiceapi/routing.py).
api_patterns: list[URLPattern | URLResolver] = [
    re_path(
        rf"^challenger/{GUID}/assignment/?$",
        ChallengerAssignmentView.as_view(),
        name="challenger/{guid}/assignment",
    ),
]

urlpatterns: list[URLPattern | URLResolver] = [
    re_path(r"^join/(?P<code>[^/]+)/welcome/?$", join_welcome, name="dashboard-joined"),
    re_path(r"^join/(?P<code>[^/]+)/?$", join_page, name="dashboard-join"),
    # What an LMS is given (classroom.lti.platforms.tool_urls).
    path("lti/login", lti.login, name="lti-login"),
    path("lti/launch", lti.launch, name="lti-launch"),
    path("lti/jwks.json", lti.jwks, name="lti-jwks"),
]
