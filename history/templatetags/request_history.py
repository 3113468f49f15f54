"""`{% request_history challenger %}`: the progress page's "Your recent requests" card,
newest first, each entry expandable (static/dashboard/history.js keeps it current)."""

from __future__ import annotations

from typing import Any

from django import template

from challengers.models import Challenger
from history.reader import Rows
from history.recorder import KEPT

register = template.Library()


@register.inclusion_tag("dashboard/_history.html")
def request_history(challenger: Challenger) -> dict[str, Any]:
    rows = Rows(challenger.guid)  # one read gives the entries and their version
    return {
        "guid": challenger.guid,
        "entries": rows.recent(),
        "version": rows.version,
        "kept": KEPT,
    }
