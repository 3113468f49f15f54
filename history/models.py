"""The request history's one table."""

from __future__ import annotations

from django.db import models


class RequestBatch(models.Model):
    """What one session sent in one batch of the request history, as the server received
    and answered it: `history.writer` writes a row for each session in each batch it
    writes (about a second of one process's requests, in the order they came) and trims
    them, and `history.reader.recent` reads them back; `history.entries` names the parts
    of each entry.

    A row per batch and not per request: the database writes, indexes and later deletes
    a session's second of requests as one row, where a row each cost the writer more than
    everything else it did. On SQLite the history is a database file of its own
    (`history.routers`), so the session is named by its GUID and not by a foreign key,
    which cannot cross files: `history.writer` deletes a session's history when the
    session is deleted."""

    challenger = models.CharField(max_length=64)  # the session's GUID
    # Its oldest and newest entry, in microseconds since the epoch (what trimming reads).
    first_at = models.BigIntegerField()
    last_at = models.BigIntegerField()
    count = models.PositiveSmallIntegerField()  # entries
    entries = models.JSONField()  # oldest first; `history.entries.EXCHANGE` names their parts
    # Bytes of `entries` as written (its JSON text): what a session's and the whole
    # history's bounds count, summed without reading the entries.
    size = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "challenges_requestbatch"  # named when the sessions app held this model
        indexes = [models.Index(fields=["challenger", "last_at"], name="request_batch_order")]
        verbose_name = "request history batch"
        verbose_name_plural = "request history batches"

    def __str__(self) -> str:
        return f"{self.count} requests of {self.challenger}"
