"""Where a hint's "Learn more" goes: the operation the challenge is about in the API docs
(Swagger UI's deep link, `/docs#/<tag>/<operationId>`), or the page explaining the mirror.

A hint of the catalogue names a kind of page (`DOCS`, `DASHBOARD`, `MIRROR`). On the
progress page a link to the docs' top or to the dashboard itself teaches nothing, so both
become the deep link of the challenge's own operation: the documented operation with the
challenge's method and route, else the first documented operation of its route (QUERY,
HEAD, OPTIONS and TRACE are described in the text of their path's operations), else the
docs' top. The mirror's hint goes to `/mirror`, which redirects to the page explaining it.
"""

from __future__ import annotations

import re
from functools import cache

from django.conf import settings

from challenges.declarations import DASHBOARD, DOCS, MIRROR, Challenge
from challenges.routes import route_shape
from practiceapi.openapi import document

MIRROR_EXPLAINED = "/mirror"
_PARAMETER = re.compile(r"\{[^}]+\}")


def learn_more(challenge: Challenge, link: str | None) -> str | None:
    if link in (DOCS, DASHBOARD):
        return operation_link(challenge)
    if link == MIRROR:
        return MIRROR_EXPLAINED
    return link


def operation_link(challenge: Challenge) -> str:
    index = _operations(settings.APICHALLENGES_EDITION, settings.APICHALLENGES_MODE)
    routes = challenge.routes
    for method, shape in routes:
        found = index.get((method, shape))
        if found:
            return found
    for _method, shape in routes:
        found = index.get(("*", shape))
        if found:
            return found
    return DOCS


@cache
def _operations(edition: str, mode: str) -> dict[tuple[str, str], str]:
    """(method, route shape) -> deep link, and ("*", shape) -> its path's first operation,
    for every operation of the main document."""
    index: dict[tuple[str, str], str] = {}
    for path, item in document().get("paths", {}).items():
        shape = route_shape(_PARAMETER.sub("1", path).lstrip("/"))
        for method, operation in item.items():
            if not isinstance(operation, dict) or "operationId" not in operation:
                continue
            tag = (operation.get("tags") or ["default"])[0]
            link = f"{DOCS}#/{tag}/{operation['operationId']}"
            index.setdefault((method.upper(), shape), link)
            index.setdefault(("*", shape), link)
    return index
