"""What the classroom stores of its own: the assignments instructors give a cohort, the due
times an assignment had before its current one, the extensions given to single students,
which sessions a class's join link made, who teaches each cohort, and how LMS courses,
people and links (LTI, `classroom.lti`) map onto cohorts, sessions and assignments.

Progress and near misses stay on the session row (`challengers.models.Challenger`); an
assignment only names which challenges of the catalogue a cohort works on and when.
Whether a credit was late is never stored on the request path: a credit stamped at t is
judged against the due time in force at t (`classroom.deadlines`), which these rows keep.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from lti_tool.models import LtiContext, LtiResourceLink, LtiUser

from challengers.models import Challenger, Cohort


def no_keys() -> list[str]:
    return []


class Assignment(models.Model):
    """A set of challenges a cohort works on, from an optional opening time to an optional
    due time. `challenges` is a JSON list of challenge keys (the keys progress is stored
    under, the same in both editions where the challenge is the same); the admin's form
    builds it from sections with single challenges added or removed."""

    cohort = models.ForeignKey(Cohort, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(max_length=100)
    challenges = models.JSONField(default=no_keys, blank=True)
    opens_at = models.DateTimeField(
        null=True, blank=True, help_text="Empty: open as soon as it is saved."
    )
    due_at = models.DateTimeField(
        null=True, blank=True, help_text="Empty: no due time. Credits after it are marked late."
    )
    own_client_only = models.BooleanField(
        "own client only",
        default=False,
        db_default=False,
        help_text=(
            "Count only the challenges students complete from their own client (Postman, "
            "curl, code): not those done with Try it on their progress page or in the API "
            "docs, by the provided Postman collection, or restored from saved progress."
        ),
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        # Named when the curriculum held assignments, under its label then ("curriculum");
        # kept, so a database of an earlier release keeps its rows where they are.
        db_table = "curriculum_assignment"
        ordering = ["cohort", "due_at", "opens_at", "pk"]

    def __str__(self) -> str:
        return self.title

    def clean(self) -> None:
        if self.opens_at and self.due_at and self.due_at <= self.opens_at:
            raise ValidationError({"due_at": "The due time must come after the opening time."})
        if not isinstance(self.challenges, list) or not all(
            isinstance(k, str) for k in self.challenges
        ):
            raise ValidationError({"challenges": "A list of challenge keys is expected."})


class LinkSession(models.Model):
    """A session a class's join link made for a student who typed only a name. Such a
    session cannot do challenge 01 (a client creating its own session), so a student who
    then creates one from their client and joins with it under the same name has this one
    merged into the new one (`classroom.views.join`); a session the student made
    themselves is never merged away by the join link. Goes with its session."""

    challenger = models.OneToOneField(
        Challenger, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    made_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "session made by a join link"
        verbose_name_plural = "sessions made by a join link"

    def __str__(self) -> str:
        return f"{self.challenger_id}, made by a join link"


class EarlierDueTime(models.Model):
    """A due time the assignment had until `until`, when an instructor changed it and kept
    the marks given meanwhile: credits stamped before `until` (and after any earlier row's)
    are judged against `due_at`. An assignment without rows judges every credit against its
    current due time, as assignments of earlier releases always did."""

    assignment = models.ForeignKey(
        Assignment, on_delete=models.CASCADE, related_name="earlier_due_times"
    )
    due_at = models.DateTimeField(null=True, blank=True, help_text="Empty: there was none.")
    until = models.DateTimeField()

    class Meta:
        ordering = ["assignment", "until", "pk"]

    def __str__(self) -> str:
        return f"{self.assignment} due {self.due_at} until {self.until}"


class Extension(models.Model):
    """A due time of one student's own for an assignment: every credit of theirs in it is
    judged against this instead of the class's."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="extensions")
    challenger = models.ForeignKey(
        Challenger,
        on_delete=models.CASCADE,
        related_name="extensions",
        verbose_name="student",
    )
    due_at = models.DateTimeField("due time", help_text="This student's own due time.")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "challenger"], name="classroom_extension_one_per_student"
            )
        ]
        ordering = ["assignment", "challenger"]

    def __str__(self) -> str:
        return f"{self.challenger_id} until {self.due_at}"

    def clean(self) -> None:
        assignment = self.assignment if self.assignment_id else None
        challenger = self.challenger if self.challenger_id else None
        if assignment and challenger and challenger.cohort_id != assignment.cohort_id:
            raise ValidationError(
                {"challenger": "This student is not in the class this assignment is for."}
            )


