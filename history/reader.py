"""Reading a session's history back: its newest entries, newest first, each as a
`HistoryEntry` built from its stored parts (`history.entries`). The API route, the
student's progress page and the admin all read it through here.

The history sits below the curriculum and knows no challenge: the curriculum names the
challenges an entry completed and nearly completed (`name_outcomes_with`, from its app's
ready()); until it does, a challenge is named by its key.

The student reads their own requests as sent. The instructor (the admin) reads them with
credentials masked (`masked`): the values of the credential headers, and the secrets the
caller names wherever they show (the session's secret token: a progress payload carries
it, and the admin never shows that token).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from django.db.models import Count, Max

from history.entries import EXCHANGE, RESPONSE_BODY, STORED_AT, HistoryEntry, Outcome
from history.models import RequestBatch
from history.recorder import KEPT, as_sent

ENTRY_IDS = 1000  # more than the entries a row holds (a batch writes KEPT a session)

# A challenge key → its id in the served edition's mode (None where that mode has no such
# challenge) and its name.
Describe = Callable[[str], tuple[int | None, str]]


def _by_key(key: str) -> tuple[int | None, str]:
    return None, key


_describe: list[Describe] = [_by_key]


def name_outcomes_with(describe: Describe) -> None:
    """Name the challenges entries completed and nearly completed with `describe` from
    now on (the curriculum calls this at start-up)."""
    _describe[0] = describe


def recent(guid: str, limit: int = KEPT) -> list[HistoryEntry]:
    """Session `guid`'s newest entries, newest first, as sent. All of its rows are read:
    trimming keeps them few, and the rows of several processes may overlap in time."""
    stored = [
        (row_id * ENTRY_IDS + place, parts)
        for row_id, entries in RequestBatch.objects.filter(challenger=guid).values_list(
            "id", "entries"
        )
        if isinstance(entries, list)
        for place, parts in _with_answers(entries)
    ]
    stored.sort(key=lambda entry: (entry[1][STORED_AT], entry[0]), reverse=True)
    describe = _describe[0]
    return [_read(entry_id, parts, describe) for entry_id, parts in stored[:limit]]


def _with_answers(entries: list[Any]) -> Iterator[tuple[int, list[Any]]]:
    """The well-formed entries of one row with their places, each response body given by
    the place of an earlier entry (`writer._with_answers_once`) read from there."""
    for place, parts in enumerate(entries):
        if not (
            isinstance(parts, list)
            and len(parts) == len(EXCHANGE)
            and isinstance(parts[STORED_AT], int)
        ):
            continue
        answer = parts[RESPONSE_BODY]
        if isinstance(answer, int):
            earlier = entries[answer] if 0 <= answer < place else None
            # A place that names no earlier entry of the row reads as no body.
            shown = earlier[RESPONSE_BODY] if isinstance(earlier, list) and earlier else ""
            parts = parts.copy()
            parts[RESPONSE_BODY] = shown if isinstance(shown, str) else ""
        yield place, parts


def _read(entry_id: int, stored: list[Any], describe: Describe) -> HistoryEntry:
    """One entry as read from its stored parts (`EXCHANGE`), which are data from a
    database: a part of the wrong type reads as empty."""
    parts: dict[str, Any] = dict(zip(EXCHANGE, stored, strict=True))
    status = parts["status"]
    return HistoryEntry(
        id=entry_id,
        moment=datetime.fromtimestamp(parts["at"] / 1_000_000, tz=UTC),
        method=str(parts["method"]),
        path=str(parts["path"]),
        headers=tuple(
            (str(pair[0]), as_sent(str(pair[1])))
            for pair in _items(parts["headers"])
            if isinstance(pair, list) and len(pair) == 2
        ),
        request_body=str(parts["request_body"]),
        status=status if isinstance(status, int) else 0,
        response_body=str(parts["response_body"]),
        completed=_outcomes(((key, "") for key in _items(parts["completed"])), describe),
        near_misses=_outcomes(
            (
                (pair[0], pair[1])
                for pair in _items(parts["near_misses"])
                if isinstance(pair, list) and len(pair) == 2
            ),
            describe,
        ),
    )


def _items(stored: Any) -> list[Any]:
    return stored if isinstance(stored, list) else []


def _outcomes(pairs: Iterable[tuple[Any, Any]], describe: Describe) -> tuple[Outcome, ...]:
    """(challenge key, reason) pairs as named outcomes, without those whose key is no text."""
    named = []
    for key, reason in pairs:
        if isinstance(key, str):
            ordinal, name = describe(key)
            named.append(Outcome(key, ordinal, name, reason if isinstance(reason, str) else ""))
    return tuple(named)


def version(guid: str) -> str:
    """Changes whenever session `guid`'s history does: for answering "not modified"."""
    seen = RequestBatch.objects.filter(challenger=guid).aggregate(n=Count("id"), top=Max("id"))
    return f"{seen['n']}-{seen['top'] or 0}"


# --------------------------------------------------------------------------- masking

# Request headers whose values are credentials: masked where an instructor reads them.
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-auth-token", "cookie", "set-cookie"}
)
MASK = "••••••"


def masked(entry: HistoryEntry, secrets: Iterable[str]) -> HistoryEntry:
    """`entry` as an instructor reads it: credential header values and `secrets` masked."""
    hidden = [secret for secret in secrets if secret]

    def hide(text: str) -> str:
        for secret in hidden:
            text = text.replace(secret, MASK)
        return text

    return replace(
        entry,
        path=hide(entry.path),
        headers=tuple(
            (name, MASK if name.lower() in CREDENTIAL_HEADERS else hide(value))
            for name, value in entry.headers
        ),
        request_body=hide(entry.request_body),
        response_body=hide(entry.response_body),
    )
