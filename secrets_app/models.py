"""The secret area: one token and one note per session, and the read-only mode's pair."""

from __future__ import annotations

import secrets

from django.db import models

from challengers.models import Challenger

NOTE_MAX = 100
# Multi-player without any `X-CHALLENGER` (read-only mode):
# reads answer this fixed token and note.
READ_ONLY_TOKEN = "00000000-0000-4000-8000-000000000000"
READ_ONLY_NOTE = "This is the read-only secret note."


def new_token() -> str:
    # 128 bits of randomness, hex; opaque to clients.
    return secrets.token_hex(16)


class Secret(models.Model):
    challenger = models.OneToOneField(
        Challenger, on_delete=models.CASCADE, primary_key=True, related_name="secret"
    )
    token = models.CharField(max_length=64, unique=True, default=new_token)
    note = models.CharField(max_length=NOTE_MAX, blank=True, default="")

    def __str__(self) -> str:
        return f"secret of {self.challenger_id}"
