"""Assignments may count only what students complete from their own client. Existing
assignments count every credit, as before; the database default keeps rows inserted by
processes still running the previous release valid while the release rolls out."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0003_deadlines"),
    ]

    operations = [
        migrations.AddField(
            model_name="assignment",
            name="own_client_only",
            field=models.BooleanField(
                db_default=False,
                default=False,
                help_text=(
                    "Count only the challenges students complete from their own client "
                    "(Postman, curl, code): not those done with Try it on their progress "
                    "page or in the API docs, by the provided Postman collection, or "
                    "restored from saved progress."
                ),
                verbose_name="own client only",
            ),
        ),
    ]
