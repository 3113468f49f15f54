"""Challenger sessions, their progress, and the cohorts instructors group them into."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils import timezone


def new_list_token() -> int:
    """A fresh `Challenger.list_token`: random, so that a list never meets a token it had
    before (a GUID deleted and created again, a database restored from a backup)."""
    return secrets.randbits(62)


class Cohort(models.Model):
    """A class of students; instructors create these in the admin and share the code."""

    code = models.SlugField(max_length=40, unique=True, help_text="What students type in.")
    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Challenger(models.Model):
    """One student session, named by the GUID clients send in `X-CHALLENGER`.

    `progress` maps challenge key -> ISO-8601 completion time. It is read together with the
    session (no extra query) and merged in one atomic UPDATE when something new completes
    (see `challenges.progress`), so concurrent requests never lose each other's credits.
    `next_todo_id`/`todo_count` are the per-session id counter and the cap check, changed
    only under the row lock taken by `todos.services`.
    `list_token` takes a new random value in the same transaction as every write to the
    session's todos (`todos.services`, the only writer of todo rows, sets it after locking
    the session row); `todos.selectors` reuses the rows read with it while it is unchanged.
    Migration 0002 gave existing sessions random tokens; the database default 0 is only
    for rows inserted by code older than the field.
    `near_misses` maps challenge key -> the latest request that met every attempt condition
    of that open challenge but failed a credit condition:
    `{"at": ISO-8601, "request": "GET /api/todos?doneStatus=true", "status": 200,
    "reason": "…"}`. It lives on the session row so that recording one shares the UPDATE
    that records credits, and a credit removes its entry in that same UPDATE.
    """

    guid = models.CharField(primary_key=True, max_length=64)
    created_at = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now, db_index=True)
    next_todo_id = models.PositiveIntegerField(default=1)
    todo_count = models.PositiveIntegerField(default=0)
    progress = models.JSONField(default=dict, blank=True)
    display_name = models.CharField(max_length=100, blank=True, default="")
    cohort = models.ForeignKey(
        Cohort, null=True, blank=True, on_delete=models.SET_NULL, related_name="challengers"
    )
    list_token = models.BigIntegerField(default=new_list_token, db_default=0, editable=False)
    near_misses = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["-last_seen"]

    def __str__(self) -> str:
        return self.display_name or self.guid


class SessionCreations(models.Model):
    """How many sessions one client address created in one clock hour: the count behind
    `APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR` (`challengers.limits`), kept in the
    database so that every process and host counts together. One row per client and
    hour, raised by one atomic upsert; `purge_challengers` removes the hours that ended."""

    client = models.CharField(max_length=45)  # an IPv6 address takes at most 45
    window_start = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["client", "window_start"], name="one_creation_count_per_client_hour"
            )
        ]
        verbose_name = "session creations per client and hour"
        verbose_name_plural = verbose_name

    def __str__(self) -> str:
        return f"{self.client} {self.window_start:%Y-%m-%d %H:00}: {self.count}"


class RecordedRequest(models.Model):
    """One API request a session sent, as the server received and answered it: the
    session's request history (`challengers.history` writes and trims it, in batches off
    the request path, and names the parts of `exchange`).

    On SQLite the history is a database file of its own (`challengers.routers`), so the
    session is named by its GUID and not by a foreign key, which cannot cross files:
    `challengers.history` deletes a session's history when the session is deleted. What
    was sent and answered, but for the bodies, is one JSON array and not a column each: a
    row is written for every request and read for few, and each value bound costs the
    writer (the bodies stay text, as in JSON each of their quotes would be escaped)."""

    challenger = models.CharField(max_length=64)  # the session's GUID
    # When it was answered, in microseconds since the epoch: an integer is written with no
    # formatting and compared in the index with no parsing.
    at = models.BigIntegerField()
    exchange = models.JSONField()  # `challengers.history.EXCHANGE` names its items
    request_body = models.TextField(blank=True, default="")  # its first 2 KB
    response_body = models.TextField(blank=True, default="")  # likewise

    class Meta:
        indexes = [models.Index(fields=["challenger", "at", "id"], name="recorded_request_order")]
        verbose_name = "request"

    def __str__(self) -> str:
        return f"request {self.pk} of {self.challenger}"
