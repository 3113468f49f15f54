"""Student dashboard routes (HTML)."""

from __future__ import annotations

urlpatterns: list = []
