from __future__ import annotations

from django.apps import AppConfig


class PracticeApiConfig(AppConfig):
    """The project package: at startup it fills the protocol layer's settings with the
    served edition's part (the layer imports nothing of the project)."""

    name = "practiceapi"

    def ready(self) -> None:
        from practiceapi.editions import serve_protocol_settings

        serve_protocol_settings()
