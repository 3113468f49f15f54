"""The production server with the hosted settings of docs/hosting.md.

The production server runs with DEBUG off, its own SECRET_KEY, ALLOWED_HOSTS, secure cookies, the
HTTPS proxy header, the SSL redirect and HSTS, exactly as a classroom host configures it.
Requests that came through the HTTPS proxy carry `X-Forwarded-Proto: https`; requests
without it are what a client gets when it talks plain HTTP.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from practiceapi.server.harness import Server, scratch_database
from tests.reliability.server import Reply, create_instructor, request

pytestmark = pytest.mark.server

HOSTED = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_COOKIES": "1",
    "BEHIND_HTTPS_PROXY": "1",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
}
HTTPS = {"X-Forwarded-Proto": "https"}
TEACHER, TEACHER_PASSWORD = "teacher", "a-long-teacher-password-1"


@pytest.fixture(scope="module")
def hosted() -> Iterator[Server]:
    with scratch_database(prefix="hosted") as url:
        create_instructor(url, TEACHER, TEACHER_PASSWORD)
        server = Server(url, env=dict(HOSTED))
        # The readiness probe speaks plain HTTP, which the SSL redirect answers with a 301.
        server.start(probe_headers=HTTPS)
        try:
            yield server
        finally:
            server.stop()


def _cookies(reply: Reply) -> dict[str, str]:
    """Set-Cookie lines by cookie name."""
    lines = (reply.header("Set-Cookie") or "").split("\n")
    return {line.split("=", 1)[0].strip(): line for line in lines if "=" in line}


def _flags(cookie_line: str) -> set[str]:
    return {part.strip().lower() for part in cookie_line.split(";")[1:]}


def test_the_api_answers_through_the_https_proxy(hosted: Server) -> None:
    reply = request(hosted, "POST", "/api/challenger", headers=HTTPS)
    assert reply.status == 201


def test_plain_http_is_redirected_to_https(hosted: Server) -> None:
    reply = request(hosted, "GET", "/api/heartbeat")
    assert reply.status == 301
    assert reply.header("Location") == f"https://127.0.0.1:{hosted.port}/api/heartbeat"


def test_https_answers_carry_hsts(hosted: Server) -> None:
    reply = request(hosted, "GET", "/api/heartbeat", headers=HTTPS)
    hsts = reply.header("Strict-Transport-Security") or ""
    assert hsts.startswith("max-age=31536000")


def test_the_csrf_cookie_is_secure(hosted: Server) -> None:
    reply = request(hosted, "GET", "/admin/login/", headers=HTTPS)
    assert reply.status == 200
    assert "secure" in _flags(_cookies(reply)["csrftoken"])


def test_the_admin_session_cookie_is_secure_and_http_only(hosted: Server) -> None:
    page = request(hosted, "GET", "/admin/login/", headers=HTTPS)
    csrf_cookie = _cookies(page)["csrftoken"].split(";", 1)[0]
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
    assert token is not None
    form = (
        f"csrfmiddlewaretoken={token.group(1).decode()}&username={TEACHER}"
        f"&password={TEACHER_PASSWORD}&next=/admin/"
    )
    reply = request(
        hosted,
        "POST",
        "/admin/login/",
        form,
        {
            **HTTPS,
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": csrf_cookie,
            "Origin": f"https://127.0.0.1:{hosted.port}",
            "Referer": f"https://127.0.0.1:{hosted.port}/admin/login/",
        },
    )
    assert reply.status == 302, reply.body[:500]
    session = _cookies(reply)["sessionid"]
    assert {"secure", "httponly"} <= _flags(session)


def test_the_dashboard_guid_cookie_is_secure(hosted: Server) -> None:
    # The progress page's "Remember this session on this computer" form sets it.
    guid = new_session_over_https(hosted)
    page = request(hosted, "GET", f"/gui/challenges/{guid}", headers=HTTPS)
    assert page.status == 200
    csrf_cookie = _cookies(page)["csrftoken"].split(";", 1)[0]
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
    assert token is not None
    reply = request(
        hosted,
        "POST",
        f"/gui/challenges/{guid}/remember",
        f"csrfmiddlewaretoken={token.group(1).decode()}",
        {
            **HTTPS,
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": csrf_cookie,
            "Origin": f"https://127.0.0.1:{hosted.port}",
            "Referer": f"https://127.0.0.1:{hosted.port}/gui/challenges/{guid}",
        },
    )
    assert reply.status == 303, reply.body[:500]
    assert {"secure", "httponly"} <= _flags(_cookies(reply)["X-CHALLENGER"])


def new_session_over_https(server: Server) -> str:
    reply = request(server, "POST", "/api/challenger", headers=HTTPS)
    assert reply.status == 201
    return reply.header("X-CHALLENGER") or ""


def test_an_unknown_host_is_refused_on_a_read(hosted: Server) -> None:
    reply = request(hosted, "GET", "/api/heartbeat", headers={**HTTPS, "Host": "evil.example"})
    assert reply.status == 400


def test_an_unknown_host_is_refused_on_a_form_post(hosted: Server) -> None:
    reply = request(
        hosted,
        "POST",
        "/admin/login/",
        "username=x&password=y",
        {
            **HTTPS,
            "Host": "evil.example",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    assert reply.status in (400, 403)


def test_debug_pages_are_off(hosted: Server) -> None:
    reply = request(hosted, "GET", "/no/such/page", headers={**HTTPS, "Accept": "text/html"})
    assert reply.status == 404
    assert b"URLconf" not in reply.body
    assert b"DEBUG = True" not in reply.body


def test_the_deliberate_500_shows_no_traceback(hosted: Server) -> None:
    reply = request(hosted, "PATCH", "/api/heartbeat", headers=HTTPS)
    assert reply.status == 500
    assert b"Traceback" not in reply.body
    assert b'File "' not in reply.body
