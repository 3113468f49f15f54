"""The due times an assignment had before its current one (kept when an instructor changes
it and keeps the marks given so far) and students' own due times. Both start empty, so an
assignment of an earlier release judges its credits against its due time as before."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("challengers", "0008_request_history_app"),
        ("classroom", "0002_join"),
    ]

    operations = [
        migrations.CreateModel(
            name="EarlierDueTime",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "due_at",
                    models.DateTimeField(blank=True, help_text="Empty: there was none.", null=True),
                ),
                ("until", models.DateTimeField()),
                (
                    "assignment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="earlier_due_times",
                        to="classroom.assignment",
                    ),
                ),
            ],
            options={
                "ordering": ["assignment", "until", "pk"],
            },
        ),
        migrations.CreateModel(
            name="Extension",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "due_at",
                    models.DateTimeField(
                        help_text="This student's own due time.", verbose_name="due time"
                    ),
                ),
                (
                    "assignment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="extensions",
                        to="classroom.assignment",
                    ),
                ),
                (
                    "challenger",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="extensions",
                        to="challengers.challenger",
                        verbose_name="student",
                    ),
                ),
            ],
            options={
                "ordering": ["assignment", "challenger"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("assignment", "challenger"),
                        name="classroom_extension_one_per_student",
                    )
                ],
            },
        ),
    ]
