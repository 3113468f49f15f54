"""The project's PostgreSQL backend (ENGINE "practiceapi.backends.postgresql", set by the settings):
Django's own, plus a connection check that costs no round trip (`practiceapi.backends.postgresql.base`)."""
