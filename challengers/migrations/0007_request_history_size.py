"""Each request-history row records its own size in bytes (`RequestBatch.size`), so that
a session's bound and the whole history's cap (history/writer.py) are summed without
reading the entries. Rows written before it are given the size of their entries' JSON."""

from typing import Any

from django.db import migrations, models, router
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def measure_existing(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    batch = apps.get_model("challengers", "RequestBatch")
    connection = schema_editor.connection
    if not router.allow_migrate_model(connection.alias, batch):
        return  # the history is in another database (SQLite's history file)
    table = connection.ops.quote_name(batch._meta.db_table)
    if connection.vendor == "postgresql":
        size = "octet_length(entries::text)"
    else:
        # SQLite keeps the JSON as text; a blob's length is its bytes, not characters.
        size = "length(CAST(entries AS BLOB))"
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET size = {size}")


def nothing(*args: Any) -> None:
    pass


class Migration(migrations.Migration):
    dependencies = [
        ("challengers", "0006_request_history_file"),
    ]

    operations = [
        migrations.AddField(
            model_name="requestbatch",
            name="size",
            field=models.PositiveIntegerField(default=0),
        ),
        # Named, so that the router runs it where the history is (history/routers.py).
        migrations.RunPython(
            measure_existing, nothing, hints={"model_name": "requestbatch"}, elidable=True
        ),
    ]
