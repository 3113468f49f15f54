"""Recording completed challenges: one atomic write, only when something new completed."""

from __future__ import annotations

from collections.abc import Iterable

import orjson
from django.db import connection
from django.utils import timezone

from challenges.models import Challenger


def record(challenger: Challenger, keys: Iterable[str]) -> set[str]:
    """Merge newly completed `keys` into the session's progress; returns what was new.

    The merge happens inside the database (`jsonb ||` / `json_patch`) with the existing
    entries winning, so two requests completing different challenges at once both land
    and a completion time is never overwritten.
    """
    new = {key for key in keys if key not in challenger.progress}
    if not new:
        return set()
    now = timezone.now()
    stamp = now.isoformat().replace("+00:00", "Z")
    patch = orjson.dumps({key: stamp for key in sorted(new)}).decode()
    table = Challenger._meta.db_table
    if connection.vendor == "postgresql":
        sql = f"UPDATE {table} SET progress = %s::jsonb || progress, last_seen = %s WHERE guid = %s"
    else:
        sql = f"UPDATE {table} SET progress = json_patch(%s, progress), last_seen = %s WHERE guid = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [patch, now, challenger.pk])
    for key in new:
        challenger.progress[key] = stamp
    challenger.last_seen = now
    return new
