"""Routes of this app, mounted by practiceapi/urls.py under /api/ and at the legacy root."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, re_path

from secrets_app.views import SecretNoteView, SecretTokenView

# Fixed routes, named by their route shape (practiceapi/routing.py).
api_patterns: list[URLPattern | URLResolver] = [
    re_path(r"^secret/token/?$", SecretTokenView.as_view(), name="secret/token"),
    re_path(r"^secret/note/?$", SecretNoteView.as_view(), name="secret/note"),
]
