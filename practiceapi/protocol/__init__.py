"""The HTTP protocol layer every app shares: negotiation, renderers, parsers, errors, queries."""
