"""The request history's model moves to the `history` app (its migration 0001 takes it
over): here it only leaves the sessions app's state; the table stays."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("challengers", "0007_request_history_size"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="RequestBatch")],
            database_operations=[],
        ),
    ]
