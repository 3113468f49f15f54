"""Classic edition: the application sets Jetty's reason phrases, so WSGI servers that pass
the application's phrase through (runserver, gunicorn) send them. granian always sends the
standard phrase (docs/benchmark.md)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client


def wsgi_status_line(method: str, path: str, body: bytes = b"", **environ: str) -> str:
    """The status line the application hands its WSGI server."""
    started: list[str] = []
    request = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "CONTENT_LENGTH": str(len(body)),
        **environ,
    }
    # As the test client does: the test's transaction must outlive the request.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        result = WSGIHandler()(
            request, lambda status, headers, exc_info=None: started.append(status)
        )
        b"".join(result)
        result.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return started[0]


@pytest.mark.django_db
def test_a_500_is_server_error_at_the_wsgi_level() -> None:
    assert wsgi_status_line("PATCH", "/heartbeat") == "500 Server Error"


@pytest.mark.django_db
def test_a_413_is_payload_too_large(client: Client) -> None:
    guid = client.post("/challenger")["X-CHALLENGER"]
    body = json.dumps({"title": "x" * 6000}).encode()
    line = wsgi_status_line(
        "POST", "/todos", body, CONTENT_TYPE="application/json", HTTP_X_CHALLENGER=guid
    )
    assert line == "413 Payload Too Large"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "status_line"),
    [
        ("GET", "204 No Content"),
        ("DELETE", "405 Method Not Allowed"),
        ("TRACE", "501 Not Implemented"),
    ],
)
def test_other_phrases_are_the_standard_ones(method: str, status_line: str) -> None:
    assert wsgi_status_line(method, "/heartbeat") == status_line


@pytest.mark.django_db
def test_an_overridden_patch_is_server_error_too(client: Client) -> None:
    response = client.post("/heartbeat", HTTP_X_HTTP_METHOD_OVERRIDE="PATCH")
    assert (response.status_code, response.reason_phrase) == (500, "Server Error")
