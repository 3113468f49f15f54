"""Routes of the practice modes (/sim, /mirror), mounted at the root."""

from __future__ import annotations

urlpatterns: list = []
