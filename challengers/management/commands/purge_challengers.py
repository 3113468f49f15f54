"""Remove sessions idle longer than APICHALLENGES_SESSION_TTL_DAYS.

Deleting a Challenger cascades to its todos, secret (token and note) and, being stored on
the row itself, its progress. Run it from cron on hosted instances; never on a request path.
It also removes the per-client counts of new sessions (`challengers.limits`) of hours that
are over, which nothing reads again.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.db.models import CASCADE, QuerySet
from django.utils import timezone

from challengers.limits import ended_windows
from challengers.models import Challenger
from challengers.sessions import SINGLE_PLAYER_GUID, lock_sessions


class Command(BaseCommand):
    help = "Delete challenger sessions idle longer than the retention period, with their data."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help="Idle days before a session is removed (default: APICHALLENGES_SESSION_TTL_DAYS).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Only report what would be removed."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = (
            options["days"]
            if options["days"] is not None
            else settings.APICHALLENGES_SESSION_TTL_DAYS
        )
        if days < 0:
            self.stderr.write("--days must be zero or more")
            return
        cutoff = timezone.now() - timedelta(days=days)
        idle = Challenger.objects.filter(last_seen__lt=cutoff).exclude(pk=SINGLE_PLAYER_GUID)
        summary = ", ".join(
            [
                f"{idle.count()} sessions idle since before {cutoff:%Y-%m-%d %H:%M} UTC",
                *(f"{count} {name}" for name, count in _cascaded(idle)),
            ]
        )
        counts = "{} counts of sessions created per client in hours that ended"
        if options["dry_run"]:
            self.stdout.write(f"Would remove {summary}.")
            self.stdout.write(f"Would remove {counts.format(ended_windows().count())}.")
            return
        with transaction.atomic():
            lock_sessions(idle)  # the set can only shrink while locked: last_seen only grows
            idle.delete()
        self.stdout.write(f"Removed {summary}.")
        removed, _ = ended_windows().delete()
        self.stdout.write(f"Removed {counts.format(removed)}.")


def _cascaded(idle: QuerySet[Challenger]) -> list[tuple[str, int]]:
    """How many rows of each model that hangs off a session (todos, secrets) go with the
    idle sessions, found through the relations, so that this app need not import the apps
    built on it."""
    counts = []
    for relation in Challenger._meta.related_objects:
        if relation.on_delete is not CASCADE:
            continue
        model = relation.related_model
        rows = model._default_manager.filter(**{f"{relation.field.name}__in": idle})
        counts.append((str(model._meta.verbose_name_plural), rows.count()))
    return sorted(counts)
