"""The admin of LTI grade passback: per student and assignment, the score now, the last
score sent to the LMS, when, and the last error (read-only: the grade thread writes
these). Staff who are not superusers see their cohorts' rows only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from classroom.models import LtiGrade
from classroom.teaching import TaughtCohortFilter, sees_every_cohort, visible_cohorts


@admin.register(LtiGrade)
class LtiGradeAdmin(admin.ModelAdmin):
    list_display = (
        "student",
        "assignment",
        "score_now",
        "score_sent",
        "sent_at",
        "last_error",
        "failures",
        "next_try_at",
    )
    list_select_related = ("learner__challenger", "link__assignment__cohort")
    list_filter = (("link__assignment__cohort", TaughtCohortFilter),)
    search_fields = ("learner__challenger__display_name", "link__assignment__title")
    ordering = ("link__assignment", "learner__challenger__display_name")
    list_per_page = 100

    # Readable by whoever may read the assignments; written by the grade thread only.
    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        user = request.user
        return sees_every_cohort(request) or user.has_perm("classroom.view_assignment")

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[LtiGrade]:
        grades = super().get_queryset(request)
        if sees_every_cohort(request):
            return grades
        return grades.filter(link__assignment__cohort__in=visible_cohorts(request))

    @admin.display(description="student", ordering="learner__challenger__display_name")
    def student(self, obj: LtiGrade) -> str:
        return str(obj.learner.challenger)

    @admin.display(description="assignment", ordering="link__assignment__title")
    def assignment(self, obj: LtiGrade) -> str:
        return f"{obj.link.assignment.title} ({obj.link.assignment.cohort.name})"

    @admin.display(description="score now")
    def score_now(self, obj: LtiGrade) -> str:
        return f"{obj.score_given}/{obj.score_maximum}"

    @admin.display(description="last score sent")
    def score_sent(self, obj: LtiGrade) -> str:
        if obj.sent_given is None:
            return "none yet"
        return f"{obj.sent_given}/{obj.sent_maximum}"
