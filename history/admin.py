"""The session's recent requests on its admin page, as an instructor helping a student
reads them: credentials masked (`history.reader.masked`). The session's admin page
(the curriculum's) renders this section; the history registers no admin of its own."""

from __future__ import annotations

from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from challengers.models import Challenger
from history.reader import masked, recent
from history.recorder import KEPT


def recent_requests_section(challenger: Challenger, secrets: Iterable[str]) -> SafeString:
    """The section, with `secrets` (the session's own, such as its secret token) masked
    wherever they show besides the credential headers."""
    hidden = tuple(secrets)
    context = {
        "entries": [masked(entry, hidden) for entry in recent(challenger.guid)],
        "kept": KEPT,
    }
    return SafeString(
        render_to_string("admin/challengers/challenger/_request_history.html", context)
    )
