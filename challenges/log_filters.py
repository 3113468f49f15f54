"""Keeps the heartbeat's deliberate answers out of the server-error log.

`PATCH /api/heartbeat` answers 500 and `TRACE /api/heartbeat` 501 on purpose, for
students to practise on; Django's request logger reports every 5xx answer as a server
error, so a class would fill the console with false alarms. This filter, on the
`django.request` logger (practiceapi/settings.py LOGGING), drops exactly those records:
a 500 or 501 answered by the heartbeat route without an exception. An exception anywhere,
the heartbeat included, is still logged with its traceback.

Imports nothing of the project at module level: logging is configured before the apps
are loaded.
"""

from __future__ import annotations

import logging

DELIBERATE_STATUSES = frozenset({500, 501})


class DeliberateHeartbeatAnswers(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info or getattr(record, "status_code", None) not in DELIBERATE_STATUSES:
            return True
        match = getattr(getattr(record, "request", None), "resolver_match", None)
        if match is None:
            return True
        from challenges.routes import HEARTBEAT
        from practiceapi.routing import route_of

        return route_of(match)[1] != HEARTBEAT
