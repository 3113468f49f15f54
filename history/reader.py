"""Reading a session's history back, as stored: its newest entries, newest first."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from django.db.models import Count, Max

from history.models import RequestBatch
from history.recorder import KEPT
from history.writer import _RESPONSE_BODY, EXCHANGE


class Recorded(NamedTuple):
    """One entry of a session's history, as stored."""

    id: int  # the row's id × ENTRY_IDS + the entry's place in it: the same on every read
    parts: list[Any]  # `EXCHANGE`, as stored (read it as data from a database)


ENTRY_IDS = 1000  # more than the entries a row holds (a batch writes KEPT a session)


def recent(guid: str, limit: int = KEPT) -> list[Recorded]:
    """Session `guid`'s newest entries, newest first. All of its rows are read: trimming
    keeps them few, and the rows of several processes may overlap in time."""
    shown = [
        Recorded(row_id * ENTRY_IDS + place, parts)
        for row_id, entries in RequestBatch.objects.filter(challenger=guid).values_list(
            "id", "entries"
        )
        if isinstance(entries, list)
        for place, parts in _with_answers(entries)
    ]
    shown.sort(key=lambda entry: (entry.parts[0], entry.id), reverse=True)
    return shown[:limit]


def _with_answers(entries: list[Any]) -> Iterator[tuple[int, list[Any]]]:
    """The well-formed entries of one row with their places, each response body given by
    the place of an earlier entry (`_with_answers_once`) read from there."""
    for place, parts in enumerate(entries):
        if not (
            isinstance(parts, list) and len(parts) == len(EXCHANGE) and isinstance(parts[0], int)
        ):
            continue
        answer = parts[_RESPONSE_BODY]
        if isinstance(answer, int):
            earlier = entries[answer] if 0 <= answer < place else None
            # A place that names no earlier entry of the row reads as no body.
            shown = earlier[_RESPONSE_BODY] if isinstance(earlier, list) and earlier else ""
            parts = parts.copy()
            parts[_RESPONSE_BODY] = shown if isinstance(shown, str) else ""
        yield place, parts


def version(guid: str) -> str:
    """Changes whenever session `guid`'s history does: for answering "not modified"."""
    seen = RequestBatch.objects.filter(challenger=guid).aggregate(n=Count("id"), top=Max("id"))
    return f"{seen['n']}-{seen['top'] or 0}"
