"""What the classroom stores of its own: the assignments instructors give a cohort, the due
times an assignment had before its current one, the extensions given to single students,
and which sessions a class's join link made.

Progress and near misses stay on the session row (`challengers.models.Challenger`); an
assignment only names which challenges of the catalogue a cohort works on and when.
Whether a credit was late is never stored on the request path: a credit stamped at t is
judged against the due time in force at t (`classroom.deadlines`), which these rows keep.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

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
