"""How the times this app stores read and print: completion times in
`Challenger.progress` and the `at` of near misses (both `challenges.progress.stamp`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


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


def time_label(value: Any) -> str:
    """`format_time(parse_time(value))`, without parsing the stamps this app writes
    (`2026-03-04T10:15:00.123456Z`): the class matrix labels thousands of them."""
    if isinstance(value, str) and len(value) >= 17 and value[10] == "T" and value[-1] == "Z":
        return f"{value[:10]} {value[11:16]} UTC"
    return format_time(parse_time(value))


def format_time(moment: datetime | None) -> str:
    """A short, unambiguous UTC time for tables and tooltips."""
    if moment is None:
        return ""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
