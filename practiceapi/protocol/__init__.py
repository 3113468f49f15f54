"""The HTTP protocol layer every app shares: negotiation, renderers, parsers, errors, queries.

A leaf, as DRF is: it imports nothing else of the project. What the project chooses (per
edition) reaches it through `settings.protocol_settings`, which the project fills."""
