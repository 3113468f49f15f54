"""Grade passback (LTI Assignment and Grade Services): each LTI learner's score on each
linked assignment posted to the LMS's line item, off the request path.

A thread of each serving process (`Sender`, the request history writer's pattern) runs
`sync` every `APICHALLENGES_LTI_GRADE_SECONDS` seconds (20 by default, so a change reaches
the LMS within a minute); `manage.py lti_send_grades` runs one pass, for a host that turns
the thread off. A pass has two steps:

1. **Score.** For every linked assignment with a line item, every learner of its cohort
   who launched from that LMS gets the figure the class page shows: assigned challenges
   done, of assigned (`classroom.assignments.status_of`, late credits counted as the class
   page counts them). A changed figure is stored with the moment it was computed; an
   older computation never overwrites a newer one, whichever process made it. So a credit,
   a merge of progress, or a due time moved (a re-mark of lateness) are all seen, with
   nothing added to the API's requests.
2. **Send.** Each grade whose stored score was not yet posted is claimed by one process
   (`claimed_until`), posted to the line item's `/scores` (its query string kept) with a
   token from the LMS's token endpoint (a client-credentials grant with a JWT assertion
   signed by the tool's key: pylti1p3's service connector), and marked sent. A post that
   fails is tried again after 15 s, 30 s, 1 min … up to an hour; a newer score is always
   the one posted next, with its own, later `timestamp`, so the LMS never gets an older
   score after a newer one.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Final

import requests
from django.conf import settings
from django.db import close_old_connections
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from lti_tool.models import LtiRegistration
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException
from pylti1p3.grade import Grade
from pylti1p3.service_connector import ServiceConnector

from challengers.sessions import mode
from classroom.assignments import status_of
from classroom.deadlines import student_deadlines
from classroom.lti.platforms import ensure_signing_key
from classroom.lti.tool import lms_session
from classroom.models import LtiGrade, LtiLearner, LtiLinkedAssignment
from practiceapi.threads import start_without_signals

logger = logging.getLogger(__name__)

SCORE_SCOPE: Final = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
FIRST_RETRY = timedelta(seconds=15)
LAST_RETRY = timedelta(hours=1)
CLAIM = timedelta(minutes=2)  # longer than a post may take (token and score, 10 s each)
BATCH = 200  # grades posted per pass at most; the rest wait for the next
ERROR_MAX = 500


def retry_after(failures: int) -> timedelta:
    """15 s after the first failure, doubling, at most an hour."""
    return min(FIRST_RETRY * 2 ** min(failures - 1, 20), LAST_RETRY)


# ------------------------------------------------------------------------------- scores


def _links() -> QuerySet[LtiLinkedAssignment]:
    return LtiLinkedAssignment.objects.exclude(line_item_url="").select_related(
        "assignment", "resource_link__context__deployment"
    )


def score(
    moment: datetime | None = None, links: Iterable[LtiLinkedAssignment] | None = None
) -> int:
    """Step 1: store each learner's current figure where it changed. Returns how many
    grades changed."""
    moment = moment or timezone.now()
    current = mode()
    changed = 0
    for link in links if links is not None else _links():
        assignment = link.assignment
        registration_id = link.resource_link.context.deployment.registration_id
        learners = LtiLearner.objects.filter(
            cohort_id=assignment.cohort_id, lti_user__registration_id=registration_id
        ).select_related("challenger")
        known = {grade.learner_id: grade for grade in LtiGrade.objects.filter(link=link)}
        # The figure the class page shows: each learner's credits judged against their own
        # due time, and by how they were done where the assignment counts own clients only.
        deadlines = student_deadlines([assignment])
        for learner in learners:
            session = learner.challenger
            status = status_of(
                assignment,
                session.progress or {},
                current,
                moment,
                session.credit_channels,
                deadline=deadlines.of(assignment.pk, session.pk),
            )
            if status.assigned == 0:
                continue  # nothing of it is served in this edition: no score to give
            wanted = (status.done, status.assigned)
            grade = known.get(learner.pk)
            if grade is None:
                LtiGrade.objects.get_or_create(
                    learner=learner,
                    link=link,
                    defaults={
                        "score_given": wanted[0],
                        "score_maximum": wanted[1],
                        "scored_at": moment,
                        "next_try_at": moment,
                    },
                )
                changed += 1
            elif (grade.score_given, grade.score_maximum) != wanted:
                # Only forward: a pass that read progress earlier than the row's score
                # leaves it alone.
                changed += LtiGrade.objects.filter(pk=grade.pk, scored_at__lt=moment).update(
                    score_given=wanted[0],
                    score_maximum=wanted[1],
                    scored_at=moment,
                    next_try_at=moment,
                )
    return changed


# ------------------------------------------------------------------------------- sending


def _unsent(moment: datetime) -> QuerySet[LtiGrade]:
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=moment)
    unsent = Q(sent_scored_at__isnull=True) | ~Q(sent_scored_at=F("scored_at"))
    return LtiGrade.objects.filter(free, unsent, next_try_at__lte=moment)


def score_body(grade: LtiGrade, sub: str) -> Grade:
    """The AGS score: the learner's `sub`, done of assigned, InProgress or Completed,
    FullyGraded, and when the score was computed (ISO 8601 with its UTC offset)."""
    completed = grade.score_given >= grade.score_maximum
    return (
        Grade()
        .set_user_id(sub)
        .set_score_given(grade.score_given)
        .set_score_maximum(grade.score_maximum)
        .set_activity_progress("Completed" if completed else "InProgress")
        .set_grading_progress("FullyGraded")
        .set_timestamp(grade.scored_at.astimezone(UTC).isoformat(timespec="milliseconds"))
    )


def send(moment: datetime | None = None) -> int:
    """Step 2: post each unsent score this process can claim. Returns how many were
    posted."""
    moment = moment or timezone.now()
    connectors: dict[int, ServiceConnector] = {}
    posted = 0
    for pk in list(_unsent(moment).order_by("next_try_at").values_list("pk", flat=True)[:BATCH]):
        if not _unsent(moment).filter(pk=pk).update(claimed_until=moment + CLAIM):
            continue  # another process has it, or it was sent meanwhile
        grade = LtiGrade.objects.select_related(
            "link__resource_link__context__deployment__registration", "learner__lti_user"
        ).get(pk=pk)
        registration = grade.link.resource_link.context.deployment.registration
        try:
            connector = connectors.get(registration.pk) or _connector(registration)
            connectors[registration.pk] = connector
            service = AssignmentsGradesService(
                connector, {"scope": [SCORE_SCOPE], "lineitem": grade.link.line_item_url}
            )
            service.put_grade(score_body(grade, grade.learner.lti_user.sub))
        except (LtiException, requests.RequestException, ValueError) as failed:
            failures = grade.failures + 1
            LtiGrade.objects.filter(pk=pk).update(
                last_error=str(failed)[:ERROR_MAX],
                failures=failures,
                next_try_at=timezone.now() + retry_after(failures),
                claimed_until=None,
            )
            continue
        LtiGrade.objects.filter(pk=pk).update(
            sent_given=grade.score_given,
            sent_maximum=grade.score_maximum,
            sent_scored_at=grade.scored_at,
            sent_at=timezone.now(),
            last_error="",
            failures=0,
            claimed_until=None,
        )
        posted += 1
    return posted


def _connector(registration: LtiRegistration) -> ServiceConnector:
    ensure_signing_key()
    return ServiceConnector(registration.to_registration(), lms_session())


def sync(moment: datetime | None = None) -> int:
    """One pass: score, then send. Returns how many scores were posted."""
    moment = moment or timezone.now()
    score(moment)
    return send(moment)


def resend_assignment(link_ids: Iterable[int]) -> int:
    """The admin's "send all grades now": every grade of these links counts as unsent and
    due now. Returns how many grades that is."""
    now = timezone.now()
    score(now, _links().filter(pk__in=list(link_ids)))
    return LtiGrade.objects.filter(link_id__in=list(link_ids)).update(
        sent_scored_at=None, next_try_at=now, failures=0
    )


# ------------------------------------------------------------------------------- the thread


class Sender:
    """This process's grade thread: started with the process's first request (see
    `classroom.apps`), none with an interval of 0 (the test suite's setting)."""

    def __init__(self) -> None:
        self.started = False
        self.lock = threading.Lock()
        self.stopping = threading.Event()  # set: the thread ends after its current pass

    def start(self) -> None:
        with self.lock:
            if self.started:
                return
            self.started = True
        interval = float(getattr(settings, "APICHALLENGES_LTI_GRADE_SECONDS", 0))
        if interval <= 0:
            return
        thread = threading.Thread(target=self.run, args=(interval,), name="lti-grades", daemon=True)
        start_without_signals(thread)

    def run(self, interval: float) -> None:
        while not self.stopping.wait(interval):
            try:
                sync()
            except Exception:
                logger.exception("LTI grades: a pass failed")
            finally:
                close_old_connections()

    def after_fork(self) -> None:
        self.started = False
        self.lock = threading.Lock()


sender = Sender()
os.register_at_fork(after_in_child=sender.after_fork)
