from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    """The curriculum: the catalogue of challenges, tracking, near misses, the dashboard,
    the instructor pages and reports. Its one table holds the assignments instructors give
    a cohort (`challenges.models.Assignment`); progress and near misses are stored on the
    session row (`challengers.models.Challenger`)."""

    name = "challenges"
    # "challenges" is the label of the sessions app, which keeps the tables' names.
    label = "curriculum"
    verbose_name = "Challenges"
