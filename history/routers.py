"""Where the request history is stored.

On SQLite the history has a database file of its own beside the main one (the `history`
alias of `practiceapi.settings`). SQLite lets one writer into a file at a time, and in the
main file every process's history batch would hold the todo writes of every process in
the queue behind it, which costs the classroom mix several times what a file of its own
does. Without that alias (PostgreSQL, whose writers do not queue for the whole database)
the history is in the default database.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model

HISTORY = "history"
HISTORY_MODEL = "requestbatch"  # history.models.RequestBatch
# The history's tables as the sessions app's migrations made them, before it had an app of
# its own: migrating a new database runs those migrations here too.
HISTORY_MODELS = frozenset(
    {(HISTORY, HISTORY_MODEL), ("challengers", HISTORY_MODEL), ("challengers", "requestrecord")}
)


def history_database() -> str:
    """The alias of the database that holds the request history."""
    return HISTORY if HISTORY in settings.DATABASES else DEFAULT_DB_ALIAS


def _is_history(model: type[Model]) -> bool:
    return model._meta.app_label == HISTORY and model._meta.model_name == HISTORY_MODEL


class HistoryRouter:
    """The request history to its database, and nothing else there."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        return history_database() if _is_history(model) else None

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        return history_database() if _is_history(model) else None

    def allow_migrate(
        self, db: str, app_label: str, model_name: str | None = None, **hints: Any
    ) -> bool | None:
        if HISTORY not in settings.DATABASES:
            return None
        if (app_label, model_name) in HISTORY_MODELS:
            return db == HISTORY
        return False if db == HISTORY else None
