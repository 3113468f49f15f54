from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    """The curriculum: the catalogue of challenges, tracking, near misses, the dashboard,
    the instructor pages and reports. Its one table holds the assignments instructors give
    a cohort (`challenges.models.Assignment`); progress and near misses are stored on the
    session row (`challengers.models.Challenger`)."""

    name = "challenges"
    label = "challenges"
    verbose_name = "Challenges"
