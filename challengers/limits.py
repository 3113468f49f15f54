"""The limit on new sessions per client: `APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR`
(default 600, 0 = off) sessions per client address and clock hour.

A loop of `POST /api/challenger` would otherwise create sessions until the disk fills
(idle ones are only purged after days). The count lives in the database, the one state
every process and host shares: one row per client and hour (`SessionCreations`), raised
by a single INSERT … ON CONFLICT DO UPDATE … RETURNING, which is atomic on SQLite and
PostgreSQL alike; two processes creating the first row of an hour at once both end up
counted on that one row. The default leaves room for a class of 300 behind one NAT
address making two sessions each.

Every route that creates a session asks `admit_new_session` first; past the limit it
raises `SessionLimitReached` (an ApiError: 429 with `Retry-After`, the seconds left in
the hour), before anything is stored. The client is `practiceapi.clients.client_address`,
the address the admin-login lock-out counts by: the TCP peer unless a trusted proxy
forwarded the request, and for IPv6 the peer's /64, so that a host making up new privacy
addresses in its network is still counted once.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from challengers.models import SessionCreations
from practiceapi.clients import client_address
from practiceapi.protocol.errors import ApiError
from practiceapi.sql import column

WINDOW = timedelta(hours=1)


class SessionLimitReached(ApiError):
    """429: this client created its hour's sessions already."""

    def __init__(self, limit: int, retry_after: int) -> None:
        super().__init__(
            429,
            f"Too many sessions created from your address: at most {limit} an hour; "
            f"try again in {retry_after} seconds",
            headers={"Retry-After": str(retry_after)},
        )
        self.limit = limit
        self.retry_after = retry_after


def window_start(moment: datetime) -> datetime:
    """The start of the clock hour `moment` falls in."""
    return moment.replace(minute=0, second=0, microsecond=0)


def admit_new_session(request: HttpRequest) -> None:
    """Count one new session for the request's client, or raise SessionLimitReached when
    that would pass the hour's limit (the refused attempt is counted too: it changes
    nothing, the client is over the limit either way)."""
    limit = settings.APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR
    if limit <= 0:
        return
    now = timezone.now()
    start = window_start(now)
    if count_one(client_address(request), start) > limit:
        left = (start + WINDOW - now).total_seconds()
        raise SessionLimitReached(limit, max(1, math.ceil(left)))


def count_one(client: str, start: datetime) -> int:
    """Add one to the client's count for the hour starting at `start`; the new count."""
    meta = SessionCreations._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    client_col, start_col, count_col = (
        quote(column(meta, name)) for name in ("client", "window_start", "count")
    )
    sql = (
        f"INSERT INTO {table} ({client_col}, {start_col}, {count_col}) VALUES (%s, %s, 1) "
        f"ON CONFLICT ({client_col}, {start_col}) "
        f"DO UPDATE SET {count_col} = {table}.{count_col} + 1 RETURNING {count_col}"
    )
    stamp = meta.get_field("window_start").get_db_prep_value(start, connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, [client[: meta.get_field("client").max_length], stamp])
        return cursor.fetchone()[0]


def ended_windows(now: datetime | None = None) -> QuerySet[SessionCreations]:
    """Counts of hours that are over: nothing reads them again."""
    return SessionCreations.objects.filter(window_start__lt=window_start(now or timezone.now()))
