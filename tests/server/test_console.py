"""The console of `make run`: once the server answers it prints the URLs to share (the
start page, the admin, the API docs; the LAN address when serving every interface), and
the heartbeat's deliberate 500 and 501 are not logged as server errors while a real
unhandled error still is, with its traceback."""

from __future__ import annotations

import logging
import re
import time

import pytest

from challenges.views.heartbeat import HeartbeatView

# The production application is loaded at import, not inside the first test: loading it
# configures logging again, which takes pytest's capturing handler off the root logger.
from practiceapi.server import wsgi  # noqa: F401
from practiceapi.server.console import lan_address, lines
from practiceapi.server.harness import PYTHON, ROOT, ProcessGroup, Server, free_port, server_env
from practiceapi.server.harness import scratch_database as scratch
from tests.reliability.server import request
from tests.served import served


def test_a_loopback_server_names_its_pages_and_how_to_share_them() -> None:
    text = "\n".join(lines("127.0.0.1", 4567, None))
    assert "Start page (students):  http://127.0.0.1:4567/" in text
    assert "Admin (instructors):    http://127.0.0.1:4567/admin/" in text
    assert "API documentation:      http://127.0.0.1:4567/docs" in text
    assert "HOST=0.0.0.0 make run" in text


def test_a_server_on_every_interface_names_the_lan_address() -> None:
    text = "\n".join(lines("0.0.0.0", 8000, "192.168.1.20"))
    assert "Start page (students):  http://192.168.1.20:8000/" in text
    assert "Admin (instructors):    http://192.168.1.20:8000/admin/" in text
    assert "On this machine:        http://127.0.0.1:8000/" in text
    assert "HOST=0.0.0.0" not in text


def test_the_lan_address_is_not_a_loopback_one() -> None:
    address = lan_address()
    assert address is None or not address.startswith("127.")


def django_request_errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request" and r.levelno >= logging.ERROR]


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "status"), [("PATCH", "500"), ("TRACE", "501")])
def test_the_heartbeats_deliberate_answers_are_not_logged(
    caplog: pytest.LogCaptureFixture, method: str, status: str
) -> None:
    with caplog.at_level(logging.ERROR):
        line, _, _ = served(method, "/api/heartbeat")
    assert line.startswith(status)
    assert django_request_errors(caplog) == []


@pytest.mark.django_db
def test_the_override_to_patch_is_not_logged_either(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR):
        line, _, _ = served("POST", "/heartbeat", HTTP_X_HTTP_METHOD_OVERRIDE="PATCH")
    assert line.startswith("500")
    assert django_request_errors(caplog) == []


@pytest.mark.django_db
def test_a_real_error_is_logged_with_its_traceback(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("a real bug")

    monkeypatch.setattr(HeartbeatView, "get", broken)
    with caplog.at_level(logging.ERROR):
        line, _, _ = served("GET", "/api/heartbeat")
    assert line.startswith("500")
    (record,) = django_request_errors(caplog)
    assert record.getMessage() == "Internal Server Error: /api/heartbeat"
    assert record.exc_info is not None
    assert "RuntimeError: a real bug" in caplog.text


def test_make_runs_server_prints_the_urls_once_it_answers() -> None:
    port = free_port()
    with scratch("console") as database_url:
        env = server_env(
            database_url, {"HOST": "0.0.0.0", "PORT": str(port), "WORKERS": "1", "THREADS": "1"}
        )
        group = ProcessGroup(
            [PYTHON, "-m", "practiceapi.server.serve"], cwd=ROOT, env=env, name="console"
        )
        try:
            deadline = time.monotonic() + 90
            while "API Challenges is up" not in group.log() and time.monotonic() < deadline:
                assert group.alive(), group.log()
                time.sleep(0.2)
            log = group.log()
            server = Server(database_url, port=port)
            assert request(server, "PATCH", "/api/heartbeat").status == 500
            assert request(server, "TRACE", "/api/heartbeat").status == 501
            time.sleep(0.5)
            after = group.log()
        finally:
            group.stop()
    shared = lan_address() or "127.0.0.1"
    assert re.search(rf"Start page \(students\): +http://{re.escape(shared)}:{port}/\n", log)
    assert f"http://{shared}:{port}/admin/" in log
    assert f"http://{shared}:{port}/docs" in log
    assert "Server Error" not in after
