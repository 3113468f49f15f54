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
    # Moves on whenever what the class's students are shown of their assignments changes
    # (an assignment, a due time, an extension; the classroom moves it in the same
    # transaction): each serving process remembers a class's assignments by it, and reads
    # it with the session, so that a progress page's poll reads no assignment at all.
    assignments_version = models.PositiveIntegerField(default=0, db_default=0, editable=False)

    class Meta:
        db_table = "challenges_cohort"  # named when the app's label was "challenges"
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Challenger(models.Model):
    """One student session, named by the GUID clients send in `X-CHALLENGER`.

    `progress` maps challenge key -> ISO-8601 completion time. It is read together with the
    session (no extra query) and merged in one atomic UPDATE when something new completes
    (`challenges.services.record_progress`), so concurrent requests never lose each other's
    credits.
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
    `last_seen` is any sign of the student: an API request, but also their progress page
    and its polls, so an open page keeps the session from the purge of idle ones.
    `last_api_request` is the student's own work only, what the class page calls active:
    written by the API's tracking alone (with `last_seen`, in the statements that already
    write it), never by a page, a poll or the admin. Null when the session has sent none,
    or sent its last before the field existed (a page view then is no evidence of one).
    `credit_channels` (NULL when empty) maps challenge key -> how that credit was earned,
    for the credits not earned by the student's own client only (`"page"`: this site's Try it or API
    docs; `"collection"`: the provided Postman collection; `"restored"`: a restored
    progress payload; see `challenges.channels`). A key absent is the student's own
    client, so the common credit writes nothing more. Written in the UPDATE that records
    the credit and never changed after; a restore keeps the entries of the credits it
    keeps and drops the others.
    """

    guid = models.CharField(primary_key=True, max_length=64)
    created_at = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField("last seen (pages too)", default=timezone.now, db_index=True)
    next_todo_id = models.PositiveIntegerField(default=1)
    todo_count = models.PositiveIntegerField(default=0)
    progress = models.JSONField(default=dict, blank=True)
    display_name = models.CharField(max_length=100, blank=True, default="")
    cohort = models.ForeignKey(
        Cohort, null=True, blank=True, on_delete=models.SET_NULL, related_name="challengers"
    )
    list_token = models.BigIntegerField(default=new_list_token, db_default=0, editable=False)
    near_misses = models.JSONField(default=dict, blank=True, editable=False)
    last_api_request = models.DateTimeField(
        "last API request", null=True, blank=True, editable=False, db_index=True
    )
    # NULL until a credit needs an entry: a session read on every request decodes no JSON
    # for it, and rows inserted by code older than the field are valid as they are.
    credit_channels = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        db_table = "challenges_challenger"  # named when the app's label was "challenges"
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
        db_table = "challenges_sessioncreations"  # named when the app's label was "challenges"
        constraints = [
            models.UniqueConstraint(
                fields=["client", "window_start"], name="one_creation_count_per_client_hour"
            )
        ]
        verbose_name = "session creations per client and hour"
        verbose_name_plural = verbose_name

    def __str__(self) -> str:
        return f"{self.client} {self.window_start:%Y-%m-%d %H:00}: {self.count}"