class CohortInstructor(models.Model):
    """A staff account that teaches a cohort. A staff user who is not a superuser sees only
    the cohorts they teach and those cohorts' students. An LTI instructor launch makes the
    row for the course's cohort; an administrator adds others by hand."""

    cohort = models.ForeignKey(Cohort, on_delete=models.CASCADE, related_name="instructors")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="taught_cohorts"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["cohort", "user"], name="one_row_per_cohort_teacher")
        ]

    def __str__(self) -> str:
        return f"{self.user} teaches {self.cohort}"


class LtiStoredValue(models.Model):
    """What an LTI launch keeps between the OIDC login and the `id_token` posted back: the
    nonce the tool sent, the state's binding to the launch and the launch's claims. Kept in
    the database so that every serving process and host sees what another wrote (the login
    and the launch seldom reach the same worker). A nonce row is deleted when a launch uses
    it, so a replayed `id_token` finds none; expired rows are removed as new ones come."""

    key = models.CharField(max_length=255, unique=True)
    value = models.JSONField()
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.key


class LtiCourse(models.Model):
    """The cohort an LMS course (an LTI context) works in: the custom parameter `cohort`
    names it, or the course's first launch made it."""

    context = models.OneToOneField(LtiContext, on_delete=models.CASCADE, related_name="course")
    cohort = models.ForeignKey(Cohort, on_delete=models.CASCADE, related_name="lti_courses")

    def __str__(self) -> str:
        return f"{self.context} -> {self.cohort}"


class LtiLearner(models.Model):
    """The session an LMS learner works in for one cohort: a later launch of the same
    person (registration and `sub`) into the same course's cohort finds it again."""

    lti_user = models.ForeignKey(LtiUser, on_delete=models.CASCADE, related_name="sessions")
    cohort = models.ForeignKey(Cohort, on_delete=models.CASCADE, related_name="lti_learners")
    challenger = models.OneToOneField(
        Challenger, on_delete=models.CASCADE, related_name="lti_learner"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["lti_user", "cohort"], name="one_session_per_lms_user_and_cohort"
            )
        ]

    def __str__(self) -> str:
        return f"{self.lti_user} in {self.cohort}"


class LtiInstructor(models.Model):
    """The staff account an LMS instructor is logged in to when they launch from a course:
    one per LMS user and course, made on their first launch."""

    lti_user = models.ForeignKey(LtiUser, on_delete=models.CASCADE, related_name="accounts")
    context = models.ForeignKey(LtiContext, on_delete=models.CASCADE, related_name="accounts")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lti_instructor"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["lti_user", "context"], name="one_account_per_lms_user_and_course"
            )
        ]

    def __str__(self) -> str:
        return f"{self.lti_user} in {self.context}"


class LtiLinkedAssignment(models.Model):
    """An LMS resource link tied to one of the cohort's assignments (by the custom
    parameter `assignment`), with the AGS line item its scores go to when the launch
    carried one."""

    resource_link = models.OneToOneField(
        LtiResourceLink, on_delete=models.CASCADE, related_name="linked_assignment"
    )
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="lti_links")
    line_item_url = models.URLField(max_length=500, blank=True)

    def __str__(self) -> str:
        return f"{self.resource_link} -> {self.assignment}"


class LtiGrade(models.Model):
    """One LTI learner's score on one linked assignment: the score as last computed from
    their progress (`score_given` of `score_maximum`, first seen at `scored_at`) and what was
    last posted to the LMS's line item, when, and the last error. `classroom.lti.grades`
    keeps it: a score moves forward only (a computation older than the row's is dropped),
    one process at a time posts a row (`claimed_until`), and a failed post is tried again at
    `next_try_at`, later after each failure."""

    learner = models.ForeignKey(LtiLearner, on_delete=models.CASCADE, related_name="grades")
    link = models.ForeignKey(LtiLinkedAssignment, on_delete=models.CASCADE, related_name="grades")
    score_given = models.PositiveIntegerField()
    score_maximum = models.PositiveIntegerField()
    scored_at = models.DateTimeField()
    sent_given = models.PositiveIntegerField(null=True, blank=True)
    sent_maximum = models.PositiveIntegerField(null=True, blank=True)
    sent_scored_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True)
    failures = models.PositiveIntegerField(default=0)
    next_try_at = models.DateTimeField(db_index=True)
    claimed_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "LTI grade"
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "link"], name="one_grade_per_learner_and_link"
            )
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.score_given}/{self.score_maximum}"
