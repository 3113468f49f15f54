"""Which sessions a class's join link made (`classroom.models.LinkSession`): a new table;
sessions made before it existed are simply not marked."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("challengers", "0008_request_history_app"),
        ("classroom", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="LinkSession",
            fields=[
                (
                    "challenger",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="challengers.challenger",
                    ),
                ),
                ("made_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                "verbose_name": "session made by a join link",
                "verbose_name_plural": "sessions made by a join link",
            },
        ),
    ]
