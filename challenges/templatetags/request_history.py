"""`{% request_history challenger %}`: the progress page's "Your recent requests" card,
newest first, each entry expandable (static/dashboard/history.js keeps it current)."""

from __future__ import annotations

from typing import Any

from django import template

from challengers.models import Challenger
from challenges.request_history import recent_requests
from history.reader import version
from history.recorder import KEPT

register = template.Library()


@register.inclusion_tag("dashboard/_history.html")
def request_history(challenger: Challenger) -> dict[str, Any]:
    return {
        "guid": challenger.guid,
        "entries": recent_requests(challenger),
        "version": version(challenger.guid),
        "kept": KEPT,
    }
