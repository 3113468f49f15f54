"""When each session last sent an API request, apart from when it was last seen (which
page views touch too). Existing sessions start with none: their `last_seen` may be a page
view, so nothing is inferred from it. `last_seen` only gains a label that says so."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("challengers", "0008_request_history_app"),
    ]

    operations = [
        migrations.AddField(
            model_name="challenger",
            name="last_api_request",
            field=models.DateTimeField(
                blank=True,
                db_index=True,
                editable=False,
                null=True,
                verbose_name="last API request",
            ),
        ),
        migrations.AlterField(
            model_name="challenger",
            name="last_seen",
            field=models.DateTimeField(
                db_index=True,
                default=django.utils.timezone.now,
                verbose_name="last seen (pages too)",
            ),
        ),
    ]
