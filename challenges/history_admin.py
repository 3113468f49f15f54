"""The session's recent requests on its admin page, as an instructor helping a student
reads them: credentials masked (`challenges.request_history.masked`)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from challengers.models import Challenger
from challenges.request_history import recent_requests_masked
from history.recorder import KEPT
from secrets_app.models import Secret


def recent_requests_section(challenger: Challenger) -> SafeString:
    tokens = Secret.objects.filter(challenger=challenger).values_list("token", flat=True)
    context = {
        "entries": recent_requests_masked(challenger, list(tokens)),
        "kept": KEPT,
    }
    return SafeString(
        render_to_string("admin/challengers/challenger/_request_history.html", context)
    )
