"""Who sees which cohorts in the admin: a superuser every cohort, any other staff account
only the cohorts it teaches (`CohortInstructor`) and those cohorts' students. One hosted
instance can so serve a department's courses without one course's instructor reading
another's students. Every admin list, page, filter, form choice, class page, live update
and CSV reads cohorts and sessions through here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import QuerySet
from django.db.models.fields.related import RelatedField
from django.http import HttpRequest

from challengers.models import Challenger, Cohort
from classroom.models import Assignment, CohortInstructor

if TYPE_CHECKING:  # annotations only: a development dependency
    from django_stubs_ext import StrOrPromise


def sees_every_cohort(request: HttpRequest) -> bool:
    return bool(request.user.is_active and request.user.is_superuser)


def visible_cohorts(
    request: HttpRequest, cohorts: QuerySet[Cohort] | None = None
) -> QuerySet[Cohort]:
    cohorts = Cohort.objects.all() if cohorts is None else cohorts
    if sees_every_cohort(request):
        return cohorts
    return cohorts.filter(pk__in=_taught(request))


def visible_sessions(request: HttpRequest, sessions: QuerySet[Challenger]) -> QuerySet[Challenger]:
    if sees_every_cohort(request):
        return sessions
    return sessions.filter(cohort__in=_taught(request))


def visible_assignments(
    request: HttpRequest, assignments: QuerySet[Assignment]
) -> QuerySet[Assignment]:
    if sees_every_cohort(request):
        return assignments
    return assignments.filter(cohort__in=_taught(request))


def _taught(request: HttpRequest) -> QuerySet[CohortInstructor, Any]:
    user_id = request.user.pk
    if user_id is None:  # no one logged in teaches nothing
        return CohortInstructor.objects.none().values("cohort_id")
    return CohortInstructor.objects.filter(user_id=user_id).values("cohort_id")


def teach(request: HttpRequest, cohort: Cohort) -> None:
    """The cohort a staff account just made is one it teaches (else it could not see it)."""
    user_id = request.user.pk
    if user_id is not None and not sees_every_cohort(request):
        CohortInstructor.objects.get_or_create(cohort=cohort, user_id=user_id)


class TaughtCohortFilter(admin.RelatedFieldListFilter):
    """The admin's cohort filter, offering only the cohorts the user sees."""

    def field_choices(
        self, field: RelatedField, request: HttpRequest, model_admin: admin.ModelAdmin
    ) -> list[tuple[str, StrOrPromise]]:
        choices = super().field_choices(field, request, model_admin)
        if sees_every_cohort(request):
            return choices
        allowed = {str(pk) for pk in visible_cohorts(request).values_list("pk", flat=True)}
        return [(pk, label) for pk, label in choices if str(pk) in allowed]
