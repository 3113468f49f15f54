"""`manage.py lti_send_grades`: one pass of LTI grade passback (classroom.lti.grades):
scores computed, changed ones posted to the LMS. The serving processes do this every
APICHALLENGES_LTI_GRADE_SECONDS on their own; this is for a host that sets it to 0 and
runs the command from cron instead, or to post at once."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from classroom.lti.grades import sync


class Command(BaseCommand):
    help = "Post changed LTI scores to the LMS (one pass)."

    def handle(self, *args: Any, **options: Any) -> None:
        posted = sync()
        self.stdout.write(f"Posted {posted} score{'s' if posted != 1 else ''}.")
