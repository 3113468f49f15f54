"""Routes of this app, mounted by practiceapi/urls.py under /api/ and at the legacy root."""

from __future__ import annotations

from django.urls import re_path

from secrets_app.views import SecretNoteView, SecretTokenView

api_patterns = [
    re_path(r"^secret/token/?$", SecretTokenView.as_view()),
    re_path(r"^secret/note/?$", SecretNoteView.as_view()),
]
