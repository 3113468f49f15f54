"""What the classroom stores of its own: the assignments instructors give a cohort.

Progress and near misses stay on the session row (`challengers.models.Challenger`); an
assignment only names which challenges of the catalogue a cohort works on and when.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from challengers.models import Cohort


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
