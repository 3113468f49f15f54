from django.apps import AppConfig


class ChallengersConfig(AppConfig):
    """Student sessions: the challenger record and `X-CHALLENGER` resolution, the low piece
    that the todo, secret and curriculum apps all build on.

    The label stays "challenges", the name of the app that used to hold these models
    together with the curriculum: existing databases keep their tables
    (`challenges_challenger`, `challenges_cohort`), their applied migrations and their
    admin URLs (`/admin/challenges/challenger/`)."""

    name = "challengers"
    label = "challenges"
    verbose_name = "Student sessions"
