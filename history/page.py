"""The history as the progress page's "Your recent requests" draws it: its entries as
static/dashboard/history.js builds them (templates/dashboard/_history_entry.html draws the
same), for the page's poll (`challenges.views.dashboard.status_json`).

A page asks each time its student sends a request, so it names the newest entry it shows
and is sent only the entries newer than that one, read from the rows that can hold them:
an answer one or two entries long, however long the history (a class's can hold a
hundred entries for each of thousands of students, more than any process keeps read).
With them comes how many entries the page should show: a page that then holds fewer
(a merged session's older requests, a row another process wrote late) asks for all.
"""

from __future__ import annotations

from typing import Any

from history.entries import HistoryEntry
from history.reader import Rows, named


def page_history(rows: Rows) -> dict[str, Any]:
    """`{"entries": [...], "count": n, "full": bool}`: the entries of the session's `rows`
    newer than the entry id they were read for, newest first (every entry when that is 0:
    `full`), and how many entries the page should show."""
    found, count = rows.newer()
    return {
        "entries": [page_row(named(entry)) for entry in found],
        "count": count,
        "full": rows.full,
    }


def page_row(entry: HistoryEntry) -> dict[str, Any]:
    """One entry as the page's script draws it."""
    return {
        "id": entry.id,
        "at": entry.at,
        "when": entry.when,
        "method": entry.method,
        "path": entry.path,
        "status": entry.status,
        "headers": [list(pair) for pair in entry.headers],
        "requestBody": entry.request_body,
        "responseBody": entry.response_body,
        "completed": [outcome.label for outcome in entry.completed],
        "nearMisses": [
            {"label": outcome.label, "reason": outcome.reason} for outcome in entry.near_misses
        ],
    }
