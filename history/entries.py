"""One entry of the request history (one request the server received and answered), in
the three forms it takes on its way through the package, described here side by side:

- `Entry`: in memory, as `history.recorder.record` builds it on the request's path and
  the process's buffer holds it until the writer takes it;
- `EXCHANGE`: as stored, one JSON array of these parts in `RequestBatch.entries`, which
  `history.writer` writes from an `Entry` and `history.reader` reads back;
- `HistoryEntry`: as read, what the API route, the progress page and the admin show.

Each form is shaped by its place: the first by the garbage collector, the second by bytes
on disk, the third by what the pages and the API show. An entry is always one of these
three, built from the one before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

# --------------------------------------------------------------------------- in memory

# One request as recorded on its path: a plain tuple of texts, numbers and tuples of
# texts, in this order. Nothing in it is a container the garbage collector must keep
# tracking: a tuple of untracked items is untracked at the first collection that meets it,
# where a list, or a subclass of tuple such as a named tuple (or a dataclass), stays
# tracked. Entries wait a second in the buffer, and tracked ones made the collector run on
# every 70 requests and move them up into the oldest generation, whose full collections
# (about 65 ms each in a worker) then ran every few seconds; without them the request path
# allocates nothing that outlives it.
Entry = tuple[
    str,  # the session's GUID
    float,  # time.time() when it was answered
    str,  # the method
    str,  # request.path: decoded, as the environ gives it
    str,  # the query
    tuple[str, ...],  # header names (the plan's, shared by every request of its shape)
    tuple[str, ...],  # their values as the environ holds them, uncut (`recorder._header_values`),
    # the Cookie header's as its cookie names (`recorder._cookie_names`)
    str,  # the request body's first BODY_LIMIT bytes, decoded
    int,  # the status
    str,  # the response body's likewise
    tuple[str, ...],  # challenge keys completed
    tuple[tuple[str, str], ...],  # (challenge key, reason) nearly completed
    int,  # characters of the header names and values (what `HEADERS_LIMIT` counts)
]
# The places of an `Entry` that the writer reads on their own.
GUID: Final = 0
AT: Final = 1
ANSWER: Final = 9

# --------------------------------------------------------------------------- stored

# The parts of each entry of `RequestBatch.entries`, in this order.
EXCHANGE = (
    "at",  # when it was answered, in microseconds since the epoch
    "method",
    "path",  # with the query, as `HttpRequest.get_full_path()` writes it
    "headers",  # [[name, value], ...] in the order received; see `recorder._headers`
    "status",
    "completed",  # [challenge key, ...]
    "near_misses",  # [[challenge key, why not], ...]
    "request_body",  # its first BODY_LIMIT bytes as text
    "response_body",  # likewise, or the place in its row of an earlier entry whose
    # response body this one repeats (`writer._with_answers_once`)
)
# The places of the parts that are read on their own.
STORED_AT: Final = EXCHANGE.index("at")
HEADERS: Final = EXCHANGE.index("headers")
REQUEST_BODY: Final = EXCHANGE.index("request_body")
RESPONSE_BODY: Final = EXCHANGE.index("response_body")

# --------------------------------------------------------------------------- read


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
    """One entry as read (`history.reader`): what the pages and the API show of it."""

    id: int  # its row's id × `reader.ENTRY_IDS` + its place in the row: the same on every read
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
        """ISO 8601 in UTC ending in `Z`, as near misses and completions are stamped."""
        return self.moment.isoformat().replace("+00:00", "Z")

    @property
    def when(self) -> str:
        """What pages show: to the second, in UTC."""
        return self.moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
