"""Routes of this app, mounted by practiceapi/urls.py under /api/ and at the legacy root.

`/api/todo` (singular) answers the site's 404, as any unknown path; it is named so that a
challenge can be about it (one expects that 404).
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, re_path

from practiceapi.views import not_found
from todos.views.collection import TodoCollectionView
from todos.views.database import ChallengerDatabaseView
from todos.views.export import TodoExportView
from todos.views.item import TodoItemView

# One view per route, named by its route shape; each takes an optional trailing slash. The
# export comes before the item, so that `todos/export` is never an id.
api_patterns: list[URLPattern | URLResolver] = [
    re_path(r"^todos/?$", TodoCollectionView.as_view(), name="todos"),
    re_path(r"^todos/export/?$", TodoExportView.as_view(), name="todos/export"),
    # An id is whatever one segment holds: `/todos/abc` is a 404 naming `abc`.
    re_path(r"^todos/(?P<todo_id>[^/]+)/?$", TodoItemView.as_view(), name="todos/{id}"),
    re_path(r"^todo/?$", not_found, name="todo"),
    # Before the challenges app's `challenger/{guid}/...` routes (practiceapi/urls.py
    # mounts this list first), so `database` is never taken for a GUID.
    re_path(
        r"^challenger/database/(?P<guid>[^/]+)/?$",
        ChallengerDatabaseView.as_view(),
        name="challenger/database/{guid}",
    ),
]
