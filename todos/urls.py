"""Routes of this app, mounted by practiceapi/urls.py."""

from __future__ import annotations

api_patterns: list = []  # mounted under /api/ and at the legacy root
