"""Requests handed to the production application (practiceapi/server/wsgi.py) as its WSGI server
hands them, for the tests of what the handlers do around the views: the test client
(tests/client.py) runs Django's own test handler instead."""

from __future__ import annotations

from typing import Any


def served(
    method: str, path: str, body: bytes = b"", content_type: str = "", **environ: str
) -> tuple[str, dict[str, str], bytes]:
    """The status line, headers and body the production application answers with;
    `environ` adds WSGI variables (`HTTP_ACCEPT=...`)."""
    from django.test.client import RequestFactory

    from practiceapi.server import wsgi

    request = RequestFactory().generic(method, path, body, content_type, **environ).environ
    started: list[Any] = []
    chunks = wsgi.application(request, lambda status, headers: started.extend([status, headers]))
    content = b"".join(chunks)
    getattr(chunks, "close", lambda: None)()
    return started[0], dict(started[1]), content
