"""How many failed admin logins django-axes allows (its `AXES_FAILURE_LIMIT` callable).

Axes counts failures per user name and client address together
(`AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]`), and locks the pair at
`ADMIN_LOGIN_FAILURE_LIMIT` (5): a student at another seat who types wrong passwords for
the instructor's name locks that name from their own address only, and the instructor
logs in from theirs.

That count alone would let one address try every user name up to the limit (password
spraying). So once the failures from one address over all user names, within the
cool-off, reach `ADMIN_LOGIN_ADDRESS_FAILURE_LIMIT` (20), the limit is 0 for that address:
every name is refused from it until the cool-off has passed. Axes takes one limit for all
its counts, and the address's count always includes the pair's, so this higher second
limit cannot be a second entry in `AXES_LOCKOUT_PARAMETERS`; it is read here. It is higher
because a class behind one NAT shares its address with the instructor: students who try
the login page a few times do not lock the room out, only a deliberate run of guesses does.
"""

from __future__ import annotations

from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest

from practiceapi.clients import client_address


def failure_limit(request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
    """Failed logins of one user name from the request's address that lock the pair; 0
    (locked whatever the name) once the address as a whole reached its own limit."""
    address_limit: int = settings.ADMIN_LOGIN_ADDRESS_FAILURE_LIMIT
    if address_limit > 0 and address_failures(request) >= address_limit:
        return 0
    limit: int = settings.ADMIN_LOGIN_FAILURE_LIMIT
    return limit


def address_failures(request: HttpRequest) -> int:
    """Failed logins from the request's client address within the cool-off, any user name."""
    attempts = AccessAttempt.objects.filter(
        ip_address=client_address(request),
        attempt_time__gte=get_cool_off_threshold(request),
    )
    total: int | None = attempts.aggregate(total=Sum("failures_since_start"))["total"]
    return total or 0
