"""Routes of this app, mounted by practiceapi/urls.py under /api/ and at the legacy root.

The export route comes before the item route so that `export` is never taken for an id;
`/api/todo` (singular) stays unrouted (a challenge expects its 404).
"""

from __future__ import annotations

from django.urls import re_path

from todos.views.collection import TodoListView
from todos.views.database import ChallengerDatabaseView
from todos.views.export import TodoExportView
from todos.views.item import TodoItemView

api_patterns: list = [
    re_path(r"^todos/?$", TodoListView.as_view()),
    re_path(r"^todos/export/?$", TodoExportView.as_view()),
    re_path(r"^todos/(?P<todo_id>[^/]+)/?$", TodoItemView.as_view()),
    # Before the challenges app's `challenger/{guid}/...` routes (practiceapi/urls.py
    # mounts this list first), so `database` is never taken for a GUID.
    re_path(r"^challenger/database/(?P<guid>[^/]+)/?$", ChallengerDatabaseView.as_view()),
]
