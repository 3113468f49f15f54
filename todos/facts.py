"""What the todo app tells the apps above it about a request, beyond the HTTP exchange.

Views leave these in the request's `Outcome` (`practiceapi.protocol.outcome`) after reading or
writing the session's list, so that challenge tracking knows the list's totals and the
todo a create produced without querying the database again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class StoreFacts:
    """The session's todo store at response time (after any write of this request)."""

    total: int
    done: int

    @property
    def not_done(self) -> int:
        return self.total - self.done


@dataclass(frozen=True)
class CreatedTodo:
    """The todo a successful create produced, as a row dict."""

    row: dict[str, Any]
