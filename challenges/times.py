"""How the times this app stores read and print: completion times in
`Challenger.progress` and the `at` of near misses (both `challenges.progress.stamp`).

Stored times are UTC; printed ones are in the server's zone (`TIME_ZONE`, set from
`APICHALLENGES_TIME_ZONE`) and always say which zone that is."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.utils import timezone

TIME_FORMAT = "%Y-%m-%d %H:%M %Z"


def parse_time(value: Any) -> datetime | None:
    """The completion time of a stored value, or None when it carries no time."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment


def shows_utc() -> bool:
    return timezone.get_current_timezone_name() in ("UTC", "Etc/UTC")


def time_label(value: Any) -> str:
    """`format_time(parse_time(value))`, without parsing the stamps this app writes
    (`2026-03-04T10:15:00.123456Z`) when the server shows UTC: the class matrix labels
    thousands of them."""
    if (
        isinstance(value, str)
        and len(value) >= 17
        and value[10] == "T"
        and value[-1] == "Z"
        and shows_utc()
    ):
        return f"{value[:10]} {value[11:16]} UTC"
    return format_time(parse_time(value))


def format_time(moment: datetime | None) -> str:
    """A short, unambiguous time for tables and tooltips, in the server's zone, with the
    zone's abbreviation (`2026-03-04 05:15 EST`; zones without one print their offset)."""
    if moment is None:
        return ""
    return timezone.localtime(moment).strftime(TIME_FORMAT)


def clock_label(moment: datetime) -> str:
    """`14:05:09 EST`: a time of today to the second, in the server's zone."""
    return timezone.localtime(moment).strftime("%H:%M:%S %Z")


def zone_label(moment: datetime | None = None) -> str:
    """The server's zone as forms name it: `America/New_York (EST, UTC-05:00)`, its
    abbreviation and offset those of `moment` (now by default)."""
    local = timezone.localtime(moment or timezone.now())
    offset = local.strftime("%z")
    offset = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    return f"{timezone.get_current_timezone_name()} ({local.strftime('%Z')}, {offset})"
