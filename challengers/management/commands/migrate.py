"""`manage.py migrate` with no `--database` migrates every database of the project: the
default one and, on SQLite, the request history's file (`challengers.routers`), so that
`make run`, a hosted release and every script that migrates get both. With `--database`
(the test runner names each database) it is Django's command as it is."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser
from django.core.management.commands import migrate
from django.db import DEFAULT_DB_ALIAS, connections


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
            return super().execute(*args, **options)
        aliases = sorted(connections, key=lambda alias: alias != DEFAULT_DB_ALIAS)
        for alias in aliases:
            if len(aliases) > 1 and options["verbosity"] >= 1:
                self.stdout.write(self.style.MIGRATE_HEADING(f"Database {alias!r}:"))
            super().execute(*args, **{**options, "database": alias})
        return None
