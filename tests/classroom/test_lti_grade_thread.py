"""Each serving process runs LTI grade passes on a thread of its own, every
APICHALLENGES_LTI_GRADE_SECONDS; a pass that fails is logged and the next one runs."""

from __future__ import annotations

import threading

import pytest

from classroom.lti import grades


def test_the_thread_runs_passes_and_outlives_a_failed_one(
    settings,
    monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001 - pytest-django's settings
) -> None:
    settings.APICHALLENGES_LTI_GRADE_SECONDS = 0.01
    passes: list[int] = []
    second = threading.Event()

    def a_pass() -> int:
        passes.append(1)
        if len(passes) == 1:
            raise RuntimeError("the LMS answered nonsense")
        second.set()
        return 0

    monkeypatch.setattr(grades, "sync", a_pass)
    monkeypatch.setattr(grades, "close_old_connections", lambda: None)
    sender = grades.Sender()
    sender.start()
    try:
        assert second.wait(5)
    finally:
        sender.stopping.set()
        for thread in threading.enumerate():
            if thread.name == "lti-grades":
                thread.join(5)


def test_no_thread_runs_with_an_interval_of_zero(settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_LTI_GRADE_SECONDS = 0
    before = {thread.name for thread in threading.enumerate()}
    grades.Sender().start()
    assert "lti-grades" not in {t.name for t in threading.enumerate()} - before
