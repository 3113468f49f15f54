"""The assignments moved to the classroom app: the curriculum forgets the model, and its
table stays as it is (the classroom's first migration takes the model over, table and
rows included)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("challenges", "0001_assignments"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Assignment")],
            database_operations=[],
        ),
    ]
