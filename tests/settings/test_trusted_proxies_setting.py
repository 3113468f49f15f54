"""`TRUSTED_PROXIES` is read when the settings load: addresses and CIDR networks,
comma-separated; an entry that is neither stops the start instead of trusting nothing or
everything by surprise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READ = "import practiceapi.settings as s; print(' '.join(str(n) for n in s.TRUSTED_PROXIES))"


def load(trusted: str) -> subprocess.CompletedProcess[str]:
    # A key of its own: the settings then leave the database and its key file alone.
    env = {**os.environ, "TRUSTED_PROXIES": trusted, "SECRET_KEY": "k" * 50}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, "-c", READ], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_addresses_and_networks_are_read() -> None:
    loaded = load(" 10.1.2.3/16, 192.0.2.1 ,2001:db8::/48")
    assert loaded.stdout.split() == ["10.1.0.0/16", "192.0.2.1/32", "2001:db8::/48"]


def test_an_entry_that_is_no_address_stops_the_start() -> None:
    loaded = load("127.0.0.1,haproxy.internal")
    assert loaded.returncode != 0
    assert "haproxy.internal" in loaded.stderr
