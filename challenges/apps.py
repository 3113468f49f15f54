from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    """The curriculum: the catalogue of challenges, tracking, near misses and the student's
    dashboard. It has no table of its own: progress and near misses are stored on the
    session row (`challengers.models.Challenger`). What a class was assigned, and its join
    link, come from the app above it that runs classes (`challenges.assigned`)."""

    name = "challenges"
    label = "challenges"
    verbose_name = "Challenges"

    def ready(self) -> None:
        from challengers.sessions import mode
        from challenges.catalogue import by_key, display_id
        from history.reader import name_outcomes_with

        def describe(key: str) -> tuple[int | None, str]:
            # The request history, below the curriculum, names the challenges a request
            # completed and nearly completed as the served edition does: by the id of
            # `GET /api/challenges` (none where this mode lacks it) and the name.
            try:
                name = by_key(key).name
            except KeyError:
                name = key
            try:
                ordinal: int | None = int(display_id(key, mode()))
            except (KeyError, ValueError):
                ordinal = None
            return ordinal, name

        name_outcomes_with(describe)
