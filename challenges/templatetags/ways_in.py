"""`{% ways_in %}`: the start page's "Connect your API client" card: the base URL to paste
into a client, as this page was reached, and the ways in: a class's join link (when the
page was opened with `?cohort=<code>` of an existing class, where classes have join
links: `challenges.assigned`), the Postman collection, curl."""

from __future__ import annotations

from typing import Any

from django import template

from challenges.assigned import join_path, offers_join_links
from challenges.selectors import cohort_of
from practiceapi.openapi import base_url

register = template.Library()

CODE_MAX = 40  # a cohort code's longest


@register.inclusion_tag("dashboard/_ways_in.html", takes_context=True)
def ways_in(context: dict[str, Any]) -> dict[str, Any]:
    request = context["request"]
    # Without join links (none registered) the card says nothing of classes.
    code = request.GET.get("cohort", "").strip() if offers_join_links() else ""
    cohort = None
    if code and len(code) <= CODE_MAX:
        cohort = cohort_of(code)
    return {
        "base": base_url(request),
        "code": code[:CODE_MAX],
        "cohort": cohort,
        "join": join_path(cohort) if cohort else "",
        "mode": context.get("mode"),
    }
