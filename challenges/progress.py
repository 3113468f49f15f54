"""Recording completed challenges and near misses: one atomic write per request, only when
something new completed or a new near miss arose."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

import orjson
from django.db import connection
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
    response already shows them; `record` persists them with the rest. Returns the new ones."""
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


def record(
    challenger: Challenger,
    keys: Iterable[str],
    held: Iterable[str] = (),
    misses: Mapping[str, tuple[str, int, str]] | None = None,
) -> bool:
    """Persist newly completed `keys` plus those `held` at arrival, and the near misses
    `misses` (key → (request line, status, reason)) of challenges still open, in one
    UPDATE; no statement when there is nothing new. Returns whether it wrote.

    The merges happen inside the database (`jsonb ||` / `json_patch`): progress with the
    existing entries winning, so two requests completing different challenges at once both
    land and a completion time is never overwritten; near misses with the new entries
    winning, and a credited challenge's near miss removed in the same statement.
    """
    held = set(held)
    new = {key for key in keys if key not in challenger.progress} | held
    if not new and not misses:
        return False
    now = timezone.now()
    fresh = fresh_misses(challenger, misses, new, now) if misses else {}
    if not new and not fresh:
        return False
    when = stamp(now)
    assignments: list[str] = []
    params: list[Any] = []
    vendor = connection.vendor
    if new:
        patch = orjson.dumps({key: challenger.progress.get(key, when) for key in sorted(new)})
        if vendor == "postgresql":
            assignments.append("progress = %s::jsonb || progress")
        else:
            assignments.append("progress = json_patch(%s, progress)")
        params.append(patch.decode())
    # Every credited key, not only those seen here: a concurrent request may have stored one.
    removed = sorted(new)
    if fresh or removed:
        if vendor == "postgresql":
            assignments.append("near_misses = (near_misses - %s::text[]) || %s::jsonb")
            params += [removed, orjson.dumps(fresh).decode()]
        else:
            # RFC 7396: a null member removes the key.
            patch_misses = {key: None for key in removed} | fresh
            assignments.append("near_misses = json_patch(near_misses, %s)")
            params.append(orjson.dumps(patch_misses).decode())
    assignments.append("last_seen = %s")
    params += [now, challenger.pk]
    table = connection.ops.quote_name(Challenger._meta.db_table)
    sql = f"UPDATE {table} SET {', '.join(assignments)} WHERE guid = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    for key in new:
        challenger.progress.setdefault(key, when)
    misses_now = {k: v for k, v in stored_misses(challenger).items() if k not in new} | fresh
    challenger.near_misses = misses_now
    challenger.last_seen = now
    return True
