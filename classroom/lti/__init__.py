"""The LMS side of the classroom: LTI 1.3 (1EdTech) launches, through django-lti and the
pylti1p3 library it brings.

`tool` fits the library to this service (where launch state is kept, nonces used up once,
the `id_token`'s audience and expiry required); `platforms` registers an LMS and keeps the
tool's signing key; `launches` turns a verified launch into a student's session or an
instructor's login; `views` serves the login, launch and key set URLs an LMS is given.
"""
