"""`manage.py lti_add_platform`: registers an LMS for LTI 1.3 launches, for scripted set-up
(the admin's "LTI registrations" page does the same by hand). Its last line is one JSON
object: the tool's `login_url`, `launch_url` and `jwks_url`, what the LMS administrator
pastes into the LMS's tool configuration (docs/lti.md)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from classroom.lti.platforms import (
    PlatformDetails,
    PlatformRefused,
    public_base,
    register_platform,
    tool_urls,
)


class Command(BaseCommand):
    help = "Register an LTI 1.3 platform (an LMS) and print the tool's URLs as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--issuer", required=True, help="The platform's issuer (iss).")
        parser.add_argument(
            "--client-id", required=True, help="The client id the LMS gave this tool."
        )
        parser.add_argument("--deployment-id", required=True, help="The LMS's deployment id.")
        parser.add_argument(
            "--auth-url", required=True, help="The LMS's OIDC authentication request URL."
        )
        parser.add_argument("--token-url", required=True, help="The LMS's access token URL.")
        parser.add_argument("--keyset-url", required=True, help="The LMS's public key set URL.")
        parser.add_argument(
            "--tool-url",
            default="",
            help="This service's public address (default: APICHALLENGES_PUBLIC_URL).",
        )
        parser.add_argument("--name", default="", help="A name for the admin (default: issuer).")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            base = public_base(options["tool_url"])
            registration, created = register_platform(
                PlatformDetails(
                    issuer=options["issuer"],
                    client_id=options["client_id"],
                    deployment_id=options["deployment_id"],
                    auth_url=options["auth_url"],
                    token_url=options["token_url"],
                    keyset_url=options["keyset_url"],
                    name=options["name"],
                )
            )
        except PlatformRefused as refused:
            raise CommandError(str(refused)) from None
        verb = "Registered" if created else "Updated"
        self.stdout.write(
            f"{verb} {registration.name} (client id {registration.client_id}), "
            f"deployment {options['deployment_id'].strip()} active."
        )
        self.stdout.write(json.dumps(tool_urls(base)))
