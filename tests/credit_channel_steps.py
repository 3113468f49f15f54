"""What a student sends, from each channel a credit can come by (challenges/channels.py):
their own client, this site's pages (a browser's same-origin request) or the provided
Postman collection (its mark)."""

from __future__ import annotations

import html as html_module
import re
from typing import Any

from challengers.models import Cohort
from challenges.catalogue import display_id

CHANNEL_HEADERS: dict[str, dict[str, str]] = {
    "own": {"User-Agent": "curl/8.5.0"},
    "page": {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"},
    "collection": {"X-Challenges-Client": "collection", "User-Agent": "PostmanRuntime/7.42.0"},
}


def student(client: Any, cohort: Cohort, name: str) -> str:
    """A session made with POST /api/challenger and joined to `cohort` under `name`."""
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    reply = client.put(
        f"/api/challenger/{guid}/profile",
        {"displayName": name, "cohort": cohort.code},
        content_type="application/json",
    )
    assert reply.status_code == 200
    return guid


def get_todos(client: Any, guid: str, channel: str) -> None:
    """GET /api/todos, which completes GET_TODOS, from `channel`."""
    reply = client.get("/api/todos", headers={"X-CHALLENGER": guid, **CHANNEL_HEADERS[channel]})
    assert reply.status_code == 200


def cell(html: str, key: str) -> str:
    """The matrix cell (`<td …>…</td>`) of challenge `key` in a page of one student."""
    wanted = re.escape(f"#{display_id(key, 'multi')} ")
    found = re.search(rf'<td class="[^"]*" title="{wanted}[^"]*">[^<]*</td>', html)
    assert found, f"no cell of {key}"
    return html_module.unescape(found.group(0))
