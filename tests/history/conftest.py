"""Fixtures of the request history's tests. Its browser tests drive Chromium with the
fixtures of tests/browser (skipped, with the reason, where Chromium or Playwright is
missing), and its admin tests log staff in with the fast password hasher those use."""

from __future__ import annotations

from tests.browser.conftest import (  # noqa: F401 - fixtures and the skip, for this folder
    chromium,
    fast_password_hashing,
    page,
    pytest_collection_modifyitems,
    screenshot_dir,
)
