"""`APICHALLENGES_TIME_ZONE` is read when the settings load and becomes Django's
TIME_ZONE; unset, the server's own zone is used; a name the time zone database does not
know stops the start with a message naming it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READ = "import practiceapi.settings as s; print(s.TIME_ZONE, s.USE_TZ)"


def load(**variables: str) -> subprocess.CompletedProcess[str]:
    # A key of its own: the settings then leave the database and its key file alone.
    env = {**os.environ, "SECRET_KEY": "k" * 50, **variables}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if "APICHALLENGES_TIME_ZONE" not in variables:
        env.pop("APICHALLENGES_TIME_ZONE", None)
    return subprocess.run(
        [sys.executable, "-c", READ], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_the_zone_named_is_the_one_used() -> None:
    loaded = load(APICHALLENGES_TIME_ZONE="Europe/Berlin", TZ="Asia/Tokyo")
    assert loaded.stdout.split() == ["Europe/Berlin", "True"]


def test_unset_the_servers_own_zone_is_used() -> None:
    assert load(TZ="Asia/Tokyo").stdout.split() == ["Asia/Tokyo", "True"]


def test_a_zone_file_named_by_tz_gives_its_zone() -> None:
    loaded = load(TZ=":/usr/share/zoneinfo/America/Sao_Paulo")
    assert loaded.stdout.split() == ["America/Sao_Paulo", "True"]


def test_a_name_that_is_no_zone_stops_the_start() -> None:
    loaded = load(APICHALLENGES_TIME_ZONE="Europe/Atlantis")
    assert loaded.returncode != 0
    assert "APICHALLENGES_TIME_ZONE='Europe/Atlantis' is not a time zone name" in loaded.stderr
