"""What the secret routes do differently per edition (`practiceapi.editions` says how an
edition is chosen; the status of a field-rule error is the project's value there). The
classic table declares only what differs from the current one."""

from __future__ import annotations

from dataclasses import dataclass, replace

from practiceapi.editions import PerEdition


@dataclass(frozen=True)
class SecretEdition:
    # /secret/token: whether GET reads the token, and its Allow header.
    token_get: bool
    token_allow: str
    # A secret note over the limit is stored truncated, or refused with a 400 (the
    # classic field rule).
    truncate_notes: bool
    # 401/403 carry an error body (current: saying what to send) or none (classic: empty,
    # typed application/json).
    error_bodies: bool


CURRENT = SecretEdition(
    token_get=True, token_allow="GET, POST, OPTIONS", truncate_notes=True, error_bodies=True
)
CLASSIC = replace(
    CURRENT, token_get=False, token_allow="POST, OPTIONS", truncate_notes=False, error_bodies=False
)

secret_edition = PerEdition(current=CURRENT, classic=CLASSIC)
