"""`manage.py check --deploy` passes with the hosted settings of docs/hosting.md,
and fails when a hosted instance forgets its secret key.

Each check runs in a subprocess with the environment a classroom host sets, so the
settings module is imported exactly as in production.
"""

from __future__ import annotations

import os
import secrets
import subprocess

from practiceapi.server.harness import PYTHON, ROOT

HOSTED_ENV = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "apichallenges.example.edu",
    "CSRF_TRUSTED_ORIGINS": "https://apichallenges.example.edu",
    "SECURE_COOKIES": "1",
    "BEHIND_HTTPS_PROXY": "1",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
}


def check_deploy(*extra_args: str, **env: str | None) -> subprocess.CompletedProcess:
    """Run the deploy checks; a None value removes that variable from the environment."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    # Set process-wide by the browser tests (Playwright); never part of a deployment.
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    return subprocess.run(
        [PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING", *extra_args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def hosted_env(**changes: str | None) -> dict[str, str | None]:
    env: dict[str, str | None] = {**HOSTED_ENV, "SECRET_KEY": secrets.token_urlsafe(50)}
    env.update(changes)
    return env


def test_the_security_checks_pass_with_the_hosted_settings() -> None:
    result = check_deploy("--tag", "security", **hosted_env())
    assert result.returncode == 0, result.stderr


def test_check_deploy_passes_with_the_hosted_settings() -> None:
    result = check_deploy(**hosted_env())
    assert result.returncode == 0, result.stderr


def test_check_deploy_flags_a_missing_secret_key() -> None:
    """Without SECRET_KEY the settings use a key generated for this one machine, marked
    `django-insecure-` as Django marks such keys, which is flagged."""
    result = check_deploy("--tag", "security", **hosted_env(SECRET_KEY=None))
    assert result.returncode != 0
    assert "security.W009" in result.stderr


def test_check_deploy_flags_debug_on() -> None:
    result = check_deploy("--tag", "security", **hosted_env(DEBUG="1"))
    assert result.returncode != 0
    assert "security.W018" in result.stderr


def test_check_deploy_flags_cookies_that_are_not_secure() -> None:
    result = check_deploy("--tag", "security", **hosted_env(SECURE_COOKIES="0"))
    assert result.returncode != 0
    assert "security.W012" in result.stderr
    assert "security.W016" in result.stderr
