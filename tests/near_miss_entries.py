"""Stored near-miss entries for the tests of their readers (API, dashboard, admin), in the
shape tracking writes to `Challenger.near_misses`."""

from __future__ import annotations

from typing import Any

from challengers.models import Challenger

AT = "2026-11-23T16:18:00.123456Z"
REQUEST = "GET /api/todos?doneStatus=true"
REASON = "your todos include 0 done todos"


def near_miss(
    reason: str = REASON, *, request: str = REQUEST, status: int = 200, at: str = AT
) -> dict[str, Any]:
    """One stored entry."""
    return {"at": at, "request": request, "status": status, "reason": reason}


def store_near_misses(guid: str, entries: dict[str, dict[str, Any]]) -> None:
    """Replace a session's near misses (challenge key -> entry), as a reader's fixture."""
    Challenger.objects.filter(pk=guid).update(near_misses=entries)
