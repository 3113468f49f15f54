"""When a learner's score on an LMS-linked assignment changes, the tool posts it to the
launch's AGS line item (its path plus /scores, its query kept), with a token the LMS's
token endpoint grants for an assertion signed by the tool's published key: `userId` the
launch's sub, done of assigned, InProgress or Completed, FullyGraded, a timestamp with its
offset. An LMS that is down gets the score later; an older score never follows a newer
one. The admin shows what was sent and the last error, and re-sends on demand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from django.http import HttpResponse
from django.utils import timezone

from challengers.models import Cohort
from classroom.lti import grades
from classroom.models import LtiGrade
from tests.assignment_fixtures import assign
from tests.client import Client
from tests.lti_platform import INSTRUCTOR, SCORE_SCOPE, FakePlatform

OTHER_COURSE = {"id": "course-202", "label": "HTTP-202", "title": "Another course"}

pytestmark = pytest.mark.django_db

Launch = Callable[..., HttpResponse]
SCORES_PATH = "/courses/101/lineitems/1/lineitem/scores?type_id=7"


@pytest.fixture
def week1(db: None) -> Cohort:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    assign(cohort, first=1, count=2, title="Week 1")  # GET /api/challenges, GET /api/todos
    return cohort


@pytest.fixture
def student(lms_launch: Launch, platform: FakePlatform, week1: Cohort, client: Client) -> str:
    """A learner launched from the LMS link tied to Week 1; their session's GUID."""
    reply = lms_launch(
        custom={"cohort": "monday-am", "assignment": "Week 1"}, line_item=platform.line_item()
    )
    assert reply.status_code == 303
    keys = client.get("/lti/jwks.json").json()
    platform.tool_keys = lambda: keys
    return reply["Location"].removeprefix("/gui/challenges/").removesuffix("?welcome=1")


def api(guid: str, path: str) -> None:
    assert Client().get(path, HTTP_X_CHALLENGER=guid).status_code == 200


def later(seconds: float) -> datetime:
    return timezone.now() + timedelta(seconds=seconds)


def test_a_credit_posts_the_score_with_exactly_the_ags_fields(
    student: str, platform: FakePlatform
) -> None:
    api(student, "/api/challenges")
    assert grades.sync() == 1
    [posted] = platform.scores
    assert posted["path"] == SCORES_PATH
    assert posted["content_type"] == "application/vnd.ims.lis.v1.score+json"
    body = posted["body"]
    stamp = datetime.fromisoformat(body.pop("timestamp"))
    assert stamp.utcoffset() == timedelta(0)
    assert abs((timezone.now() - stamp).total_seconds()) < 60
    assert body == {
        "userId": "student-1",
        "scoreGiven": 1,
        "scoreMaximum": 2,
        "activityProgress": "InProgress",
        "gradingProgress": "FullyGraded",
    }


def test_every_assigned_challenge_done_is_completed(student: str, platform: FakePlatform) -> None:
    api(student, "/api/challenges")
    api(student, "/api/todos")
    grades.sync()
    body = platform.scores[-1]["body"]
    assert (body["scoreGiven"], body["scoreMaximum"]) == (2, 2)
    assert body["activityProgress"] == "Completed"


def test_the_token_comes_from_a_client_credentials_grant_signed_by_the_tool_s_key(
    student: str, platform: FakePlatform
) -> None:
    api(student, "/api/challenges")
    grades.sync()
    assert [issued["scope"] for issued in platform.tokens_issued] == [SCORE_SCOPE]


def test_a_token_the_lms_refuses_is_an_error_and_no_score(
    student: str, platform: FakePlatform
) -> None:
    platform.tool_keys = lambda: {"keys": []}  # the LMS cannot verify the tool's assertion
    api(student, "/api/challenges")
    assert grades.sync() == 0
    assert not platform.scores
    assert "401" in LtiGrade.objects.get().last_error


def test_an_unchanged_score_is_not_posted_again(student: str, platform: FakePlatform) -> None:
    api(student, "/api/challenges")
    grades.sync()
    grades.sync(later(30))
    assert len(platform.scores) == 1


