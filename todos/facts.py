"""What the todo app tells the apps above it about a session's todo store.

Views leave these facts on the request after a write, so that challenge tracking knows
the store's totals without querying the database again.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StoreFacts:
    """The session's todo store at response time (after any write of this request)."""

    total: int
    done: int

    @property
    def not_done(self) -> int:
        return self.total - self.done
