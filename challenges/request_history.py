"""Reading a session's request history (`history` records it): the entries
newest first, each with the challenges it completed and nearly completed, named as the
served edition names them. The API route, the student's progress page and the admin all
read it through here.

The student reads their own requests as sent. The instructor (the admin) reads them with
credentials masked: the values of the credential headers, and the session's secret token
wherever it shows (a progress payload carries it), as the admin never shows that token.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from challengers.models import Challenger
from challengers.sessions import mode
from challenges.catalogue import by_key, display_id
from challenges.progress import stamp
from history.reader import Recorded, recent
from history.recorder import as_sent
from history.writer import EXCHANGE

# Request headers whose values are credentials: masked where an instructor reads them.
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-auth-token", "cookie", "set-cookie"}
)
MASK = "••••••"


@dataclass(frozen=True)
class Outcome:
    """A challenge a request completed (no reason) or nearly completed (why not)."""

    key: str
    id: int | None  # as in `GET /api/challenges`; None for a challenge the mode lacks
    name: str
    reason: str = ""

    @property
    def label(self) -> str:
        return f"{self.id:02d} {self.name}" if self.id is not None else self.name


@dataclass(frozen=True)
class HistoryEntry:
    id: int
    moment: datetime
    method: str
    path: str
    headers: tuple[tuple[str, str], ...]
    request_body: str
    status: int
    response_body: str
    completed: tuple[Outcome, ...]
    near_misses: tuple[Outcome, ...]

    @property
    def at(self) -> str:
        """ISO 8601 in UTC, as near misses and completions are stamped."""
        return stamp(self.moment)

    @property
    def when(self) -> str:
        """What pages show: to the second, in UTC."""
        return self.moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _outcome(key: Any, reason: Any, current_mode: str) -> Outcome | None:
    if not isinstance(key, str):
        return None
    try:
        name = by_key(key).name
    except KeyError:
        name = key
    try:
        ordinal: int | None = int(display_id(key, current_mode))
    except (KeyError, ValueError):
        ordinal = None
    return Outcome(key, ordinal, name, reason if isinstance(reason, str) else "")


def _outcomes(
    completed: Any, near_misses: Any, current_mode: str
) -> tuple[tuple[Outcome, ...], tuple[Outcome, ...]]:
    done = [_outcome(key, "", current_mode) for key in _items(completed)]
    near = [
        _outcome(pair[0], pair[1], current_mode)
        for pair in _items(near_misses)
        if isinstance(pair, list) and len(pair) == 2
    ]
    return (
        tuple(o for o in done if o is not None),
        tuple(o for o in near if o is not None),
    )


def _items(stored: Any) -> list[Any]:
    return stored if isinstance(stored, list) else []


def _entry(
    recorded: Recorded, current_mode: str, secrets: Iterable[str] | None
) -> HistoryEntry:
    parts: dict[str, Any] = dict(zip(EXCHANGE, recorded.parts, strict=True))
    completed, near = _outcomes(parts["completed"], parts["near_misses"], current_mode)
    headers = tuple(
        (str(pair[0]), as_sent(str(pair[1])))
        for pair in _items(parts["headers"])
        if isinstance(pair, list) and len(pair) == 2
    )
    status = parts["status"]
    entry = HistoryEntry(
        id=recorded.id,
        moment=datetime.fromtimestamp(parts["at"] / 1_000_000, tz=UTC),
        method=str(parts["method"]),
        path=str(parts["path"]),
        headers=headers,
        request_body=str(parts["request_body"]),
        status=status if isinstance(status, int) else 0,
        response_body=str(parts["response_body"]),
        completed=completed,
        near_misses=near,
    )
    return entry if secrets is None else masked(entry, secrets)


def masked(entry: HistoryEntry, secrets: Iterable[str]) -> HistoryEntry:
    """`entry` as an instructor reads it: credential header values and `secrets` masked."""
    hidden = [secret for secret in secrets if secret]

    def hide(text: str) -> str:
        for secret in hidden:
            text = text.replace(secret, MASK)
        return text

    return HistoryEntry(
        id=entry.id,
        moment=entry.moment,
        method=entry.method,
        path=hide(entry.path),
        headers=tuple(
            (name, MASK if name.lower() in CREDENTIAL_HEADERS else hide(value))
            for name, value in entry.headers
        ),
        request_body=hide(entry.request_body),
        status=entry.status,
        response_body=hide(entry.response_body),
        completed=entry.completed,
        near_misses=entry.near_misses,
    )


def recent_requests(challenger: Challenger) -> list[HistoryEntry]:
    """The session's newest requests, newest first, as sent (the student's view)."""
    current = mode()
    return [_entry(record, current, None) for record in recent(challenger.guid)]


def recent_requests_masked(challenger: Challenger, secrets: Iterable[str]) -> list[HistoryEntry]:
    """The same, as an instructor reads them: credentials and `secrets` masked."""
    current, hidden = mode(), tuple(secrets)
    return [_entry(record, current, hidden) for record in recent(challenger.guid)]


# --------------------------------------------------------------------------- payloads


class Listed(list[Any]):
    """A list that JSON renders as an array and the text formats (XML, CSV, HTML…) as
    its lines: a row's cell is either."""

    def __init__(self, items: Iterable[Any], lines: Iterable[str]) -> None:
        super().__init__(items)
        self.text = "\n".join(lines)

    def __str__(self) -> str:
        return self.text


REQUEST_FIELDS = (
    "id",
    "at",
    "method",
    "path",
    "requestHeaders",
    "requestBody",
    "status",
    "responseBody",
    "completed",
    "nearMisses",
)


def payload_row(entry: HistoryEntry) -> dict[str, Any]:
    """One entry as the API answers it (`REQUEST_FIELDS`)."""
    return {
        "id": entry.id,
        "at": entry.at,
        "method": entry.method,
        "path": entry.path,
        "requestHeaders": Listed(
            ({"name": name, "value": value} for name, value in entry.headers),
            (f"{name}: {value}" for name, value in entry.headers),
        ),
        "requestBody": entry.request_body,
        "status": entry.status,
        "responseBody": entry.response_body,
        "completed": Listed(
            ({"id": o.id, "name": o.name} for o in entry.completed),
            (o.label for o in entry.completed),
        ),
        "nearMisses": Listed(
            ({"id": o.id, "name": o.name, "reason": o.reason} for o in entry.near_misses),
            (f"{o.label}: {o.reason}" for o in entry.near_misses),
        ),
    }
