"""`{% request_history challenger %}`: the progress page's "Your recent requests" card,
newest first, each entry expandable (static/dashboard/history.js keeps it current)."""

from __future__ import annotations

from typing import Any

from django import template

from challengers import history
from challengers.models import Challenger
from challenges.request_history import recent_requests

register = template.Library()


@register.inclusion_tag("dashboard/_history.html")
def request_history(challenger: Challenger) -> dict[str, Any]:
    return {
        "guid": challenger.guid,
        "entries": recent_requests(challenger),
        "version": history.version(challenger.guid),
        "kept": history.KEPT,
    }
