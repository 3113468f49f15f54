"""The request history's table, made by the sessions app's migrations (0006, 0007) before
the history had an app of its own, becomes this app's: only Django's record of which app
holds the model changes, the table and its rows stay as they are."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("challengers", "0007_request_history_size"),
    ]
    run_before = [
        ("challengers", "0008_request_history_app"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="RequestBatch",
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
                        ("challenger", models.CharField(max_length=64)),
                        ("first_at", models.BigIntegerField()),
                        ("last_at", models.BigIntegerField()),
                        ("count", models.PositiveSmallIntegerField()),
                        ("entries", models.JSONField()),
                        ("size", models.PositiveIntegerField(default=0)),
                    ],
                    options={
                        "db_table": "challenges_requestbatch",
                        "verbose_name": "request history batch",
                        "verbose_name_plural": "request history batches",
                        "indexes": [
                            models.Index(
                                fields=["challenger", "last_at"], name="request_batch_order"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
