"""Fixtures of the request history's tests: its admin tests log staff in with the fast
password hasher the browser tests use. (Its browser tests live in tests/browser, beside
the one Chromium those tests share.)"""

from __future__ import annotations

from tests.browser.conftest import fast_password_hashing  # noqa: F401 - a fixture for this folder
