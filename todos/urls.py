"""Routes of this app, mounted by practiceapi/urls.py under /api/ and at the legacy root.

`/api/todo` (singular) answers the site's 404, as any unknown path; it is named so that a
challenge can be about it (one expects that 404).
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, re_path

from practiceapi.routing import ApiRouter
from practiceapi.views import not_found
from todos.views.database import ChallengerDatabaseView
from todos.views.viewset import TodoViewSet

router = ApiRouter()
router.register("todos", TodoViewSet, basename="todos")

api_patterns: list[URLPattern | URLResolver] = [
    *router.urls,
    re_path(r"^todo/?$", not_found, name="todo"),
    # Before the challenges app's `challenger/{guid}/...` routes (practiceapi/urls.py
    # mounts this list first), so `database` is never taken for a GUID.
    re_path(
        r"^challenger/database/(?P<guid>[^/]+)/?$",
        ChallengerDatabaseView.as_view(),
        name="challenger/database/{guid}",
    ),
]
