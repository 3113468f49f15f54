from django.apps import AppConfig


class ChallengersConfig(AppConfig):
    """Student sessions: the challenger record and `X-CHALLENGER` resolution, the low piece
    that the history, todo, secret and curriculum apps all build on. Its tables keep the
    names they had when its label was "challenges" (`challenges_challenger`, …)."""

    name = "challengers"
    label = "challengers"
    verbose_name = "Student sessions"
