"""The instructor's admin: sessions with their progress and near misses, merging two
sessions of one student, cohorts, the class progress page and the CSV export. Staff login
is Django's own (`createsuperuser`, see docs/instructors.md).

Progress is read from `Challenger.progress` through `classroom.reports`; the admin never
writes it (a full-row save could overwrite a completion recorded at the same moment).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.utils import quote
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timezone import now

from challengers.models import Challenger, Cohort
from challengers.sessions import lock_sessions, mode
from challenges.catalogue import challenges_for, completion_value, display_id
from challenges.channels import OWN, SOURCES, credit_channel, own_time
from challenges.declarations import is_done
from challenges.near_misses import open_near_misses
from challenges.services import save_profile
from challenges.times import format_time, parse_time
from classroom import (
    assignment_admin,  # noqa: F401 - registers the assignments' admin
    class_view,
)
from classroom.lti import admin as lti_admin  # noqa: F401 - registers the LTI grades' admin
from classroom.lti import course
from classroom.models import CohortInstructor
from classroom.reports import (
    band_by_slug,
    bands,
    done_count,
    guids_in_band,
    percent,
    progress_csv,
    total_count,
)
from classroom.services import MergeRefused, merge_sessions
from classroom.teaching import (
    TaughtCohortFilter,
    sees_every_cohort,
    teach,
    visible_cohorts,
    visible_sessions,
)
from history.admin import recent_requests_section
from secrets_app.models import Secret
from todos.models import Todo

if TYPE_CHECKING:  # annotations only: a development dependency
    from django_stubs_ext import WithAnnotations

admin.site.site_header = "API Challenges: instructor admin"
admin.site.site_title = "API Challenges admin"
admin.site.index_title = "Classroom"


def csv_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --------------------------------------------------------------------------- sessions


def _done_how(progress: dict[str, Any], channels: Any, key: str) -> str:
    """Where a done challenge was done from: `own client`, `Try it or the API docs`, …,
    and when the student's own client did it too, if it did later."""
    channel = credit_channel(progress, channels, key)
    how = SOURCES[channel]
    if channel != OWN:
        own = own_time(progress, channels, key)
        if own is not None:
            how += f"; own client too, {format_time(parse_time(own)) or 'later'}"
    return how


class ProgressBandFilter(admin.SimpleListFilter):
    title = "progress"
    parameter_name = "progress"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [(band.slug, band.label) for band in bands()]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[Challenger]
    ) -> QuerySet[Challenger]:
        band = band_by_slug(self.value() or "")
        if band is None:
            return queryset
        return queryset.filter(pk__in=guids_in_band(queryset, band))


