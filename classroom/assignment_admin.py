"""The admin of assignments: a form that chooses whole sections, then adds or removes
single challenges, and stores the result as the assignment's list of keys; when it
changes the due time, whether the marks given so far are kept; and the students' own due
times (extensions).

Times are taken and shown in the server's zone (`APICHALLENGES_TIME_ZONE`), which the
form names beside each time field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import ForeignKey, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString

from challengers.models import Challenger
from challengers.sessions import mode
from challenges.catalogue import challenges_for, display_id, sections
from challenges.times import format_time, zone_label
from classroom.assignments import assigned_challenges, section_keys
from classroom.deadlines import change_due_time
from classroom.lti.grades import resend_assignment
from classroom.models import Assignment, Extension, LtiLinkedAssignment
from classroom.teaching import TaughtCohortFilter, visible_assignments, visible_cohorts

KEEP_MARKS = "keep"
REMARK = "remark"
EARLIER_MARKS = (
    (KEEP_MARKS, "Keep earlier marks: credits before now stay judged by the due time then"),
    (REMARK, "Re-mark all: judge every credit, earlier ones too, against the new due time"),
)


def zone_help(text: str) -> str:
    return f"{text} In {zone_label()}."


def _section_choices(current_mode: str) -> list[tuple[str, str]]:
    keys = section_keys(current_mode)
    offered = [s for s in sections() if s.key in keys]
    return [(s.key, f"{n}. {s.title} ({len(keys[s.key])})") for n, s in enumerate(offered, start=1)]


def _challenge_choices(current_mode: str) -> list[tuple[str, str]]:
    return [
        (c.key, f"{display_id(c.key, current_mode)} {c.name}") for c in challenges_for(current_mode)
    ]


class AssignmentForm(forms.ModelForm):
    """Sections ticked, plus challenges added, minus challenges removed.

    An existing assignment opens with each section ticked that it holds more than half of,
    its other challenges as added and the missing ones of ticked sections as removed, so
    saving it unchanged stores the same keys."""

    sections = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Every challenge of the ticked sections.",
    )
    add_challenges = forms.MultipleChoiceField(
        required=False,
        label="Also these challenges",
        widget=forms.SelectMultiple(attrs={"size": 12}),
        help_text="Single challenges added to the sections' (Ctrl- or ⌘-click to pick several).",
    )
    remove_challenges = forms.MultipleChoiceField(
        required=False,
        label="Except these challenges",
        widget=forms.SelectMultiple(attrs={"size": 12}),
        help_text="Single challenges taken out of the ticked sections.",
    )
    earlier_marks = forms.ChoiceField(
        label="If you change the due time",
        choices=EARLIER_MARKS,
        initial=KEEP_MARKS,
        required=False,
        widget=forms.RadioSelect,
        help_text=(
            "Whether completions made before now keep the late or on-time mark they got. "
            "Ignored when the due time stays as it is."
        ),
    )

    class Meta:
        model = Assignment
        fields = ("cohort", "title", "opens_at", "due_at", "own_client_only")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.mode = mode()
        self.previous_due = self.instance.due_at if self.instance.pk else None
        for name in ("opens_at", "due_at"):
            self.fields[name].help_text = zone_help(str(self.fields[name].help_text))
        # Read when the form is made: the served edition may change between processes.
        for name, choices in (
            ("sections", _section_choices(self.mode)),
            ("add_challenges", _challenge_choices(self.mode)),
            ("remove_challenges", _challenge_choices(self.mode)),
        ):
            field = self.fields[name]
            assert isinstance(field, forms.MultipleChoiceField)
            field.choices = choices
        if self.instance.pk:
            self._split(self.instance.challenges or [])

    def _split(self, keys: list[str]) -> None:
        chosen = {c.key for c in assigned_challenges(keys, self.mode)}
        ticked, added, removed = [], [], []
        for section, in_section in section_keys(self.mode).items():
            held = [k for k in in_section if k in chosen]
            if len(held) * 2 > len(in_section):
                ticked.append(section)
                removed += [k for k in in_section if k not in chosen]
            else:
                added += held
        self.initial.update(
            {"sections": ticked, "add_challenges": added, "remove_challenges": removed}
        )

    def chosen_keys(self) -> list[str]:
        by_section = section_keys(self.mode)
        keys = {k for s in self.cleaned_data.get("sections", []) for k in by_section.get(s, ())}
        keys |= set(self.cleaned_data.get("add_challenges", []))
        keys -= set(self.cleaned_data.get("remove_challenges", []))
        return [c.key for c in assigned_challenges(keys, self.mode)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.chosen_keys():
            raise forms.ValidationError(
                "Choose at least one challenge: tick a section or add single challenges."
            )
        return cleaned

    def due_time_changed(self) -> bool:
        return bool(self.instance.pk) and "due_at" in self.changed_data

    def keeps_marks(self) -> bool:
        """Unless "re-mark all" was chosen: left unset (a form posted by hand), keeping is
        the choice that changes no mark."""
        return self.cleaned_data.get("earlier_marks") != REMARK

    def save(self, commit: bool = True) -> Assignment:
        self.instance.challenges = self.chosen_keys()
        return super().save(commit)


class ExtensionForm(forms.ModelForm):
    class Meta:
        model = Extension
        fields = ("challenger", "due_at")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["due_at"].help_text = zone_help("This student's own due time.")


class StudentChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        """`Ada Lovelace (3f0c2a8e…)`: two students of one name still tell apart."""
        return f"{obj.display_name or '(no name)'} ({obj.guid[:8]}…)"


class ExtensionInline(admin.TabularInline):
    """Students of the assignment's class given a due time of their own."""

    model = Extension
    form = ExtensionForm
    extra = 1
    verbose_name = "own due time (extension)"
    verbose_name_plural = "Own due times (extensions): each student's credits judged by theirs"

    def formfield_for_foreignkey(
        self, db_field: ForeignKey, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField | None:
        if db_field.name == "challenger":
            kwargs["queryset"] = self.students(request)
            kwargs["form_class"] = StudentChoiceField
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def students(self, request: HttpRequest) -> QuerySet[Challenger]:
        """The sessions of the class the assignment being changed is for."""
        match = request.resolver_match
        object_id = match.kwargs.get("object_id") if match else None
        if not object_id or not str(object_id).isdigit():
            return Challenger.objects.none()
        cohort = Assignment.objects.filter(pk=object_id).values("cohort_id")
        return Challenger.objects.filter(cohort_id__in=cohort).order_by("display_name", "guid")


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    form = AssignmentForm
    inlines = (ExtensionInline,)
    list_display = (
        "title",
        "cohort",
        "challenge_count",
        "opens",
        "due",
        "own_client_only",
        "state",
    )
    list_filter = (("cohort", TaughtCohortFilter),)
    list_select_related = ("cohort",)
    search_fields = ("title", "cohort__name", "cohort__code")
    ordering = ("cohort", "due_at")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "cohort",
                    "title",
                    "opens_at",
                    "due_at",
                    "earlier_marks",
                    "own_client_only",
                )
            },
        ),
        (
            "Challenges",
            {"fields": ("sections", "add_challenges", "remove_challenges", "chosen")},
        ),
    )
    readonly_fields = ("chosen",)
    actions = ["send_grades_now"]

    class Media:
        css = {"all": ("dashboard/class_progress.css",)}
        js = ("dashboard/assignment_admin.js",)

    def get_inlines(self, request: HttpRequest, obj: Assignment | None) -> list[type[Any]]:
        # Extensions name students of the class: offered once the assignment has one.
        return list(self.inlines) if obj is not None else []

    def get_fieldsets(self, request: HttpRequest, obj: Assignment | None = None) -> Any:
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None:
            return fieldsets
        # A new assignment has no marks to keep or re-mark.
        (name, options), *rest = fieldsets
        fields = tuple(f for f in options["fields"] if f != "earlier_marks")
        return [(name, {**options, "fields": fields}), *rest]

    def save_model(
        self, request: HttpRequest, obj: Assignment, form: forms.ModelForm, change: bool
    ) -> None:
        super().save_model(request, obj, form, change)
        assert isinstance(form, AssignmentForm)
        if change and form.due_time_changed():
            change_due_time(obj, form.previous_due, keep_marks=form.keeps_marks())

    @admin.display(description="opens", ordering="opens_at")
    def opens(self, obj: Assignment) -> str:
        return format_time(obj.opens_at) or "-"

    @admin.display(description="due", ordering="due_at")
    def due(self, obj: Assignment) -> str:
        return format_time(obj.due_at) or "-"

    # A staff account that is not a superuser: the assignments of the cohorts it teaches.
    def get_queryset(self, request: HttpRequest) -> QuerySet[Assignment]:
        return visible_assignments(request, super().get_queryset(request))

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "cohort":
            kwargs["queryset"] = visible_cohorts(request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.action(description="Send all grades of the selected assignments to the LMS now")
    def send_grades_now(self, request: HttpRequest, queryset: QuerySet[Assignment]) -> None:
        links = LtiLinkedAssignment.objects.filter(assignment__in=queryset).exclude(
            line_item_url=""
        )
        link_ids = list(links.values_list("pk", flat=True))
        if not link_ids:
            self.message_user(
                request,
                "None of these assignments is linked to an LMS grade column: an LMS link with "
                "the custom parameter assignment, launched once, links one.",
                messages.WARNING,
            )
            return
        count = resend_assignment(link_ids)
        self.message_user(
            request,
            f"{count} grade{'s' if count != 1 else ''} will be posted to the LMS within a minute.",
            messages.SUCCESS,
        )

    @admin.display(description="challenges")
    def challenge_count(self, obj: Assignment) -> int:
        return len(assigned_challenges(obj.challenges or [], mode()))

    @admin.display(description="now")
    def state(self, obj: Assignment) -> str:
        moment = timezone.now()
        if obj.opens_at and obj.opens_at > moment:
            return "not open yet"
        if obj.due_at and obj.due_at <= moment:
            return "open, past due"
        return "open"

    @admin.display(description="chosen now")
    def chosen(self, obj: Assignment) -> SafeString:
        current = mode()
        found = assigned_challenges(obj.challenges or [], current)
        if not found:
            return format_html("{}", "None yet: saved with the choice above.")
        names = ", ".join(f"{display_id(c.key, current)} {c.name}" for c in found)
        return format_html("{} challenges: {}", len(found), names)
