"""What recording completed challenges and near misses is made of: the stored completion
time, the near-miss entry and which of them are worth writing, and the credits held in
memory until the response. The write itself, one atomic UPDATE per request and only when
something new completed or a new near miss arose, is `challenges.services.record_progress`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from challengers.models import Challenger

# A near miss that repeats the stored one (same status and reason) is rewritten at most
# this often: a student re-sending the same request learns nothing new from a new time,
# and a write per repeat would cost every plain read that misses an open challenge.
REPEAT_INTERVAL = timedelta(seconds=60)
REQUEST_LINE_MAX = 200


def stamp(moment: datetime | None = None) -> str:
    """A completion time as stored in `Challenger.progress` (ISO 8601, UTC, `Z`)."""
    return (moment or timezone.now()).isoformat().replace("+00:00", "Z")


def near_miss(request_line: str, status: int, reason: str, moment: datetime) -> dict[str, Any]:
    """One `Challenger.near_misses` entry."""
    return {
        "at": stamp(moment),
        "request": request_line[:REQUEST_LINE_MAX],
        "status": status,
        "reason": reason,
    }


def hold(challenger: Challenger, keys: Iterable[str]) -> set[str]:
    """Mark `keys` done in memory only (credits known when the request arrives), so the
    response already shows them; `record_progress` persists them with the rest. Returns
    the new ones."""
    new = {key for key in keys if key not in challenger.progress}
    now = stamp()
    for key in new:
        challenger.progress[key] = now
    return new


def stored_misses(challenger: Challenger) -> dict[str, Any]:
    """The session's stored near misses by challenge key (none when the column holds
    anything but an object)."""
    stored = challenger.near_misses
    return stored if isinstance(stored, dict) else {}


def _repeats(stored: Any, status: int, reason: str, now: datetime) -> bool:
    """Whether a near miss (`status`, `reason`) repeats the `stored` entry, recently."""
    if not isinstance(stored, dict):
        return False
    if stored.get("status") != status or stored.get("reason") != reason:
        return False
    try:
        at = datetime.fromisoformat(str(stored.get("at")).replace("Z", "+00:00"))
    except ValueError:
        return False
    return now - at < REPEAT_INTERVAL


def fresh_misses(
    challenger: Challenger,
    misses: Mapping[str, tuple[str, int, str]],
    new: set[str],
    now: datetime,
) -> dict[str, dict[str, Any]]:
    """The entries to store for `misses` of challenges still open: not those that repeat
    the stored entry. A student re-sending the same request repeats its near miss on every
    read, so the check comes before the entry is built."""
    stored = stored_misses(challenger)
    return {
        key: near_miss(line, status, reason, now)
        for key, (line, status, reason) in misses.items()
        if key not in challenger.progress
        and key not in new
        and not _repeats(stored.get(key), status, reason, now)
    }
