"""The project's PostgreSQL backend (ENGINE "practiceapi.db", set by the settings):
Django's own, plus a connection check that costs no round trip (`practiceapi.db.base`)."""
