"""What the browser tests do beside the browser: a student's API request sent as their own
client would, and an instructor logging in to the admin."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any


def api_get(base: str, path: str, guid: str) -> int:
    """GET `path` as the session `guid`; the answer's status (an error status included)."""
    request = urllib.request.Request(f"{base}{path}", headers={"X-CHALLENGER": guid})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def log_in(page: Any, base: str, django_user_model: Any, target: str) -> None:
    """Make a superuser `teacher` and log in as them through the admin's form, landing on
    `target`."""
    django_user_model.objects.create_superuser("teacher", "t@example.org", "s3cret-pass")
    page.goto(f"{base}/admin/login/?next={target}")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill("s3cret-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}{target}")


def new_session(base: str) -> str:
    """A new session made as a student's own client makes one; its GUID."""
    request = urllib.request.Request(f"{base}/api/challenger", method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(response.headers["X-CHALLENGER"])
