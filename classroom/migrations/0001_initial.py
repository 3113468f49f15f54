"""The assignments, taken over from the curriculum with their table ("curriculum_assignment")
and rows as they are: this migration records the model in the classroom's state and
creates nothing in the database.

The model's content type row moves to the classroom's label too, so the permissions
instructors were granted on assignments, through a group or one by one, and the admin's
log of changes to them, follow the model. A new database has no such row yet: Django
creates the classroom's after migrating.
"""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

import classroom.models

MODEL = "assignment"


def _relabel(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor, old: str, new: str) -> None:
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(
        schema_editor.connection.alias
    )
    # Where the new label already has a row (made by hand), the old one is left alone.
    if not content_types.filter(app_label=new, model=MODEL).exists():
        content_types.filter(app_label=old, model=MODEL).update(app_label=new)


def forwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _relabel(apps, schema_editor, "challenges", "classroom")


def backwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _relabel(apps, schema_editor, "classroom", "challenges")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("challengers", "0004_session_creations"),
        ("challenges", "0002_assignment_to_classroom"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Assignment",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("title", models.CharField(max_length=100)),
                        (
                            "challenges",
                            models.JSONField(blank=True, default=classroom.models.no_keys),
                        ),
                        (
                            "opens_at",
                            models.DateTimeField(
                                blank=True,
                                help_text="Empty: open as soon as it is saved.",
                                null=True,
                            ),
                        ),
                        (
                            "due_at",
                            models.DateTimeField(
                                blank=True,
                                help_text="Empty: no due time. Credits after it are marked late.",
                                null=True,
                            ),
                        ),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "cohort",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="assignments",
                                to="challengers.cohort",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "curriculum_assignment",
                        "ordering": ["cohort", "due_at", "opens_at", "pk"],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards, elidable=False),
    ]
