"""Which time zone the server shows and takes times in: `APICHALLENGES_TIME_ZONE` (an IANA
name such as `Europe/Berlin`), or else the zone of the machine it runs on, so that an
instructor who never sets anything sees the times of the clock on their wall.

Read when the settings load; a name the time zone database does not know stops the start
with a message that names it, rather than serving every deadline an hour or more off.
Storage is UTC whatever the zone: only what pages show and forms take follows it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.core.exceptions import ImproperlyConfigured

SETTING = "APICHALLENGES_TIME_ZONE"
FALLBACK = "UTC"
ZONEINFO_DIR = "zoneinfo/"


def is_zone_name(name: str) -> bool:
    """A name the time zone database knows (not a file path, not a POSIX rule)."""
    if not name or name.startswith("/") or ".." in name:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def _name_from_path(path: str) -> str:
    """`Europe/Berlin` of `/usr/share/zoneinfo/Europe/Berlin`; empty where it names none."""
    _, found, name = path.rpartition(ZONEINFO_DIR)
    return name if found else ""


def server_time_zone(
    environ: Mapping[str, str] | None = None,
    etc_timezone: Path = Path("/etc/timezone"),
    etc_localtime: Path = Path("/etc/localtime"),
) -> str:
    """The machine's own zone, as the C library finds it: the `TZ` variable when it names
    a zone, else Debian's `/etc/timezone`, else the zone `/etc/localtime` links to; UTC
    when none of them says (a container without zone data)."""
    environ = os.environ if environ is None else environ
    tz = environ.get("TZ", "").strip().removeprefix(":")
    candidates = [tz, _name_from_path(tz)] if tz else []
    with contextlib.suppress(OSError, UnicodeDecodeError):
        candidates.append(etc_timezone.read_text(encoding="utf-8").strip())
    with contextlib.suppress(OSError):
        candidates.append(_name_from_path(os.readlink(etc_localtime)))
    return next((name for name in candidates if is_zone_name(name)), FALLBACK)


def configured_time_zone(environ: Mapping[str, str] | None = None) -> str:
    """`APICHALLENGES_TIME_ZONE` when set, checked; otherwise the server's own zone."""
    environ = os.environ if environ is None else environ
    name = environ.get(SETTING, "").strip()
    if not name:
        return server_time_zone(environ)
    if not is_zone_name(name):
        raise ImproperlyConfigured(
            f"{SETTING}={name!r} is not a time zone name of the IANA time zone database "
            "(for example Europe/Berlin, America/New_York or UTC)."
        )
    return name
