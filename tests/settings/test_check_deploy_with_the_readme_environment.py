"""`manage.py check --deploy` raises no warning with the environment README's "Hosting a
classroom" exports, as they are written there (DEBUG=0, SECRET_KEY, ALLOWED_HOSTS,
SECURE_COOKIES=1, BEHIND_HTTPS_PROXY=1): secure cookies behind a TLS proxy turn on the SSL
redirect and HSTS without further variables.

The check runs in a subprocess, so the settings module reads that environment as it does
in production."""

from __future__ import annotations

import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What the runner's own environment may hold that would change the outcome.
CLEARED = ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "DEBUG", "ALLOWED_HOSTS")


def readme_exports() -> dict[str, str]:
    """The variables the README's hosting block exports, SECRET_KEY generated as its
    command would."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Hosting a classroom", 1)[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    exported: dict[str, str] = {}
    for line in block.splitlines():
        if not line.startswith("export "):
            continue
        for word in shlex.split(line.removeprefix("export "), comments=True):
            name, _, value = word.partition("=")
            exported[name] = value
    if exported.get("SECRET_KEY", "").startswith("$("):
        exported["SECRET_KEY"] = secrets.token_urlsafe(50)
    # A database the check does not connect to; the local default stands in for it.
    exported.pop("DATABASE_URL", None)
    return exported


def check_deploy(exported: dict[str, str]) -> subprocess.CompletedProcess[str]:
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("PYTEST_", "SECURE_")) and name not in CLEARED
    }
    environment.update(exported)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_readme_exports_the_hosted_settings() -> None:
    exported = readme_exports()
    assert exported["DEBUG"] == "0"
    assert exported["SECURE_COOKIES"] == "1"
    assert exported["BEHIND_HTTPS_PROXY"] == "1"
    assert exported["ALLOWED_HOSTS"]
    assert len(exported["SECRET_KEY"]) >= 50


def test_check_deploy_warns_of_nothing() -> None:
    result = check_deploy(readme_exports())
    assert result.returncode == 0, result.stderr
    assert not re.search(r"\(\w+\.[WE]\d+\)", result.stdout + result.stderr), result.stderr
    assert "System check identified no issues" in result.stdout
