"""`make hosted` starts nothing, and says what to do, when `DATABASE_URL` is not
PostgreSQL or HAProxy is missing."""

from __future__ import annotations

import os
import subprocess

import pytest

from practiceapi.server.harness import PYTHON, ROOT


def hosted(**env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "HAPROXY")}
    environ.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [PYTHON, "-m", "practiceapi.server.hosted"],
        cwd=ROOT,
        env={**environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("database_url", "said"),
    [
        ("", "DATABASE_URL is not set."),
        ("sqlite:///db.sqlite3", "DATABASE_URL is sqlite, not PostgreSQL."),
    ],
)
def test_it_refuses_without_postgresql(database_url: str, said: str) -> None:
    result = hosted(DATABASE_URL=database_url)
    assert result.returncode == 2
    assert said in result.stderr
    assert "DATABASE_URL=postgres://user@host:5432/db make hosted" in result.stderr


def test_it_says_how_to_install_haproxy_when_it_is_missing(tmp_path) -> None:  # noqa: ANN001
    result = hosted(
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/hosted",
        HAPROXY=str(tmp_path / "haproxy"),
    )
    assert result.returncode == 2
    assert "HAProxy is not installed" in result.stderr
    assert "sudo apt-get install haproxy" in result.stderr
