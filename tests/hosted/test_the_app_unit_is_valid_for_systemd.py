"""deploy/apichallenges@.service is a unit systemd accepts as it is: `systemd-analyze
verify` reports nothing for an instance of it (no unknown key, no value it would ignore),
its paths pointed at this checkout as `make hosted` points them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from practiceapi.server.harness import ROOT

UNIT = ROOT / "deploy" / "apichallenges@.service"


def test_systemd_accepts_the_app_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian's systemd package)")
    template = tmp_path / UNIT.name
    template.write_text(UNIT.read_text().replace("/srv/apichallenges", str(ROOT)))
    instance = tmp_path / "apichallenges@4567.service"
    instance.symlink_to(template)
    result = subprocess.run(
        [analyze, "verify", "--man=no", str(instance)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
