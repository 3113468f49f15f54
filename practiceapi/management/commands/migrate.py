"""`manage.py migrate` with no `--database` migrates every database of the project: the
default one and, on SQLite, the request history's file (`history.routers`), so that
`make run`, a hosted release and every script that migrates get both. With `--database`
(the test runner names each database) it is Django's command as it is.

Before migrating a database it renames what earlier releases recorded under the apps'
old labels (`RELABELLED`): the sessions app was labelled "challenges" and the curriculum
"curriculum", and the request history was a model of the sessions app. Django reads which
migrations were applied, and which app each model's permissions belong to, by label; a
database of an earlier release upgraded without this would see the sessions app's
migrations as never applied and its instructors' permissions as belonging to nothing. The
tables keep their names (each model names its table), so no row of theirs moves.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser
from django.core.management.commands import migrate
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

# Each old label's models, by the label that holds each now; in the order the renames
# run, so that a label is free before another app's records take it.
RELABELLED: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("challenges", "history", frozenset({"requestbatch"})),
    (
        "challenges",
        "challengers",
        frozenset({"challenger", "cohort", "sessioncreations", "requestrecord"}),
    ),
    ("curriculum", "challenges", frozenset({"assignment"})),
)
# The migrations an old label recorded, by the app that holds them now (the history app's
# own start from 0001, so none of the old ones are its).
MIGRATIONS_RELABELLED = (("challenges", "challengers"), ("curriculum", "challenges"))


def relabel(connection: BaseDatabaseWrapper) -> bool:
    """Rename the old labels' records in `connection`'s database, once: whether it did."""
    tables = set(connection.introspection.table_names())
    if "django_migrations" not in tables:
        return False
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        cursor.execute(
            "SELECT app FROM django_migrations WHERE (app = %s AND name = %s) OR app = %s",
            ["challenges", "0001_initial", "challengers"],
        )
        apps = {row[0] for row in cursor.fetchall()}
        # "challenges" with a 0001_initial is the old sessions app's record (the
        # curriculum's first migration has another name); "challengers" means done.
        if "challenges" not in apps or "challengers" in apps:
            return False
        for old, new in MIGRATIONS_RELABELLED:
            cursor.execute("UPDATE django_migrations SET app = %s WHERE app = %s", [new, old])
        if "django_content_type" in tables:
            for old, new, models in RELABELLED:
                marks = ", ".join(["%s"] * len(models))
                cursor.execute(
                    "UPDATE django_content_type SET app_label = %s"
                    f" WHERE app_label = %s AND model IN ({marks})",
                    [new, old, *sorted(models)],
                )
    return True


class Command(migrate.Command):
    help = (
        "Updates database schema. Manages both apps with migrations and those without."
        " Without --database, every database of settings.DATABASES in turn."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.set_defaults(database=None)

    def execute(self, *args: Any, **options: Any) -> str | None:
        if options["database"] is not None:
            self._relabel(options["database"], options["verbosity"])
            return super().execute(*args, **options)
        aliases = sorted(connections, key=lambda alias: alias != DEFAULT_DB_ALIAS)
        for alias in aliases:
            if len(aliases) > 1 and options["verbosity"] >= 1:
                self.stdout.write(self.style.MIGRATE_HEADING(f"Database {alias!r}:"))
            self._relabel(alias, options["verbosity"])
            super().execute(*args, **{**options, "database": alias})
        return None

    def _relabel(self, alias: str, verbosity: int) -> None:
        if relabel(connections[alias]) and verbosity >= 1:
            self.stdout.write(f"  Renamed the records of the apps' earlier labels in {alias!r}.")
