"""Browser tests: Playwright driving Debian's Chromium against pytest-django's live_server.

Tests marked `browser` are skipped, with the reason, when `/usr/bin/chromium` (Debian's
`chromium` package; CI installs it in .ci/run) or the `playwright` package is missing.
Playwright's own browser download is not used: it is unreachable from classrooms and CI.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Playwright's sync API runs an event loop in the test thread; the database work the tests
# and pytest-django do in that thread is still synchronous, so Django's guard is lifted.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _missing() -> str | None:
    if not CHROMIUM.exists() and not shutil.which("chromium"):
        return "Debian's Chromium is not installed (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -r requirements-dev.txt)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _missing()
    if reason is None:
        return
    skip = pytest.mark.skip(reason=reason)
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    executable = str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)  # generous: CI machines may be busy
    page.set_default_navigation_timeout(60_000)
    yield page
    context.close()


@pytest.fixture
def screenshot_dir() -> Path | None:
    """Set SCREENSHOTS=/some/dir to keep a picture of each page (for looking at layout)."""
    target = os.environ.get("SCREENSHOTS")
    if not target:
        return None
    path = Path(target)
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:  # noqa: ANN001 - pytest-django's settings
    """Staff logins hash passwords; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
