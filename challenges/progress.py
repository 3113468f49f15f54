"""Recording completed challenges: one atomic write per request, only when something new
completed."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import orjson
from django.db import connection
from django.utils import timezone

from challenges.models import Challenger


def stamp(moment: datetime | None = None) -> str:
    """A completion time as stored in `Challenger.progress` (ISO 8601, UTC, `Z`)."""
    return (moment or timezone.now()).isoformat().replace("+00:00", "Z")


def hold(challenger: Challenger, keys: Iterable[str]) -> set[str]:
    """Mark `keys` done in memory only (credits known when the request arrives), so the
    response already shows them; `record` persists them with the rest. Returns the new ones."""
    new = {key for key in keys if key not in challenger.progress}
    now = stamp()
    for key in new:
        challenger.progress[key] = now
    return new


def record(challenger: Challenger, keys: Iterable[str], held: Iterable[str] = ()) -> set[str]:
    """Persist newly completed `keys` plus those `held` at arrival; returns what was written.

    The merge happens inside the database (`jsonb ||` / `json_patch`) with the existing
    entries winning, so two requests completing different challenges at once both land
    and a completion time is never overwritten.
    """
    held = set(held)
    new = {key for key in keys if key not in challenger.progress} | held
    if not new:
        return set()
    now = timezone.now()
    when = stamp(now)
    patch = orjson.dumps({key: challenger.progress.get(key, when) for key in sorted(new)})
    table = Challenger._meta.db_table
    if connection.vendor == "postgresql":
        sql = f"UPDATE {table} SET progress = %s::jsonb || progress, last_seen = %s WHERE guid = %s"
    else:
        sql = (
            f"UPDATE {table} SET progress = json_patch(%s, progress), last_seen = %s "
            "WHERE guid = %s"
        )
    with connection.cursor() as cursor:
        cursor.execute(sql, [patch.decode(), now, challenger.pk])
    for key in new:
        challenger.progress.setdefault(key, when)
    challenger.last_seen = now
    return new
