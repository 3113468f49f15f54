"""Assignments as the tests make them: straight in the database, the way the admin's form
stores them (a list of challenge keys)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from challengers.models import Cohort
from challenges.catalogue import keys_for
from classroom.models import Assignment


def assign(
    cohort: Cohort,
    first: int = 0,
    count: int = 5,
    *,
    title: str = "Today",
    opens_at: datetime | None = None,
    due_at: datetime | None = None,
    mode: str = "multi",
) -> Assignment:
    """An assignment of `count` challenges in display order, from the `first`-th on."""
    keys = list(keys_for(mode)[first : first + count])
    return Assignment.objects.create(
        cohort=cohort, title=title, challenges=keys, opens_at=opens_at, due_at=due_at
    )


def minutes(n: float) -> datetime:
    """Now plus `n` minutes (negative: in the past)."""
    return timezone.now() + timedelta(minutes=n)
