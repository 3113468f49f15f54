"""Which client sent a request: the one address the admin-login lockout (django-axes) and
the limit on new sessions count by.

The TCP peer (`REMOTE_ADDR`) unless `BEHIND_HTTPS_PROXY=1`. Behind a proxy the peer is the
proxy, and the client is the address the proxy appended to `X-Forwarded-For` (nginx:
`$proxy_add_x_forwarded_for`): the entry `TRUSTED_PROXY_COUNT` places from the right
(default 1, one proxy). Entries further left were written by the client itself and would
let anyone pick the address they are counted as, or lock someone else out.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The client's IP address, normalised ("" when there is none to be found)."""
    meta = request.META
    if settings.BEHIND_HTTPS_PROXY:
        forwarded = [entry.strip() for entry in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [entry for entry in forwarded if entry]
        if forwarded:
            hops = max(settings.TRUSTED_PROXY_COUNT, 1)
            address = _normalised(forwarded[-min(hops, len(forwarded))])
            if address:
                return address
    return _normalised(meta.get("REMOTE_ADDR", "")) or ""


def _normalised(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None
