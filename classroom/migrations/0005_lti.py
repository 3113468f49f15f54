from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def teachers_keep_their_classes(apps: Any, schema_editor: Any) -> None:
    """Before cohorts had instructors every staff account saw every cohort. Each staff
    account that is not a superuser becomes an instructor of each cohort there is, so an
    upgrade shows every instructor what they saw before; an administrator narrows it."""
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Cohort = apps.get_model("challengers", "Cohort")
    CohortInstructor = apps.get_model("classroom", "CohortInstructor")
    staff = User.objects.filter(is_staff=True, is_superuser=False).values_list("pk", flat=True)
    cohorts = list(Cohort.objects.values_list("pk", flat=True))
    CohortInstructor.objects.bulk_create(
        [CohortInstructor(user_id=user, cohort_id=cohort) for user in staff for cohort in cohorts]
    )


class Migration(migrations.Migration):
    dependencies = [
        ("challengers", "0008_request_history_app"),
        ("classroom", "0004_own_client_only"),
        ("lti_tool", "0008_ltideployment_pns_url_and_more"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="LtiStoredValue",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=255, unique=True)),
                ("value", models.JSONField()),
                ("expires_at", models.DateTimeField(db_index=True)),
            ],
        ),
        migrations.CreateModel(
            name="LtiCourse",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "cohort",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="lti_courses",
                        to="challengers.cohort",
                    ),
                ),
                (
                    "context",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="course",
                        to="lti_tool.lticontext",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="LtiLearner",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "challenger",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="lti_learner",
                        to="challengers.challenger",
                    ),
                ),
                (
                    "cohort",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="lti_learners",
                        to="challengers.cohort",
                    ),
                ),
                (
                    "lti_user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="sessions",
                        to="lti_tool.ltiuser",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="LtiLinkedAssignment",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("line_item_url", models.URLField(blank=True, max_length=500)),
                (
                    "assignment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="lti_links",
                        to="classroom.assignment",
                    ),
                ),
                (
                    "resource_link",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="linked_assignment",
                        to="lti_tool.ltiresourcelink",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="LtiGrade",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("score_given", models.PositiveIntegerField()),
                ("score_maximum", models.PositiveIntegerField()),
                ("scored_at", models.DateTimeField()),
                ("sent_given", models.PositiveIntegerField(blank=True, null=True)),
                ("sent_maximum", models.PositiveIntegerField(blank=True, null=True)),
                ("sent_scored_at", models.DateTimeField(blank=True, null=True)),
                ("sent_at", models.DateTimeField(blank=True, null=True)),
                ("last_error", models.CharField(blank=True, max_length=500)),
                ("failures", models.PositiveIntegerField(default=0)),
                ("next_try_at", models.DateTimeField(db_index=True)),
                ("claimed_until", models.DateTimeField(blank=True, null=True)),
                (
                    "learner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="grades",
                        to="classroom.ltilearner",
                    ),
                ),
                (
                    "link",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="grades",
                        to="classroom.ltilinkedassignment",
                    ),
                ),
            ],
            options={
                "verbose_name": "LTI grade",
            },
        ),
        migrations.CreateModel(
            name="CohortInstructor",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "cohort",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="instructors",
                        to="challengers.cohort",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="taught_cohorts",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("cohort", "user"), name="one_row_per_cohort_teacher"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="LtiInstructor",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "context",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="accounts",
                        to="lti_tool.lticontext",
                    ),
                ),
                (
                    "lti_user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="accounts",
                        to="lti_tool.ltiuser",
                    ),
                ),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="lti_instructor",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("lti_user", "context"), name="one_account_per_lms_user_and_course"
                    )
                ],
            },
        ),
        migrations.AddConstraint(
            model_name="ltilearner",
            constraint=models.UniqueConstraint(
                fields=("lti_user", "cohort"), name="one_session_per_lms_user_and_cohort"
            ),
        ),
        migrations.AddConstraint(
            model_name="ltigrade",
            constraint=models.UniqueConstraint(
                fields=("learner", "link"), name="one_grade_per_learner_and_link"
            ),
        ),
        migrations.RunPython(teachers_keep_their_classes, migrations.RunPython.noop),
    ]