@admin.register(Challenger)
class ChallengerAdmin(admin.ModelAdmin):
    list_display = (
        "guid",
        "display_name",
        "cohort",
        "progress_done",
        "progress_percent",
        "last_api_request",
        "last_seen",
        "created_at",
    )
    list_display_links = ("guid",)
    list_filter = (
        ("cohort", TaughtCohortFilter),
        ProgressBandFilter,
        ("last_api_request", admin.DateFieldListFilter),
        ("last_seen", admin.DateFieldListFilter),
    )
    list_select_related = ("cohort",)
    search_fields = ("guid", "display_name")
    ordering = ("-last_seen",)
    list_per_page = 100
    actions = ["export_progress_csv", "merge_two_sessions"]
    fields = (
        "guid",
        "display_name",
        "cohort",
        "created_at",
        "last_api_request",
        "last_seen",
        "dashboard_link",
        "progress_summary",
        "near_miss_table",
        "recent_requests",
        "challenge_table",
    )
    readonly_fields = (
        "guid",
        "created_at",
        "last_api_request",
        "last_seen",
        "dashboard_link",
        "progress_summary",
        "near_miss_table",
        "recent_requests",
        "challenge_table",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sessions are created by students (POST /api/challenger)

    # Lists, pages, the object history, actions and the CSV all start here.
    def get_queryset(self, request: HttpRequest) -> QuerySet[Challenger]:
        return visible_sessions(request, super().get_queryset(request))

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "cohort":
            kwargs["queryset"] = visible_cohorts(request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    # Deleting sessions locks them first, as the API's writers do (`lock_sessions`).
    def delete_model(self, request: HttpRequest, obj: Challenger) -> None:
        with transaction.atomic():
            lock_sessions(Challenger.objects.filter(pk=obj.pk))
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Challenger]) -> None:
        with transaction.atomic():
            lock_sessions(queryset)
            super().delete_queryset(request, queryset)

    @admin.display(description="progress")
    def progress_done(self, obj: Challenger) -> str:
        return f"{done_count(obj.progress or {})}/{total_count()}"

    @admin.display(description="%")
    def progress_percent(self, obj: Challenger) -> str:
        return f"{percent(done_count(obj.progress or {}), total_count())}%"

    @admin.display(description="progress")
    def progress_summary(self, obj: Challenger) -> str:
        done, total = done_count(obj.progress or {}), total_count()
        return f"{done} of {total} challenges done ({percent(done, total)}%)"

    @admin.display(description="student dashboard")
    def dashboard_link(self, obj: Challenger) -> SafeString:
        url = f"/gui/challenges/{obj.guid}"
        return format_html('<a href="{}">{}</a>', url, url)

    @admin.display(description="challenges")
    def challenge_table(self, obj: Challenger) -> SafeString:
        current = mode()
        progress = obj.progress or {}
        channels = obj.credit_channels
        rows = []
        for challenge in challenges_for(current):
            value = completion_value(progress, challenge.key)
            done = is_done(value)
            rows.append(
                (
                    "cp-done" if done else "",
                    display_id(challenge.key, current),
                    challenge.name,
                    "✓ Done" if done else "– Not done",
                    format_time(parse_time(value)) if done else "",
                    _done_how(progress, channels, challenge.key) if done else "",
                )
            )
        body = format_html_join(
            "",
            '<tr class="{}"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>',
            rows,
        )
        return format_html(
            '<table class="cp-challenges"><thead><tr><th scope="col">ID</th>'
            '<th scope="col">Challenge</th><th scope="col">Done</th>'
            '<th scope="col">Completed at</th><th scope="col">Done from</th></tr></thead>'
            "<tbody>{}</tbody></table>",
            body,
        )

    @admin.display(description="near misses")
    def near_miss_table(self, obj: Challenger) -> SafeString:
        nearly = open_near_misses(obj.progress or {}, obj.near_misses, mode())
        if not nearly:
            return format_html(
                "<p>{}</p>", "None: no request has nearly completed a challenge still open."
            )
        body = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td>"
            "<td>{}</td></tr>",
            (
                (n.display_id, n.name, format_time(n.moment), n.request, n.status, n.reason)
                for n in nearly
            ),
        )
        return format_html(
            '<table class="cp-challenges cp-near-misses"><thead><tr><th scope="col">ID</th>'
            '<th scope="col">Challenge</th><th scope="col">Last try at</th>'
            '<th scope="col">Request</th><th scope="col">Status</th>'
            '<th scope="col">Reason</th></tr></thead><tbody>{}</tbody></table>',
            body,
        )

    @admin.display(description="recent requests")
    def recent_requests(self, obj: Challenger) -> SafeString:
        # The session's secret token shows in what it sent and was answered (a progress
        # payload carries it); the admin never shows that token.
        tokens = Secret.objects.filter(challenger=obj).values_list("token", flat=True)
        return recent_requests_section(obj, tokens)

    def save_model(self, request: HttpRequest, obj: Challenger, form: Any, change: bool) -> None:
        # Only the profile columns: progress may have changed since the form was loaded.
        save_profile(obj, {"display_name": obj.display_name, "cohort": obj.cohort})

    @admin.action(description="Export progress of the selected sessions as CSV")
    def export_progress_csv(
        self, request: HttpRequest, queryset: QuerySet[Challenger]
    ) -> HttpResponse:
        stamp = now().strftime("%Y%m%d-%H%M")
        return csv_response(progress_csv(queryset), f"progress-{stamp}.csv")

    @admin.action(
        description="Merge the two selected sessions of one student", permissions=["change"]
    )
    def merge_two_sessions(
        self, request: HttpRequest, queryset: QuerySet[Challenger]
    ) -> HttpResponse | None:
        """Asks which of the two sessions to keep, then merges the other into it
        (`classroom.services.merge_sessions`) and deletes the other."""
        sessions = list(queryset.select_related("cohort").order_by("created_at", "pk")[:3])
        if len(sessions) != 2:
            self.message_user(
                request,
                "Select exactly two sessions to merge: the two sessions of one student.",
                messages.ERROR,
            )
            return None
        error = ""
        if request.POST.get("post") == "yes":
            keep = request.POST.get("keep", "")
            guids = [session.pk for session in sessions]
            if keep in guids:
                other = guids[1 - guids.index(keep)]
                try:
                    kept = merge_sessions(keep, other)
                except MergeRefused as refused:
                    self.message_user(request, str(refused), messages.ERROR)
                    return None
                self.log_change(request, kept, f"Merged session {other} into this one.")
                self.message_user(
                    request,
                    f"Merged session {other} into {kept.guid} ({kept}); {other} is deleted.",
                    messages.SUCCESS,
                )
                url = reverse("admin:challengers_challenger_change", args=[quote(kept.pk)])
                return HttpResponseRedirect(url)
            error = "Choose the session to keep."
        context = {
            **self.admin_site.each_context(request),
            "title": "Merge two sessions of one student",
            "opts": self.model._meta,
            "sessions": [self._merge_choice(session) for session in sessions],
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
            "action": "merge_two_sessions",
            "error": error,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(
            request, "admin/challengers/challenger/merge_sessions.html", context
        )

    def _merge_choice(self, session: Challenger) -> dict[str, Any]:
        """What the merge's confirmation shows of one of the two sessions."""
        progress = session.progress or {}
        return {
            "session": session,
            "done": done_count(progress),
            "total": total_count(),
            "near_misses": len(open_near_misses(progress, session.near_misses, mode())),
            "todos": Todo.objects.filter(challenger=session).count(),
            "note": bool(Secret.objects.filter(challenger=session).exclude(note="").exists()),
        }

    class Media:
        css = {"all": ("dashboard/admin.css",)}


# --------------------------------------------------------------------------- cohorts


class Students(TypedDict):
    """What the changelist's queryset annotates on each cohort."""

    students: int


@admin.register(CohortInstructor)
class CohortInstructorAdmin(admin.ModelAdmin):
    """Who teaches which cohort, by hand; superusers only (an LTI instructor launch adds its
    own row). A row of its own rather than a part of the cohort's form, so that the cohort
    form posts what it always posted."""

    list_display = ("cohort", "user")
    list_filter = ("cohort",)
    list_select_related = ("cohort", "user")
    search_fields = ("cohort__name", "cohort__code", "user__username")

    def has_module_permission(self, request: HttpRequest) -> bool:
        return sees_every_cohort(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return sees_every_cohort(request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return sees_every_cohort(request)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return sees_every_cohort(request)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return sees_every_cohort(request)

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "user":
            kwargs["queryset"] = db_field.related_model.objects.filter(is_staff=True)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(Cohort)
class CohortAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "student_count", "created_at", "class_progress_link")
    search_fields = ("name", "code")
    ordering = ("name",)
    fields = ("name", "code", "created_at")
    # When the cohort was made is a fact, not a setting (and the admin's split date and
    # time inputs carry no labels a screen reader could name).
    readonly_fields = ("created_at",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Cohort]:
        cohorts = visible_cohorts(request, super().get_queryset(request))
        return cohorts.annotate(students=Count("challengers"))

    def save_model(self, request: HttpRequest, obj: Cohort, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if not change:
            teach(request, obj)

    @admin.display(description="students", ordering="students")
    def student_count(self, obj: WithAnnotations[Cohort, Students]) -> SafeString:
        url = reverse("admin:challengers_challenger_changelist") + f"?cohort__id__exact={obj.pk}"
        return format_html('<a href="{}">{}</a>', url, obj.students)

    @admin.display(description="class progress")
    def class_progress_link(self, obj: Cohort) -> SafeString:
        url = reverse("admin:challengers_cohort_progress", args=[quote(obj.pk)])
        return format_html('<a href="{}">Class progress</a>', url)

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Cohort | None = None,
    ) -> HttpResponse:
        # The cohort the admin has already loaded for its form: its join link and QR code.
        if obj is not None:
            context = {**class_view.cohort_page_context(request, obj), **context}
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self) -> list:
        wrap = self.admin_site.admin_view
        # Named as the admin names its own pages: `<app label>_<model>_…`.
        named = f"{self.opts.app_label}_{self.opts.model_name}_progress"
        return [
            path(
                "<path:object_id>/progress/",
                wrap(self.class_progress_view),
                name=named,
            ),
            path(
                "<path:object_id>/progress/live.json",
                wrap(self.class_progress_live),
                name=f"{named}_live",
            ),
            path(
                "<path:object_id>/progress.csv",
                wrap(self.class_progress_csv),
                name=f"{named}_csv",
            ),
            path(
                "<path:object_id>/progress/roster/",
                wrap(self.class_progress_roster),
                name=f"{named}_roster",
            ),
            path(
                "<path:object_id>/progress/lms-link/",
                wrap(self.class_progress_lms_link),
                name=f"{named}_lms_link",
            ),
            path(
                "<path:object_id>/progress/student/<str:key>/",
                wrap(self.class_progress_student),
                name=f"{named}_student",
            ),
            *super().get_urls(),
        ]

    def _cohort(self, request: HttpRequest, object_id: str) -> Cohort:
        if not self.has_view_permission(request):
            raise PermissionDenied
        return get_object_or_404(visible_cohorts(request), pk=object_id)

    def class_progress_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Students × challenges for one cohort, updating itself (classroom.class_view)."""
        cohort = self._cohort(request, object_id)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Class progress: {cohort.name}",
            "is_nav_sidebar_enabled": False,  # the matrix needs the width
            **class_view.page_context(request, cohort),
        }
        return TemplateResponse(request, "admin/challengers/cohort/class_progress.html", context)

    def class_progress_live(self, request: HttpRequest, object_id: str) -> HttpResponse:
        return class_view.live_json(request, self._cohort(request, object_id))

    def class_progress_student(
        self, request: HttpRequest, object_id: str, key: str
    ) -> HttpResponse:
        """A student's row on the class page links here, by a key that is not the GUID."""
        return class_view.student_redirect(self._cohort(request, object_id), key)

    def _lms_action(self, request: HttpRequest, object_id: str) -> Cohort:
        if request.method != "POST":
            raise PermissionDenied
        cohort = self._cohort(request, object_id)
        if not self.has_change_permission(request, cohort):
            raise PermissionDenied
        return cohort

    def class_progress_roster(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The class page's "Import the roster": the LMS courses' members, read now."""
        cohort = self._lms_action(request, object_id)
        try:
            read = course.import_roster(cohort)
        except course.CourseRefused as refused:
            self.message_user(request, str(refused), messages.ERROR)
        else:
            self.message_user(request, f"The LMS roster lists {read} people.", messages.SUCCESS)
        return HttpResponseRedirect(class_view.progress_url(cohort))

    def class_progress_lms_link(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The class page's form tying an LMS link of the course to an assignment."""
        cohort = self._lms_action(request, object_id)
        try:
            link = course.tie_link(
                cohort,
                request.POST.get("resource_link", "")[:20],
                request.POST.get("assignment", "")[:20],
            )
        except course.CourseRefused as refused:
            self.message_user(request, str(refused), messages.ERROR)
        else:
            self.message_user(request, f"Saved what {link} is tied to.", messages.SUCCESS)
        return HttpResponseRedirect(class_view.progress_url(cohort))

    def class_progress_csv(self, request: HttpRequest, object_id: str) -> HttpResponse:
        cohort = self._cohort(request, object_id)
        sessions = Challenger.objects.filter(cohort=cohort)
        return csv_response(progress_csv(sessions), f"progress-{cohort.code}.csv")