def test_an_lms_that_is_down_gets_the_score_later(student: str, platform: FakePlatform) -> None:
    platform.down = True
    api(student, "/api/challenges")
    assert grades.sync() == 0
    grade = LtiGrade.objects.get()
    assert grade.failures == 1 and "503" in grade.last_error
    assert grade.next_try_at > timezone.now()
    platform.down = False
    assert grades.sync() == 0  # not before its retry time
    assert grades.sync(later(20)) == 1
    assert platform.scores[-1]["body"]["scoreGiven"] == 1
    grade.refresh_from_db()
    assert (grade.failures, grade.last_error, grade.sent_given) == (0, "", 1)


def test_retries_wait_longer_after_each_failure() -> None:
    waits = [grades.retry_after(n) for n in (1, 2, 3, 30)]
    assert waits == [
        timedelta(seconds=15),
        timedelta(seconds=30),
        timedelta(seconds=60),
        timedelta(hours=1),
    ]


def test_after_an_outage_only_the_newest_score_is_posted(
    student: str, platform: FakePlatform
) -> None:
    platform.down = True
    api(student, "/api/challenges")
    grades.sync()
    api(student, "/api/todos")
    grades.sync(later(1))
    platform.down = False
    grades.sync(later(600))
    assert [s["body"]["scoreGiven"] for s in platform.scores] == [2]


def test_a_pass_older_than_the_stored_score_leaves_it_alone(
    student: str, platform: FakePlatform
) -> None:
    api(student, "/api/challenges")
    grades.score(later(20))  # a pass stored 1 of 2 as of 20 s from now
    api(student, "/api/todos")
    grades.score(later(5))  # a pass that started before it finds 2, and must not write it
    grade = LtiGrade.objects.get()
    assert grade.score_given == 1
    grades.score(later(30))  # a newer pass does
    grade.refresh_from_db()
    assert grade.score_given == 2


def test_the_admin_shows_the_score_sent_and_the_last_error(
    student: str, platform: FakePlatform, admin_client: Client
) -> None:
    api(student, "/api/challenges")
    grades.sync()
    platform.down = True
    api(student, "/api/todos")
    grades.sync(later(1))
    html = admin_client.get("/admin/classroom/ltigrade/").content.decode()
    assert "Select LTI grade to view" in html
    assert "Ada Lovelace" in html and "Week 1 (Monday morning)" in html
    assert '<td class="field-score_now">2/2</td>' in html
    assert '<td class="field-score_sent">1/2</td>' in html
    assert "503" in html


def test_send_all_grades_now_posts_the_assignment_s_grades_again(
    student: str, platform: FakePlatform, admin_client: Client
) -> None:
    api(student, "/api/challenges")
    grades.sync()
    assignment = LtiGrade.objects.get().link.assignment
    reply = admin_client.post(
        "/admin/classroom/assignment/",
        {"action": "send_grades_now", "_selected_action": [assignment.pk]},
        follow=True,
    )
    assert "1 grade will be posted to the LMS within a minute." in reply.content.decode()
    assert grades.sync(later(1)) == 1
    assert len(platform.scores) == 2


def test_a_learner_launched_without_an_assignment_link_gets_no_score(
    lms_launch: Launch, platform: FakePlatform, week1: Cohort
) -> None:
    guid = (
        lms_launch(custom={"cohort": "monday-am"}, line_item=platform.line_item())["Location"]
        .removeprefix("/gui/challenges/")
        .removesuffix("?welcome=1")
    )
    api(guid, "/api/challenges")
    assert grades.sync() == 0
    assert not platform.scores


def test_an_instructor_sees_only_their_cohorts_grades(
    student: str, platform: FakePlatform, lms_launch: Launch
) -> None:
    api(student, "/api/challenges")
    grades.sync()
    teacher = Client()  # an instructor of another course, with a cohort of its own
    assert lms_launch(teacher, sub="teacher-9", roles=(INSTRUCTOR,), context=OTHER_COURSE)
    html = teacher.get("/admin/classroom/ltigrade/").content.decode()
    assert "Ada Lovelace" not in html and "Monday morning" not in html
