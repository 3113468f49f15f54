"""Reading near misses: for each open challenge, the latest request that met its attempt
conditions but failed a credit condition, and why (`Challenger.near_misses`).

Tracking writes the entries; everything that shows them (the API, the student dashboard,
the admin) reads them through here, so all of them show the same set: challenges of the
running mode that are still open, newest first. An entry for a credited challenge, for a
challenge of the other mode, or not in the stored shape is never shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from challenges.catalogue import by_key, display_id, progress_status
from challenges.times import parse_time


@dataclass(frozen=True)
class NearMiss:
    key: str
    display_id: str  # zero-padded, as the dashboard shows it
    name: str
    at: str  # as stored (`challenges.progress.stamp`)
    moment: datetime
    request: str  # "GET /api/todos?doneStatus=true"
    status: int
    reason: str

    @property
    def summary(self) -> str:
        """The one line students and instructors read: request, status and reason."""
        return f"last try: {self.request} → {self.status}: {self.reason}"


def read_near_miss(key: str, entry: Any, current_mode: str) -> NearMiss | None:
    """The stored `entry` for challenge `key`, or None when `key` is not a challenge of
    `current_mode` or the entry is not in the stored shape (nothing half-shown)."""
    if not isinstance(entry, Mapping):
        return None
    at, request, status, reason = (entry.get(k) for k in ("at", "request", "status", "reason"))
    moment = parse_time(at)
    if (
        moment is None
        or not isinstance(at, str)
        or not isinstance(request, str)
        or not isinstance(reason, str)
        or not isinstance(status, int)
        or isinstance(status, bool)
    ):
        return None
    try:
        ordinal = display_id(key, current_mode)
    except KeyError:
        return None
    return NearMiss(
        key=key,
        display_id=ordinal,
        name=by_key(key).name,
        at=at,
        moment=moment,
        request=request,
        status=status,
        reason=reason,
    )


def open_near_misses(
    progress: Mapping[str, Any], near_misses: Any, current_mode: str
) -> list[NearMiss]:
    """The near misses of the challenges still open in `current_mode`, newest first (ties
    in display order). `near_misses` is the stored field as loaded, whatever it holds."""
    if not near_misses or not isinstance(near_misses, Mapping):
        return []
    done = progress_status(progress, current_mode)
    found = [
        near
        for key, entry in near_misses.items()
        if done.get(key) is False and (near := read_near_miss(key, entry, current_mode))
    ]
    found.sort(key=lambda near: near.display_id)
    found.sort(key=lambda near: near.moment, reverse=True)
    return found
