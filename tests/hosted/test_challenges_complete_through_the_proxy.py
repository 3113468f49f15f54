"""Every challenge can be completed through HAProxy: the diligent student's runs of both
editions (tests/challenges/test_complete_all_challenges.py,
tests/classic/test_complete_all_classic_challenges.py), sent over HTTP to `make hosted`'s
proxy instead of one server: TRACE, QUERY and PATCH reach the app, and so do the headers
and bodies the challenges need."""

from __future__ import annotations

import uuid

import pytest

from tests.challenges.test_complete_all_challenges import (
    Student,
    complete_heartbeat_challenges,
    complete_miscellaneous_challenges,
    complete_secret_challenges,
    complete_session_challenges,
    complete_todo_challenges,
    incomplete,
)
from tests.classic import test_complete_all_classic_challenges as classic
from tests.hosted.shape import Shape, hosted_shape

pytestmark = pytest.mark.server


def test_a_student_completes_all_99_challenges_through_the_proxy(shape: Shape) -> None:
    s = Student(shape.url)
    reply = s.send("POST", "/api/challenger", session=False)
    assert reply.status == 201
    s.guid = reply.headers["x-challenger"]

    complete_todo_challenges(s)
    complete_session_challenges(s, "multi")
    complete_heartbeat_challenges(s)
    complete_secret_challenges(s)
    complete_miscellaneous_challenges(s)
    assert incomplete(s) == ["PUT /api/challenger/guid CREATE"]
    payload = s.send("GET", f"/api/challenger/{s.guid}").json()
    s.guid = payload["xChallenger"] = str(uuid.uuid4())
    assert s.send("PUT", f"/api/challenger/{s.guid}", payload).status == 201

    assert len(s.challenges()) == 99
    assert incomplete(s) == []


def test_a_student_completes_all_59_classic_challenges_through_the_proxy() -> None:
    with hosted_shape("classic") as classic_shape:
        s = Student(classic_shape.url)
        classic.complete_all_but_the_new_session(s)
        assert classic.incomplete(s) == ["PUT /challenger/guid CREATE"]
        payload = s.send("GET", f"/challenger/{s.guid}").json()
        s.guid = payload["xChallenger"] = str(uuid.uuid4())
        assert s.send("PUT", f"/challenger/{s.guid}", payload).status == 201

        assert len(classic.challenges(s)) == 59
        assert classic.incomplete(s) == []
