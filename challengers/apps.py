from django.apps import AppConfig
from django.db.models.signals import post_delete


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

    def ready(self) -> None:
        from challengers import history
        from challengers.models import Challenger

        # The history holds no foreign key to its session (it may be in a database of its
        # own), so nothing cascades: it is deleted when its session is.
        post_delete.connect(
            history.forget_deleted, sender=Challenger, dispatch_uid="challengers.history"
        )
